import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireMediasAnswer } from '@gallery/contract/media';
import type { WireOrganizationList } from '@gallery/contract/organization';
import { demoSamplePath } from '../../server/src/services/seed.ts';
import { createTestApi, meanPixelDifference, type TestApi } from './helpers.ts';

let api: TestApi;
let unsoldId: string;
let soldId: string;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const onDisk = (id: string, file: string) => fs.readFile(path.join(api.dataDir, 'media', id, file));
const download = (url: string) => api.app.inject(url);

beforeAll(async () => {
  api = await createTestApi();
  const orgs = (await api.app.inject('/api/v1/organizations')).json<WireOrganizationList>();
  const medias = await api.app.inject({
    method: 'POST',
    url: `/api/v1/medias/${orgs.organizations[0]?.id}/DEMO00001`,
    payload: { cards: ['DEMO00002'] },
  });
  const body = medias.json<WireMediasAnswer>();
  unsoldId = body.not_sold_medias[0]?.id ?? '';
  soldId = body.sold_medias[0]?.id ?? '';
});
afterAll(() => api.close());

describe('GET /api/v1/:type/download/:id/:filename', () => {
  it('refuses the original of an unsold media', async () => {
    const res = await download(`/api/v1/photo/download/${unsoldId}/sample1.jpg?size=original`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: true, message: 'MEDIA_NOT_SOLD' });
  });

  it('serves an unsold thumb watermarked, visibly different from the clean one', async () => {
    const res = await download(`/api/v1/photo/download/${unsoldId}/sample1.jpg?size=thumb`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const difference = await meanPixelDifference(res.rawPayload, await onDisk(unsoldId, 'thumb.jpg'));
    expect(difference).toBeGreaterThan(10);
  });

  it('defaults to the thumb size', async () => {
    const res = await download(`/api/v1/photo/download/${unsoldId}/sample1.jpg`);
    expect(res.rawPayload.equals(await onDisk(unsoldId, 'thumb-wm.jpg'))).toBe(true);
  });

  it('serves the unsold preview watermarked', async () => {
    const res = await download(`/api/v1/photo/download/${unsoldId}/sample1.jpg?size=preview`);
    expect(res.rawPayload.equals(await onDisk(unsoldId, 'preview-wm.jpg'))).toBe(true);
  });

  it('serves sold thumbs clean', async () => {
    const res = await download(`/api/v1/photo/download/${soldId}/sample1.jpg?size=thumb`);
    expect(res.rawPayload.equals(await onDisk(soldId, 'thumb.jpg'))).toBe(true);
  });

  it('serves the sold original byte for byte as an attachment', async () => {
    const res = await download(`/api/v1/photo/download/${soldId}/anything.jpg?size=original`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sample1.jpg"');
    expect(sha256(res.rawPayload)).toBe(sha256(await fs.readFile(demoSamplePath(1))));
  });

  it('tells browsers to take every file as its stated type, never as a page', async () => {
    for (const url of [`/api/v1/photo/download/${soldId}/x.jpg?size=original`, `/api/v1/photo/download/${unsoldId}/x.jpg?size=preview`]) {
      const res = await download(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    }
  });

  it('never uses the file name segment as a path', async () => {
    const res = await download(`/api/v1/photo/download/${unsoldId}/..%2F..%2Fprovider.sqlite?size=thumb`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(await onDisk(unsoldId, 'thumb-wm.jpg'))).toBe(true);
    const viaId = await download('/api/v1/photo/download/..%2F..%2Fprovider.sqlite/x.jpg?size=original');
    expect(viaId.statusCode).toBe(404);
    expect(viaId.json()).toEqual({ error: true, message: 'MEDIA_NOT_FOUND' });
  });

  it('answers MEDIA_NOT_FOUND for an unknown id or the wrong type', async () => {
    const unknown = await download('/api/v1/photo/download/AAAAAAAAAAAAAAAA/x.jpg');
    expect(unknown.statusCode).toBe(404);
    const mismatch = await download(`/api/v1/video/download/${unsoldId}/sample1.jpg`);
    expect(mismatch.statusCode).toBe(404);
    expect(mismatch.json()).toEqual({ error: true, message: 'MEDIA_NOT_FOUND' });
  });

  it('refuses an unknown size', async () => {
    const res = await download(`/api/v1/photo/download/${unsoldId}/sample1.jpg?size=huge`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: true, message: 'VALIDATION_ERROR' });
    expect(res.json().detail).toContain('size');
  });
});
