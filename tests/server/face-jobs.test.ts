import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../server/src/db.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { transaction } from '../../server/src/db.ts';
import { createCard } from '../../server/src/repositories/cards.ts';
import { claimFaceJobs, insertFaces } from '../../server/src/repositories/faces.ts';
import { insertMedia, insertMedias, type NewMedia } from '../../server/src/repositories/media.ts';
import { findOrganizationById, upsertOrganization } from '../../server/src/repositories/organizations.ts';
import { faceDistance, SAME_PERSON_DISTANCE, type FaceEngine } from '../../server/src/services/face-engine.ts';
import { heldFaces, matchFaces, warmFaceIndexes } from '../../server/src/services/face-index.ts';
import { startFaceIndexer } from '../../server/src/services/face-jobs.ts';
import { searchByFaces } from '../../server/src/services/face-search.ts';
import { deleteMedia } from '../../server/src/services/media-delete.ts';
import { importMedias } from '../../server/src/services/media-import.ts';
import { newId } from '../../server/src/services/ids.ts';
import { parseOrganizationInput } from '../../server/src/services/organization-input.ts';
import { DEMO_ORGANIZATION, demoSamplePath } from '../../server/src/services/seed.ts';
import { makeTempDir, runCli, openTestDatabase, rows } from './helpers.ts';
import { count, jpeg } from './visitor-helpers.ts';
import { createLocalStore } from '../../server/src/storage/local-store.ts';

// The face indexing jobs and the in-memory index, with a stand-in engine (every image shows one
// face, `SELFIE`) so the mechanics are tested without inference; faces.test.ts runs the real one.

const SELFIE = descriptor(1);
const open: Array<{ db: Db; dataDir: string }> = [];

