// Provider API figures: import throughput and ZIP throughput. The card look-up's rate, with its
// load generator in a process of its own, is the concurrency bench's.
// Run by `npm run bench` (own process) or `node --no-warnings bench/api.bench.ts`.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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
  const files = names
    .sort()
    .slice(0, PHOTOS)
    .map((name) => path.join(photos, name));
  const card = await findOrCreateCard(db, organization.id, 'BENCH0001');
  // As `media:import` does it: checked, staged and queued, then run as jobs.
  const imported = await withPeakRss(async () => {
    const batchId = await queueFolderImport(db, store, { organizationId: organization.id, cardId: card.id, sold: true }, await checkFolder(false, files));
    return runBatch(db, store, batchId, { onProgress: () => {}, log: (message) => console.warn(message) });
  });
  console.log(
    `import: ${PHOTOS} photos in ${fixed(imported.seconds, 2)} s = ${fixed(PHOTOS / imported.seconds)} photos/s, peak RSS ${fixed(imported.peakMb, 0)} MB`,
  );

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
