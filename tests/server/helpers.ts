import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { RawBuilder } from 'kysely';
import type { WireOrganizationList } from '@gallery/contract/organization';
import pg from 'pg';
import { inject } from 'vitest';
import sharp from 'sharp';
import { buildApp } from '../../server/src/app.ts';
import { openDatabase, type Db } from '../../server/src/db.ts';
import { createCard, findCard } from '../../server/src/repositories/cards.ts';
import { insertMedia } from '../../server/src/repositories/media.ts';
import { upsertOrganization } from '../../server/src/repositories/organizations.ts';
import { newId } from '../../server/src/services/ids.ts';
import { parseOrganizationInput } from '../../server/src/services/organization-input.ts';
import { normalizeCardCode, normalizeSecret } from '@gallery/contract/card-code';
import type { SafetyOptions } from '../../server/src/safety.ts';
import { DEMO_ORGANIZATION, seedDemo } from '../../server/src/services/seed.ts';
import { createLocalStore } from '../../server/src/storage/local-store.ts';
import type { MediaStore } from '../../server/src/storage/media-store.ts';
import { FIXTURES_DIR, type FixtureCard } from '../support/fixtures.ts';

export interface TestApi {
  app: FastifyInstance;
  db: Db;
  dataDir: string;
  store: MediaStore;
  close(): Promise<void>;
}

// Provided by tests/support/postgres-cluster.ts, the `server-pg` project's global setup.
declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://... of the cluster's maintenance database, where test databases are created. */
    postgresAdminUrl: string;
    /** The migrated database every test database is a copy of. */
    postgresTemplate: string;
  }
}

/** Set by the `server-pg` project (vitest.config.ts): the same tests on PostgreSQL. */
export const ON_POSTGRES = process.env['TEST_DATABASE'] === 'postgres';

/** The PostgreSQL database of each data folder, so the CLI run on a folder uses its database too. */
const databaseUrls = new Map<string, string>();

/** The PostgreSQL database of a data folder: its own, copied from the cluster's migrated template the first time. */
async function postgresDatabaseOf(dataDir: string): Promise<string> {
  const known = databaseUrls.get(dataDir);
  if (known) return known;
  const name = `t_${randomBytes(8).toString('hex')}`;
  const adminUrl = inject('postgresAdminUrl');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  databaseUrls.set(dataDir, url.href);
  return url.href;
}

async function dropPostgresDatabase(dataDir: string): Promise<void> {
  const url = databaseUrls.get(dataDir);
  if (!url) return;
  databaseUrls.delete(dataDir);
  const admin = new pg.Client({ connectionString: inject('postgresAdminUrl') });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** What DATABASE_URL is for a data folder: its PostgreSQL database, or null (SQLite) on SQLite. */
export async function testDatabaseUrl(dataDir: string): Promise<string | null> {
  return ON_POSTGRES ? postgresDatabaseOf(dataDir) : null;
}

/**
 * The one place tests open a database: the SQLite file of `dataDir`, or (on PostgreSQL) a fresh
 * database of its own for that folder. Opening the same folder again opens the same database.
 */
export async function openTestDatabase(dataDir: string): Promise<Db> {
  return openDatabase({ dataDir, databaseUrl: await testDatabaseUrl(dataDir) });
}

/** Closes a test database and, on PostgreSQL, drops it. */
export async function closeTestDatabase(db: Db, dataDir: string): Promise<void> {
  await db.destroy();
  await dropPostgresDatabase(dataDir);
}

/** The rows of a raw query (tests only: it must read the same in both databases). */
export async function rows<T>(db: Db, query: RawBuilder<T>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

/** The first row of a raw query, if any. */
export async function row<T>(db: Db, query: RawBuilder<T>): Promise<T | undefined> {
  return (await rows(db, query))[0];
}

export function makeTempDir(prefix = 'provider-test-'): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), prefix));
}

/**
 * A fresh data folder and app; seeded with the demo, with the default limits and the local
 * media store unless told otherwise.
 */
