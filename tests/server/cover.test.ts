// The gallery's cover (issue 28): the first thumbnail of a card's gallery at an address the page
// knows from its own, so the photo starts with the HTML. It is the very file the gallery lists
// first, watermarked by the same sold rule, opened by the same card rule, and revalidated by ETag.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import type { WireGalleryStartAnswer, WireMedia } from '@gallery/contract/media';
import { FIRST_SCREEN_MEDIA } from '@gallery/contract/rules';
import { transaction } from '../../server/src/db.ts';
import { createCard, findCard } from '../../server/src/repositories/cards.ts';
import { findOrganizationByWebName, upsertOrganization } from '../../server/src/repositories/organizations.ts';
import { importMedias } from '../../server/src/services/media-import.ts';
import { startRenderer } from '../../server/src/services/renditions.ts';
import { DEMO_ORGANIZATION } from '../../server/src/services/seed.ts';
import { createTestApi, type TestApi } from './helpers.ts';
import { count, jpeg } from './visitor-helpers.ts';

let api: TestApi;
let demoId: number;

const cover = (card: string, query = 'h=200', headers: Record<string, string> = {}, org = demoId) =>
  api.app.inject({ url: `/api/v1/cover/${org}/${card}?${query}`, headers });

/** What the gallery of `card` lists, in its order, as its start answer names it. */
async function listed(card: string): Promise<WireMedia[]> {
  const start = (await api.app.inject(`/api/v1/medias/${demoId}/${card}/gallery?limit=80`)).json<WireGalleryStartAnswer>();
  return [...start.sold_medias, ...start.not_sold_medias];
}

const listedFirst = async (card: string) => (await listed(card))[0]!;

const bytes = async (url: string) => (await api.app.inject(url)).rawPayload;

/** The URL of a srcset's candidate `w` wide. */
const candidate = (srcset: string, width: number) =>
  srcset
    .split(', ')
    .find((entry) => entry.includes(`&w=${width} `))!
    .split(' ')[0]!;

/** The file a cover for a row 200 device pixels high is of a demo photo (about 250 to 300 wide there): its 360 px WebP once made, its JPEG thumbnail before. */
const coverFor200 = (media: WireMedia) => (media.image_sources ? candidate(media.image_sources[0]!.thumb_srcset, 360) : media.thumb_path);

async function importPhoto(card: string, capturedAt: string): Promise<void> {
  const { id } = (await findCard(api.db, demoId, card))!;
  const file = path.join(api.dataDir, `${card}-${capturedAt.slice(0, 4)}.jpg`);
  await fs.writeFile(file, await jpeg('#cc3333'));
  await importMedias(api.db, api.store, [{ organizationId: demoId, cardId: id, sourcePath: file, kind: 'photo', soldAtVenue: false, capturedAt }]);
}

beforeAll(async () => {
  api = await createTestApi();
  demoId = (await findOrganizationByWebName(api.db, 'demo'))!.id;
});
afterAll(() => api.close());

