// Provider API figures: import throughput, card look-up latency (SQLite, and PostgreSQL when
// installed), ZIP throughput.
// Run by `npm run bench` (own process) or `node --no-warnings bench/api.bench.ts`.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../server/src/app.ts';
import { loadDatabaseUrl } from '../server/src/config.ts';
import { openDatabase } from '../server/src/db.ts';
import { findOrCreateCard } from '../server/src/repositories/cards.ts';
import { listMediaOfCards } from '../server/src/repositories/media.ts';
import { findOrganizationByWebName } from '../server/src/repositories/organizations.ts';
import { checkFolder, queueFolderImport } from '../server/src/services/folder-import.ts';
import { runBatch } from '../server/src/services/import-jobs.ts';
import { demoSamplePath, seedDemo } from '../server/src/services/seed.ts';
import { createLocalStore } from '../server/src/storage/local-store.ts';
import { createDatabase, postgresInstalled, startPostgresCluster } from '../tests/support/postgres-cluster.ts';

const PHOTOS = 200;
const MB = 1024 * 1024;

/** Samples RSS every 20 ms while `work` runs; answers its result and the peak in MB. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number; seconds: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, peakMb: peak / MB, seconds: (performance.now() - started) / 1000 };
  } finally {
    clearInterval(timer);
  }
}

const fixed = (n: number, digits = 1) => n.toFixed(digits);

/** 10 connections for `seconds` against one URL. */
const hammer = (url: string, seconds: number) => autocannon({ url, connections: 10, duration: seconds });

const ROUNDS = 3;
const ROUND_SECONDS = 3;

const describeLoad = (load: autocannon.Result) =>
  `${fixed(load.requests.average, 0)} req/s, p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms (10 connections, ${ROUND_SECONDS} s), non-2xx ${load.non2xx}, errors ${load.errors}`;

/**
 * `url` and the bare hello-world in alternating rounds, both warmed up first, so a slow spell
 * of the machine falls on both; answers the round of the median ratio.
 */
async function againstHello(url: string, helloUrl: string): Promise<{ bare: autocannon.Result; load: autocannon.Result; ratio: number }> {
  await hammer(helloUrl, 1);
  await hammer(url, 1);
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const bare = await hammer(helloUrl, ROUND_SECONDS);
    const load = await hammer(url, ROUND_SECONDS);
    rounds.push({ bare, load, ratio: load.requests.average / bare.requests.average });
  }
  return rounds.sort((a, b) => a.ratio - b.ratio)[Math.floor(ROUNDS / 2)] as (typeof rounds)[number];
}

function printAgainstHello(name: string, { bare, load, ratio }: Awaited<ReturnType<typeof againstHello>>, target?: number): void {
  console.log(`${name}: ${describeLoad(load)}`);
  console.log(`  bare Fastify hello-world in the same round: ${describeLoad(bare)}`);
  const verdict = target === undefined ? '' : ` (target at least ${target}) ${ratio >= target ? 'ok' : 'MISSED'}`;
  console.log(`${name} / hello-world: ${fixed(ratio, 2)} times, median of ${ROUNDS} alternating rounds${verdict}`);
}

/**
 * The same look-up with the API on PostgreSQL (a throw-away cluster, as the server-pg tests
 * start; the demo seeded into it), against the same hello-world figure. No target: for comparison.
 */
