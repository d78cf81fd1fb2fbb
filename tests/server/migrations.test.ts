// Databases migrated before Kysely's Migrator recorded their files in schema_migrations: the
// first start under the Migrator takes those records over, so nothing runs again and every row
// stays. Two instances starting together on such a database take them over once.
import { sql } from 'kysely';
import fs from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseLocation } from '../../server/src/db.ts';
import { makeTempDir, ON_POSTGRES, rows } from './helpers.ts';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../server/src/migrations', ON_POSTGRES ? 'postgres' : 'sqlite');

/** A bare connection, as the runner before the Migrator used: runs scripts of many statements. */
interface Bare {
  run(script: string): Promise<void>;
  close(): Promise<void>;
}

/** A new empty database (a SQLite file in a new folder, or a new PostgreSQL database) and a way to drop it. */
async function emptyDatabase(): Promise<{ location: DatabaseLocation; bare: () => Promise<Bare>; drop: () => Promise<void> }> {
  const dataDir = await makeTempDir();
  const removeDir = () => fs.rm(dataDir, { recursive: true, force: true });
  if (!ON_POSTGRES) {
    const bare = async (): Promise<Bare> => {
      const db = new DatabaseSync(path.join(dataDir, 'provider.sqlite'));
      return { run: async (script) => db.exec(script), close: async () => db.close() };
    };
    return { location: { dataDir, databaseUrl: null }, bare, drop: removeDir };
  }
  const adminUrl = inject('postgresAdminUrl');
  const name = `t_old_runner_${Date.now()}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(query).finally(() => client.end());
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const bare = async (): Promise<Bare> => {
    const client = new pg.Client({ connectionString: url.href });
    await client.connect();
    return { run: async (script) => void (await client.query(script)), close: () => client.end() };
  };
  const drop = async () => {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await removeDir();
  };
  return { location: { dataDir, databaseUrl: url.href }, bare, drop };
}

describe('migrations recorded by the runner before the Migrator', () => {
  it('are taken over as applied: nothing runs again, the rows stay, the old record goes', async () => {
    const { location, bare, drop } = await emptyDatabase();
    try {
      const files = (await fs.readdir(MIGRATIONS)).filter((file) => /^\d{3}_[a-z0-9_]+\.sql$/.test(file)).sort();
      const appliedAt = (i: number) => new Date(Date.UTC(2024, 0, 1, 0, 0, i)).toISOString();
      const old = await bare();
      await old.run('CREATE TABLE schema_migrations (version text PRIMARY KEY, applied_at text NOT NULL)');
      for (const [i, file] of files.entries()) {
        await old.run(await fs.readFile(path.join(MIGRATIONS, file), 'utf8'));
        await old.run(`INSERT INTO schema_migrations (version, applied_at) VALUES ('${file}', '${appliedAt(i)}')`);
      }
      await old.run(`INSERT INTO organizations (web_name, name, profile) VALUES ('old', 'Old', '{}')`);
      await old.close();

      const opened = await Promise.all([1, 2].map(() => openDatabase(location)));
      try {
        const [db] = opened as [(typeof opened)[0]];
        // A migration run again would have failed on its tables, or been recorded at today's time.
        expect(await rows(db, sql<{ name: string; timestamp: string }>`SELECT name, "timestamp" FROM kysely_migration ORDER BY name`)).toEqual(
          files.map((name, i) => ({ name, timestamp: appliedAt(i) })),
        );
        expect((await db.introspection.getTables()).map((table) => table.name)).not.toContain('schema_migrations');
        expect(await rows(db, sql`SELECT web_name, name FROM organizations`)).toEqual([{ web_name: 'old', name: 'Old' }]);
      } finally {
        await Promise.all(opened.map((db) => db.destroy()));
      }
    } finally {
      await drop();
    }
  });
});
