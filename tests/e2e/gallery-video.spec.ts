// Videos in the viewer, streamed by byte ranges: a bought one plays its original, an unsold one
// its watermarked preview clip under its poster (a real frame). ffmpeg makes the test videos
// (tests/support/videos.ts), the admin CLI imports them into new cards, as a provider would.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { makeTestVideo } from '../support/videos.ts';
import { counts, importMedia, list, openGallery } from './support/gallery.ts';
import { useLocale } from './support/sites.ts';

/** Makes a 3 s video and imports it: ffmpeg and the admin CLI take seconds, more on a loaded machine. */
async function importVideo(card: string, ...flags: string[]): Promise<void> {
  test.slow();
  const folder = mkdtempSync(path.join(os.tmpdir(), 'e2e-video-'));
  try {
    await makeTestVideo(path.join(folder, 'corrida.mp4'), { width: 640, height: 360, seconds: 3, sound: true });
    importMedia('galeria', card, folder, ...flags);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The viewer's <video>, once it has a frame to show; then played until its time moves. */
async function playsInViewer(page: Page): Promise<Locator> {
  const video = page.getByRole('dialog').locator('video');
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((v) => (v as HTMLVideoElement).readyState)).toBeGreaterThanOrEqual(2);
  await video.evaluate((v) => (v as HTMLVideoElement).play());
  await expect.poll(() => video.evaluate((v) => (v as HTMLVideoElement).currentTime)).toBeGreaterThan(0);
  return video;
}

function rangeStatuses(page: Page, size: string): number[] {
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/v1/video/download/') && response.url().includes(`size=${size}`)) statuses.push(response.status());
  });
  return statuses;
}

test('a sold video plays its original in the viewer, streamed with byte ranges', async ({ page }) => {
  await importVideo('VI-DEO0-001', '--sold');
  await useLocale(page, 'en');
  const ranges = rangeStatuses(page, 'original');
  await openGallery(page, 'galeria', '/gallery/VI-DEO0-001');
  // A video is counted as a video, not a photo.
  await expect(counts(page, '1 video bought')).toBeVisible();
  await expect(page.getByText(/photos? bought/i)).toHaveCount(0);
  await list(page, '1 video bought').getByRole('button').first().click();
  const video = await playsInViewer(page);
  expect(await video.getAttribute('src')).toMatch(/size=original/);
  expect(ranges).toContain(206);
});

test('an unsold video shows its poster and plays its watermarked preview clip', async ({ page }) => {
  await importVideo('VI-DEO0-002');
  await useLocale(page, 'en');
  const ranges = rangeStatuses(page, 'clip');
  await openGallery(page, 'galeria', '/gallery/VI-DEO0-002');
  await expect(counts(page, '1 video to buy')).toBeVisible();
  // The thumbnail is the poster: a frame of the video, watermarked, at the video's 16:9. Being the
  // gallery's first, it comes as the page's cover (gallery-cover.spec.ts), the same file.
  const thumb = list(page, '1 video to buy').getByRole('img').first();
  await expect(thumb).toHaveAttribute('src', /\/api\/v1\/cover\/\d+\/VIDEO0002\?h=\d+$/);
  // Its WebP renditions may be ready before the page (the cover is then the rendition of its width), so the shape is what holds.
  await expect
    .poll(() => thumb.evaluate((img) => (img as HTMLImageElement).naturalWidth / ((img as HTMLImageElement).naturalHeight || 1)))
    .toBeCloseTo(16 / 9, 1);
  await list(page, '1 video to buy').getByRole('button').first().click();
  const video = await playsInViewer(page);
  expect(await video.getAttribute('src')).toMatch(/size=clip&copy=watermarked/);
  expect(await video.getAttribute('poster')).toMatch(/size=preview&copy=watermarked/);
  expect(ranges).toContain(206);
});
