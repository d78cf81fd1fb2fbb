import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireGalleryStartAnswer, WireMediasAnswer } from '@gallery/contract/media';
import { transaction } from '../../server/src/db.ts';
import { createCard, findCard } from '../../server/src/repositories/cards.ts';
import { insertMedias, type NewMedia } from '../../server/src/repositories/media.ts';
import { newId } from '../../server/src/services/ids.ts';
import { createTestApi, demoOrganizationId, upsertTwoFactorOrganization, type TestApi } from './helpers.ts';

// The gallery's media a page at a time (issue 28): the pages, put end to end, are the whole list
// in its order; a cursor the API did not answer is refused in the one error shape.

let api: TestApi;
let demoId: number;
let twoFactorId: number;
const MEDIA = 250;

const ids = (answer: WireMediasAnswer) => [...answer.sold_medias, ...answer.not_sold_medias, ...answer.extras].map((m) => m.id);

function media(i: number, organizationId: number, cardId: string): NewMedia {
  return {
    id: newId(),
    organization_id: organizationId,
    card_id: cardId,
    kind: i % 50 === 7 ? 'extra' : i % 10 === 3 ? 'video' : 'photo',
    filename: `p${i}.jpg`,
    mime: 'image/jpeg',
    width: 10,
    height: 10,
    bytes: 1,
    sha256: '0',
    // Some share a capture time: the id orders them.
    captured_at: new Date(Date.UTC(2026, 0, 1, 8, 0, Math.floor(i / 3))).toISOString(),
    sold_at_venue: i % 4 === 0 ? 1 : 0,
  };
}

function page(body: Record<string, unknown>, org = demoId, first = 'BIGCARD01') {
  return api.app.inject({ method: 'POST', url: `/api/v1/medias/${org}/${first}`, payload: { cards: [first], ...body } });
}

beforeAll(async () => {
  api = await createTestApi();
  demoId = await demoOrganizationId(api);
  twoFactorId = await upsertTwoFactorOrganization(api.db, 'paged-secure', 'Paged secure');
  await transaction(api.db, async (db) => {
    const card = await createCard(db, { organizationId: demoId, code: 'BIGCARD01' });
    const secure = await createCard(db, { organizationId: twoFactorId, code: 'SECURE002', secret: 'ABC123' });
    await insertMedias(
      db,
      Array.from({ length: MEDIA }, (_, i) => media(i, demoId, card.id)),
    );
    await insertMedias(db, [media(1, twoFactorId, secure.id)]);
  });
});
afterAll(() => api.close());

describe('POST /api/v1/medias/:org/:firstCard, a page at a time', () => {
  it('walks the whole list in its order, page by page, with the counts of every list on each page', async () => {
    const whole = (await page({})).json<WireMediasAnswer>();
    expect(whole.next).toBeNull();
    expect(ids(whole)).toHaveLength(MEDIA);
    const walked: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const res = await page({ limit: 80, ...(after && { after }) });
      expect(res.statusCode).toBe(200);
      const answer = res.json<WireMediasAnswer>();
      expect(answer.counts).toEqual(whole.counts);
      expect(ids(answer).length).toBeLessThanOrEqual(80);
      walked.push(...ids(answer));
      after = answer.next ?? undefined;
      pages++;
    } while (after && pages < 10);
    expect(pages).toBe(Math.ceil(MEDIA / 80));
    expect(walked).toEqual(ids(whole));
    const { counts } = whole;
    expect(counts.sold_photos + counts.sold_videos).toBe(whole.sold_medias.length);
    expect(counts.not_sold_photos + counts.not_sold_videos).toBe(whole.not_sold_medias.length);
    expect(counts.extras).toBe(whole.extras.length);
    expect(counts.sold_videos).toBe(whole.sold_medias.filter((m) => m.type === 'video').length);
  });

  it('keeps its place when a media is added before the cursor, or the media of the cursor is deleted, meanwhile', async () => {
    const before = ids((await page({})).json<WireMediasAnswer>());
    const first = (await page({ limit: 100 })).json<WireMediasAnswer>();
    const card = await findCard(api.db, demoId, 'BIGCARD01');
    const early = newId();
    await insertMedias(api.db, [{ ...media(0, demoId, card!.id), id: early, captured_at: '2025-12-31T00:00:00.000Z', sold_at_venue: 1, kind: 'photo' }]);
    await api.db.deleteFrom('media').where('id', '=', before[99]!).execute();
    const second = (await page({ limit: 100, after: first.next })).json<WireMediasAnswer>();
    expect(ids(second)).toEqual(before.slice(100, 200));
    expect(ids((await page({})).json<WireMediasAnswer>())[0]).toBe(early);
  });

  it('refuses a cursor it did not answer with 400 VALIDATION_ERROR', async () => {
    const good = (await page({ limit: 10 })).json<WireMediasAnswer>().next!;
    const forged = Buffer.from(JSON.stringify([5, 'x', 'y'])).toString('base64url');
    for (const after of ['nonsense', `${good}x`, good.slice(0, -2), forged, Buffer.from('[1,2]').toString('base64url')]) {
      const res = await page({ limit: 10, after });
      expect(res.statusCode, after).toBe(400);
      expect(res.json(), after).toMatchObject({ error: true, message: 'VALIDATION_ERROR' });
    }
    for (const limit of [0, 1001, 'ten']) {
      expect((await page({ limit })).statusCode, String(limit)).toBe(400);
    }
  });
});

