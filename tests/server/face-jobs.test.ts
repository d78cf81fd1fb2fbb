import { readFileSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { atomically, openDatabase } from '../../server/src/db.ts';
import { createCard } from '../../server/src/repositories/cards.ts';
import { claimFaceJobs, insertFaces } from '../../server/src/repositories/faces.ts';
import { insertMedia } from '../../server/src/repositories/media.ts';
import { findOrganizationById, upsertOrganization } from '../../server/src/repositories/organizations.ts';
import { faceDistance, SAME_PERSON_DISTANCE, type FaceEngine } from '../../server/src/services/face-engine.ts';
import { heldFaces, matchFaces } from '../../server/src/services/face-index.ts';
import { startFaceIndexer } from '../../server/src/services/face-jobs.ts';
import { searchByFaces } from '../../server/src/services/face-search.ts';
import { deleteMedia } from '../../server/src/services/media-delete.ts';
import { importMedias } from '../../server/src/services/media-import.ts';
import { newId } from '../../server/src/services/ids.ts';
import { parseOrganizationInput } from '../../server/src/services/organization-input.ts';
import { DEMO_ORGANIZATION, demoSamplePath } from '../../server/src/services/seed.ts';
import { makeTempDir, runCli } from './helpers.ts';
import { count, jpeg } from './visitor-helpers.ts';
import { createLocalStore } from '../../server/src/storage/local-store.ts';

// The face indexing jobs and the in-memory index, with a stand-in engine (every image shows one
// face, `SELFIE`) so the mechanics are tested without inference; faces.test.ts runs the real one.

const SELFIE = descriptor(1);
const open: Array<{ db: DatabaseSync; dataDir: string }> = [];

afterEach(async () => {
  for (const { db, dataDir } of open.splice(0)) {
    if (db.isOpen) db.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});

/** A deterministic pseudo-random descriptor (values about ±0.1, as face-api's). */
function descriptor(seed: number): Float32Array {
  let state = seed * 2654435761;
  return Float32Array.from({ length: 128 }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return (state / 2147483648 - 0.5) / 4;
  });
}

function near(base: Float32Array, seed: number, spread: number): Float32Array {
  const noise = descriptor(seed);
  return base.map((value, i) => value + (noise[i] ?? 0) * spread);
}

/** An engine that finds `SELFIE` in every image and keeps what it was asked (a file path, or bytes). */
function countingEngine(): FaceEngine & { calls: Array<string | Uint8Array> } {
  const calls: Array<string | Uint8Array> = [];
  return { calls, describe: async (image) => (calls.push(image), [SELFIE]) };
}

async function freshDatabase(profile: Partial<typeof DEMO_ORGANIZATION> = {}) {
  const dataDir = await makeTempDir('face-jobs-');
  const db = openDatabase(dataDir);
  open.push({ db, dataDir });
  const organizationId = upsertOrganization(db, { ...DEMO_ORGANIZATION, ...profile });
  const card = createCard(db, { organizationId, code: 'FACES0001' });
  return { db, dataDir, organizationId, cardId: card.id };
}

/** Imports `n` small photos (real files, through the import that queues them) captured at `capturedAt`. */
async function importPhotos(target: { db: DatabaseSync; dataDir: string; organizationId: number; cardId: string }, n: number, capturedAt: string) {
  const file = path.join(target.dataDir, 'source.jpg');
  writeFileSync(file, await jpeg());
  const sources = Array.from({ length: n }, () => ({
    organizationId: target.organizationId,
    cardId: target.cardId,
    sourcePath: file,
    kind: 'photo' as const,
    soldAtVenue: false,
    capturedAt,
  }));
  return importMedias(target.db, createLocalStore(target.dataDir), sources);
}

/** A photo row without files, with these faces already described. */
function describedPhoto(db: DatabaseSync, target: { organizationId: number; cardId: string }, capturedAt: string, faces: Float32Array[]): string {
  const id = newId();
  atomically(db, () => {
    insertMedia(db, {
      id,
      organization_id: target.organizationId,
      card_id: target.cardId,
      kind: 'photo',
      filename: 'photo.jpg',
      mime: 'image/jpeg',
      width: 10,
      height: 10,
      bytes: 1,
      sha256: id,
      captured_at: capturedAt,
      sold_at_venue: 0,
    });
    insertFaces(db, [{ mediaId: id, descriptors: faces }]);
  });
  return id;
}

const search = (db: DatabaseSync, organizationId: number, engine: FaceEngine, fromDate: string, toDate = fromDate) =>
  searchByFaces(db, engine, { organization: findOrganizationById(db, organizationId)!, fromDate, toDate, photos: [{ name: 'selfie.jpg', bytes: readFileSync(demoSamplePath(1)) }] });

describe('face indexing jobs', () => {
  it('are queued by imports, only where the organization has facial search', async () => {
    const withFaces = await freshDatabase();
    await importPhotos(withFaces, 3, '2026-03-10T15:00:00.000Z');
    expect(count(withFaces.db, 'face_jobs')).toBe(3);
    const without = await freshDatabase({ has_facial_recognition: false });
    await importPhotos(without, 3, '2026-03-10T15:00:00.000Z');
    expect(count(without.db, 'face_jobs')).toBe(0);
  });

  it('survive a restart: a job claimed by a worker that died is done by the next run', { timeout: 60_000 }, async () => {
    const target = await freshDatabase();
    await importPhotos(target, 3, '2026-03-10T15:00:00.000Z');
    // A worker claims a job and the process dies with it: the database is closed mid-way.
    const now = new Date().toISOString();
    expect(atomically(target.db, () => claimFaceJobs(target.db, { now, expiredBefore: now, limit: 1 }))).toHaveLength(1);
    target.db.close();

    const db = openDatabase(target.dataDir);
    open.push({ db, dataDir: target.dataDir });
    const engine = countingEngine();
    const indexer = startFaceIndexer(db, createLocalStore(target.dataDir), engine, { concurrency: 2, log: () => {} });
    try {
      await vi.waitFor(() => expect(count(db, 'face_jobs')).toBe(0), { timeout: 30_000, interval: 50 });
    } finally {
      await indexer.stop();
    }
    expect(count(db, 'media_face_index')).toBe(3);
    expect(count(db, 'media_faces')).toBe(3);
    expect(engine.calls).toHaveLength(3);
  });

  it('faces:index queues the photos never indexed and drains the queue', { timeout: 120_000 }, async () => {
    const target = await freshDatabase();
    // Two photos imported into an organization without facial search, which then gets it.
    await atomically(target.db, () => upsertOrganization(target.db, { ...DEMO_ORGANIZATION, has_facial_recognition: false }));
    await importPhotos(target, 2, '2026-03-10T15:00:00.000Z');
    expect(count(target.db, 'face_jobs')).toBe(0);
    const file = path.join(target.dataDir, 'demo.json');
    const { web_name, name, has_facial_recognition: _flag, ...rest } = DEMO_ORGANIZATION;
    writeFileSync(file, JSON.stringify({ web_name, name, ...rest, has_facial_recognition: true }));
    expect((await runCli(target.dataDir, 'org:upsert', file)).code).toBe(0);
    expect(count(target.db, 'face_jobs')).toBe(2);
    const run = await runCli(target.dataDir, 'faces:index', '--org', 'demo');
    expect(run.stdout.trim()).toBe('Faces of demo: 2 photo(s) indexed');
    expect(run.stderr).toContain('2/2');
    expect(count(target.db, 'face_jobs')).toBe(0);
    expect(count(target.db, 'media_face_index')).toBe(2);
  });
});

describe('a facial search', () => {
  it('describes only the selfie: 200 freshly imported photos are counted as pending', { timeout: 120_000 }, async () => {
    const target = await freshDatabase();
    await importPhotos(target, 200, '2026-03-10T15:00:00.000Z');
    const engine = countingEngine();
    const answer = await search(target.db, target.organizationId, engine, '2026-03-10');
    // Only the selfie, sent as bytes: no gallery photo (a file path) was described.
    expect(engine.calls).toEqual([readFileSync(demoSamplePath(1))]);
    expect(answer).toMatchObject({ cards: [], pending: 200 });
    expect(count(target.db, 'media_face_index')).toBe(0);
    // Outside the period none of them is pending.
    expect((await search(target.db, target.organizationId, engine, '2026-03-12')).pending).toBe(0);
  });

  it('follows the organization time zone: 22:00 in Sao Paulo is 01:00 UTC of the next day', async () => {
    const target = await freshDatabase();
    const id = describedPhoto(target.db, target, '2026-03-11T01:00:00.000Z', [SELFIE]);
    const engine = countingEngine();
    const cardsOn = async (day: string) => (await search(target.db, target.organizationId, engine, day)).cards.flatMap((card) => card.medias.map((media) => media.id));
    expect(await cardsOn('2026-03-10')).toEqual([id]);
    expect(await cardsOn('2026-03-11')).toEqual([]);
    // The same photo in an organization whose days are UTC's.
    atomically(target.db, () => upsertOrganization(target.db, { ...DEMO_ORGANIZATION, timezone: 'UTC' }));
    expect(await cardsOn('2026-03-10')).toEqual([]);
    expect(await cardsOn('2026-03-11')).toEqual([id]);
  });

  it('forgets a deleted photo at once', async () => {
    const target = await freshDatabase({ features: { site: { ...DEMO_ORGANIZATION.features.site, can_remove_photo: true } } });
    const kept = describedPhoto(target.db, target, '2026-03-10T15:00:00.000Z', [SELFIE]);
    const removed = describedPhoto(target.db, target, '2026-03-10T16:00:00.000Z', [near(SELFIE, 7, 0.1)]);
    const period = { from: Date.parse('2026-03-10T00:00:00Z'), to: Date.parse('2026-03-11T00:00:00Z') };
    expect([...matchFaces(target.db, target.organizationId, [SELFIE], period, SAME_PERSON_DISTANCE).keys()].sort()).toEqual([kept, removed].sort());
    expect(heldFaces(target.db, target.organizationId)).toBe(2);
    await deleteMedia(target.db, createLocalStore(target.dataDir), target.organizationId, removed, () => {});
    expect(heldFaces(target.db, target.organizationId)).toBe(1);
    expect([...matchFaces(target.db, target.organizationId, [SELFIE], period, SAME_PERSON_DISTANCE).keys()]).toEqual([kept]);
    expect(count(target.db, 'media_faces')).toBe(1);
    expect(count(target.db, 'media_face_index')).toBe(1);
  });

  it('finds nothing once faces:purge removed the organization face data, even from another process', { timeout: 60_000 }, async () => {
    const target = await freshDatabase();
    describedPhoto(target.db, target, '2026-03-10T15:00:00.000Z', [SELFIE]);
    await importPhotos(target, 1, '2026-03-10T15:00:00.000Z');
    const engine = countingEngine();
    expect((await search(target.db, target.organizationId, engine, '2026-03-10')).cards).toHaveLength(1);
    const purge = await runCli(target.dataDir, 'faces:purge', '--org', 'demo');
    expect(purge.stdout.trim()).toBe('Faces of demo purged: 1 photo(s) forgotten');
    expect(count(target.db, 'media_faces')).toBe(0);
    expect(count(target.db, 'media_face_index')).toBe(0);
    expect(count(target.db, 'face_jobs')).toBe(0);
    expect(await search(target.db, target.organizationId, engine, '2026-03-10')).toMatchObject({ cards: [], pending: 0 });
    // This process let go of the purged faces too.
    expect(heldFaces(target.db, target.organizationId)).toBe(0);
  });

  it('never stores the selfie descriptors', async () => {
    const target = await freshDatabase();
    await search(target.db, target.organizationId, countingEngine(), '2026-03-10');
    expect(count(target.db, 'media_faces')).toBe(0);
    expect(count(target.db, 'media_face_index')).toBe(0);
  });
});

describe('the in-memory index', () => {
  it('answers as a scan of every face with faceDistance would, also after more faces arrive', async () => {
    const target = await freshDatabase();
    let state = 42;
    const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
    const people = Array.from({ length: 30 }, (_, i) => descriptor(i + 100));
    const day = Date.parse('2026-03-10T00:00:00Z');
    const stored: Array<{ mediaId: string; captured: number; faces: Float32Array[] }> = [];
    const addPhotos = (n: number) => {
      for (let i = 0; i < n; i++) {
        // Faces of random people, some close to them, some too far (0.16 to 0.65 away).
        const faces = Array.from({ length: 1 + Math.floor(random() * 3) }, () => near(people[Math.floor(random() * people.length)]!, Math.floor(random() * 1e6), 0.2 + random() * 0.6));
        const captured = day + Math.floor(random() * 3 * 86_400_000);
        stored.push({ mediaId: describedPhoto(target.db, target, new Date(captured).toISOString(), faces), captured, faces });
      }
    };
    const wanted = [people[0]!, near(people[1]!, 5, 0.1)];
    const period = { from: day + 86_400_000, to: day + 2 * 86_400_000 };
    const bruteForce = () => {
      const best = new Map<string, number>();
      for (const photo of stored) {
        if (photo.captured < period.from || photo.captured >= period.to) continue;
        for (const face of photo.faces) {
          const distance = Math.min(...wanted.map((target) => faceDistance(target, face)));
          if (distance < SAME_PERSON_DISTANCE && distance < (best.get(photo.mediaId) ?? Infinity)) best.set(photo.mediaId, distance);
        }
      }
      return best;
    };
    const compare = () => {
      const expected = bruteForce();
      const found = matchFaces(target.db, target.organizationId, wanted, period, SAME_PERSON_DISTANCE);
      expect([...found.keys()].sort()).toEqual([...expected.keys()].sort());
      // The same numbers: near the threshold the index decides on the stored descriptors.
      expect(found).toEqual(expected);
      return expected.size;
    };
    addPhotos(400);
    expect(compare()).toBeGreaterThan(5);
    // Faces described after the index was loaded count at once.
    addPhotos(100);
    compare();
  });
});

describe('organization time zone', () => {
  it('is an IANA name, America/Sao_Paulo when not given', () => {
    const { web_name, name, ...rest } = DEMO_ORGANIZATION;
    const parsed = parseOrganizationInput({ web_name, name, ...rest });
    expect(parsed.ok && parsed.organization.timezone).toBe('America/Sao_Paulo');
    const wrong = parseOrganizationInput({ web_name, name, ...rest, timezone: 'Mars/Olympus' });
    expect(wrong.ok ? [] : wrong.problems).toEqual([expect.stringContaining('timezone')]);
    expect(parseOrganizationInput({ web_name, name, ...rest, timezone: '+03:00' }).ok).toBe(false);
    expect(parseOrganizationInput({ web_name, name, ...rest, timezone: 'Europe/Lisbon' }).ok).toBe(true);
  });

  it('reads as the default for organizations stored before it existed', async () => {
    const target = await freshDatabase();
    const { web_name: _w, name: _n, timezone: _t, ...old } = { ...DEMO_ORGANIZATION, timezone: undefined };
    target.db.prepare('UPDATE organizations SET profile = ? WHERE id = ?').run(JSON.stringify(old), target.organizationId);
    expect(findOrganizationById(target.db, target.organizationId)?.timezone).toBe('America/Sao_Paulo');
  });
});
