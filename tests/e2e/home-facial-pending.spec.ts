// The facial results when part of the period is not indexed yet, on a touch screen. The API
// reports `pending` only once indexing leaves the request, so the real answer is changed in
// flight: pending photos added, and one card's match made less sure.
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { WireFaceSearchAnswer } from '@gallery/contract/media';
import { demoSamplePath } from '../../server/src/services/seed.ts';
import { fakeCameraVideo, withFakeCamera } from './support/fake-camera.ts';
import { openFacialCamera } from './support/facial.ts';
import { expectNoAxeViolations } from './support/sites.ts';

test.use({ ...withFakeCamera(await fakeCameraVideo(sharp(demoSamplePath(1)), 'facial-pending')), hasTouch: true });

/** Answers the next searches with the real answer changed by `change`. */
async function changeAnswers(page: Page, change: (answer: WireFaceSearchAnswer) => WireFaceSearchAnswer): Promise<void> {
  await page.route('**/api/v1/card/search/photo?*', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: change((await response.json()) as WireFaceSearchAnswer) });
  });
}

async function searchWithOneSelfie(page: Page) {
  const dialog = await openFacialCamera(page);
  await dialog.getByRole('button', { name: 'Take photo' }).tap();
  await expect(dialog.getByRole('img', { name: 'Your photo 1' })).toBeVisible({ timeout: 6_000 });
  await dialog.getByRole('button', { name: 'Find my photos' }).tap();
  await expect(dialog.getByRole('heading', { name: 'Choose your cards' })).toBeVisible({ timeout: 90_000 });
  return dialog;
}

test('with cards found: how sure each is, the photos still pending, and "Not me" by touch down to none', async ({ page }) => {
  test.setTimeout(120_000);
  await changeAnswers(page, (answer) => ({
    ...answer,
    cards: answer.cards.map((card, n) => (n === 1 ? { ...card, similarity: 0.62 } : card)),
    pending: 3,
  }));
  const dialog = await searchWithOneSelfie(page);
  await expect(dialog.getByText('3 photos are still being processed. Try again later.')).toBeVisible();
  const rows = dialog.locator('.facial-cards > li');
  await expect(rows.first()).toContainText('Very likely you');
  await expect(rows.nth(1)).toContainText('Possibly you');
  await expectNoAxeViolations(page);

  const open = dialog.getByRole('button', { name: 'View gallery' });
  const count = await rows.count();
  for (let n = 0; n < count; n++) {
    await expect(open).toBeEnabled();
    await rows
      .nth(n)
      .getByRole('button', { name: /^Not me on card / })
      .tap();
    await expect(rows.nth(n)).toContainText('not you');
  }
  await expect(open).toBeDisabled();
  await rows
    .first()
    .getByRole('button', { name: /^Undo: it is me on card / })
    .tap();
  await expect(open).toBeEnabled();
});

test('with no card found, the photos still pending are said too', async ({ page }) => {
  test.setTimeout(120_000);
  await changeAnswers(page, (answer) => ({ ...answer, cards: [], pending: 1 }));
  const dialog = await searchWithOneSelfie(page);
  await expect(dialog.getByRole('status')).toHaveText('We found no photos of you in that period. Take another selfie or change the period.');
  await expect(dialog.getByText('1 photo is still being processed. Try again later.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'View gallery' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
