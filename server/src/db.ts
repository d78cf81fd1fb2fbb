import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
const MIGRATION_FILE = /^\d{3}_[a-z0-9_]+\.sql$/;

/** Opens (creating if needed) `<dataDir>/provider.sqlite` and brings its schema up to date. */
export function openDatabase(dataDir: string): DatabaseSync {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new DatabaseSync(path.join(dataDir, 'provider.sqlite'));
  try {
    // WAL lets the API keep reading while the admin CLI imports; the timeout makes the
    // occasional writer collision wait instead of failing.
    db.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;');
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Applies every migration not yet recorded, in file-name order, each in its own transaction. */
function migrate(db: DatabaseSync): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version TEXT PRIMARY KEY,
    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  )`);
  const applied = new Set(
    db.prepare('SELECT version FROM schema_migrations').all().map((row) => String(row['version'])),
  );
  const files = fs.readdirSync(MIGRATIONS_DIR).filter((name) => MIGRATION_FILE.test(name)).sort();
  for (const file of files) {
    if (applied.has(file)) continue;
    const sql = fs.readFileSync(new URL(file, MIGRATIONS_DIR), 'utf8');
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(sql);
      db.prepare('INSERT INTO schema_migrations (version) VALUES (?)').run(file);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
    }
  }
}

let savepointCounter = 0;

/**
 * An outermost unit is BEGIN IMMEDIATE: a deferred one (what a bare SAVEPOINT starts) that reads
 * first and then writes fails at once with "database is locked" when the admin CLI committed
 * meanwhile, busy_timeout or not. Inner units are savepoints, so units nest (the demo seed wraps
 * a batch import).
 */
function savepoint(db: DatabaseSync): { release(): void; rollback(): void } {
  if (!db.isTransaction) {
    db.exec('BEGIN IMMEDIATE');
    return { release: () => db.exec('COMMIT'), rollback: () => db.exec('ROLLBACK') };
  }
  const name = `unit_${++savepointCounter}`;
  db.exec(`SAVEPOINT ${name}`);
  return {
    release: () => db.exec(`RELEASE ${name}`),
    rollback: () => db.exec(`ROLLBACK TO ${name}; RELEASE ${name}`),
  };
}

/**
 * Runs synchronous writes as one unit. Being synchronous, no other request can interleave, which
 * is why request handlers do their slow work (files, images) first and call this to commit rows.
 */
export function atomically<T>(db: DatabaseSync, work: () => T): T {
  const unit = savepoint(db);
  try {
    const result = work();
    unit.release();
    return result;
  } catch (error) {
    unit.rollback();
    throw error;
  }
}

/**
 * Runs async work as one unit. Only for the command line and the seed: a DatabaseSync is one
 * connection, so requests served while the work awaits would land inside the unit.
 */
export async function inTransaction<T>(db: DatabaseSync, work: () => Promise<T>): Promise<T> {
  const unit = savepoint(db);
  try {
    const result = await work();
    unit.release();
    return result;
  } catch (error) {
    unit.rollback();
    throw error;
  }
}
