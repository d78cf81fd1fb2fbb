import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { findOrganizationByWebName } from '../../server/src/repositories/organizations.ts';
import { loadConfig } from '../../server/src/config.ts';
import { startApi } from '../../server/src/server.ts';
import { OWN_SCRATCH, scratchFolderName } from '../../server/src/services/media-files.ts';
import { seedDemo } from '../../server/src/services/seed.ts';
import { SCRATCH_ABANDONED_AFTER_MS, sweepDebris } from '../../server/src/services/sweep.ts';
import { makeTempDir, openTestDatabase, row, rows, spawnCli, testDatabaseUrl } from './helpers.ts';
import { startInstance, stopInstance } from './instances.ts';
import { count, deadProcessScratch, jpeg, mediaFiles, multipart, photoFolder, scratchFiles } from './visitor-helpers.ts';
import { createLocalStore } from '../../server/src/storage/local-store.ts';

/** Enough photos that an import is caught while it stages them. */
const FOLDER_PHOTOS = 300;

let dataDir: string;
/** The seeded demo's files: every one has its row and must survive any sweep. */
let seeded: string[];

/** Writes `files` (paths under the data folder) with some bytes. */
async function plant(files: readonly string[]): Promise<void> {
  for (const file of files) {
    await fs.mkdir(path.dirname(path.join(dataDir, file)), { recursive: true });
    await fs.writeFile(path.join(dataDir, file), 'left behind');
  }
}

/** What a kill -9 during uploads and imports leaves: its scratch in tmp/, a media folder whose row never came. */
async function plantDebris(): Promise<string> {
  const dead = await deadProcessScratch();
  await plant([
    `tmp/${dead}/upload-AbC123/0/photo.jpg`,
    `tmp/${dead}/Zx9-Q1w2e3/preview.jpg`,
    'media/NoRowForThis000/original.jpg',
    'media/NoRowForThis000/thumb.jpg',
  ]);
  return dead;
}

const startHere = async () => startApi({ ...loadConfig({}), apiPort: 0, dataDir, databaseUrl: await testDatabaseUrl(dataDir) });

beforeEach(async () => {
  dataDir = await makeTempDir();
  const db = await openTestDatabase(dataDir);
  await seedDemo(db, createLocalStore(dataDir));
  // Media from before renditions (none queued): the API's renderer adds no files while a sweep is checked.
  await sql`DELETE FROM rendition_jobs`.execute(db);
  await db.destroy();
  seeded = await mediaFiles(dataDir);
});
afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

