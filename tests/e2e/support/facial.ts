import { expect, type Locator, type Page } from '@playwright/test';
import { openHome } from '../home-support.ts';
import { site, useLocale } from './sites.ts';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** From a home (the demo's unless told, in English) through the period step to the camera; answers the dialog. */
export async function openFacialCamera(page: Page, webName = 'demo'): Promise<Locator> {
  await useLocale(page, 'en');
  await openHome(page, site(webName));
  await page.getByRole('button', { name: 'Facial recognition' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'When were you at the event?' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('You must accept the terms and select a period before proceeding.');
  await dialog.getByLabel('First day').fill(day(-1));
  // The last day defaults to the day after the first.
  await expect(dialog.getByLabel('Last day')).toHaveValue(day(0));
  await dialog.getByRole('checkbox', { name: /I allow my photo to be used/ }).check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('heading', { name: 'Take a selfie' })).toBeVisible();
  return dialog;
}

