import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, useLocale } from './support/sites.ts';
import { list, openGallery, sampleBytes, sha256 } from './support/gallery.ts';

test.beforeEach(async ({ page }) => useLocale(page, 'en'));

test('the viewer works from the keyboard: Enter opens, arrows walk, Escape closes and focus returns', async ({ page }) => {
  await openGallery(page, 'galeria', '/gallery/GA-LERI-001');
  const first = list(page, '2 photos bought').getByRole('button').first();
  await first.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toHaveAccessibleName('Photo 1 of 5');
  await page.keyboard.press('ArrowRight');
  await expect(dialog).toHaveAccessibleName('Photo 2 of 5');
  await page.keyboard.press('ArrowRight');
  await expect(dialog).toHaveAccessibleName('Photo 3 of 5');
  await page.keyboard.press('ArrowLeft');
  await expect(dialog).toHaveAccessibleName('Photo 2 of 5');
  // The buttons do the same; at the ends nothing moves.
  await dialog.getByRole('button', { name: 'Previous' }).press('Enter');
  await expect(dialog).toHaveAccessibleName('Photo 1 of 5');
  await page.keyboard.press('ArrowLeft');
  await expect(dialog).toHaveAccessibleName('Photo 1 of 5');
  // Focus stays inside the modal while tabbing.
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('dialog') || document.activeElement === document.body)).toBe(true);
  }
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(first).toBeFocused();
});

test('download gives the clean original, byte for byte, under its own name', async ({ page }) => {
  await openGallery(page, 'galeria', '/gallery/GA-LERI-001');
  await list(page, '2 photos bought').getByRole('button').first().click();
  const dialog = page.getByRole('dialog', { name: 'Photo 1 of 5' });
  const link = dialog.getByRole('link', { name: 'Download' });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  // The name the media was imported under (sample1.jpg or sample2.jpg: the sold ones).
  const name = download.suggestedFilename();
  expect(name).toMatch(/^sample[12]\.jpg$/);
  const bytes = await readFile((await download.path())!);
  const fromApi = await (await page.request.get((await link.getAttribute('href'))!)).body();
  expect(sha256(bytes)).toBe(sha256(fromApi));
  expect(sha256(bytes)).toBe(sha256(sampleBytes(Number(name.slice(6, 7)))));
  // Unsold photos offer no download.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('link', { name: 'Download' })).toHaveCount(0);
});

test('share falls back to copying the link where the Web Share API is missing', async ({ page, context }) => {
  await page.addInitScript(() => {
    // Chromium on Linux has no Web Share; make sure of it.
    delete (Navigator.prototype as { share?: unknown }).share;
    delete (Navigator.prototype as { canShare?: unknown }).canShare;
  });
  await openGallery(page, 'galeria', '/gallery/GA-LERI-001');
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
  await list(page, '2 photos bought').getByRole('button').first().click();
  const dialog = page.getByRole('dialog', { name: 'Photo 1 of 5' });
  await dialog.getByRole('button', { name: 'Share' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Link copied. Tag galeria do lago when you post!');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await dialog.getByRole('link', { name: 'Download' }).getAttribute('href'));
});

test('share uses the Web Share API with the file where the browser supports it', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: Array<{ names: string[]; text: string | undefined }> = [];
    (window as unknown as { shared: typeof seen }).shared = seen;
    Object.defineProperty(Navigator.prototype, 'canShare', { configurable: true, value: (data: ShareData) => !!data.files?.length });
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: async (data: ShareData) => void seen.push({ names: (data.files ?? []).map((f) => f.name), text: data.text }),
    });
  });
  await openGallery(page, 'galeria', '/gallery/GA-LERI-001');
  await list(page, '2 photos bought').getByRole('button').first().click();
  const dialog = page.getByRole('dialog');
  const href = await dialog.getByRole('link', { name: 'Download' }).getAttribute('href');
  const name = decodeURIComponent(/\/([^/?]+)\?size=original(&|$)/.exec(href!)![1]!);
  await dialog.getByRole('button', { name: 'Share' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared))
    .toEqual([{ names: [name], text: 'Tag galeria do lago when you post!' }]);
});

test('delete (can_remove_photo) asks first, then the media leaves the lists for good', async ({ page }) => {
  await openGallery(page, 'galeria', '/gallery/GA-LERI-002');
  await expect(list(page, '3 photos to buy').getByRole('img')).toHaveCount(3);
  await list(page, '3 photos to buy').getByRole('button').first().click();
  const dialog = page.getByRole('dialog', { name: 'Photo 1 of 3' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByText('Delete this media? It cannot be undone.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(list(page, '3 photos to buy')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByRole('dialog')).toHaveAccessibleName('Photo 1 of 2');
  await page.keyboard.press('Escape');
  await expect(list(page, '2 photos to buy').getByRole('img')).toHaveCount(2);
  await page.reload();
  await expect(list(page, '2 photos to buy').getByRole('img')).toHaveCount(2);
});

test('on a phone the delete button is a small outlined one, never the main action; it still asks first', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openGallery(page, 'galeria', '/gallery/GA-LERI-001');
  await list(page, '2 photos bought').getByRole('button').first().click();
  const dialog = page.getByRole('dialog');
  const remove = dialog.getByRole('button', { name: 'Delete' });
  await expect(remove).toBeVisible();
  await expect(remove).toHaveClass(/secondary/);
  await expect(remove).not.toHaveClass(/danger/);
  const [removeBox, downloadBox] = await Promise.all([remove.boundingBox(), dialog.getByRole('link', { name: 'Download' }).boundingBox()]);
  expect(removeBox!.width).toBeLessThan(390 / 2);
  expect(removeBox!.width).toBeLessThan(downloadBox!.width);
  expect(removeBox!.height).toBeGreaterThanOrEqual(44);
  await remove.click();
  await expect(dialog.getByText('Delete this media? It cannot be undone.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(remove).toBeVisible();
});

test('demo has no delete button (can_remove_photo off)', async ({ page }) => {
  await openGallery(page, 'demo', '/gallery/DE-MO00-002');
  await list(page, '3 photos bought').getByRole('button').first().click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Delete' })).toHaveCount(0);
});

test('a delete that fails says so and keeps the media', async ({ page }) => {
  await page.route('**/api/v1/media/**', (route) => route.abort());
  await openGallery(page, 'galeria', '/gallery/GA-LERI-004');
  await list(page, '2 photos bought').getByRole('button').first().click();
  const dialog = page.getByRole('dialog', { name: 'Photo 1 of 2' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Could not delete. Please try again.');
  await page.keyboard.press('Escape');
  await expect(list(page, '2 photos bought').getByRole('img')).toHaveCount(2);
});

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`the viewer shows the photo itself, most of the screen, at ${viewport.width}x${viewport.height}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openGallery(page, 'galeria', '/gallery/GA-LERI-001');
    await list(page, '2 photos bought').getByRole('button').first().click();
    const photo = page.getByRole('dialog').locator('.viewer-frame img');
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The stage is most of the screen, and the photo, whole at its own ratio, fills it across or down.
    const stage = (await page.getByRole('dialog').locator('.viewer-stage').boundingBox())!;
    expect(stage.width).toBeGreaterThan(viewport.width * 0.8);
    expect(stage.height).toBeGreaterThan(viewport.height * 0.4);
    const box = (await photo.boundingBox())!;
    expect(Math.min(stage.width - box.width, stage.height - box.height)).toBeLessThanOrEqual(1);
  });
}