afterEach(async () => {
  for (const { db, dataDir } of open.splice(0)) {
    await db.destroy();
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
  const db = await openTestDatabase(dataDir);
  open.push({ db, dataDir });
  const organizationId = await upsertOrganization(db, { ...DEMO_ORGANIZATION, ...profile });
  const card = await createCard(db, { organizationId, code: 'FACES0001' });
  return { db, dataDir, organizationId, cardId: card.id };
}

/** Imports `n` small photos (real files, through the import that queues them) captured at `capturedAt`. */
async function importPhotos(target: { db: Db; dataDir: string; organizationId: number; cardId: string }, n: number, capturedAt: string) {
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

/** A photo's row, without files. */
function photoRow(target: { organizationId: number; cardId: string }, id: string, capturedAt: string): NewMedia {
  return {
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
  };
}

/** A photo row without files, with these faces already described. */
async function describedPhoto(db: Db, target: { organizationId: number; cardId: string }, capturedAt: string, faces: Float32Array[]): Promise<string> {
  const id = newId();
  await transaction(db, async (db) => {
    await insertMedia(db, photoRow(target, id, capturedAt));
    await insertFaces(db, [{ mediaId: id, descriptors: faces }]);
  });
  return id;
}

const search = async (db: Db, organizationId: number, engine: FaceEngine, fromDate: string, toDate = fromDate) =>
  searchByFaces(db, engine, {
    organization: (await findOrganizationById(db, organizationId))!,
    fromDate,
    toDate,
    photos: [{ name: 'selfie.jpg', bytes: readFileSync(demoSamplePath(1)) }],
  });

describe('face indexing jobs', () => {
  it('are queued by imports, only where the organization has facial search', async () => {
    const withFaces = await freshDatabase();
    await importPhotos(withFaces, 3, '2026-03-10T15:00:00.000Z');
    expect(await count(withFaces.db, 'face_jobs')).toBe(3);
    const without = await freshDatabase({ has_facial_recognition: false });
    await importPhotos(without, 3, '2026-03-10T15:00:00.000Z');
    expect(await count(without.db, 'face_jobs')).toBe(0);
  });

  it('survive a restart: a job claimed by a worker that died is done once its lease ends', { timeout: 60_000 }, async () => {
    const target = await freshDatabase();
    await importPhotos(target, 3, '2026-03-10T15:00:00.000Z');
    // A worker claims two jobs and the process dies with them: the database is closed mid-way.
    // One lease has ended by the restart, the other runs for a minute more.
    const nowMs = Date.now();
    const claim = (leaseExpiresAtMs: number) =>
      transaction(target.db, (db) => claimFaceJobs(db, { token: randomUUID(), leaseExpiresAtMs }, { nowMs, limit: 1 }));
    expect(await claim(nowMs - 1)).toHaveLength(1);
    const held = await claim(nowMs + 60_000);
    expect(held).toHaveLength(1);
    open.splice(
      open.findIndex((entry) => entry.db === target.db),
      1,
    );
    await target.db.destroy();

    const db = await openTestDatabase(target.dataDir);
    open.push({ db, dataDir: target.dataDir });
    const engine = countingEngine();
    const indexer = startFaceIndexer(db, createLocalStore(target.dataDir), engine, { concurrency: 2, log: () => {} });
    try {
      await vi.waitFor(async () => expect(await count(db, 'face_jobs')).toBe(1), { timeout: 30_000, interval: 50 });
    } finally {
      await indexer.stop();
    }
    // The job whose lease still runs is left to its holder (another instance may be alive).
    expect((await rows<{ media_id: string }>(db, sql`SELECT media_id FROM face_jobs`)).map((job) => job.media_id)).toEqual(held.map((job) => job.id));
    expect(await count(db, 'media_face_index')).toBe(2);
    expect(engine.calls).toHaveLength(2);
  });

  it('faces:index queues the photos never indexed and drains the queue', { timeout: 120_000 }, async () => {
    const target = await freshDatabase();
    // Two photos imported into an organization without facial search, which then gets it.
    await transaction(target.db, (db) => upsertOrganization(db, { ...DEMO_ORGANIZATION, has_facial_recognition: false }));
    await importPhotos(target, 2, '2026-03-10T15:00:00.000Z');
    expect(await count(target.db, 'face_jobs')).toBe(0);
    const file = path.join(target.dataDir, 'demo.json');
    const { web_name, name, has_facial_recognition: _flag, ...rest } = DEMO_ORGANIZATION;
    writeFileSync(file, JSON.stringify({ web_name, name, ...rest, has_facial_recognition: true }));
    expect((await runCli(target.dataDir, 'org:upsert', file)).code).toBe(0);
    expect(await count(target.db, 'face_jobs')).toBe(2);
    const run = await runCli(target.dataDir, 'faces:index', '--org', 'demo');
    expect(run.stdout.trim()).toBe('Faces of demo: 2 photo(s) indexed');
    expect(run.stderr).toContain('2/2');
    expect(await count(target.db, 'face_jobs')).toBe(0);
    expect(await count(target.db, 'media_face_index')).toBe(2);
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
    expect(await count(target.db, 'media_face_index')).toBe(0);
    // Outside the period none of them is pending.
    expect((await search(target.db, target.organizationId, engine, '2026-03-12')).pending).toBe(0);
  });

  it('follows the organization time zone: 22:00 in Sao Paulo is 01:00 UTC of the next day', async () => {
    const target = await freshDatabase();
    const id = await describedPhoto(target.db, target, '2026-03-11T01:00:00.000Z', [SELFIE]);
    const engine = countingEngine();
    const cardsOn = async (day: string) =>
      (await search(target.db, target.organizationId, engine, day)).cards.flatMap((card) => card.medias.map((media) => media.id));
    expect(await cardsOn('2026-03-10')).toEqual([id]);
    expect(await cardsOn('2026-03-11')).toEqual([]);
    // The same photo in an organization whose days are UTC's.
    await transaction(target.db, (db) => upsertOrganization(db, { ...DEMO_ORGANIZATION, timezone: 'UTC' }));
    expect(await cardsOn('2026-03-10')).toEqual([]);
    expect(await cardsOn('2026-03-11')).toEqual([id]);
  });

  it('forgets a deleted photo at once', async () => {
    const target = await freshDatabase({ features: { site: { ...DEMO_ORGANIZATION.features.site, can_remove_photo: true } } });
    const kept = await describedPhoto(target.db, target, '2026-03-10T15:00:00.000Z', [SELFIE]);
    const removed = await describedPhoto(target.db, target, '2026-03-10T16:00:00.000Z', [near(SELFIE, 7, 0.1)]);
    const period = { from: Date.parse('2026-03-10T00:00:00Z'), to: Date.parse('2026-03-11T00:00:00Z') };
    expect([...(await matchFaces(target.db, target.organizationId, [SELFIE], period, SAME_PERSON_DISTANCE)).keys()].sort()).toEqual([kept, removed].sort());
    expect(heldFaces(target.db, target.organizationId)).toBe(2);
    await deleteMedia(target.db, createLocalStore(target.dataDir), target.organizationId, removed, () => {});
    expect(heldFaces(target.db, target.organizationId)).toBe(1);
    expect([...(await matchFaces(target.db, target.organizationId, [SELFIE], period, SAME_PERSON_DISTANCE)).keys()]).toEqual([kept]);
    expect(await count(target.db, 'media_faces')).toBe(1);
    expect(await count(target.db, 'media_face_index')).toBe(1);
  });

  it('finds nothing once faces:purge removed the organization face data, even from another process', { timeout: 60_000 }, async () => {
    const target = await freshDatabase();
    await describedPhoto(target.db, target, '2026-03-10T15:00:00.000Z', [SELFIE]);
    await importPhotos(target, 1, '2026-03-10T15:00:00.000Z');
    const engine = countingEngine();
    expect((await search(target.db, target.organizationId, engine, '2026-03-10')).cards).toHaveLength(1);
    const purge = await runCli(target.dataDir, 'faces:purge', '--org', 'demo');
    expect(purge.stdout.trim()).toBe('Faces of demo purged: 1 photo(s) forgotten');
    expect(await count(target.db, 'media_faces')).toBe(0);
    expect(await count(target.db, 'media_face_index')).toBe(0);
    expect(await count(target.db, 'face_jobs')).toBe(0);
    expect(await search(target.db, target.organizationId, engine, '2026-03-10')).toMatchObject({ cards: [], pending: 0 });
    // This process let go of the purged faces too.
    expect(heldFaces(target.db, target.organizationId)).toBe(0);
  });

  it('never stores the selfie descriptors', async () => {
    const target = await freshDatabase();
    await search(target.db, target.organizationId, countingEngine(), '2026-03-10');
    expect(await count(target.db, 'media_faces')).toBe(0);
    expect(await count(target.db, 'media_face_index')).toBe(0);
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
    const addPhotos = async (n: number) => {
      for (let i = 0; i < n; i++) {
        // Faces of random people, some close to them, some too far (0.16 to 0.65 away).
        const faces = Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
          near(people[Math.floor(random() * people.length)]!, Math.floor(random() * 1e6), 0.2 + random() * 0.6),
        );
        const captured = day + Math.floor(random() * 3 * 86_400_000);
        stored.push({ mediaId: await describedPhoto(target.db, target, new Date(captured).toISOString(), faces), captured, faces });
      }
    };
    // One face (scanned alone), two (a triple pass), four (a triple and one alone).
    const wantedSets = [[people[0]!], [people[0]!, near(people[1]!, 5, 0.1)], [people[2]!, people[3]!, near(people[1]!, 5, 0.1), people[0]!]];
    // The middle day, and all three (its chunk is then wholly inside).
    const periods = [
      { from: day + 86_400_000, to: day + 2 * 86_400_000 },
      { from: day, to: day + 3 * 86_400_000 },
    ];
    /** Photos with a face at `distance` from the first wanted face, in the middle day: the rounded codes cannot tell these apart. */
    const plantAt = async (distance: number, n: number) => {
      for (let i = 0; i < n; i++) {
        const direction = descriptor(5000 + i);
        const length = Math.hypot(...direction);
        const face = people[0]!.map((value, d) => value + (direction[d]! / length) * distance);
        const captured = day + 86_400_000 + 3_600_000;
        stored.push({ mediaId: await describedPhoto(target.db, target, new Date(captured).toISOString(), [face]), captured, faces: [face] });
      }
    };
    let period = periods[0]!;
    const bruteForce = (wanted: readonly Float32Array[]) => {
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
    const compare = async () => {
      const sizes: number[] = [];
      for (period of periods) {
        for (const wanted of wantedSets) {
          const expected = bruteForce(wanted);
          const found = await matchFaces(target.db, target.organizationId, wanted, period, SAME_PERSON_DISTANCE);
          expect([...found.keys()].sort()).toEqual([...expected.keys()].sort());
          // The same numbers: near the threshold the index decides on the stored descriptors.
          expect(found).toEqual(expected);
          sizes.push(expected.size);
        }
      }
      return Math.min(...sizes);
    };
    await addPhotos(400);
    // A hair inside and a hair outside the threshold: the exact check decides.
    await plantAt(SAME_PERSON_DISTANCE - 1e-5, 10);
    await plantAt(SAME_PERSON_DISTANCE + 1e-5, 10);
    expect(await compare()).toBeGreaterThan(2);
    // Faces described after the index was loaded count at once.
    await addPhotos(100);
    await compare();
  });
});

describe('loading an index', () => {
  it('takes slices: other requests are answered before it ends, and searches meanwhile share the one load', async () => {
    const target = await freshDatabase();
    // 24,000 faces (a dozen slices), 4 a photo, all in the period.
    const capturedAt = '2026-03-10T12:00:00.000Z';
    await transaction(target.db, async (db) => {
      for (let first = 0; first < 6000; first += 1000) {
        const photos = Array.from({ length: 1000 }, (_, i) => {
          const id = newId();
          return { id, faces: Array.from({ length: 4 }, (__, n) => descriptor((first + i) * 4 + n + 1000)) };
        });
        await insertMedias(
          db,
          photos.map(({ id }) => photoRow(target, id, capturedAt)),
        );
        await insertFaces(
          db,
          photos.map(({ id, faces }) => ({ mediaId: id, descriptors: faces })),
        );
      }
    });
    const wanted = [descriptor(1000)];
    const period = { from: Date.parse('2026-03-10T00:00:00Z'), to: Date.parse('2026-03-11T00:00:00Z') };
    const app = buildApp({ db: target.db, dataDir: target.dataDir });
    try {
      const finished: string[] = [];
      let heldWhenAnswered = -1;
      const searches = [1, 2].map((n) =>
        matchFaces(target.db, target.organizationId, wanted, period, SAME_PERSON_DISTANCE).then((found) => {
          finished.push(`search ${n}`);
          return found;
        }),
      );
      // Asked once the load is under way (a first slice held; on PostgreSQL the first slice is a
      // round trip away, so asking at once would be answered before the load began).
      await vi.waitFor(() => expect(heldFaces(target.db, target.organizationId)).toBeGreaterThan(0), { timeout: 30_000, interval: 1 });
      const health = app.inject({ method: 'GET', url: '/healthz' }).then((response) => {
        finished.push('health');
        heldWhenAnswered = heldFaces(target.db, target.organizationId);
        return response.statusCode;
      });
      const [first, second] = await Promise.all(searches);
      expect(await health).toBe(200);
      // The health answer first; the searches' exact checks may then end in either order (on
      // PostgreSQL each has a connection of its own).
      expect(finished[0]).toBe('health');
      expect([...finished].sort()).toEqual(['health', 'search 1', 'search 2']);
      // Answered while the index held part of the faces only.
      expect(heldWhenAnswered).toBeGreaterThan(0);
      expect(heldWhenAnswered).toBeLessThan(24_000);
      // Both found the planted face, from one index holding each face once.
      expect(first?.size).toBe(1);
      expect(second).toEqual(first);
      expect(heldFaces(target.db, target.organizationId)).toBe(24_000);
    } finally {
      await app.close();
    }
  });

  it('is done ahead for the organizations with facial search, not for the others', async () => {
    const target = await freshDatabase();
    const other = await upsertOrganization(target.db, { ...DEMO_ORGANIZATION, web_name: 'nofaces', has_facial_recognition: false });
    const otherCard = await createCard(target.db, { organizationId: other, code: 'NOFACES01' });
    await describedPhoto(target.db, target, '2026-03-10T12:00:00.000Z', [SELFIE]);
    await describedPhoto(target.db, { organizationId: other, cardId: otherCard.id }, '2026-03-10T12:00:00.000Z', [SELFIE]);
    await warmFaceIndexes(target.db, { signal: new AbortController().signal, log: (message) => expect.fail(message) });
    expect(heldFaces(target.db, target.organizationId)).toBe(1);
    expect(heldFaces(target.db, other)).toBe(0);
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
    await sql`UPDATE organizations SET profile = ${JSON.stringify(old)} WHERE id = ${target.organizationId}`.execute(target.db);
    expect((await findOrganizationById(target.db, target.organizationId))?.timezone).toBe('America/Sao_Paulo');
  });
});
