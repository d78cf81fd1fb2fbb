import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresAdapter, PostgresDialect, sql, type CompiledQuery, type Compilable } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import pg from 'pg';
import { OwnWritesDriver, postgresChanges, ReadCache, sqliteChanges, type CacheDependency } from './read-cache.ts';
import type { Schema } from './schema.ts';
import { NodeSqliteDialect } from './sqlite-dialect.ts';

export type { Schema };

/**
 * The one database handle every repository takes: the whole database, or a transaction (a
 * Kysely Transaction is a Kysely too). SQLite or PostgreSQL, the code above this file is the same.
 */
export type Db = Kysely<Schema>;

/** Where the rows live: PostgreSQL when `databaseUrl` is set, else `<dataDir>/provider.sqlite`. */
export interface DatabaseLocation {
  dataDir: string;
  databaseUrl: string | null;
}

type Dialect = 'sqlite' | 'postgres';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
const MIGRATION_FILE = /^\d{3}_[a-z0-9_]+\.sql$/;

/** int8 (counts, sums, bigint ids) and numeric as JS numbers, as SQLite answers them. */
function postgresTypes(oid: number, format?: string) {
  if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return Number;
  return format === undefined ? pg.types.getTypeParser(oid) : pg.types.getTypeParser(oid, format as 'text');
}

/** The SQLite handles, whose compiled queries run at once when they can. */
const immediate = new WeakMap<Db, NodeSqliteDialect>();

/** Each opened handle's read cache (a transaction's handle has none: it reads its own writes). */
const caches = new WeakMap<Db, ReadCache>();

/** A handle that closes its read cache with it. */
class Database extends Kysely<Schema> {
  readonly #closing: Array<() => Promise<void>> = [];

  onDestroy(close: () => Promise<void>): void {
    this.#closing.push(close);
  }

