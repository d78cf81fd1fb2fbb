import { sql } from 'kysely';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireFaceSearchAnswer } from '@gallery/contract/media';
import { demoSamplePath } from '../../server/src/services/seed.ts';
import { createTestApi, runCli, type TestApi, row } from './helpers.ts';
import { count, jpeg, jpegClaiming, MALFORMED_MULTIPART, multipart, scratchFiles, type Part } from './visitor-helpers.ts';

// The real engine (face-api on tfjs-wasm) against the seeded demo: DEMO00001 holds samples 1-6
// unsold, DEMO00002 samples 1-3 sold, all captured an hour ago. The samples are group photos
// of different people, so a photo of sample 1's people finds sample 1 on both cards.

let api: TestApi;
let orgId: number;
const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

const part = (data: Buffer, name = 'selfie.jpg'): Part => ({ field: 'photos[]', filename: name, contentType: 'image/jpeg', data });
const search = (parts: readonly Part[], query = `organization_id=${orgId}&from_date=${yesterday}&to_date=${today}`) =>
  api.app.inject({ method: 'POST', url: `/api/v1/card/search/photo?${query}`, ...multipart(parts) });

beforeAll(async () => {
  api = await createTestApi();
  orgId = ((await row(api.db, sql`SELECT id FROM organizations WHERE web_name = 'demo'`)) as { id: number }).id;
});
afterAll(() => api.close());

describe('faces:index', () => {
  // Three CLI runs, one of them describing 9 photos with the face model: slow on a loaded 2-core machine.
  it('looks at every photo of the organization once, ahead of the searches', { timeout: 120_000 }, async () => {
    // The seed queued the demo's photos: a search before they are described finds none of
    // them and says how many are still being processed.
    const early = (await search([part(readFileSync(demoSamplePath(1)))])).json<WireFaceSearchAnswer>();
    expect(early).toMatchObject({ cards: [], pending: 9 });
    expect(await count(api.db, 'media_face_index')).toBe(0);
    const first = await runCli(api.dataDir, 'faces:index', '--org', 'demo');
    expect(first.stdout.trim()).toBe('Faces of demo: 9 photo(s) indexed');
    expect(await count(api.db, 'media_face_index')).toBe(9);
    expect(await count(api.db, 'media_faces')).toBeGreaterThan(9);
    expect((await runCli(api.dataDir, 'faces:index', '--org', 'demo')).stdout.trim()).toBe('Faces of demo: 0 photo(s) indexed');
    const unknown = await runCli(api.dataDir, 'faces:index', '--org', 'nope');
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('unknown organization "nope"');
  });
});

