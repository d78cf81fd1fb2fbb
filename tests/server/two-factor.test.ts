import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireMediasAnswer, WireUploadAnswer, WireZipAnswer } from '@gallery/contract/media';
import { VISITOR_KEY_HEADER } from '@gallery/contract/rules';
import { createTestApi, loadFixtureOrganization, type FixtureMedia, type TestApi, row } from './helpers.ts';
import { VISITOR } from './shop-helpers.ts';
import { count, jpeg, multipart } from './visitor-helpers.ts';

// The fixture organization `cofre` sells online, takes visitors' photos and uses two-factor:
// CO-FREE-001 and -002 open with COFRE1, -003 with OUTRO2. Every call that opens a card, or hands out what a card holds,
// must ask the access code; each case below fails when its call skips the card rule.

let api: TestApi;
let orgId: number;
let media: Record<string, FixtureMedia[]>;

const sold = (code: string) => (media[code] ?? []).filter((item) => item.sold).map((item) => item.id);

/** Calls as the visitor's browser does, with its visitor key. */
async function inject(method: 'GET' | 'POST', url: string, payload?: object) {
  const headers = { [VISITOR_KEY_HEADER]: VISITOR };
  const res = await api.app.inject(payload === undefined ? { method, url, headers } : { method, url, headers, payload });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
}

beforeAll(async () => {
  api = await createTestApi({ seed: false, rateLimit: { max: 1000 } });
  ({ orgId, media } = await loadFixtureOrganization(api.db, 'cofre'));
});
afterAll(() => api.close());

const refused = { status: 401, body: { error: true, message: 'CUSTOMER_CODE_NOT_FOUND' } };

describe('two-factor with online sale (fixture cofre)', () => {
  it('opens the card and its media only with the access code', async () => {
    expect(await inject('GET', `/api/v1/card/CO-FREE-001/medias?organization_id=${orgId}`)).toMatchObject(refused);
    expect(await inject('POST', `/api/v1/medias/${orgId}/CO-FREE-001`, { cards: ['CO-FREE-001'] })).toMatchObject(refused);
    const list = await inject('POST', `/api/v1/medias/${orgId}/CO-FREE-001?secret=cofre1`, { cards: ['CO-FREE-002'], visitor_key: VISITOR });
    expect(list.status).toBe(200);
    expect((list.body as unknown as WireMediasAnswer).sold_medias).toHaveLength(2);
  });

  it('creates no order without the access code, nor with a wrong one', async () => {
    const url = `/api/v1/order/CO-FREE-001/${orgId}?pdv=cofre.localhost&tz=UTC`;
    expect(await inject('POST', url, { cards: [], visitor_key: VISITOR })).toMatchObject(refused);
    expect(await inject('POST', `${url}&secret=OUTRO2`, { cards: [], visitor_key: VISITOR })).toMatchObject(refused);
    // A card of another access code in the body fails the whole order.
    expect(await inject('POST', `${url}&secret=COFRE1`, { cards: ['CO-FREE-003'], visitor_key: VISITOR })).toMatchObject(refused);
    expect(await row(api.db, sql`SELECT count(*) AS n FROM orders`)).toEqual({ n: 0 });
    const made = await inject('POST', `${url}&secret=cofre1`, { cards: ['CO-FREE-002'], visitor_key: VISITOR });
    expect(made.status).toBe(200);
  });

  it('adds a card to an order only with that card’s access code', async () => {
    const made = await inject('POST', `/api/v1/order/CO-FREE-002/${orgId}?secret=COFRE1`, { cards: [], visitor_key: VISITOR });
    const orderId = (made.body['order'] as { id: string }).id;
    expect(await inject('POST', `/api/v1/order/${orderId}/card/CO-FREE-003`)).toMatchObject(refused);
    expect(await inject('POST', `/api/v1/order/${orderId}/card/CO-FREE-003?secret=COFRE1`)).toMatchObject(refused);
    const added = await inject('POST', `/api/v1/order/${orderId}/card/CO-FREE-003?secret=outro2`);
    expect(added.status).toBe(200);
    expect(added.body['order']).toMatchObject({ cards: [{ card: 'COFREE002' }, { card: 'COFREE003' }] });
  });

  it('makes no ZIP of a card’s originals without its access code', async () => {
    const ids = [...sold('COFREE001'), ...sold('COFREE002')];
    const url = `/api/v1/medias/zip?organization_id=${orgId}`;
    expect(await inject('POST', url, { media_ids: ids })).toMatchObject(refused);
    expect(await inject('POST', `${url}&secret=OUTRO2`, { media_ids: ids })).toMatchObject(refused);
    // One media of a card with another access code fails the whole ZIP.
    expect(await inject('POST', `${url}&secret=COFRE1`, { media_ids: [...ids, ...sold('COFREE003')] })).toMatchObject(refused);
    expect(await row(api.db, sql`SELECT count(*) AS n FROM zip_downloads`)).toEqual({ n: 0 });
    const zip = await inject('POST', `${url}&secret=cofre1`, { media_ids: ids });
    expect(zip.status).toBe(200);
    expect((zip.body as unknown as WireZipAnswer).url).toContain('/fotos.zip');
  });

  it("gives a visitor's new upload card its own access code, and adds to it only with that code", async () => {
    const upload = async (query = '') => {
      const res = await api.app.inject({
        method: 'POST',
        url: `/api/v1/photo/${orgId}${query}`,
        ...multipart([{ field: 'photos[]', filename: 'mine.jpg', contentType: 'image/jpeg', data: await jpeg() }]),
      });
      return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
    };
    const made = await upload();
    expect(made).toEqual({
      status: 200,
      body: { error: false, card_code: expect.stringMatching(/^[A-HJ-NP-Z2-9]{9}$/), secret: expect.stringMatching(/^[A-HJ-NP-Z2-9]{6}$/) },
    });
    const { card_code: code, secret } = made.body as unknown as Required<WireUploadAnswer>;
    // The card opens by the one rule, like a venue card.
    expect(await inject('GET', `/api/v1/card/${code}/medias?organization_id=${orgId}`)).toMatchObject(refused);
    expect((await inject('GET', `/api/v1/card/${code}/medias?organization_id=${orgId}&secret=${secret.toLowerCase()}`)).status).toBe(200);

    const before = await count(api.db, 'media');
    expect(await upload(`?card_code=${code}`)).toMatchObject(refused);
    expect(await upload(`?card_code=${code}&secret=COFRE1`)).toMatchObject(refused);
    // A venue card stays closed to uploads even with its access code.
    expect(await upload('?card_code=CO-FREE-001&secret=cofre1')).toMatchObject({ status: 404, body: { message: 'CARD_NOT_FOUND' } });
    expect(await count(api.db, 'media')).toBe(before);
    expect(await upload(`?card_code=${code}&secret=${secret.toLowerCase()}`)).toEqual({ status: 200, body: { error: false, card_code: code, secret } });
    expect(await count(api.db, 'media')).toBe(before + 1);
  });

  it('refuses the face search before looking at any photo: it would hand out cards without their access code', async () => {
    // A photo without a face would be 422 FACE_NOT_FOUND if the search ran at all.
    const res = await api.app.inject({
      method: 'POST',
      url: `/api/v1/card/search/photo?organization_id=${orgId}&from_date=2020-01-01&to_date=2100-01-01`,
      ...multipart([{ field: 'photos[]', filename: 'selfie.jpg', contentType: 'image/jpeg', data: await jpeg() }]),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: true, message: 'TWO_FACTOR_REQUIRED', detail: expect.any(String) });
    expect(res.body).not.toContain('COFREE');
  });
});
