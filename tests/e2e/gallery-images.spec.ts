// Right-sized modern images (issue 28): once the API has made a card's WebP renditions, the
// gallery offers them in a <picture> with `srcset` and `sizes` set to each cell's width, over the
// JPEG as the fallback, and the browser fetches the rendition that fits the cell.
import { expect, test, type Page } from '@playwright/test';
import { GRID } from '../../src/lib/grid-layout.ts';
import { list, openGallery, renderRenditions } from './support/gallery.ts';
import { useLocale } from './support/sites.ts';

/** Every image file the page asks the API for, as its URL's query. */
function imageRequests(page: Page): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.includes('/download/') && request.resourceType() === 'image') seen.push(url.searchParams);
  });
  return seen;
}

/** What each thumbnail offers: its cell's width, the candidates' widths, and its fallback image's src. */
async function offered(page: Page) {
  return page.locator('.media-cell picture').evaluateAll((pictures) =>
    pictures.map((picture) => {
      const source = picture.querySelector('source')!;
      return {
        type: source.type,
        sizes: source.sizes,
        cell: picture.closest('li')!.getBoundingClientRect().width,
        widths: source.srcset.split(', ').map((candidate) => Number(candidate.split(' ')[1]!.replace('w', ''))),
        fallback: picture.querySelector('img')!.getAttribute('src')!,
      };
    }),
  );
}

/**
 * The width Chromium takes for a cell at a density of 1 (HTMLSrcsetParser's
 * PickBestImageCandidate): the narrowest that covers it, else the widest.
 */
function fitting(widths: readonly number[], cell: number): number {
  return widths.find((width) => width >= cell) ?? widths.at(-1)!;
}

for (const { name, viewport, expected } of [
  { name: 'a 360x800 phone', viewport: { width: 360, height: 800 }, expected: { thumbs: [240], biggestPreview: 800 } },
  { name: 'a 1366x768 screen', viewport: { width: 1366, height: 768 }, expected: { thumbs: [360], biggestPreview: 1600 } },
]) {
  test.describe(`on ${name}`, () => {
    test.use({ viewport, deviceScaleFactor: 1 });

    test('the gallery fetches WebP thumbnails sized to their cells, the JPEG staying the fallback, and a WebP preview in the viewer', async ({ page }) => {
      test.setTimeout(90_000);
      renderRenditions('demo');
      await useLocale(page, 'en');
      const requests = imageRequests(page);
      await openGallery(page, 'demo', '/gallery/DE-MO00-001');
      const photos = list(page, '6 photos to buy').getByRole('img');
      await expect(photos).toHaveCount(6);
      await expect.poll(() => photos.evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length)).toBe(6);

      // The first screen's cells show the page's covers instead (gallery-cover.spec.ts): each the
      // WebP file that fills its row, which the API picks by the photo's shape.
      const covers = page.locator('.media-cell img[src*="/api/v1/cover/"]');
      await expect(covers).toHaveCount(GRID.firstScreen);
      for (const cover of await covers.all()) expect(expected.thumbs).toContain(await cover.evaluate((img) => (img as HTMLImageElement).naturalWidth));
      const pictures = await offered(page);
      expect(pictures).toHaveLength(6 - GRID.firstScreen);
      for (const picture of pictures) {
        expect(picture.type).toBe('image/webp');
        expect(picture.sizes).toBe(`${picture.cell}px`);
        expect(picture.fallback).toMatch(/\?size=thumb&copy=watermarked$/);
      }
      const thumbs = requests.filter((query) => query.get('size') === 'thumb');
      // WebP only, none of the JPEGs, one a cell at the width that fits it.
      expect(thumbs).toHaveLength(6 - GRID.firstScreen);
      expect(thumbs.every((query) => query.get('format') === 'webp' && query.get('copy') === 'watermarked')).toBe(true);
      const asked = thumbs.map((query) => Number(query.get('w')));
      const fits = pictures.map((picture) => fitting(picture.widths, picture.cell));
      expect(asked.sort(), `for cells ${pictures.map((picture) => picture.cell).join(', ')}`).toEqual(fits.sort());
      expect([...new Set(asked)].sort()).toEqual(expected.thumbs);

      await list(page, '6 photos to buy').getByRole('button').first().click();
      const preview = page.getByRole('dialog').locator('.viewer-frame img');
      await expect.poll(() => preview.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      expect(await preview.getAttribute('src')).toMatch(/\?size=preview&copy=watermarked$/);
      const previews = requests.filter((query) => query.get('size') === 'preview');
      expect(previews.length).toBeGreaterThan(0);
      expect(previews.every((query) => query.get('format') === 'webp')).toBe(true);
      expect(Math.max(...previews.map((query) => Number(query.get('w'))))).toBeLessThanOrEqual(expected.biggestPreview);
    });
  });
}
