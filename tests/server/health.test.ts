import fs from 'node:fs/promises';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import type { Db, Schema } from '../../server/src/db.ts';
import { closeTestDatabase, makeTempDir, openTestDatabase } from './helpers.ts';
import { freePort } from './instances.ts';

// Liveness answers while the process lives; readiness only while the database can be read and
// the process is not stopping (what a load balancer routes by).

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function appOn(db: Db, dataDir: string, stopping?: AbortSignal) {
  const app = buildApp({ db, dataDir, ...(stopping ? { stopping } : {}) });
  cleanups.push(() => app.close());
  return app;
}

async function freshDatabase() {
  const dataDir = await makeTempDir();
  const db = await openTestDatabase(dataDir);
  let closed = false;
  cleanups.push(async () => {
    if (!closed) await closeTestDatabase(db, dataDir);
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  return {
    db,
    dataDir,
    async close() {
      closed = true;
      await closeTestDatabase(db, dataDir);
    },
  };
}

const unavailable = { error: true, message: 'UNAVAILABLE', detail: expect.any(String) };

describe('liveness and readiness', () => {
  it('are both ready while the database reads; readiness turns 503 with Retry-After once stopping, liveness stays', async () => {
    const { db, dataDir } = await freshDatabase();
    const stopping = new AbortController();
    const app = await appOn(db, dataDir, stopping.signal);
    for (const url of ['/healthz', '/readyz']) {
      const res = await app.inject(url);
      expect([res.statusCode, res.json()]).toEqual([200, { ok: true }]);
    }
    stopping.abort();
    const ready = await app.inject('/readyz');
    expect([ready.statusCode, ready.json(), ready.headers['retry-after']]).toEqual([503, { ...unavailable, detail: 'the server is stopping' }, '1']);
    expect((await app.inject('/healthz')).statusCode).toBe(200);
  });

  it('readiness answers 503 when the database cannot be read; liveness does not ask it', async () => {
    const { db, dataDir, close } = await freshDatabase();
    const app = await appOn(db, dataDir);
    await close();
    const ready = await app.inject('/readyz');
    expect([ready.statusCode, ready.json()]).toEqual([503, { ...unavailable, detail: 'the database cannot be read' }]);
    expect((await app.inject('/healthz')).statusCode).toBe(200);
  });

  it('readiness answers 503 at once when the PostgreSQL server is down', async () => {
    const dataDir = await makeTempDir();
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    // Nobody listens on that port: every connection is refused.
    const pool = new pg.Pool({ connectionString: `postgres://nobody@127.0.0.1:${await freePort()}/none` });
    const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
    cleanups.push(() => db.destroy());
    const app = await appOn(db, dataDir);
    const ready = await app.inject('/readyz');
    expect([ready.statusCode, ready.json()]).toEqual([503, { ...unavailable, detail: 'the database cannot be read' }]);
  });
});
