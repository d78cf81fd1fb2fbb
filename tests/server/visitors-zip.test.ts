import { sql } from 'kysely';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireMediasAnswer, WireZipAnswer } from '@gallery/contract/media';
import { findCard } from '../../server/src/repositories/cards.ts';
import { importMedias } from '../../server/src/services/media-import.ts';
import { demoSamplePath } from '../../server/src/services/seed.ts';
import { createTestApi, type TestApi, row } from './helpers.ts';
import { unzip } from '../support/zip.ts';
import { count, sha256 } from './visitor-helpers.ts';

let api: TestApi;
let orgId: number;
let sold: string[];
let unsold: string[];
let duplicates: string[];

const createZip = (payload: unknown, query = `organization_id=${orgId}`) =>
  api.app.inject({ method: 'POST', url: `/api/v1/medias/zip?${query}`, payload: payload as object, headers: { host: 'fotos.example:8080' } });
const pathOf = (url: string) => new URL(url).pathname;

beforeAll(async () => {
  // More ZIP calls in seconds than a visitor's budget allows; the limits have their own tests.
  api = await createTestApi({ rateLimit: { max: 1000 } });
  orgId = ((await row(api.db, sql`SELECT id FROM organizations WHERE web_name = 'demo'`)) as { id: number }).id;
  const list = (await api.app.inject({ method: 'POST', url: `/api/v1/medias/${orgId}/DEMO00001`, payload: { cards: ['DEMO00002'] } })).json<WireMediasAnswer>();
  sold = list.sold_medias.map((media) => media.id);
  unsold = list.not_sold_medias.map((media) => media.id);
  // sample1.jpg twice more (sold), so names collide in the archive.
  const card = await findCard(api.db, orgId, 'DEMO00002');
  const imported = await importMedias(
    api.db,
    api.store,
    [1, 1].map((n) => ({
      organizationId: orgId,
      cardId: card?.id ?? '',
      sourcePath: demoSamplePath(n),
      kind: 'photo',
      soldAtVenue: true,
      capturedAt: new Date().toISOString(),
    })),
  );
  duplicates = imported.map((media) => media.id);
});
afterAll(() => api.close());