describe('POST /api/v1/card/search/photo', () => {
  it('finds the cards with photos of the people in the visitor photo, the matching photo first', async () => {
    const response = await search([part(readFileSync(demoSamplePath(1)))]);
    expect(response.statusCode).toBe(200);
    const answer = response.json<WireFaceSearchAnswer>();
    expect(answer.cards.map((card) => card.card).sort()).toEqual(['DEMO00001', 'DEMO00002']);
    for (const card of answer.cards) expect(card.medias[0]?.filename).toBe('sample1.jpg');
    // Listed as the gallery lists them: unsold ones carry the cart's flag, sold ones do not.
    const unsold = answer.cards.find((card) => card.card === 'DEMO00001')?.medias[0];
    const sold = answer.cards.find((card) => card.card === 'DEMO00002')?.medias[0];
    expect(unsold).toMatchObject({ type: 'photo', selected: false, card: 'DEMO00001' });
    expect(sold).not.toHaveProperty('selected');
  });

  it('looks at each photo once: a second search describes nothing more and answers the same, nothing pending', async () => {
    const before = await count(api.db, 'media_faces');
    const answer = (await search([part(readFileSync(demoSamplePath(1)))])).json<WireFaceSearchAnswer>();
    expect(answer.cards).toHaveLength(2);
    expect(answer.pending).toBe(0);
    expect(await count(api.db, 'media_faces')).toBe(before);
  });

  it('finds nothing outside the period', async () => {
    const response = await search([part(readFileSync(demoSamplePath(1)))], `organization_id=${orgId}&from_date=2020-01-01&to_date=2020-01-02`);
    expect(response.statusCode).toBe(200);
    expect(response.json<WireFaceSearchAnswer>().cards).toEqual([]);
  });

  it('says FACE_NOT_FOUND when no photo shows a face, and keeps no file', async () => {
    const response = await search([part(await jpeg('#3366cc')), part(await jpeg('#cc6633'), 'b.jpg')]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: true, message: 'FACE_NOT_FOUND' });
    expect(await scratchFiles(api.dataDir)).toEqual([]);
  });

  it('refuses bad input with 4xx', async () => {
    const selfie = part(readFileSync(demoSamplePath(2)));
    const cases: Array<[Promise<{ statusCode: number; json(): unknown }>, number, string]> = [
      [search([selfie], `organization_id=${orgId}&from_date=yesterday&to_date=${today}`), 400, 'VALIDATION_ERROR'],
      [search([selfie], `organization_id=${orgId}&from_date=${today}&to_date=${yesterday}`), 400, 'VALIDATION_ERROR'],
      [search([selfie], `organization_id=${orgId}`), 400, 'VALIDATION_ERROR'],
      [search([part(Buffer.from('not an image at all'), 'fake.jpg')]), 400, 'INVALID_IMAGE'],
      [search(Array.from({ length: 6 }, () => selfie)), 400, 'VALIDATION_ERROR'],
      [search([{ field: 'other', filename: 'a.jpg', data: 'x' }]), 400, 'VALIDATION_ERROR'],
      [
        api.app.inject({ method: 'POST', url: `/api/v1/card/search/photo?organization_id=${orgId}&from_date=${yesterday}&to_date=${today}`, payload: {} }),
        415,
        'VALIDATION_ERROR',
      ],
    ];
    for (const [call, status, message] of cases) {
      const response = await call;
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ error: true, message });
    }
  });

  it('refuses an oversized or empty photo and malformed multipart bodies with a clear 4xx, keeping no file', async () => {
    const huge = await search([part(await jpegClaiming(20000, 13000), 'huge.jpg')]);
    expect(huge.json()).toEqual({ error: true, message: 'PAYLOAD_TOO_LARGE', detail: expect.stringContaining('huge.jpg') });
    expect(huge.statusCode).toBe(413);
    const empty = await search([part(Buffer.alloc(0), 'empty.jpg')]);
    expect(empty.json()).toMatchObject({ error: true, message: 'INVALID_IMAGE' });
    expect(empty.statusCode).toBe(400);
    for (const body of MALFORMED_MULTIPART) {
      const res = await api.app.inject({
        method: 'POST',
        url: `/api/v1/card/search/photo?organization_id=${orgId}&from_date=${yesterday}&to_date=${today}`,
        ...body,
      });
      expect(res.json(), body.payload).toMatchObject({ error: true, message: 'VALIDATION_ERROR' });
      expect(res.statusCode).toBe(400);
    }
    expect(await scratchFiles(api.dataDir)).toEqual([]);
  });

  it('is forbidden where the organization has no facial search', async () => {
    const found = (await row(api.db, sql`SELECT profile FROM organizations WHERE id = ${orgId}`)) as { profile: string };
    const profile = JSON.parse(found.profile) as { has_facial_recognition: boolean };
    await sql`UPDATE organizations SET profile = ${JSON.stringify({ ...profile, has_facial_recognition: false })} WHERE id = ${orgId}`.execute(api.db);
    try {
      const response = await search([part(readFileSync(demoSamplePath(1)))]);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: true, message: 'FORBIDDEN' });
    } finally {
      await sql`UPDATE organizations SET profile = ${found.profile} WHERE id = ${orgId}`.execute(api.db);
    }
  });
});
