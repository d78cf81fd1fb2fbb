import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { globSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/src/db.ts';

// Vitest global setup of the `server-pg` project: a throw-away PostgreSQL cluster in a temporary
// folder (Debian's PostgreSQL, scripts/ensure-postgres.sh), with one migrated template database
// that every test database is cloned from (tests/server/helpers.ts). Stopped and deleted after.
// The API bench starts one the same way (startPostgresCluster).

const run = promisify(execFile);

export const TEMPLATE = 'provider_template';

function findBinary(name: string): string | undefined {
  return globSync(`/usr/lib/postgresql/*/bin/${name}`).sort().at(-1);
}

function binary(name: string): string {
  const found = findBinary(name);
  if (!found) throw new Error(`PostgreSQL's ${name} is missing: run scripts/ensure-postgres.sh`);
  return found;
}

/** Whether Debian's PostgreSQL is installed, so a cluster can be started. */
export function postgresInstalled(): boolean {
  return findBinary('initdb') !== undefined && findBinary('postgres') !== undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** initdb refuses root: as root, the cluster belongs to the unprivileged `postgres` user. */
const asRoot = process.getuid?.() === 0;
function command(file: string, args: string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
}

/** Waits until the server accepts connections (or has died). */
async function ready(url: string, server: ChildProcess): Promise<void> {
  for (;;) {
    if (server.exitCode !== null) throw new Error(`postgres exited with code ${server.exitCode}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export interface PostgresCluster {
  /** The `postgres` database as the superuser (no password: trust), to create databases with. */
  adminUrl: string;
  /** Stops the server and deletes its folder. */
  stop: () => Promise<void>;
}

/** Starts a throw-away cluster on a free port, in a temporary folder; `stop` deletes it. */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'provider-pg-'));
  const data = path.join(root, 'data');
  await fs.mkdir(data);
  if (asRoot) await run('chown', ['-R', 'postgres:postgres', root]);
  // C collation: text sorts by bytes, as SQLite's does.
  await run(...command(binary('initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--locale=C', '--encoding=UTF8', '--no-sync']));
  const port = await freePort();
  const [file, args] = command(binary('postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    root,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=200',
  ]);
  const server = spawn(file, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  server.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      await run(...command(binary('pg_ctl'), ['stop', '-D', data, '-m', 'fast', '-w']));
      await exited;
    }
    await fs.rm(root, { recursive: true, force: true });
  };
  try {
    await ready(adminUrl, server);
  } catch (error) {
    await stop();
    throw new Error(`The test PostgreSQL did not start: ${(error as Error).message}\n${log}`, { cause: error });
  }
  return { adminUrl, stop };
}

/** Creates database `name` in the cluster; answers its URL. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { adminUrl, stop } = await startPostgresCluster();
  try {
    const template = await openDatabase({ dataDir: os.tmpdir(), databaseUrl: await createDatabase(adminUrl, TEMPLATE) });
    await template.destroy();
  } catch (error) {
    await stop();
    throw new Error(`The test PostgreSQL did not start: ${(error as Error).message}`, { cause: error });
  }
  project.provide('postgresAdminUrl', adminUrl);
  project.provide('postgresTemplate', TEMPLATE);
  return stop;
}
