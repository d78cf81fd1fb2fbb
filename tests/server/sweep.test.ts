import fs from 'node:fs/promises';
import path from 'node:path';
import { transaction } from '../../server/src/db.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApi } from '../../server/src/server.ts';
import { seedDemo } from '../../server/src/services/seed.ts';
import { sweepDebris } from '../../server/src/services/sweep.ts';
import { makeTempDir, openTestDatabase, testDatabaseUrl } from './helpers.ts';
import { mediaFiles, scratchFiles } from './visitor-helpers.ts';
import { createLocalStore } from '../../server/src/storage/local-store.ts';

let dataDir: string;
/** The seeded demo's files: every one has its row and must survive any sweep. */
let seeded: string[];

/** What a kill -9 during uploads and imports leaves: scratch in tmp/, a media folder whose row never came. */
async function plantDebris(): Promise<void> {
  const files = ['tmp/upload-AbC123/0/photo.jpg', 'tmp/Zx9-Q1w2e3/preview.jpg', 'tmp/stray.part', 'media/NoRowForThis000/original.jpg', 'media/NoRowForThis000/thumb.jpg'];
  for (const file of files) {
    await fs.mkdir(path.dirname(path.join(dataDir, file)), { recursive: true });
    await fs.writeFile(path.join(dataDir, file), 'left behind');
  }
}

beforeEach(async () => {
  dataDir = await makeTempDir();
  const db = await openTestDatabase(dataDir);
  await seedDemo(db, createLocalStore(dataDir));
  await db.destroy();
  seeded = await mediaFiles(dataDir);
  await plantDebris();
});
afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

describe('the sweep at start', () => {
  it('removes what a killed process left: scratch under tmp/ and media folders without a row', async () => {
    expect(await scratchFiles(dataDir)).not.toEqual([]);
    const api = await startApi({ apiHost: '127.0.0.1', apiPort: 0, sitesPort: 0, dataDir, databaseUrl: await testDatabaseUrl(dataDir), publicApiUrl: 'http://127.0.0.1', mediaStore: { kind: 'local' } });
    await api.close();
    expect(await scratchFiles(dataDir)).toEqual([]);
    expect(await mediaFiles(dataDir)).toEqual(seeded);
  });

  it('touches nothing while another process writes (an admin import whose rows are not committed yet)', async () => {
    const db = await openTestDatabase(dataDir);
    const importer = await openTestDatabase(dataDir);
    // The import's transaction holds the write lock: the sweep waits its 5 s, then gives up.
    await transaction(importer, async () => {
      expect(await sweepDebris(db, createLocalStore(dataDir))).toEqual({ swept: false, removed: [] });
    });
    await importer.destroy();
    expect(await scratchFiles(dataDir)).toEqual(['Zx9-Q1w2e3', 'stray.part', 'upload-AbC123']);
    expect(await mediaFiles(dataDir)).toEqual([...seeded, 'NoRowForThis000', 'NoRowForThis000/original.jpg', 'NoRowForThis000/thumb.jpg'].sort());
    expect(await sweepDebris(db, createLocalStore(dataDir))).toEqual({ swept: true, removed: ['media/NoRowForThis000', 'tmp/Zx9-Q1w2e3', 'tmp/stray.part', 'tmp/upload-AbC123'] });
    await db.destroy();
  });
});
