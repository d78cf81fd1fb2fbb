// The WebP renditions of thumbs and previews (issue 28): queued by imports and made by background
// jobs, listed as `srcset`s once made, served clean or watermarked by the sold rule as the JPEGs
// are, and made for existing media by `media:renditions`.
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WireMedia, WireMediasAnswer } from '@gallery/contract/media';
import type { WireOrganizationList } from '@gallery/contract/organization';
import { sql } from 'kysely';
import { findCard } from '../../server/src/repositories/cards.ts';
import { findOrganizationByWebName, upsertOrganization } from '../../server/src/repositories/organizations.ts';
import { deleteMedia } from '../../server/src/services/media-delete.ts';
import { RENDITIONS } from '../../server/src/services/media-files.ts';
import { importMedias } from '../../server/src/services/media-import.ts';
import { startRenderer } from '../../server/src/services/renditions.ts';
import { DEMO_ORGANIZATION } from '../../server/src/services/seed.ts';
import { createTestApi, meanPixelDifference, runCli, type TestApi } from './helpers.ts';
import { count, jpeg } from './visitor-helpers.ts';

const apis: TestApi[] = [];
afterEach(async () => {
  for (const api of apis.splice(0)) await api.close();
});

async function seededApi(): Promise<TestApi> {
  const api = await createTestApi();
  apis.push(api);
  return api;
}

/** The demo's media list: DEMO00001 (six unsold) and DEMO00002 (three sold). */
async function gallery(api: TestApi): Promise<WireMediasAnswer> {
  const orgs = (await api.app.inject('/api/v1/organizations')).json<WireOrganizationList>();
  const answer = await api.app.inject({ method: 'POST', url: `/api/v1/medias/${orgs.organizations[0]?.id}/DEMO00001`, payload: { cards: ['DEMO00002'] } });
  return answer.json<WireMediasAnswer>();
}

/** Waits (no fixed sleep) until every queued rendition job is done. */
async function renderedAll(api: TestApi): Promise<void> {
  const renderer = startRenderer(api.db, api.store, { busy: () => false, log: () => {} });
  try {
    await vi.waitFor(async () => expect(await count(api.db, 'rendition_jobs')).toBe(0), { timeout: 60_000, interval: 100 });
  } finally {
    await renderer.stop();
  }
}

const files = (api: TestApi, id: string) => fs.readdir(path.join(api.dataDir, 'media', id));
const webpFiles = async (api: TestApi, id: string) => (await files(api, id)).filter((name) => name.endsWith('.webp')).sort();
const EVERY_RENDITION = Object.entries(RENDITIONS.widths)
  .flatMap(([size, widths]) => widths.flatMap((width) => [`${size}-${width}.webp`, `${size}-${width}-wm.webp`]))
  .sort();

/** The URLs and widths of a `srcset`. */
function candidates(srcset: string): Array<{ url: string; width: number }> {
  return srcset.split(', ').map((candidate) => {
    const [url, descriptor] = candidate.split(' ');
    return { url: url!, width: Number(descriptor?.replace(/w$/, '')) };
  });
}

async function served(api: TestApi, url: string): Promise<Buffer> {
  const res = await api.app.inject(url);
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type'], url).toBe('image/webp');
  return res.rawPayload;
}

/** A JPEG of the media as the same width as `webp`, for a pixel comparison. */
async function jpegAsWide(api: TestApi, id: string, name: string, webp: Buffer): Promise<Buffer> {
  const { width, height } = await sharp(webp).metadata();
  return sharp(path.join(api.dataDir, 'media', id, name))
    .resize(width, height, { fit: 'fill' })
    .png()
    .toBuffer();
}