export async function createTestApi({
  seed = true,
  rateLimit,
  store: makeStore = createLocalStore,
}: { seed?: boolean; rateLimit?: SafetyOptions['rateLimit']; store?: (dataDir: string) => MediaStore } = {}): Promise<TestApi> {
  const dataDir = await makeTempDir();
  const db = await openTestDatabase(dataDir);
  const store = makeStore(dataDir);
  if (seed) await seedDemo(db, store);
  const app = buildApp({ db, dataDir, store, ...(rateLimit ? { rateLimit } : {}) });
  return {
    app,
    db,
    dataDir,
    store,
    async close() {
      await app.close();
      await closeTestDatabase(db, dataDir);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The seeded demo organization's id, as the API lists it. */
export async function demoOrganizationId(api: TestApi): Promise<number> {
  const list = (await api.app.inject('/api/v1/organizations')).json<WireOrganizationList>();
  return list.organizations.find((org) => org.web_name === 'demo')?.id ?? 0;
}

/** A copy of the demo organization with two-factor on (its cards open only with their secret); answers its id. */
export function upsertTwoFactorOrganization(db: Db, webName: string, name: string): Promise<number> {
  return upsertOrganization(db, {
    ...DEMO_ORGANIZATION,
    web_name: webName,
    name,
    features_organization: { ...DEMO_ORGANIZATION.features_organization, two_factor_authentication: true },
  });
}

/** Mean absolute difference per channel value (0-255) between two same-sized images. */
export async function meanPixelDifference(a: Buffer, b: Buffer): Promise<number> {
  const [left, right] = await Promise.all([a, b].map((image) => sharp(image).removeAlpha().raw().toBuffer()));
  if (!left || !right || left.length !== right.length) throw new Error('images differ in size');
  let total = 0;
  for (let i = 0; i < left.length; i++) total += Math.abs((left[i] ?? 0) - (right[i] ?? 0));
  return total / left.length;
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

const CLI = path.resolve(import.meta.dirname, '../../server/src/cli.ts');

/** Starts the admin CLI on this very Node (24), against the given data folder (and its database). */
export async function spawnCli(dataDir: string, ...args: string[]): Promise<ChildProcess> {
  const databaseUrl = (await testDatabaseUrl(dataDir)) ?? '';
  return spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, NODE_NO_WARNINGS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs the admin CLI to its end (see spawnCli). */
export async function runCli(dataDir: string, ...args: string[]): Promise<CliResult> {
  const child = await spawnCli(dataDir, ...args);
  const output = { stdout: '', stderr: '' };
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output.stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output.stderr += chunk));
  const code = await new Promise<number>((resolve) => child.once('close', (exitCode) => resolve(exitCode ?? 1)));
  return { code, ...output };
}

/** What `media:import` writes to stderr when all goes well: its progress lines, ending at `total`, and nothing else. */
export function importProgressOnly(total: number): RegExp {
  return new RegExp(
    `^(Importing into [^\\n]+ \\[[#.]+\\] \\d+/${total} [\\d.]+ media/s\\n)*Importing into [^\\n]+ \\[#+\\] ${total}/${total} [\\d.]+ media/s\\n$`,
  );
}

export interface FixtureMedia {
  id: string;
  sold: boolean;
  extra: boolean;
}

/**
 * The browser tests' fixture organization `tests/fixtures/organizations/<webName>.json` and its
 * cards from `tests/fixtures/cards/*.json`, written straight into the database: one media row per
 * sample, without files (enough for every call that does not serve a file). Answers the
 * organization's id and each card's media by normalised code.
 */
export async function loadFixtureOrganization(db: Db, webName: string): Promise<{ orgId: number; media: Record<string, FixtureMedia[]> }> {
  const parsed = parseOrganizationInput(JSON.parse(readFileSync(path.join(FIXTURES_DIR, 'organizations', `${webName}.json`), 'utf8')));
  if (!parsed.ok) throw new Error(parsed.problems.join('; '));
  const orgId = await upsertOrganization(db, parsed.organization);
  const media: Record<string, FixtureMedia[]> = {};
  const files = readdirSync(path.join(FIXTURES_DIR, 'cards')).filter((file) => file.endsWith('.json'));
  for (const file of files) {
    for (const entry of JSON.parse(readFileSync(path.join(FIXTURES_DIR, 'cards', file), 'utf8')) as FixtureCard[]) {
      if (entry.org !== webName) continue;
      const code = normalizeCardCode(entry.card);
      const card =
        (await findCard(db, orgId, code)) ??
        (await createCard(db, { organizationId: orgId, code, secret: entry.secret === undefined ? null : normalizeSecret(entry.secret) }));
      for (const n of entry.samples) {
        const id = newId();
        await insertMedia(db, {
          id,
          organization_id: orgId,
          card_id: card.id,
          kind: entry.extra ? 'extra' : 'photo',
          filename: `sample${n}.jpg`,
          mime: 'image/jpeg',
          width: 10,
          height: 10,
          bytes: 1,
          sha256: createHash('sha256').update(id).digest('hex'),
          captured_at: new Date().toISOString(),
          sold_at_venue: entry.sold ? 1 : 0,
        });
        (media[code] ??= []).push({ id, sold: entry.sold === true, extra: entry.extra === true });
      }
    }
  }
  return { orgId, media };
}