describe('GET /api/v1/medias/:org/:firstCard/gallery', () => {
  it('answers the organization and the first page together, and the next page follows its cursor', async () => {
    const res = await api.app.inject(`/api/v1/medias/${demoId}/BI-GCAR-D01/gallery?limit=80`);
    expect(res.statusCode).toBe(200);
    const start = res.json<WireGalleryStartAnswer>();
    expect(start.organization.id).toBe(demoId);
    expect(start.organization.web_name).toBe('demo');
    const whole = (await page({})).json<WireMediasAnswer>();
    expect(ids(start)).toEqual(ids(whole).slice(0, 80));
    expect(start.counts).toEqual(whole.counts);
    const next = (await page({ limit: 1000, after: start.next })).json<WireMediasAnswer>();
    expect([...ids(start), ...ids(next)]).toEqual(ids(whole));
    expect(next.next).toBeNull();
  });

  it('adds the other cards of the query', async () => {
    const start = (await api.app.inject(`/api/v1/medias/${demoId}/DEMO00001/gallery?cards=DEMO00002,BIGCARD01&limit=1000`)).json<WireGalleryStartAnswer>();
    const big = ids((await page({})).json<WireMediasAnswer>());
    expect(ids(start)).toHaveLength(big.length + 9);
    expect(ids(start)).toEqual(expect.arrayContaining(big));
  });

  it('opens a two-factor card only with its access code, as the other calls', async () => {
    const without = await api.app.inject(`/api/v1/medias/${twoFactorId}/SECURE002/gallery`);
    expect(without.statusCode).toBe(401);
    expect(without.json()).toEqual({ error: true, message: 'CUSTOMER_CODE_NOT_FOUND' });
    const wrong = await api.app.inject(`/api/v1/medias/${twoFactorId}/SECURE002/gallery?secret=WRONG1`);
    expect(wrong.statusCode).toBe(401);
    const right = await api.app.inject(`/api/v1/medias/${twoFactorId}/SECURE002/gallery?secret=abc123`);
    expect(right.statusCode).toBe(200);
    expect(ids(right.json<WireGalleryStartAnswer>())).toHaveLength(1);
  });

  it('answers an unknown card and a bad query in the one error shape', async () => {
    const unknown = await api.app.inject(`/api/v1/medias/${demoId}/ZZZZZZZZZ/gallery`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: true, message: 'CARD_NOT_FOUND' });
    const tooMany = await api.app.inject(`/api/v1/medias/${demoId}/DEMO00001/gallery?cards=${Array(50).fill('DEMO00002').join(',')}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ error: true, message: 'VALIDATION_ERROR' });
    expect((await api.app.inject(`/api/v1/medias/${demoId}/DEMO00001/gallery?limit=0`)).statusCode).toBe(400);
  });
});
