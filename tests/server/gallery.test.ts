import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireCardAnswer, WireMediasAnswer } from '@gallery/contract/media';
import type { WireOrganizationAnswer } from '@gallery/contract/organization';
import { createCard } from '../../server/src/repositories/cards.ts';
import { insertMedia } from '../../server/src/repositories/media.ts';
import { newId } from '../../server/src/services/ids.ts';
import { DEMO_ORGANIZATION } from '../../server/src/services/seed.ts';
import { createTestApi, demoOrganizationId, upsertTwoFactorOrganization, type TestApi } from './helpers.ts';

let api: TestApi;
let demoId: number;
let twoFactorId: number;

beforeAll(async () => {
  api = await createTestApi();
  demoId = await demoOrganizationId(api);
  // A second organization with two-factor on, one card with a secret and one photo row.
  twoFactorId = await upsertTwoFactorOrganization(api.db, 'secure', 'Secure');
  const card = await createCard(api.db, { organizationId: twoFactorId, code: 'SECURE001', secret: 'ABC123' });
  await insertMedia(api.db, {
    id: newId(),
    organization_id: twoFactorId,
    card_id: card.id,
    kind: 'photo',
    filename: 'a b.jpg',
    mime: 'image/jpeg',
    width: 10,
    height: 10,
    bytes: 1,
    sha256: '0',
    captured_at: new Date().toISOString(),
    sold_at_venue: 0,
  });
});
afterAll(() => api.close());

describe('GET /api/v1/organization/:webName', () => {
  it('answers the organization with every field', async () => {
    const res = await api.app.inject('/api/v1/organization/demo');
    expect(res.statusCode).toBe(200);
    const body = res.json<WireOrganizationAnswer>();
    expect(body).toEqual({ error: false, message: 'OK', organization: { id: demoId, timezone: 'America/Sao_Paulo', ...DEMO_ORGANIZATION } }); // the time zone's default filled in
  });

  it('looks the web name up case-insensitively', async () => {
    const res = await api.app.inject('/api/v1/organization/DeMo');
    expect(res.statusCode).toBe(200);
    expect(res.json<WireOrganizationAnswer>().organization.web_name).toBe('demo');
  });

  it('answers ORGANIZATION_NOT_FOUND for an unknown web name', async () => {
    const res = await api.app.inject('/api/v1/organization/nobody');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: true, message: 'ORGANIZATION_NOT_FOUND' });
  });

  it('lists organizations for the site build', async () => {
    const res = await api.app.inject('/api/v1/organizations');
    expect(res.json()).toEqual({
      error: false,
      organizations: [
        { id: demoId, web_name: 'demo', name: 'Demo', updated_at: expect.any(String) },
        { id: twoFactorId, web_name: 'secure', name: 'Secure', updated_at: expect.any(String) },
      ],
    });
  });
});

describe('GET /api/v1/card/:card/medias', () => {
  const get = (card: string, query: string) => api.app.inject(`/api/v1/card/${card}/medias?${query}`);

  it('answers the card with its media count, whatever the code is typed like', async () => {
    const res = await get('de-mo00_001', `organization_id=${demoId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<WireCardAnswer>();
    expect(body).toMatchObject({ error: false, card: { card: 'DEMO00001', medias_count: 6 }, medias_count: 6 });
    expect(body.card.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });

  it.each([
    ['a malformed code', 'DEMO0001'],
    ['an unknown card', 'ZZZZ99999'],
  ])('answers CARD_NOT_FOUND for %s', async (_label, code) => {
    const res = await get(code, `organization_id=${demoId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: true, message: 'CARD_NOT_FOUND' });
  });

  it('answers CARD_NOT_FOUND for a card of another organization', async () => {
    const res = await get('DEMO00001', `organization_id=${twoFactorId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: true, message: 'CARD_NOT_FOUND' });
  });

  it('answers CARD_EMPTY_MEDIA for a card without media', async () => {
    const res = await get('DE-MO00-003', `organization_id=${demoId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: true, message: 'CARD_EMPTY_MEDIA' });
  });

  it.each([
    ['missing', ''],
    ['not a number', 'organization_id=abc'],
    ['not whole', 'organization_id=1.5'],
    ['a flag', 'organization_id=true'],
    ['zero', 'organization_id=0'],
  ])('answers VALIDATION_ERROR naming organization_id when it is %s', async (_label, query) => {
    const res = await get('DEMO00001', query);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ error: true, message: 'VALIDATION_ERROR' });
    expect(body.detail).toContain('organization_id');
  });

  it('asks for the secret under two-factor', async () => {
    expect((await get('SECURE001', `organization_id=${twoFactorId}`)).statusCode).toBe(401);
    const wrong = await get('SECURE001', `organization_id=${twoFactorId}&secret=XYZ999`);
    expect(wrong.json()).toEqual({ error: true, message: 'CUSTOMER_CODE_NOT_FOUND' });
    const right = await get('SECURE001', `organization_id=${twoFactorId}&secret=abc123`);
    expect(right.statusCode).toBe(200);
    expect(right.json<WireCardAnswer>().medias_count).toBe(1);
  });
});

