// A sold video plays in the viewer, streamed by byte ranges. No video ships with the project and
// nothing here can encode one, so Chromium records a short WebM of a canvas (MediaRecorder), the
// admin CLI imports it into a new card, and the gallery plays it back.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { counts, importMedia, list, openGallery } from './support/gallery.ts';
import { useLocale } from './support/sites.ts';

test('a sold video plays in the viewer, streamed with byte ranges', async ({ page }) => {
  await page.goto('about:blank');
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const context = canvas.getContext('2d')!;
    const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((done) => (recorder.onstop = done));
    recorder.start();
    for (let frame = 0; frame < 20; frame++) {
      context.fillStyle = `hsl(${frame * 18}, 70%, 50%)`;
      context.fillRect(0, 0, 320, 240);
      await new Promise((done) => setTimeout(done, 60));
    }
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });

  const folder = mkdtempSync(path.join(os.tmpdir(), 'e2e-video-'));
  try {
    writeFileSync(path.join(folder, 'corrida.webm'), Buffer.from(base64, 'base64'));
    importMedia('galeria', 'VI-DEO0-001', folder, '--sold');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }

  await useLocale(page, 'en');
  const ranges: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/v1/video/download/')) ranges.push(response.status());
  });
  await openGallery(page, 'galeria', '/gallery/VI-DEO0-001');
  // A video is counted as a video, not a photo.
  await expect(counts(page, '1 video bought')).toBeVisible();
  await expect(page.getByText(/photos? bought/i)).toHaveCount(0);
  await list(page, '1 video bought').getByRole('button').first().click();
  const video = page.getByRole('dialog').locator('video');
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((v) => (v as HTMLVideoElement).readyState)).toBeGreaterThanOrEqual(2);
  await video.evaluate((v) => (v as HTMLVideoElement).play());
  await expect.poll(() => video.evaluate((v) => (v as HTMLVideoElement).currentTime)).toBeGreaterThan(0);
  expect(ranges).toContain(206);
});
