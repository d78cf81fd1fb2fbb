import { expect, type Locator, type Page } from '@playwright/test';
import { openHome } from '../home-support.ts';
import { site, useLocale } from './sites.ts';

/** A day counted from today as the calendar shows it (the browser's own days, YYYY-MM-DD). */
export function localDay(offset: number): string {
  const date = new Date(Date.now() + offset * 86_400_000);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** The calendar's days of the month it shows (outside days excluded). */
const monthDays = (dialog: Locator) => dialog.locator('td[data-day]:not([data-outside])');

/** Clicks a day on the facial calendar, moving month by month to it first. */
export async function pickDay(dialog: Locator, day: string): Promise<void> {
  const cell = dialog.locator(`td[data-day="${day}"]:not([data-outside])`);
  // The calendar first (the modal's code may still be coming): its month says which way to go.
  await expect(monthDays(dialog).first()).toBeVisible();
  for (let i = 0; i < 24 && (await cell.count()) === 0; i++) {
    const shown = (await monthDays(dialog).first().getAttribute('data-day'))!;
    await dialog.locator(shown > day ? '.rdp-button_previous' : '.rdp-button_next').click();
    await expect(monthDays(dialog).first()).not.toHaveAttribute('data-day', shown);
  }
  await cell.getByRole('button').click();
}

/** Opens the facial modal of a home (in English unless told) and answers the dialog. */
export async function openFacial(page: Page, webName = 'demo', locale: 'pt' | 'en' | 'es' = 'en'): Promise<Locator> {
  await useLocale(page, locale);
  await openHome(page, site(webName));
  await page.getByRole('button', { name: /^(Facial recognition|Reconhecimento facial|Reconocimiento facial)$/ }).click();
  return page.getByRole('dialog');
}

/** Yesterday and today on the calendar, the terms, Next: the camera step (in English). */
export async function passFacialPeriod(dialog: Locator): Promise<void> {
  await expect(dialog.getByRole('heading', { name: 'When were you at the event?' })).toBeVisible();
  await pickDay(dialog, localDay(-1));
  await pickDay(dialog, localDay(0));
  await dialog.getByRole('checkbox', { name: /I allow my selfie to be used/ }).check();
  await dialog.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Take a selfie' })).toBeVisible();
}

/** From the demo's home (in English) through the period step to the camera; answers the dialog. */
export async function openFacialCamera(page: Page, webName = 'demo'): Promise<Locator> {
  const dialog = await openFacial(page, webName);
  await expect(dialog.getByRole('heading', { name: 'When were you at the event?' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('You must accept the terms and select a period before proceeding.');
  await passFacialPeriod(dialog);
  return dialog;
}