describe('POST /api/v1/medias/:org/:firstCard', () => {
  const post = (org: number, firstCard: string, cards: unknown, secret?: string) =>
    api.app.inject({
      method: 'POST',
      url: `/api/v1/medias/${org}/${firstCard}${secret === undefined ? '' : `?secret=${secret}`}`,
      payload: { cards },
    });

  it('lists the media of several cards split into sold and not sold', async () => {
    const res = await post(demoId, 'DE-MO00-001', ['de-mo00-002', 'DEMO00001']);
    expect(res.statusCode).toBe(200);
    const body = res.json<WireMediasAnswer>();
    expect(body.error).toBe(false);
    expect(body.not_sold_medias).toHaveLength(6);
    expect(body.sold_medias).toHaveLength(3);
    expect(body.extras).toEqual([]);
    expect(body.not_sold_medias.every((m) => m.card === 'DEMO00001' && m.selected === false)).toBe(true);
    expect(body.sold_medias.every((m) => m.card === 'DEMO00002' && !('selected' in m))).toBe(true);
    // The paths name the copy they serve, so a media sold meanwhile gets URLs no cache has seen.
    expect(body.sold_medias.every((m) => m.thumb_path.endsWith('&copy=clean') && m.preview_path.endsWith('&copy=clean'))).toBe(true);
    expect(body.not_sold_medias.map((m) => m.filename)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `sample${n}.jpg`));
    const [first] = body.not_sold_medias;
    expect(first).toEqual({
      type: 'photo',
      id: first?.id,
      filename: 'sample1.jpg',
      thumb_filename: 'thumb_sample1.jpg',
      preview_path: `/api/v1/photo/download/${first?.id}/sample1.jpg?size=preview&copy=watermarked`,
      thumb_path: `/api/v1/photo/download/${first?.id}/sample1.jpg?size=thumb&copy=watermarked`,
      card: 'DEMO00001',
      width: 1920,
      height: 1280,
      selected: false,
    });
    // Each media answers its own size: the grid keeps every photo's ratio.
    expect(body.not_sold_medias.map((m) => `${m.width}x${m.height}`)).toEqual(['1920x1280', '1920x1367', '1920x1350', '1920x1448', '1920x1398', '1920x1537']);
  });

  it('sends the list compressed to a client that accepts it, and plain to one that does not', async () => {
    const request = (encoding?: string) =>
      api.app.inject({
        method: 'POST',
        url: `/api/v1/medias/${demoId}/DEMO00001`,
        payload: { cards: ['DEMO00002'] },
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const plain = await request();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzipped = await request('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    // Photos are already compressed: they go as they are, whatever the client accepts.
    const photo = await api.app.inject({ url: plain.json<WireMediasAnswer>().sold_medias[0]!.thumb_path, headers: { 'accept-encoding': 'gzip, br' } });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-encoding']).toBeUndefined();
  });

  it('counts the first card even when the body leaves it out', async () => {
    const res = await post(demoId, 'DEMO00002', ['DEMO00003']);
    expect(res.statusCode).toBe(200);
    expect(res.json<WireMediasAnswer>().sold_medias).toHaveLength(3);
  });

  it('answers CARD_EMPTY_PHOTO when no card has media', async () => {
    const res = await post(demoId, 'DEMO00003', ['DEMO00003']);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: true, message: 'CARD_EMPTY_PHOTO' });
  });

  it('answers CARD_NOT_FOUND when any card is unknown', async () => {
    const res = await post(demoId, 'DEMO00001', ['ZZZZ99999']);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: true, message: 'CARD_NOT_FOUND' });
  });

  it.each([
    ['no cards', []],
    ['too many cards', Array.from({ length: 51 }, () => 'DEMO00001')],
    ['an overlong code', ['D'.repeat(33)]],
    ['a non-list', 42],
  ])('answers VALIDATION_ERROR for %s', async (_label, cards) => {
    const res = await post(demoId, 'DEMO00001', cards);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: true, message: 'VALIDATION_ERROR' });
  });

  it('checks the secret of every card under two-factor', async () => {
    const wrong = await post(twoFactorId, 'SECURE001', ['SECURE001'], 'XYZ999');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: true, message: 'CUSTOMER_CODE_NOT_FOUND' });
    expect((await post(twoFactorId, 'SECURE001', ['SECURE001'])).statusCode).toBe(401);
    const right = await post(twoFactorId, 'SECURE001', ['SE-CURE-001'], 'abc123');
    expect(right.statusCode).toBe(200);
    const body = right.json<WireMediasAnswer>();
    expect(body.not_sold_medias).toHaveLength(1);
    // File names travel URL-encoded in the paths.
    expect(body.not_sold_medias[0]?.thumb_path).toMatch(/\/a%20b\.jpg\?size=thumb&copy=/);
  });
});
