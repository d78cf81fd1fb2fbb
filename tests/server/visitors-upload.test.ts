import { sql } from 'kysely';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireMediasAnswer, WireUploadAnswer } from '@gallery/contract/media';
import type { WireOrganization } from '@gallery/contract/organization';
import { demoSamplePath } from '../../server/src/services/seed.ts';
import { randomCardCode } from '../../server/src/services/visitor-upload.ts';
import { createTestApi, type TestApi, row, rows } from './helpers.ts';
import { count, jpeg, jpegClaiming, MALFORMED_MULTIPART, mediaFiles, multipart, scratchFiles, sha256, type Part } from './visitor-helpers.ts';

let api: TestApi;
let orgId: number;

const upload = (parts: readonly Part[], query = '', org: number | string = orgId) => {
  const body = multipart(parts);
  return api.app.inject({ method: 'POST', url: `/api/v1/photo/${org}${query}`, ...body });
};
const photo = async (name = 'my photo.jpg', color?: string): Promise<Part> => ({
  field: 'photos[]',
  filename: name,
  contentType: 'image/jpeg',
  data: await jpeg(color),
});
const setFeatures = async (site: Partial<WireOrganization['features']['site']>) => {
  const found = (await row(api.db, sql`SELECT profile FROM organizations WHERE id = ${orgId}`)) as { profile: string };
  const profile = JSON.parse(found.profile) as Pick<WireOrganization, 'features'>;
  profile.features.site = { ...profile.features.site, ...site };
  await sql`UPDATE organizations SET profile = ${JSON.stringify(profile)} WHERE id = ${orgId}`.execute(api.db);
};
/** Rows and files, to prove a refused call changed nothing. */
const snapshot = async () => ({
  cards: await count(api.db, 'cards'),
  media: await count(api.db, 'media'),
  files: await mediaFiles(api.dataDir),
  scratch: await scratchFiles(api.dataDir),
});

beforeAll(async () => {
  api = await createTestApi();
  orgId = ((await row(api.db, sql`SELECT id FROM organizations WHERE web_name = 'demo'`)) as { id: number }).id;
});
afterAll(() => api.close());

