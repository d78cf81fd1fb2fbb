import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireOrganizationList } from '../../contract/organization.ts';
import { VISITOR_KEY_HEADER } from '../../contract/rules.ts';
import { sql } from 'kysely';
import { openDatabase } from '../../server/src/db.ts';
import { WRITE_WAIT_MS } from '../../server/src/sqlite-dialect.ts';
import { makeTempDir, ON_POSTGRES } from './helpers.ts';
import { startInstance, stopInstance, type ApiInstance } from './instances.ts';
import { VISITOR } from './shop-helpers.ts';

// Another process (the admin CLI importing, a second instance) holds SQLite's write lock while
// the real API serves: nothing may freeze, reads go on, a write waits for the lock on the event
// loop and answers 503 with Retry-After when it does not get it in time.

/** /healthz must stay this quick: a synchronous wait for the lock froze it for WRITE_WAIT_MS. */
const QUICK_MS = 500;

/** Holds BEGIN IMMEDIATE on the database file until told to let go (a line on its stdin). */
const HOLDER = `
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(process.argv[1]);
// The API may be writing at that moment (its renderer, at start): wait for it as any writer would.
db.exec('PRAGMA busy_timeout = 10000');
db.exec('BEGIN IMMEDIATE');
process.stdout.write('held\\n');
process.stdin.once('data', () => { db.exec('COMMIT'); db.close(); process.stdout.write('released\\n'); });
`;

interface Holder {
  child: ChildProcess;
  release(): Promise<void>;
}

async function holdWriteLock(file: string): Promise<Holder> {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', '-e', HOLDER, file], { stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  const said = (line: string) =>
    new Promise<void>((resolve, reject) => {
      const read = () => (output.includes(line) ? resolve() : undefined);
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString('utf8');
        read();
      });
      child.once('exit', (code) => reject(new Error(`the lock holder exited with ${code} before "${line}"`)));
      read();
    });
  await said('held');
  return {
    child,
    async release() {
      child.stdin!.end('go\n');
      await said('released');
    },
  };
}

let dataDir: string;
let api: ApiInstance;
let orgId: number;

beforeAll(async () => {
  if (ON_POSTGRES) return;
  dataDir = await makeTempDir();
  api = await startInstance({ DATA_DIR: dataDir, DATABASE_URL: '' });
  const orgs = (await (await fetch(`${api.url}/api/v1/organizations`)).json()) as WireOrganizationList;
  orgId = orgs.organizations.find((org) => org.web_name === 'demo')!.id;
});

afterAll(async () => {
  if (api) await stopInstance(api);
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const createOrder = () =>
  fetch(`${api.url}/api/v1/order/DEMO00001/${orgId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [VISITOR_KEY_HEADER]: VISITOR },
    body: JSON.stringify({ cards: [], visitor_key: VISITOR }),
  });

interface Probe {
  ms: number;
  health: number;
  ready: number;
  card: number;
}

const ROUND_MS = 100;

/** Asks liveness, readiness and a card look-up over and over until `until` settles. */
async function probeUntil(until: Promise<unknown>, onProbe: (probes: Probe[]) => void = () => undefined): Promise<Probe[]> {
  let settled = false;
  void until.finally(() => (settled = true)).catch(() => undefined);
  const probes: Probe[] = [];
  while (!settled) {
    const started = performance.now();
    const health = (await fetch(`${api.url}/healthz`)).status;
    const ms = performance.now() - started;
    const ready = (await fetch(`${api.url}/readyz`)).status;
    const card = (await fetch(`${api.url}/api/v1/card/DEMO00001/medias?organization_id=${orgId}`)).status;
    probes.push({ ms, health, ready, card });
    onProbe(probes);
    // Paced, so the card look-ups stay within their rate limit (360 a minute).
    await sleep(Math.max(0, ROUND_MS - (performance.now() - started)));
  }
  return probes;
}

function expectServedThroughout(probes: Probe[]): void {
  expect(probes.length).toBeGreaterThan(0);
  for (const probe of probes) expect(probe).toEqual({ ms: expect.any(Number), health: 200, ready: 200, card: 200 });
  expect(Math.max(...probes.map((probe) => probe.ms))).toBeLessThan(QUICK_MS);
}

describe.skipIf(ON_POSTGRES)('SQLite locked by another process', () => {
  it('keeps serving reads and health, and answers a write that cannot get in with 503 and Retry-After', async () => {
    const holder = await holdWriteLock(path.join(dataDir, 'provider.sqlite'));
    try {
      const started = performance.now();
      const order = createOrder();
      const probes = await probeUntil(order);
      const answer = await order;
      expect(performance.now() - started).toBeGreaterThanOrEqual(WRITE_WAIT_MS - 100);
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(await answer.json()).toEqual({ error: true, message: 'UNAVAILABLE', detail: expect.any(String) });
      expectServedThroughout(probes);
    } finally {
      await holder.release();
    }
    // Free again: the same write goes through.
    expect((await createOrder()).status).toBe(200);
  }, 60_000);

  it('lets a waiting write in once the other process lets go within the wait', async () => {
    const holder = await holdWriteLock(path.join(dataDir, 'provider.sqlite'));
    let releasing: Promise<void> | undefined;
    const order = createOrder();
    // A few rounds of probes while the write waits, then the holder lets go.
    const probes = await probeUntil(order, (done) => {
      if (done.length === 3) releasing = holder.release();
    });
    await (releasing ?? holder.release());
    expect((await order).status).toBe(200);
    expectServedThroughout(probes);
  }, 60_000);
});

describe.skipIf(ON_POSTGRES)('SQLite commits', () => {
  // node:sqlite is synchronous: a COMMIT that waited for the disk would hold the event loop for
  // as long as an fsync takes while an import writes its files (100 ms and more).
  it('go to the write-ahead log without waiting for the disk (WAL, synchronous NORMAL)', async () => {
    const folder = await makeTempDir();
    const db = await openDatabase({ dataDir: folder, databaseUrl: null });
    try {
      expect((await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(db)).rows).toEqual([{ journal_mode: 'wal' }]);
      expect((await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(db)).rows).toEqual([{ synchronous: 1 }]);
    } finally {
      await db.destroy();
      await fs.rm(folder, { recursive: true, force: true });
    }
  });
});
