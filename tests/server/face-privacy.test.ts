import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../server/src/db.ts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireFaceSearchAnswer } from '@gallery/contract/media';
import { faceEngine } from '../../server/src/services/face-engine.ts';
import { demoSamplePath } from '../../server/src/services/seed.ts';
import { createTestApi, runCli, type TestApi, row, rows } from './helpers.ts';
import { count, multipart, sha256, type Part } from './visitor-helpers.ts';

// LGPD: a face search's selfies are used for that search only. Whatever the search's outcome
// (cards found, no face, a bad image, too many photos), no selfie is left on disk (the data
// folder, or anything the test run added to the system's temporary folder), and nothing of it is
// kept in the database: no row added to the face tables, no stored value holding its descriptor.

let api: TestApi;
let orgId: number;
let tmpBefore: Set<string>;
const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
/** Every selfie sent, to look for afterwards. */
const sent: Buffer[] = [];

const part = (data: Buffer, name = 'selfie.jpg'): Part => {
  sent.push(data);
  return { field: 'photos[]', filename: name, contentType: 'image/jpeg', data };
};
const search = (parts: readonly Part[]) =>
  api.app.inject({
    method: 'POST',
    url: `/api/v1/card/search/photo?organization_id=${orgId}&from_date=${yesterday}&to_date=${today}`,
    ...multipart(parts),
  });

/** A selfie of sample 1's people unlike any stored photo: mirrored, cropped, its own bytes. */
/**
 * A picture without a face that no other test makes: random pixels. (A plain colour's JPEG bytes
 * are the same in every test that makes one, and other test files write theirs to the temporary
 * folder this test searches at the same time.)
 */
const noiseWithoutFace = () =>
  sharp(randomBytes(320 * 240 * 3), { raw: { width: 320, height: 240, channels: 3 } })
    .jpeg()
    .toBuffer();

const selfieOfSample1 = (quality: number) =>
  sharp(demoSamplePath(1)).flop().extract({ left: 200, top: 100, width: 1500, height: 900 }).jpeg({ quality }).toBuffer();

/** Row counts of the tables that hold faces (however the face index is laid out). */
async function faceTableCounts(db: Db): Promise<Record<string, number>> {
  const tables = (await db.introspection.getTables()).map((table) => table.name).filter((name) => name.includes('face'));
  return Object.fromEntries(await Promise.all(tables.map(async (name) => [name, await count(db, name)])));
}

/** Every value of every table, as bytes, to look for a descriptor in. */
async function storedValues(db: Db): Promise<Buffer[]> {
  const values: Buffer[] = [];
  for (const { name } of await db.introspection.getTables()) {
    for (const row of await rows(db, sql<Record<string, unknown>>`SELECT * FROM ${sql.table(name)}`)) {
      for (const value of Object.values(row)) {
        if (value instanceof Uint8Array || typeof value === 'string') values.push(Buffer.from(value));
      }
    }
  }
  return values;
}

/** The files under `root` (recursively), skipping what other processes remove or keep private meanwhile. */
async function filesUnder(root: string): Promise<string[]> {
  const stat = await fs.stat(root).catch(() => undefined);
  if (!stat) return [];
  if (stat.isFile()) return [root];
  if (!stat.isDirectory()) return [];
  const entries = await fs.readdir(root, { recursive: true }).catch(() => [] as string[]);
  return entries.map((entry) => path.join(root, entry));
}

/** The files holding a sent selfie: the same bytes, or a slice of one inside them. */
async function filesWithSelfies(files: readonly string[]): Promise<string[]> {
  const hashes = new Set(sent.map(sha256));
  const slices = sent.map((selfie) => selfie.subarray(selfie.length >> 1, (selfie.length >> 1) + 64));
  const found: string[] = [];
  for (const file of files) {
    const bytes = await fs.readFile(file).catch(() => undefined);
    if (bytes && (hashes.has(sha256(bytes)) || slices.some((slice) => slice.length && bytes.includes(slice)))) found.push(file);
  }
  return found;
}

beforeAll(async () => {
  tmpBefore = new Set(await fs.readdir(os.tmpdir()));
  api = await createTestApi();
  orgId = ((await row(api.db, sql`SELECT id FROM organizations WHERE web_name = 'demo'`)) as { id: number }).id;
  // Every photo indexed ahead, so a search has nothing of its own to add to the face tables.
  expect((await runCli(api.dataDir, 'faces:index', '--org', 'demo')).code).toBe(0);
});
afterAll(() => api.close());

describe('a face search keeps nothing of the selfies', () => {
  it('on every outcome: cards found, no face, a bad image, too many photos', async () => {
    const facesBefore = await faceTableCounts(api.db);
    expect(Object.values(facesBefore).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);

    const found = await search([part(await selfieOfSample1(90))]);
    expect(found.statusCode).toBe(200);
    expect(found.json<WireFaceSearchAnswer>().cards.length).toBeGreaterThan(0);

    const noFace = await search([part(await noiseWithoutFace()), part(await noiseWithoutFace(), 'b.jpg')]);
    expect(noFace.json()).toMatchObject({ error: true, message: 'FACE_NOT_FOUND' });

    const bad = await search([part(await selfieOfSample1(80)), part(Buffer.from(`not an image ${Date.now()} `.repeat(20)), 'bad.jpg')]);
    expect(bad.json()).toMatchObject({ error: true, message: 'INVALID_IMAGE' });

    const selfies = await Promise.all([70, 71, 72, 73, 74, 75].map(selfieOfSample1));
    const tooMany = await search(selfies.map((selfie, n) => part(selfie, `selfie-${n}.jpg`)));
    expect(tooMany.json()).toMatchObject({ error: true, message: 'VALIDATION_ERROR' });

    expect(await faceTableCounts(api.db)).toEqual(facesBefore);

    // Nowhere on disk: the whole data folder, and whatever appeared in the temporary folder.
    const added = (await fs.readdir(os.tmpdir())).filter((entry) => !tmpBefore.has(entry) && path.join(os.tmpdir(), entry) !== api.dataDir);
    const files = [...(await filesUnder(api.dataDir)), ...(await Promise.all(added.map((entry) => filesUnder(path.join(os.tmpdir(), entry))))).flat()];
    expect(files.length).toBeGreaterThan(0);
    expect(await filesWithSelfies(files)).toEqual([]);
  });

  it('stores no descriptor of the selfie', async () => {
    const selfie = await selfieOfSample1(88);
    const described = await faceEngine().describe(selfie);
    expect(described.length).toBeGreaterThan(0);
    expect((await search([part(selfie)])).statusCode).toBe(200);
    const values = await storedValues(api.db);
    for (const descriptor of described) {
      const bytes = Buffer.from(descriptor.buffer, descriptor.byteOffset, descriptor.byteLength);
      // Stored as float32 bytes or written out as numbers: either would show.
      const asText = Buffer.from(String(descriptor[0]));
      expect(values.some((value) => value.includes(bytes) || value.includes(asText))).toBe(false);
    }
    // The demo's own photo 1 is stored, its faces too: the check would see a descriptor there.
    const stored = (await faceEngine().describe(readFileSync(demoSamplePath(1))))[0]!;
    expect(values.some((value) => value.includes(Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength)))).toBe(true);
  });
});