describe('POST /api/v1/photo/:org', () => {
  let code = '';

  it('files the photos into a new upload card, sold and clean', async () => {
    const first = await photo('Praia São.jpg', '#ff0000');
    const res = await upload([first, await photo('b.jpg', '#00ff00'), { field: 'note', data: 'ignored' }]);
    expect(res.statusCode).toBe(200);
    const body = res.json<WireUploadAnswer>();
    expect(body).toEqual({ error: false, card_code: expect.stringMatching(/^[A-HJ-NP-Z2-9]{9}$/) });
    code = body.card_code;
    const card = (await row(api.db, sql`SELECT id, origin FROM cards WHERE code = ${code}`)) as { id: string; origin: string };
    expect(card.origin).toBe('upload');
    const media = (await rows(
      api.db,
      sql`SELECT id, filename, sold_at_venue, must_edit, sha256 FROM media WHERE card_id = ${card.id} ORDER BY filename`,
    )) as Array<{ id: string; filename: string; sold_at_venue: number; must_edit: number; sha256: string }>;
    expect(media.map((row) => [row.filename, row.sold_at_venue, row.must_edit])).toEqual([
      ['Praia_Sao.jpg', 1, 0],
      ['b.jpg', 1, 0],
    ]);
    expect(media[0]?.sha256).toBe(sha256(first.data as Buffer));
    const list = (await api.app.inject({ method: 'POST', url: `/api/v1/medias/${orgId}/${code}`, payload: { cards: [code] } })).json<WireMediasAnswer>();
    expect(list.sold_medias).toHaveLength(2);
    const original = await api.app.inject(`/api/v1/photo/download/${media[0]?.id}/x.jpg?size=original`);
    expect(original.statusCode).toBe(200);
    expect(await scratchFiles(api.dataDir)).toEqual([]);
  });

  it('adds to the same upload card (code in any form), honouring must_edit', async () => {
    const formatted = `${code.slice(0, 2)}-${code.slice(2, 6)}-${code.slice(6).toLowerCase()}`;
    const res = await upload([await photo('c.png')], `?card_code=${formatted}&must_edit=True`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ error: false, card_code: code });
    const stored = (await row(api.db, sql`SELECT must_edit FROM media WHERE filename = 'c.jpg'`)) as { must_edit: number };
    expect(stored.must_edit).toBe(1);
    await setFeatures({ must_edit_photo: true });
    try {
      expect((await upload([await photo('d.jpg')], `?card_code=${code}`)).statusCode).toBe(200);
      expect(((await row(api.db, sql`SELECT must_edit FROM media WHERE filename = 'd.jpg'`)) as { must_edit: number }).must_edit).toBe(1);
    } finally {
      await setFeatures({ must_edit_photo: false });
    }
    expect(await row(api.db, sql`SELECT count(*) AS n FROM media m JOIN cards c ON c.id = m.card_id WHERE c.code = ${code}`)).toEqual({ n: 4 });
  });

  it('refuses fake image bytes for the whole batch, writing nothing', async () => {
    const before = await snapshot();
    const res = await upload([await photo('good.jpg'), { field: 'photos[]', filename: 'fake.jpg', contentType: 'image/jpeg', data: 'not really a jpeg' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: true, message: 'INVALID_IMAGE', detail: 'fake.jpg is not a PNG or JPEG image' });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses oversized, cut and empty images with a clear 4xx for the whole batch, writing nothing', async () => {
    const before = await snapshot();
    const sample = await fs.readFile(demoSamplePath(1));
    const bad = (filename: string, data: Buffer): Part => ({ field: 'photos[]', filename, contentType: 'image/jpeg', data });
    const cases: Array<[Part, number, string]> = [
      [bad('huge.jpg', await jpegClaiming(20000, 13000)), 413, 'PAYLOAD_TOO_LARGE'],
      [bad('cut.jpg', sample.subarray(0, sample.length / 2)), 400, 'INVALID_IMAGE'],
      [bad('empty.jpg', Buffer.alloc(0)), 400, 'INVALID_IMAGE'],
    ];
    for (const [part, status, message] of cases) {
      const res = await upload([await photo('good.jpg'), part]);
      expect(res.json(), part.filename).toEqual({ error: true, message, detail: expect.stringContaining(part.filename ?? '') });
      expect(res.statusCode).toBe(status);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses malformed multipart bodies with 400, writing nothing', async () => {
    const before = await snapshot();
    for (const body of MALFORMED_MULTIPART) {
      const res = await api.app.inject({ method: 'POST', url: `/api/v1/photo/${orgId}`, ...body });
      expect(res.json(), body.payload).toMatchObject({ error: true, message: 'VALIDATION_ERROR' });
      expect(res.statusCode).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses cards that are not the visitor's own uploads", async () => {
    const before = await snapshot();
    for (const query of ['?card_code=DEMO00001', '?card_code=NOSUCH999', '?card_code=abc']) {
      const res = await upload([await photo()], query);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: true, message: 'CARD_NOT_FOUND' });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('is FORBIDDEN when the organization takes no photos; 404 for unknown organizations', async () => {
    const before = await snapshot();
    await setFeatures({ can_send_photo: false });
    try {
      const res = await upload([await photo()]);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('FORBIDDEN');
    } finally {
      await setFeatures({ can_send_photo: true });
    }
    const unknown = await upload([await photo()], '', 999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('ORGANIZATION_NOT_FOUND');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses bad input with 4xx and writes nothing', async () => {
    const before = await snapshot();
    const cases: Array<[Promise<{ statusCode: number; json(): { message: string } }>, number, string]> = [
      [upload([]), 400, 'VALIDATION_ERROR'],
      [upload([{ field: 'note', data: 'x' }]), 400, 'VALIDATION_ERROR'],
      [upload([await photo(), { field: 'avatar', filename: 'a.jpg', data: await jpeg() }]), 400, 'VALIDATION_ERROR'],
      [upload([await photo()], '?must_edit=maybe'), 400, 'VALIDATION_ERROR'],
      [upload([await photo()], '', 'abc'), 400, 'VALIDATION_ERROR'],
      [api.app.inject({ method: 'POST', url: `/api/v1/photo/${orgId}`, payload: { photos: [] } }), 415, 'VALIDATION_ERROR'],
      [upload(await Promise.all(Array.from({ length: 21 }, (_, i) => photo(`p${i}.jpg`)))), 413, 'PAYLOAD_TOO_LARGE'],
      [upload([{ field: 'photos[]', filename: 'huge.jpg', data: Buffer.concat([await jpeg(), Buffer.alloc(25 * 1024 * 1024)]) }]), 413, 'PAYLOAD_TOO_LARGE'],
    ];
    for (const [pending, status, message] of cases) {
      const res = await pending;
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('makes codes from the unambiguous alphabet', () => {
    for (let i = 0; i < 200; i++) expect(randomCardCode()).toMatch(/^[A-HJ-NP-Z2-9]{9}$/);
  });
});

describe('DELETE /api/v1/media/:id', () => {
  const remove = (id: string, query = `?organization_id=${orgId}`) => api.app.inject({ method: 'DELETE', url: `/api/v1/media/${id}${query}` });
  let target = '';

  beforeAll(async () => {
    target = ((await row(api.db, sql`SELECT m.id FROM media m JOIN cards c ON c.id = m.card_id WHERE c.code = 'DEMO00001' LIMIT 1`)) as { id: string }).id;
  });

  it('is FORBIDDEN unless the organization allows removing photos', async () => {
    const before = await snapshot();
    const res = await remove(target);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('FORBIDDEN');
    expect(await snapshot()).toEqual(before);
  });

  it('removes the row and its files', async () => {
    await setFeatures({ can_remove_photo: true });
    const media = await count(api.db, 'media');
    const res = await remove(target);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ error: false, message: 'OK' });
    expect(await count(api.db, 'media')).toBe(media - 1);
    await expect(fs.stat(path.join(api.dataDir, 'media', target))).rejects.toThrow();
    const again = await remove(target);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('MEDIA_NOT_FOUND');
  });

  it('answers 404 for other organizations and 400 for bad input, changing nothing', async () => {
    const other = ((await row(api.db, sql`SELECT m.id FROM media m JOIN cards c ON c.id = m.card_id WHERE c.code = 'DEMO00002' LIMIT 1`)) as { id: string }).id;
    const before = await snapshot();
    const notFound = await remove(other, '?organization_id=999');
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().message).toBe('MEDIA_NOT_FOUND');
    for (const query of ['', '?organization_id=abc', '?organization_id=-1']) {
      const res = await remove(other, query);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('VALIDATION_ERROR');
    }
    expect((await remove('x'.repeat(40))).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});