describe('the sweep at start', () => {
  it('removes what a killed process left: its scratch under tmp/ and media folders without a row', { timeout: 90_000 }, async () => {
    const dead = await plantDebris();
    // A former process that had this one's id (a restarted container's pid 1), and an earlier
    // version's scratch, named by no process: taken once a day old, not before.
    const former = scratchFolderName({ ...OWN_SCRATCH, token: '0123456789ab' });
    await plant([`tmp/${former}/job-1/original.jpg`, 'tmp/upload-Old000/0/photo.jpg', 'tmp/upload-New000/0/photo.jpg', 'tmp/stray.part']);
    const dayAgo = new Date(Date.now() - SCRATCH_ABANDONED_AFTER_MS - 60_000);
    await fs.utimes(path.join(dataDir, 'tmp/upload-Old000'), dayAgo, dayAgo);
    await fs.utimes(path.join(dataDir, 'tmp/stray.part'), dayAgo, dayAgo);

    const api = await startHere();
    await api.close();
    expect(await scratchFiles(dataDir)).toEqual(['upload-New000']);
    expect(await fs.readdir(path.join(dataDir, 'tmp'))).not.toContain(dead);
    expect(await mediaFiles(dataDir)).toEqual(seeded);
  });

  // One retry: on PostgreSQL under a loaded machine it has twice (2026-11-26) found the live
  // import's 300 jobs still queued after its CLI exited 0 with all 300 media imported; not yet
  // explained, so not hidden either: a second failure fails the run.
  it("drops a killed import's half-queued folder once its lease is over, and leaves a live import's alone", { timeout: 240_000, retry: 1 }, async () => {
    const db = await openTestDatabase(dataDir);
    const store = createLocalStore(dataDir);
    const folder = await photoFolder(FOLDER_PHOTOS);
    const exists = (id: string) =>
      fs.stat(path.join(dataDir, 'media', id)).then(
        () => true,
        () => false,
      );
    /** An import's batch and jobs while it is still queueing (its batch row there), with its files staged so far. */
    const queueing = async (code: string) => {
      const jobs = await rows<{ id: string; batch_id: string }>(
        db,
        sql`SELECT j.id, j.batch_id FROM import_jobs j JOIN cards c ON c.id = j.card_id JOIN import_batches b ON b.id = j.batch_id WHERE c.code = ${code}`,
      );
      const staged = (await Promise.all(jobs.map(async (job) => ((await exists(job.id)) ? [job.id] : [])))).flat();
      return { batchId: jobs[0]?.batch_id, jobs: jobs.map((job) => job.id), staged };
    };
    /** Starts `media:import` and answers once all its jobs are queued and it is staging their files. */
    const importStaging = async (code: string) => {
      const cli = await spawnCli(dataDir, 'media:import', '--org', 'demo', '--card', code, folder);
      let stderr = '';
      cli.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const exited = new Promise<number | null>((resolve) => cli.once('close', resolve));
      await vi.waitFor(
        async () => {
          const state = await queueing(code);
          expect(state.jobs).toHaveLength(FOLDER_PHOTOS);
          expect(state.staged.length).toBeGreaterThan(0);
        },
        { timeout: 60_000, interval: 10 },
      );
      return { cli, exited, stderr: () => stderr };
    };
    try {
      const killed = await importStaging('KILLED001');
      killed.cli.kill('SIGKILL');
      await killed.exited;
      const left = await queueing('KILLED001');
      // A live import, frozen while it stages: its files have rows, its batch a lease.
      const live = await importStaging('LIVE00001');
      live.cli.kill('SIGSTOP');
      try {
        const frozen = await queueing('LIVE00001');
        // The killed one's lease runs out (20 s), as if that long had passed.
        await sql`UPDATE import_batches SET lease_expires_at_ms = 0 WHERE id = ${left.batchId}`.execute(db);
        const sweep = await sweepDebris(db, store);
        expect(sweep.removed).toEqual(expect.arrayContaining(left.staged.map((id) => `media/${id}`)));
        expect(sweep.removed.filter((entry) => entry.startsWith('media/') && !left.jobs.includes(entry.slice('media/'.length)))).toEqual([]);
        expect(await queueing('KILLED001')).toEqual({ batchId: undefined, jobs: [], staged: [] });
        expect(await Promise.all(left.jobs.map(exists))).not.toContain(true);
        expect((await queueing('LIVE00001')).jobs).toHaveLength(FOLDER_PHOTOS);
        expect(await Promise.all(frozen.staged.map(exists))).not.toContain(false);
      } finally {
        live.cli.kill('SIGCONT');
      }
      expect(await live.exited, live.stderr()).toBe(0);
      const imported = await row(db, sql<{ n: number }>`SELECT count(*) AS n FROM media m JOIN cards c ON c.id = m.card_id WHERE c.code = 'LIVE00001'`);
      expect(Number(imported?.n)).toBe(FOLDER_PHOTOS);
      expect(await count(db, 'import_jobs')).toBe(0);
      expect(await count(db, 'import_batches')).toBe(0);
      const mediaIds = (await rows<{ id: string }>(db, sql`SELECT id FROM media`)).map((media) => media.id).sort();
      expect((await fs.readdir(path.join(dataDir, 'media'))).sort()).toEqual(mediaIds);
    } finally {
      await db.destroy();
      await fs.rm(folder, { recursive: true, force: true });
    }
  });

  it("leaves another instance's live scratch alone: its upload in flight while a second instance starts goes through", { timeout: 180_000 }, async () => {
    const db = await openTestDatabase(dataDir);
    const orgId = (await findOrganizationByWebName(db, 'demo'))!.id;
    await db.destroy();
    const first = await startInstance({ DATA_DIR: dataDir, DATABASE_URL: (await testDatabaseUrl(dataDir)) ?? '' });
    // An upload to the first instance, held back before its last bytes: its photo sits in scratch.
    const form = multipart([{ field: 'photos[]', filename: 'in-flight.jpg', contentType: 'image/jpeg', data: await jpeg() }]);
    const held = form.payload.length - 64;
    const request = http.request(`${first.url}/api/v1/photo/${orgId}`, {
      method: 'POST',
      headers: { ...form.headers, 'content-length': String(form.payload.length) },
    });
    try {
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        request.once('error', reject);
        request.once('response', (response) => {
          let body = '';
          response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          response.once('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
      });
      request.write(form.payload.subarray(0, held));
      const inFlight = async () =>
        ((await fs.readdir(path.join(dataDir, 'tmp'), { recursive: true }).catch(() => [])) as string[]).filter((file) => file.endsWith('in-flight.jpg'));
      await vi.waitFor(async () => expect(await inFlight()).toHaveLength(1), { timeout: 30_000, interval: 50 });
      const dead = await plantDebris();

      // A second instance starts on the same data folder meanwhile: it sweeps the dead process's scratch only.
      const second = await startHere();
      await second.close();
      expect(await fs.readdir(path.join(dataDir, 'tmp'))).not.toContain(dead);

      request.end(form.payload.subarray(held));
      const { status, body } = await answer;
      expect(status, body).toBe(200);
      expect(JSON.parse(body)).toMatchObject({ error: false, card_code: expect.any(String) });
    } finally {
      // An instance stopping waits for its open requests.
      request.destroy();
      await stopInstance(first);
    }
  });
});