describe('POST /api/v1/medias/zip', () => {
  it('answers an absolute, unguessable link built from the request host', async () => {
    const res = await createZip({ media_ids: sold });
    expect(res.statusCode).toBe(200);
    const body = res.json<WireZipAnswer>();
    expect(body.error).toBe(false);
    expect(body.url).toMatch(/^http:\/\/fotos\.example:8080\/api\/v1\/medias\/zip\/[A-Za-z0-9_-]{43}\/fotos\.zip$/);
    const again = (await createZip({ media_ids: sold })).json<WireZipAnswer>();
    expect(again.url).not.toBe(body.url);
  });

  it('streams the originals, byte for byte, with de-duplicated names', async () => {
    const ids = [...sold, ...duplicates, sold[0] ?? ''];
    const { url } = (await createZip({ media_ids: ids })).json<WireZipAnswer>();
    const res = await api.app.inject(pathOf(url));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="fotos.zip"');
    const entries = await unzip(res.rawPayload);
    // The repeated id appears once; the two extra sample1 copies get numbered names.
    expect(entries.map((entry) => entry.name)).toEqual(['sample1.jpg', 'sample2.jpg', 'sample3.jpg', 'sample1 (2).jpg', 'sample1 (3).jpg']);
    const expectedIds = [...sold, ...duplicates];
    for (const [i, entry] of entries.entries()) {
      const stored = await fs.readFile(path.join(api.dataDir, 'media', expectedIds[i] ?? '', 'original.jpg'));
      expect(sha256(entry.data)).toBe(sha256(stored));
    }
  });

  it('refuses unsold media: nothing stored, and no clean file gets out', async () => {
    const before = await count(api.db, 'zip_downloads');
    for (const ids of [unsold, [sold[0] ?? '', unsold[0] ?? '']]) {
      const res = await createZip({ media_ids: ids });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: true, message: 'MEDIA_NOT_SOLD' });
    }
    expect(await count(api.db, 'zip_downloads')).toBe(before);
    // Nor through a single download: only the watermarked preview comes out.
    const original = await api.app.inject(`/api/v1/photo/download/${unsold[0]}/x.jpg?size=original`);
    expect(original.statusCode).toBe(403);
    const preview = await api.app.inject(`/api/v1/photo/download/${unsold[0]}/x.jpg?size=preview`);
    const marked = await fs.readFile(path.join(api.dataDir, 'media', unsold[0] ?? '', 'preview-wm.jpg'));
    expect(preview.rawPayload.equals(marked)).toBe(true);
  });

  it("gives an extra's original exactly when the single download does", async () => {
    const card = await findCard(api.db, orgId, 'DEMO00002');
    const [unsoldExtra, soldExtra] = (
      await importMedias(
        api.db,
        api.store,
        [false, true].map((soldAtVenue) => ({
          organizationId: orgId,
          cardId: card?.id ?? '',
          sourcePath: demoSamplePath(4),
          kind: 'extra',
          soldAtVenue,
          capturedAt: new Date().toISOString(),
        })),
      )
    ).map((media) => media.id);
    // The list says which extras are the visitor's, so the gallery offers only those (and ZIPs them).
    const listed = await api.app.inject({ method: 'POST', url: `/api/v1/medias/${orgId}/DEMO00002`, payload: { cards: ['DEMO00002'] } });
    const extras = listed.json<WireMediasAnswer>().extras.map((extra) => ({ id: extra.id, sold: extra.sold }));
    expect(extras).toEqual(
      expect.arrayContaining([
        { id: unsoldExtra, sold: false },
        { id: soldExtra, sold: true },
      ]),
    );
    const single = (id: string) => api.app.inject(`/api/v1/extra/download/${id}/x.jpg?size=original`);
    const before = await count(api.db, 'zip_downloads');
    expect((await single(unsoldExtra ?? '')).statusCode).toBe(403);
    for (const ids of [[unsoldExtra ?? ''], [sold[0] ?? '', unsoldExtra ?? '']]) {
      const res = await createZip({ media_ids: ids });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: true, message: 'MEDIA_NOT_SOLD' });
    }
    expect(await count(api.db, 'zip_downloads')).toBe(before);
    expect((await single(soldExtra ?? '')).statusCode).toBe(200);
    const { url } = (await createZip({ media_ids: [soldExtra ?? ''] })).json<WireZipAnswer>();
    expect((await unzip((await api.app.inject(pathOf(url))).rawPayload)).map((entry) => entry.name)).toEqual(['sample4.jpg']);
  });

  it('re-checks the sold rule at download time', async () => {
    const { url } = (await createZip({ media_ids: [sold[1] ?? ''] })).json<WireZipAnswer>();
    await sql`UPDATE media SET sold_at_venue = 0 WHERE id = ${sold[1] ?? ''}`.execute(api.db);
    try {
      const res = await api.app.inject(pathOf(url));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: true, message: 'MEDIA_NOT_SOLD' });
      expect(res.headers['content-type']).not.toBe('application/zip');
    } finally {
      await sql`UPDATE media SET sold_at_venue = 1 WHERE id = ${sold[1] ?? ''}`.execute(api.db);
    }
  });

  it('answers 404 for unknown, malformed and expired links', async () => {
    const { url } = (await createZip({ media_ids: [sold[0] ?? ''] })).json<WireZipAnswer>();
    const token = pathOf(url).split('/')[5] ?? '';
    await sql`UPDATE zip_downloads SET expires_at = '2000-01-01T00:00:00.000Z' WHERE token = ${token}`.execute(api.db);
    for (const link of [pathOf(url), `/api/v1/medias/zip/${'A'.repeat(43)}/fotos.zip`, '/api/v1/medias/zip/short/fotos.zip']) {
      const res = await api.app.inject(link);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: true, message: 'NOT_FOUND' });
    }
  });

  it('refuses unknown media and media of another organization with 404', async () => {
    const other = await createZip({ media_ids: sold }, 'organization_id=999');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: true, message: 'ORGANIZATION_NOT_FOUND' });
    await sql`INSERT INTO organizations (web_name, name, profile) VALUES ('other', 'Other', ${(await row(api.db, sql<{ profile: string }>`SELECT profile FROM organizations WHERE web_name = 'demo'`))?.profile})`.execute(
      api.db,
    );
    const otherId = ((await row(api.db, sql`SELECT id FROM organizations WHERE web_name = 'other'`)) as { id: number }).id;
    const before = await count(api.db, 'zip_downloads');
    for (const res of [await createZip({ media_ids: [...sold, 'nope'] }), await createZip({ media_ids: sold }, `organization_id=${otherId}`)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: true, message: 'MEDIA_NOT_FOUND' });
    }
    expect(await count(api.db, 'zip_downloads')).toBe(before);
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const before = await count(api.db, 'zip_downloads');
    const bad: Array<[unknown, string?]> = [
      [{}],
      [{ media_ids: [] }],
      [{ media_ids: 'abc' }],
      [{ media_ids: [1, {}] }],
      [{ media_ids: ['x'.repeat(33)] }],
      [{ media_ids: Array.from({ length: 5001 }, (_, i) => `id${i}`) }],
      [{ media_ids: sold }, ''],
      [{ media_ids: sold }, 'organization_id=abc'],
      [{ media_ids: sold }, 'organization_id=0'],
    ];
    for (const [payload, query] of bad) {
      const res = await createZip(payload, query);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 50)).toBe(400);
      expect(res.json().message).toBe('VALIDATION_ERROR');
    }
    const huge = await api.app.inject({
      method: 'POST',
      url: `/api/v1/medias/zip?organization_id=${orgId}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ media_ids: ['x'.repeat(2 * 1024 * 1024)] }),
    });
    expect(huge.statusCode).toBe(413);
    expect(await count(api.db, 'zip_downloads')).toBe(before);
  });
});
