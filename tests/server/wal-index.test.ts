// The read cache's shortcut on SQLite (server/src/wal-index.ts): the WAL index's header read
// without a lock says "unchanged" only when no connection committed since the last look.
import { mkdtemp, readdir, readlink, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WalIndexHeader } from '../../server/src/wal-index.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'wal-index-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A WAL database with one table, held open (as the API holds it) by the returned connection. */
function walDatabase(): { file: string; db: DatabaseSync } {
  const file = path.join(dir, 'db.sqlite');
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL; CREATE TABLE t (x INTEGER)');
  return { file, db };
}

describe('the WAL index header', () => {
  it('is unchanged from one look to the next while nothing commits, and changed after every commit of any connection', () => {
    const { file, db } = walDatabase();
    const other = new DatabaseSync(file);
    const header = new WalIndexHeader(file);
    try {
      expect(header.unchanged()).toBe(false); // nothing kept yet
      expect(header.unchanged()).toBe(true);
      expect(header.unchanged()).toBe(true);
      other.exec('INSERT INTO t VALUES (1)');
      expect(header.unchanged()).toBe(false);
      expect(header.unchanged()).toBe(true);
      // A read commits nothing.
      other.prepare('SELECT * FROM t').all();
      expect(header.unchanged()).toBe(true);
      db.exec('INSERT INTO t VALUES (2)');
      expect(header.unchanged()).toBe(false);
      // A checkpoint that empties the WAL rewrites the header; then a commit into the restarted WAL.
      other.exec('PRAGMA wal_checkpoint(TRUNCATE)');
      expect(header.unchanged()).toBe(false);
      expect(header.unchanged()).toBe(true);
      other.exec('INSERT INTO t VALUES (3)');
      expect(header.unchanged()).toBe(false);
    } finally {
      other.close();
      db.close();
      header.close();
    }
  });

  it('trusts nothing after forget(), without a file, or when the two copies differ (a header being written)', async () => {
    const { file, db } = walDatabase();
    const header = new WalIndexHeader(file);
    try {
      header.unchanged();
      header.forget();
      expect(header.unchanged()).toBe(false);
      expect(header.unchanged()).toBe(true);
    } finally {
      db.close();
      header.close();
    }

    const missing = new WalIndexHeader(path.join(dir, 'none.sqlite'));
    expect(missing.unchanged()).toBe(false);
    expect(missing.unchanged()).toBe(false);
    missing.close();

    const torn = Buffer.alloc(96);
    torn[48 + 8] = 1; // SQLite writes the second copy first: its change count moved, the first's not yet
    await writeFile(path.join(dir, 'torn.sqlite-shm'), torn);
    const halfWritten = new WalIndexHeader(path.join(dir, 'torn.sqlite'));
    expect(halfWritten.unchanged()).toBe(false);
    expect(halfWritten.unchanged()).toBe(false);
    halfWritten.close();
  });

  it("shares one descriptor of the -shm among the looks at it, closed with the last (closing any would drop SQLite's locks on it)", async () => {
    const { file, db } = walDatabase();
    const shm = `${file}-shm`;
    const open = async () => {
      const fds = await readdir('/proc/self/fd');
      const targets = await Promise.all(fds.map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')));
      return targets.filter((target) => target === shm).length;
    };
    const sqliteOwn = await open();
    const one = new WalIndexHeader(file);
    const two = new WalIndexHeader(file);
    one.unchanged();
    two.unchanged();
    expect(await open()).toBe(sqliteOwn + 1);
    one.close();
    expect(await open()).toBe(sqliteOwn + 1);
    expect(two.unchanged()).toBe(true);
    db.close();
    two.close();
    expect(await open()).toBe(0);
  });
});