  override async destroy(): Promise<void> {
    await Promise.all(this.#closing.splice(0).map((close) => close()));
    await super.destroy();
  }
}

/** Opens the database (creating the SQLite file if needed) and brings its schema up to date. */
export async function openDatabase({ dataDir, databaseUrl }: DatabaseLocation): Promise<Db> {
  let db: Database;
  let sqlite: NodeSqliteDialect | undefined;
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, types: { getTypeParser: postgresTypes } });
    // An idle connection the server dropped (a restart) is replaced on next use; unhandled, its
    // error would end the process.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    const dialect = new PostgresDialect({ pool });
    db = new Database({
      dialect: {
        createAdapter: () => dialect.createAdapter(),
        createDriver: () => new OwnWritesDriver(dialect.createDriver(), () => caches.get(db)),
        createIntrospector: (db) => dialect.createIntrospector(db),
        createQueryCompiler: () => dialect.createQueryCompiler(),
      },
    });
  } else {
    fs.mkdirSync(dataDir, { recursive: true });
    sqlite = new NodeSqliteDialect(path.join(dataDir, 'provider.sqlite'));
    db = new Database({ dialect: sqlite });
    immediate.set(db, sqlite);
  }
  try {
    await migrate(db);
    const cache = new ReadCache(sqlite ? sqliteChanges(sqlite.versions()) : postgresChanges(databaseUrl as string));
    caches.set(db, cache);
    db.onDestroy(() => cache.close());
    return db;
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

function dialectOf(db: Db): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * A query for the hottest calls, built and compiled once per dialect instead of on every call:
 * Kysely's builder and compiler take longer than SQLite takes to run a small query. Kept per
 * dialect, not per handle, so a transaction's handle (a new one each time) uses it too. `build`
 * is called once, with a marker in place of each argument; later calls put the arguments where
 * the markers went. So `build` must pass its arguments to the query as they are (no branching
 * on them, no `.toLowerCase()`): the first call checks each one lands somewhere.
 *
 * On SQLite the query runs at once (NodeSqliteDriver.runNow: a SELECT on the read-only
 * connection, a write when nothing holds the writer) rather than through Kysely's executor:
 * those rounds through the event loop took twice as long as the statement itself in a busy
 * server.
 */
export function compiledOnce<Args extends Array<string | number | null>, Row>(
  build: (db: Db, ...args: Args) => Compilable<Row>,
): (db: Db, ...args: Args) => Promise<Row[]> {
  const compiled = new Map<Dialect, { query: CompiledQuery<Row>; slots: Array<{ arg: number } | { value: unknown }> }>();
  return async (db, ...args) => {
    const dialect = dialectOf(db);
    let entry = compiled.get(dialect);
    if (!entry) {
      const markers = args.map((_, i) => `\u0000argument ${i}\u0000`);
      const query = build(db, ...(markers as Args)).compile();
      const slots = query.parameters.map((value) => {
        const arg = markers.indexOf(value as string);
        return arg === -1 ? { value } : { arg };
      });
      if (!markers.every((_, arg) => slots.some((slot) => 'arg' in slot && slot.arg === arg))) {
        throw new Error(`compiledOnce: an argument of ${query.sql} is not a parameter of its query`);
      }
      compiled.set(dialect, (entry = { query, slots }));
    }
    const query = { ...entry.query, parameters: entry.slots.map((slot) => ('arg' in slot ? args[slot.arg] : slot.value)) };
    return (immediate.get(db)?.runNow<Row>(query) ?? (await db.executeQuery<Row>(query))).rows;
  };
}

/**
 * The answer of a pure read that rarely changes, from the handle's read cache (read-cache.ts)
 * while no write touched what it depends on since it was read. `key` names the read and its
 * arguments. Inside a transaction it always reads.
 */
export function cachedRead<T>(
  db: Db,
  key: string,
  dependsOn: readonly CacheDependency[] | ((value: T) => readonly CacheDependency[]),
  load: () => Promise<T>,
): Promise<T> {
  const cache = caches.get(db);
  return cache ? cache.read(key, dependsOn, load) : load();
}

const TRIGGER = /^\s*CREATE\s+TRIGGER\b/i;
const TRIGGER_END = /\bEND\s*$/i;

/**
 * The statements of a migration file: split at semicolons outside quotes and comments, and
 * inside a CREATE TRIGGER only after its body's END.
 */
function statements(script: string): string[] {
  const found: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (let i = 0; i < script.length; i++) {
    const char = script[i] as string;
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === '-' && script[i + 1] === '-') {
      const end = script.indexOf('\n', i);
      i = end === -1 ? script.length : end;
      continue;
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if (char === ';' && !(TRIGGER.test(current) && !TRIGGER_END.test(current))) {
      if (current.trim()) found.push(current.trim());
      current = '';
      continue;
    }
    current += char;
  }
  if (current.trim()) found.push(current.trim());
  return found;
}

/**
 * The dialect's migration files as Kysely migrations, named by their file names (the names
 * schema_migrations recorded): each `up` runs its file's statements in order.
 */
function sqlMigrations(dialect: Dialect): MigrationProvider {
  const dir = new URL(`${dialect}/`, MIGRATIONS_DIR);
  const up = (file: string) => async (db: Kysely<unknown>) => {
    for (const statement of statements(fs.readFileSync(new URL(file, dir), 'utf8'))) await sql.raw(statement).execute(db);
  };
  return {
    getMigrations: async () =>
      Object.fromEntries(
        fs
          .readdirSync(dir)
          .filter((name) => MIGRATION_FILE.test(name))
          .map((file) => [file, { up: up(file) }]),
      ),
  };
}

/**
 * Applies every migration of the database's dialect not yet applied, in file-name order, all
 * in one transaction (all or nothing). Kysely's Migrator keeps two instances starting together
 * apart: on PostgreSQL by its own advisory lock, on SQLite by the transaction (BEGIN IMMEDIATE:
 * the one writer).
 */
async function migrate(db: Db): Promise<void> {
  await adoptSchemaMigrations(db);
  // Unordered: a file numbered below one already applied (branches merged in either order) is
  // applied rather than refused, as the runner before the Migrator did.
  const migrator = new Migrator({ db, provider: sqlMigrations(dialectOf(db)), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error === undefined) return;
  const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'setup';
  throw new Error(`Migration ${failed} failed: ${(error as Error).message}`, { cause: error });
}

/**
 * Databases migrated before the Migrator recorded their files in schema_migrations. Once, those
 * names move to the Migrator's table (created as the Migrator creates it) and the old table
 * goes, so nothing runs twice. ADVISORY_KEYS.migrations, the key the runner before took, keeps
 * two instances from moving them at once and waits for one of the previous version still
 * migrating.
 */
async function adoptSchemaMigrations(db: Db): Promise<void> {
  const hasOldTable = async (db: Db) => (await db.introspection.getTables()).some((table) => table.name === 'schema_migrations');
  if (!(await hasOldTable(db))) return;
  await transaction(db, async (db) => {
    await lockKey(db, ADVISORY_KEYS.migrations);
    // Asked again under the lock: another instance may have moved them meanwhile.
    if (!(await hasOldTable(db))) return;
    await db.schema
      .createTable('kysely_migration')
      .ifNotExists()
      .addColumn('name', 'varchar(255)', (column) => column.notNull().primaryKey())
      .addColumn('timestamp', 'varchar(255)', (column) => column.notNull())
      .execute();
    // WHERE true: SQLite would read ON CONFLICT after a bare FROM as a join's.
    await sql`INSERT INTO kysely_migration (name, "timestamp") SELECT version, applied_at FROM schema_migrations WHERE true ON CONFLICT (name) DO NOTHING`.execute(
      db,
    );
    await sql`DROP TABLE schema_migrations`.execute(db);
  });
}

/** The current instant as the text every timestamp column holds (ISO-8601 UTC, milliseconds). */
export function now(): string {
  return new Date().toISOString();
}

/** Advisory-lock keys: one per thing that runs alone across every instance. */
const ADVISORY_KEYS = { migrations: 16_000_016 } as const;

/**
 * Runs `work` as one transaction; inside one already, it joins it. Callers name the handle
 * `db`, so nothing inside can reach the outer one (on SQLite that would wait for itself).
 *
 * SQLite has one writer: its driver begins with BEGIN IMMEDIATE, so write transactions run one
 * at a time. PostgreSQL runs them side by side, at READ COMMITTED: what must not interleave is
 * protected where it lives (`locksRows`: the row a command changes, unique indexes with ON
 * CONFLICT, claims that skip locked rows).
 * Keep transactions short: files, images and the reads that build an answer come before or
 * after, never inside.
 */
export function transaction<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute(work);
}

/**
 * Another process held the database longer than a write waits: SQLITE_BUSY (the SQLite
 * driver's DatabaseBusyError carries it), or PostgreSQL's lock_not_available.
 */
export function isDatabaseBusy(error: unknown): boolean {
  const { errcode, code } = error as { errcode?: unknown; code?: unknown };
  return errcode === 5 || code === '55P03';
}

/**
 * Whether the database locks rows, so a transaction must lock what it reads to change
 * (PostgreSQL). SQLite's one writer already keeps every write transaction apart, and it knows no
 * FOR UPDATE: queries add their locking clause only when this answers true.
 */
export function locksRows(db: Db): boolean {
  return dialectOf(db) === 'postgres';
}

/**
 * Takes a transaction-scoped advisory lock on PostgreSQL, held until `trx` ends: whoever else
 * asks for the same key waits. On SQLite the
 * transaction is the one writer already.
 */
async function lockKey(trx: Db, key: number): Promise<void> {
  if (!trx.isTransaction) throw new Error('lockKey: an advisory lock is taken inside a transaction');
  if (locksRows(trx)) await sql`SELECT pg_advisory_xact_lock(${key})`.execute(trx);
}

/** Splits a long list so one statement never takes more parameters than a database allows. */
export function chunks<T>(items: readonly T[], size = 500): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}