async function lookUpOnPostgres(helloUrl: string): Promise<void> {
  if (!postgresInstalled()) {
    console.log('card look-up on PostgreSQL: skipped, PostgreSQL is not installed (scripts/ensure-postgres.sh)');
    return;
  }
  const cluster = await startPostgresCluster();
  const pgDataDir = path.join(root, 'pg-data');
  const pgDb = await openDatabase({ dataDir: pgDataDir, databaseUrl: await createDatabase(cluster.adminUrl, 'api_bench') });
  const pgStore = createLocalStore(pgDataDir);
  const pgApp = buildApp({ db: pgDb, dataDir: pgDataDir, store: pgStore, rateLimit: { max: 10_000_000 } });
  try {
    await seedDemo(pgDb, pgStore);
    const pgAddress = await pgApp.listen({ host: '127.0.0.1', port: 0 });
    const pgOrganization = await findOrganizationByWebName(pgDb, 'demo');
    if (!pgOrganization) throw new Error('demo organization missing on PostgreSQL');
    printAgainstHello('card look-up on PostgreSQL', await againstHello(`${pgAddress}/api/v1/card/DEMO00001/medias?organization_id=${pgOrganization.id}`, helloUrl));
  } finally {
    await pgApp.close();
    await pgDb.destroy();
    await cluster.stop();
  }
}

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'api-bench-'));
const dataDir = path.join(root, 'data');
const photos = path.join(root, 'photos');
const db = await openDatabase({ dataDir, databaseUrl: loadDatabaseUrl(process.env) });
const store = createLocalStore(dataDir);
const app = buildApp({ db, dataDir, store, rateLimit: { max: 10_000_000 } });
try {
  await seedDemo(db, store);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const organization = await findOrganizationByWebName(db, 'demo');
  if (!organization) throw new Error('demo organization missing');

  // 34 copies of the six samples (204 files), the first 200 by name.
  await fs.mkdir(photos);
  const names: string[] = [];
  for (let copy = 0; copy < 34; copy++) {
    for (let n = 1; n <= 6; n++) {
      const name = `s${String(copy).padStart(2, '0')}_${n}.jpg`;
      await fs.copyFile(demoSamplePath(n), path.join(photos, name));
      names.push(name);
    }
  }
  const files = names.sort().slice(0, PHOTOS).map((name) => path.join(photos, name));
  const card = await findOrCreateCard(db, organization.id, 'BENCH0001');
  // As `media:import` does it: checked, staged and queued, then run as jobs.
  const imported = await withPeakRss(async () => {
    const batchId = await queueFolderImport(db, store, { organizationId: organization.id, cardId: card.id, sold: true }, await checkFolder(false, files));
    return runBatch(db, store, batchId, { onProgress: () => {}, log: (message) => console.warn(message) });
  });
  console.log(`import: ${PHOTOS} photos in ${fixed(imported.seconds, 2)} s = ${fixed(PHOTOS / imported.seconds)} photos/s, peak RSS ${fixed(imported.peakMb, 0)} MB`);

  // The look-up against a bare Fastify hello-world, measured the same way in the same run, so
  // the ratio holds whatever the machine's speed (target: at least half of it).
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  const helloAddress = await hello.listen({ host: '127.0.0.1', port: 0 });
  try {
    printAgainstHello('card look-up', await againstHello(`${address}/api/v1/card/DEMO00001/medias?organization_id=${organization.id}`, helloAddress), 0.5);
    await lookUpOnPostgres(helloAddress);
  } finally {
    await hello.close();
  }

  const ids = (await listMediaOfCards(db, [card.id])).map((media) => media.id);
  const zip = await withPeakRss(async () => {
    const answer = await fetch(`${address}/api/v1/medias/zip?organization_id=${organization.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ media_ids: ids }),
    });
    const { url } = (await answer.json()) as { url: string };
    const download = await fetch(url);
    if (!download.ok || !download.body) throw new Error(`ZIP download failed: ${download.status}`);
    let bytes = 0;
    for await (const chunk of download.body) bytes += (chunk as Uint8Array).byteLength;
    return bytes;
  });
  console.log(
    `zip: ${PHOTOS} originals, ${fixed(zip.result / MB)} MB in ${fixed(zip.seconds, 2)} s = ${fixed(zip.result / MB / zip.seconds)} MB/s, peak RSS ${fixed(zip.peakMb, 0)} MB`,
  );
  console.log(`process peak RSS (resourceUsage maxRSS): ${fixed(process.resourceUsage().maxRSS / 1024, 0)} MB`);
} finally {
  await app.close();
  await db.destroy();
  await fs.rm(root, { recursive: true, force: true });
}
