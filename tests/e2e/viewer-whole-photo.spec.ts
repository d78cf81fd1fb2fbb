// The viewer shows the whole photo, undistorted, inside the screen with its controls, before any
// zoom: a portrait and a landscape, on a laptop, a full-HD desktop and a phone.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { demoSamplePath } from '../../server/src/services/seed.ts';
import { importMedia, list, openGallery } from './support/gallery.ts';
import { shownPicture } from './support/pictures.ts';

const SCREENS = [
  { width: 1366, height: 768, phone: false },
  { width: 1920, height: 1080, phone: false },
  { width: 390, height: 844, phone: true },
] as const;

test('the viewer shows a portrait and a landscape whole, at their own ratio, inside the screen with the controls', async ({ browser }) => {
  test.setTimeout(90_000);
  // The demo's samples are all landscapes: sample 2 turned upright is the portrait.
  const folder = mkdtempSync(path.join(os.tmpdir(), 'e2e-viewer-'));
  try {
    await sharp(demoSamplePath(2)).rotate(90).toFile(path.join(folder, 'a.jpg'));
    await sharp(demoSamplePath(1)).toFile(path.join(folder, 'b.jpg'));
    importMedia('galeria', 'VI-EWER-001', folder, '--sold');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }

  for (const { width, height, phone } of SCREENS) {
    const context = await browser.newContext({ viewport: { width, height }, isMobile: phone, hasTouch: phone, deviceScaleFactor: 1 });
    await context.addInitScript(() => localStorage.setItem('locale', 'en'));
    const page = await context.newPage();
    await openGallery(page, 'galeria', '/gallery/VI-EWER-001');
    await list(page, '2 photos bought').locator('[data-media-id]').first().click();
    const viewer = page.getByRole('dialog');
    const shapes: string[] = [];
    for (const n of [1, 2]) {
      await expect(viewer).toHaveAccessibleName(`Photo ${n} of 2`);
      await expect
        .poll(() => viewer.locator('.viewer-frame img').evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))
        .toBe(true);
      await expect(viewer.locator('.viewer-frame')).toHaveAttribute('data-zoom', '1.00');
      const { box, own, hidden, fit } = await shownPicture(page.locator('dialog[open] .viewer-frame img'));
      const at = `photo ${n} at ${width}x${height}`;
      shapes.push(own < 1 ? 'portrait' : 'landscape');
      expect(box.left, at).toBeGreaterThanOrEqual(0);
      expect(box.top, at).toBeGreaterThanOrEqual(0);
      expect(box.right, at).toBeLessThanOrEqual(width);
      expect(box.bottom, at).toBeLessThanOrEqual(height);
      // The box is the photo's own shape (so object-fit has nothing to crop) and nothing clips it.
      expect(Math.abs(box.width / box.height - own) / own, at).toBeLessThanOrEqual(0.01);
      expect(fit, at).not.toBe('cover');
      expect(hidden, at).toBeLessThanOrEqual(1);
      // It is as large as the stage lets it be: it meets the stage on two opposite sides.
      const stage = (await viewer.locator('.viewer-stage').boundingBox())!;
      expect(Math.min(stage.width - box.width, stage.height - box.height), at).toBeLessThanOrEqual(1);
      for (const control of [
        viewer.getByRole('button', { name: 'Close' }),
        viewer.getByRole('button', { name: 'Previous' }),
        viewer.getByRole('button', { name: 'Next' }),
        viewer.getByRole('link', { name: 'Download' }),
        viewer.getByRole('button', { name: 'Share' }),
      ]) {
        await expect(control).toBeInViewport({ ratio: 1 });
      }
      if (n === 1) await viewer.getByRole('button', { name: 'Next' }).click();
    }
    expect(shapes.sort()).toEqual(['landscape', 'portrait']);
    await context.close();
  }
});
