// Imports as database-backed jobs: queued and staged by `media:import`, run by any worker, each
// imported exactly once, and none lost when the importing process is killed.
import { sql } from 'kysely';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { transaction, type Db } from '../../server/src/db.ts';
import { createCard } from '../../server/src/repositories/cards.ts';
import { claimImportJobs, finishImportJob, insertImportJobs } from '../../server/src/repositories/import-jobs.ts';
import { findOrganizationByWebName } from '../../server/src/repositories/organizations.ts';
import { demoSamplePath, seedDemo } from '../../server/src/services/seed.ts';
import { createLocalStore } from '../../server/src/storage/local-store.ts';
import { closeTestDatabase, makeTempDir, openTestDatabase, row, rows, runCli, spawnCli, testDatabaseUrl } from './helpers.ts';
import { startInstance, stopInstance, type ApiInstance } from './instances.ts';
import { scratchFiles } from './visitor-helpers.ts';

const PHOTOS = 24;

let dataDir: string;
let sources: string;
let db: Db;
let orgId: number;
let api: ApiInstance | undefined;

const count = async (query: ReturnType<typeof sql<{ n: number }>>) => Number((await row(db, query))?.n);
const jobsLeft = () => count(sql`SELECT count(*) AS n FROM import_jobs`);
const mediaOfCard = (code: string) =>
  rows<{ id: string; filename: string }>(
    db,
    sql`SELECT m.id, m.filename FROM media m JOIN cards c ON c.id = m.card_id WHERE c.code = ${code} ORDER BY m.filename`,
  );
/** Every media id in the store and every scratch entry: after the imports, exactly the media rows and nothing. */
const storeState = async () => ({
  stored: (await fs.readdir(path.join(dataDir, 'media'))).sort(),
  scratch: await scratchFiles(dataDir),
});
const mediaIds = async () => (await rows<{ id: string }>(db, sql`SELECT id FROM media ORDER BY id`)).map((media) => media.id).sort();

async function folderOf(name: string, files: Record<string, Buffer>): Promise<string> {
  const folder = path.join(sources, name);
  await fs.mkdir(folder);
  for (const [file, bytes] of Object.entries(files)) await fs.writeFile(path.join(folder, file), bytes);
  return folder;
}

beforeAll(async () => {
  dataDir = await makeTempDir();
  sources = await makeTempDir('provider-sources-');
  db = await openTestDatabase(dataDir);
  await seedDemo(db, createLocalStore(dataDir));
  orgId = (await findOrganizationByWebName(db, 'demo'))!.id;
});

afterAll(async () => {
  if (api) await stopInstance(api);
  if (db) await closeTestDatabase(db, dataDir);
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(sources, { recursive: true, force: true });
});

describe('import jobs', () => {
  it('lets only the worker holding the claim finish a job: a run whose lease ran out is discarded', async () => {
    const card = await createCard(db, { organizationId: orgId, code: 'CLAIM0001' });
    await insertImportJobs(db, [
      {
        id: 'job-claim-1',
        batch_id: 'batch-claim',
        organization_id: orgId,
        card_id: card.id,
        kind: 'photo',
        file_name: 'a.jpg',
        captured_at: '2025-01-01T10:00:00.000Z',
        sold_at_venue: 0,
        queued_at: '2025-01-01T10:00:00.000Z',
      },
    ]);
    const claim = (token: string, nowMs: number) =>
      transaction(db, (db) => claimImportJobs(db, { token, leaseExpiresAtMs: nowMs + 20_000 }, { nowMs, limit: 5, batchId: 'batch-claim' }));
    const start = Date.now();
    expect((await claim('first', start)).map((job) => [job.id, job.attempts])).toEqual([['job-claim-1', 1]]);
    expect(await claim('second', start + 1000)).toEqual([]);
    // The first worker stalled past its lease: the job is taken again.
    expect((await claim('second', start + 21_000)).map((job) => [job.id, job.attempts])).toEqual([['job-claim-1', 2]]);
    expect(await transaction(db, (db) => finishImportJob(db, 'job-claim-1', 'first'))).toBe(false);
    expect(await transaction(db, (db) => finishImportJob(db, 'job-claim-1', 'second'))).toBe(true);
    expect(await jobsLeft()).toBe(0);
  });

  it('reports a file damaged past its header and imports the rest, leaving no job and no file behind', async () => {
    const good = await fs.readFile(demoSamplePath(1));
    const cut = (await fs.readFile(demoSamplePath(2))).subarray(0, 20_000);
    const folder = await folderOf('damaged', { 'good.jpg': good, 'cut.jpg': cut });
    const result = await runCli(dataDir, 'media:import', '--org', 'demo', '--card', 'DAMAGED01', folder);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Error: imported 1 of 2 media into DA-MAGE-D01 (demo); not imported:\n- cut.jpg: cut.jpg is damaged or cut short');
    expect((await mediaOfCard('DAMAGED01')).map((media) => media.filename)).toEqual(['good.jpg']);
    expect(await jobsLeft()).toBe(0);
    expect(await storeState()).toEqual({ stored: await mediaIds(), scratch: [] });
  });

  it('loses no job to a kill -9 mid-import: the API finishes them, each photo once, with no debris', { timeout: 180_000 }, async () => {
    const names = Array.from({ length: PHOTOS }, (_, i) => `p${String(i).padStart(2, '0')}.jpg`);
    const photos: Record<string, Buffer> = {};
    for (const [i, name] of names.entries()) photos[name] = await fs.readFile(demoSamplePath((i % 6) + 1));
    const folder = await folderOf('killed', photos);

    const cli = await spawnCli(dataDir, 'media:import', '--org', 'demo', '--card', 'KILLED001', folder);
    const exited = new Promise((resolve) => cli.once('exit', resolve));
    // Killed once the first media is in: the rest are queued, some of them under way.
    await vi.waitFor(async () => expect((await mediaOfCard('KILLED001')).length).toBeGreaterThan(0), { timeout: 60_000, interval: 20 });
    cli.kill('SIGKILL');
    await exited;
    const imported = (await mediaOfCard('KILLED001')).length;
    expect(imported).toBeLessThan(PHOTOS);
    expect(imported + (await jobsLeft())).toBe(PHOTOS);
    expect((await runCli(dataDir, 'list')).stdout).toContain(`  card KI-LLED-001  ${imported} media, ${PHOTOS - imported} waiting to be imported\n`);

    api = await startInstance({ DATA_DIR: dataDir, DATABASE_URL: (await testDatabaseUrl(dataDir)) ?? '' });
    // The dead CLI's claims are taken again when their lease ends (20 s).
    await vi.waitFor(async () => expect(await jobsLeft()).toBe(0), { timeout: 120_000, interval: 200 });
    expect((await mediaOfCard('KILLED001')).map((media) => media.filename)).toEqual(names);
    // The API then renders the new media in scratch of its own: checked for debris once that is done.
    await vi.waitFor(async () => expect(await count(sql`SELECT count(*) AS n FROM rendition_jobs`)).toBe(0), { timeout: 120_000, interval: 200 });
    expect(await storeState()).toEqual({ stored: await mediaIds(), scratch: [] });
  });
});