describe('GET /api/v1/cover/:org/:card', () => {
  it('serves the JPEG thumbnail the gallery lists first while its renditions are not made', async () => {
    const res = await cover('DE-MO00-001');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.equals(await bytes((await listedFirst('DEMO00001')).thumb_path))).toBe(true);
  });

  it('serves, once made, the narrowest WebP rendition that fills the slot, watermarked while unsold and clean once sold', async () => {
    const renderer = startRenderer(api.db, api.store, { busy: () => false, log: () => {} });
    try {
      await vi.waitFor(async () => expect(await count(api.db, 'rendition_jobs')).toBe(0), { timeout: 60_000, interval: 100 });
    } finally {
      await renderer.stop();
    }
    const unsold = await listedFirst('DEMO00001');
    const srcset = unsold.image_sources![0]!.thumb_srcset;
    expect(srcset).toContain('copy=watermarked');
    const marked = await cover('DEMO00001', 'h=200');
    expect(marked.headers['content-type']).toBe('image/webp');
    expect(marked.rawPayload.equals(await bytes(candidate(srcset, 360)))).toBe(true);
    expect((await cover('DEMO00001', 'h=150')).rawPayload.equals(await bytes(candidate(srcset, 240)))).toBe(true);
    // Wider than every rendition: the widest.
    expect((await cover('DEMO00001', 'h=5000')).rawPayload.equals(await bytes(candidate(srcset, 480)))).toBe(true);

    await sql`UPDATE media SET sold_at_venue = 1 WHERE id = ${unsold.id}`.execute(api.db);
    const sold = await listedFirst('DEMO00001');
    expect(sold.id).toBe(unsold.id);
    const cleanSrcset = sold.image_sources![0]!.thumb_srcset;
    expect(cleanSrcset).toContain('copy=clean');
    const clean = await cover('DEMO00001', 'h=200');
    expect(clean.rawPayload.equals(await bytes(candidate(cleanSrcset, 360)))).toBe(true);
    expect(clean.rawPayload.equals(marked.rawPayload)).toBe(false);
    expect(clean.headers['etag']).not.toBe(marked.headers['etag']);
  });

  it("serves the first screen's other thumbnails by their place in the gallery, each the very file the gallery lists there", async () => {
    const media = await listed('DEMO00001');
    expect(media.length).toBeGreaterThanOrEqual(FIRST_SCREEN_MEDIA);
    for (let at = 1; at < FIRST_SCREEN_MEDIA; at++) {
      const res = await cover('DEMO00001', `h=200&at=${at}`);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(await bytes(coverFor200(media[at]!)))).toBe(true);
    }
    const first = await cover('DEMO00001', 'h=200&at=0');
    expect(first.rawPayload.equals(await bytes(coverFor200(media[0]!)))).toBe(true);
    expect(first.headers['etag']).toBe((await cover('DEMO00001')).headers['etag']);
    // A place the card has no media at; a place past the first screen is not a cover's.
    await transaction(api.db, (db) => createCard(db, { organizationId: demoId, code: 'ONEPHOTO1' }));
    await importPhoto('ONEPHOTO1', '2020-01-01T00:00:00.000Z');
    expect((await cover('ONEPHOTO1', 'h=200&at=0')).statusCode).toBe(200);
    expect((await cover('ONEPHOTO1', 'h=200&at=1')).json()).toEqual({ error: true, message: 'MEDIA_NOT_FOUND' });
    for (const at of [-1, FIRST_SCREEN_MEDIA, 'x']) {
      const res = await cover('DEMO00001', `h=200&at=${at}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: true, message: 'VALIDATION_ERROR' });
    }
  });

  it('is kept but revalidated: 304 on its ETag until an import puts another media first', async () => {
    const first = await cover('DEMO00002');
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers['etag']);
    expect(etag).toMatch(/^".+"$/);
    const again = await cover('DEMO00002', 'h=200', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    expect(again.headers['etag']).toBe(etag);

    // A media sold and taken earlier than every other now comes first.
    await importPhoto('DEMO00002', '2001-01-01T00:00:00.000Z');
    await sql`UPDATE media SET sold_at_venue = 1 WHERE captured_at = ${'2001-01-01T00:00:00.000Z'}`.execute(api.db);
    const changed = await cover('DEMO00002', 'h=200', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers['etag']).not.toBe(etag);
    expect(changed.rawPayload.equals(await bytes((await listedFirst('DEMO00002')).thumb_path))).toBe(true);
  });

  it('answers an unknown organization, an unknown card and an empty card in the one error shape', async () => {
    await transaction(api.db, (db) => createCard(db, { organizationId: demoId, code: 'EMPTY0001' }));
    for (const [res, message] of [
      [await cover('ZZZZZZZZZ'), 'CARD_NOT_FOUND'],
      [await cover('DEMO00001', 'h=200', {}, 999_999), 'CARD_NOT_FOUND'],
      [await cover('EMPTY0001'), 'CARD_EMPTY_PHOTO'],
    ] as const) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: true, message });
    }
    // No row height (a width is not one), or none that is a row's.
    for (const query of ['h=0', 'w=300', '']) expect((await cover('DEMO00001', query)).json()).toMatchObject({ error: true, message: 'VALIDATION_ERROR' });
  });

  it('shows a two-factor card only with its access code, as the gallery', async () => {
    const secureId = await upsertOrganization(api.db, {
      ...DEMO_ORGANIZATION,
      web_name: 'cover-secure',
      name: 'Cover secure',
      features_organization: { ...DEMO_ORGANIZATION.features_organization, two_factor_authentication: true },
    });
    const card = await transaction(api.db, (db) => createCard(db, { organizationId: secureId, code: 'SECURE003', secret: 'ABC123' }));
    const file = path.join(api.dataDir, 'secure.jpg');
    await fs.writeFile(file, await jpeg());
    await importMedias(api.db, api.store, [
      { organizationId: secureId, cardId: card.id, sourcePath: file, kind: 'photo', soldAtVenue: false, capturedAt: new Date().toISOString() },
    ]);
    for (const query of ['h=200', 'h=200&secret=WRONG1']) {
      const refused = await cover('SECURE003', query, {}, secureId);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ error: true, message: 'CUSTOMER_CODE_NOT_FOUND' });
    }
    const opened = await cover('SECURE003', 'h=200&secret=abc123', {}, secureId);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('image/jpeg');
  });
});