describe('WebP renditions', () => {
  it('are queued by an import and made by the background jobs, then listed as srcsets', { timeout: 120_000 }, async () => {
    const api = await seededApi();
    expect(await count(api.db, 'rendition_jobs')).toBe(9);
    const before = await gallery(api);
    // Until they exist, only the JPEGs are listed.
    expect(before.not_sold_medias.every((media) => media.image_sources === undefined)).toBe(true);

    await renderedAll(api);
    const after = await gallery(api);
    const media = [...after.not_sold_medias, ...after.sold_medias];
    expect(media).toHaveLength(9);
    for (const item of media) {
      expect(await webpFiles(api, item.id)).toEqual(EVERY_RENDITION);
      const [source] = item.image_sources ?? [];
      expect(source?.type).toBe('image/webp');
      const thumbs = candidates(source!.thumb_srcset);
      expect(thumbs.map((thumb) => thumb.width)).toEqual([240, 360, 480]);
      for (const { url, width } of [...thumbs, ...candidates(source!.preview_srcset)]) {
        expect((await sharp(await served(api, url)).metadata()).width, url).toBe(width);
      }
      // The JPEGs stay the fallback, under the same paths as before.
      expect(item.thumb_path).toMatch(/\?size=thumb&copy=(clean|watermarked)$/);
    }
  });

  describe('once made', () => {
    // One seeded and rendered demo for these: rendering takes a few seconds of the machine.
    let api: TestApi;
    beforeAll(async () => {
      api = await createTestApi();
      await renderedAll(api);
    }, 120_000);
    afterAll(() => api.close());

    it('are watermarked for unsold media and clean for sold ones, and clean once bought', async () => {
      const { not_sold_medias: unsold, sold_medias: sold } = await gallery(api);
      const thumb480 = (media: WireMedia) => candidates(media.image_sources![0]!.thumb_srcset).find((candidate) => candidate.url.includes('w=480'))!.url;

      // The same sample (sample1) unsold and sold: the served unsold rendition carries the watermark.
      const unsoldWebp = await served(api, thumb480(unsold[0]!));
      expect(thumb480(unsold[0]!)).toContain('copy=watermarked');
      expect(await meanPixelDifference(unsoldWebp, await jpegAsWide(api, unsold[0]!.id, 'thumb.jpg', unsoldWebp))).toBeGreaterThan(10);
      expect(await meanPixelDifference(unsoldWebp, await jpegAsWide(api, unsold[0]!.id, 'thumb-wm.jpg', unsoldWebp))).toBeLessThan(4);
      const soldWebp = await served(api, thumb480(sold[0]!));
      expect(thumb480(sold[0]!)).toContain('copy=clean');
      expect(await meanPixelDifference(soldWebp, await jpegAsWide(api, sold[0]!.id, 'thumb.jpg', soldWebp))).toBeLessThan(4);

      // Bought: new URLs, and whatever URL is asked, the clean rendition.
      await sql`UPDATE media SET sold_at_venue = 1 WHERE id = ${unsold[0]!.id}`.execute(api.db);
      const bought = (await gallery(api)).sold_medias.find((media) => media.id === unsold[0]!.id)!;
      expect(thumb480(bought)).toContain('copy=clean');
      for (const url of [thumb480(bought), thumb480(unsold[0]!)]) {
        const clean = await served(api, url);
        expect(await meanPixelDifference(clean, await jpegAsWide(api, bought.id, 'thumb.jpg', clean))).toBeLessThan(4);
      }
    });

    it('list a photo narrower than the widths once, at its own width', async () => {
      const organization = (await findOrganizationByWebName(api.db, 'demo'))!;
      const card = (await findCard(api.db, organization.id, 'DEMO00003'))!;
      const file = path.join(api.dataDir, 'small.jpg');
      await fs.writeFile(file, await jpeg());
      const source = { organizationId: organization.id, cardId: card.id, sourcePath: file, kind: 'photo' as const, soldAtVenue: false };
      await importMedias(api.db, api.store, [{ ...source, capturedAt: new Date().toISOString() }]);
      await renderedAll(api);
      const answer = await api.app.inject({ method: 'POST', url: `/api/v1/medias/${organization.id}/DEMO00003`, payload: { cards: ['DEMO00003'] } });
      const [small] = answer.json<WireMediasAnswer>().not_sold_medias;
      const [sources] = small!.image_sources!;
      // 120x80: every width holds it whole, so each list names one file, 120 wide.
      expect(candidates(sources!.thumb_srcset)).toEqual([{ url: expect.stringContaining('&size=thumb&w=240'), width: 120 }]);
      expect(candidates(sources!.preview_srcset)).toEqual([{ url: expect.stringContaining('&size=preview&w=800'), width: 120 }]);
      expect((await sharp(await served(api, candidates(sources!.thumb_srcset)[0]!.url)).metadata()).width).toBe(120);
    });

    it('go with their media when it is deleted', async () => {
      const site = { ...DEMO_ORGANIZATION.features.site, can_remove_photo: true };
      const organizationId = await upsertOrganization(api.db, { ...DEMO_ORGANIZATION, features: { ...DEMO_ORGANIZATION.features, site } });
      const [media] = (await gallery(api)).not_sold_medias;
      expect(await webpFiles(api, media!.id)).toHaveLength(EVERY_RENDITION.length);
      await deleteMedia(api.db, api.store, organizationId, media!.id, () => {});
      await expect(files(api, media!.id)).rejects.toThrow(/ENOENT/);
    });
  });

  it('are made for existing media by media:renditions, with progress, once', { timeout: 180_000 }, async () => {
    const api = await seededApi();
    // Media from before renditions: none made and none queued.
    await sql`DELETE FROM rendition_jobs`.execute(api.db);
    const first = await runCli(api.dataDir, 'media:renditions', '--org', 'demo');
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout.trim()).toBe('Renditions of demo: 9 media rendered');
    expect(first.stderr).toMatch(/^(Renditions of demo \[[#.]+\] \d\/9 [\d.]+ media\/s\n)*Renditions of demo \[#+\] 9\/9 [\d.]+ media\/s\n$/);
    const listed = await gallery(api);
    const ids = [...listed.not_sold_medias, ...listed.sold_medias].map((media) => media.id);
    expect(ids.every(Boolean)).toBe(true);
    expect([...listed.not_sold_medias, ...listed.sold_medias].every((media) => media.image_sources?.length === 1)).toBe(true);
    const made = await Promise.all(ids.map(async (id) => (await fs.stat(path.join(api.dataDir, 'media', id, 'thumb-360-wm.webp'))).mtimeMs));

    // Run again: nothing left to make, nothing made again.
    const again = await runCli(api.dataDir, 'media:renditions', '--org', 'demo');
    expect(again.stdout.trim()).toBe('Renditions of demo: 0 media rendered');
    expect(await Promise.all(ids.map(async (id) => (await fs.stat(path.join(api.dataDir, 'media', id, 'thumb-360-wm.webp'))).mtimeMs))).toEqual(made);
  });
});
