// "E-mail me when my photos arrive" end to end (issue #29): a visitor of an empty card subscribes
// in the home's modal, the provider imports photos with the admin CLI, the API sends one e-mail
// through a real SMTP server (the fixtures', tests/e2e/support/start-fixtures.ts), and its link
// opens the card's photos without typing the code; under two-factor it leads to the access code's
// prompt instead.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { demoSamplePath } from '../../server/src/services/seed.ts';
import { openHome } from './home-support.ts';
import { importMedia, list } from './support/gallery.ts';
import { createEmptyCard, linkIn, mailsTo, unsentMailTo } from './support/mail.ts';
import { site, useLocale } from './support/sites.ts';

type Locale = 'pt' | 'en' | 'es';

/** A text of the site's catalogue in that language, its `{placeholders}` filled. */
function text(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const catalogue = JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../src/i18n/${locale}.json`), 'utf8')) as Record<string, string>;
  const template = catalogue[key];
  if (template === undefined) throw new Error(`no text ${key} in ${locale}`);
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));
}

/** What the e-mail's subject says, in each language (server/src/mail/catalogue.ts). */
const SUBJECTS: Record<Locale, (organization: string) => string> = {
  pt: (organization) => `Suas fotos chegaram: ${organization}`,
  en: (organization) => `Your photos are here: ${organization}`,
  es: (organization) => `Tus fotos llegaron: ${organization}`,
};

/** Imports face-api's samples into a card through the admin CLI, as a provider would. */
function importSamples(webName: string, card: string, samples: number[], ...flags: string[]): void {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'e2e-arrival-'));
  try {
    for (const n of samples) cpSync(demoSamplePath(n), path.join(folder, `sample${n}.jpg`));
    importMedia(webName, card, folder, ...flags);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** On the home: types the card (and its access code), finds it empty and asks for the e-mail in the modal. */
async function subscribe(page: Page, locale: Locale, webName: string, card: string, address: string, secret?: string): Promise<void> {
  await useLocale(page, locale);
  await openHome(page, site(webName));
  await page.getByLabel(text(locale, 'home.cardLabel')).pressSequentially(card.replace(/-/g, ''));
  if (secret) await page.getByLabel(text(locale, 'home.secretLabel')).fill(secret);
  await page.getByRole('button', { name: text(locale, 'home.loadCard') }).click();
  const dialog = page.getByRole('dialog', { name: text(locale, 'errors.noPhotosTitle') });
  await dialog.getByLabel(text(locale, 'notify.email')).fill(address);
  await dialog.getByLabel(text(locale, 'notify.consent')).check();
  await dialog.getByRole('button', { name: text(locale, 'notify.submit') }).click();
  await expect(dialog.getByRole('status')).toHaveText(text(locale, 'notify.done', { email: address }));
}

/** Waits for the address's e-mails until `count` arrived, and answers them. */
async function awaitMails(address: string, count: number) {
  await expect.poll(async () => (await mailsTo(address)).length, { timeout: 30_000 }).toBe(count);
  return mailsTo(address);
}

const CARDS: Record<Locale, string> = { pt: 'GA-AVIS-0PT', en: 'GA-AVIS-0EN', es: 'GA-AVIS-0ES' };

for (const locale of ['pt', 'en', 'es'] as const) {
  test(`${locale}: one e-mail when the card's photos arrive, in the visitor's language, whose link opens them`, async ({ page, browser }) => {
    test.slow();
    const card = CARDS[locale];
    const address = `arrival-${locale}-${Date.now()}@example.com`;
    await createEmptyCard('galeria', card);
    await subscribe(page, locale, 'galeria', card, address);

    importSamples('galeria', card, [1, 2]);
    const [mail] = await awaitMails(address, 1);
    expect(mail!.subject).toBe(SUBJECTS[locale]('galeria do lago'));
    const link = linkIn(mail!, site('galeria', '/'));
    expect(link).toBe(site('galeria', `/gallery/${card}?lang=${locale}`));
    expect(mail!.html).toContain(`href="${link}"`);

    // A second import sends nothing: the one notice went, nothing else waits for this address.
    importSamples('galeria', card, [3]);
    await expect.poll(() => unsentMailTo(address)).toBe(0);
    expect(await mailsTo(address)).toHaveLength(1);

    // Followed from the mail program (a browser that never saw the card nor the visitor's choice): its photos, in the e-mail's language.
    const reader = await browser.newPage();
    await reader.goto(link!);
    await expect(reader.locator('html')).toHaveAttribute('lang', locale);
    await expect(list(reader, text(locale, 'gallery.photosToBuy_other', { count: 3 })).getByRole('img')).toHaveCount(3);
    await reader.close();
  });
}

test('under two-factor the link leads to the access code prompt, never around it', async ({ page }) => {
  test.slow();
  const card = 'CO-AVIS-001';
  const address = `arrival-2fa-${Date.now()}@example.com`;
  await createEmptyCard('cofre', card, 'aviso1');
  await subscribe(page, 'en', 'cofre', card, address, 'aviso1');

  importSamples('cofre', card, [1], '--secret', 'aviso1');
  const [mail] = await awaitMails(address, 1);
  const link = linkIn(mail!, site('cofre', '/'));
  expect(link).toBeDefined();

  // Followed in the visitor's own browser, which never opened the card (no access code kept), in English:
  // the page shows once its language is in, and only then can the access code's field take focus.
  const asked: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/v1\/(card|medias)\//.test(request.url())) asked.push(request.url());
  });
  await openHome(page, link!);
  // The card is filled in and the access code is asked; nothing of the card is shown or asked for.
  await expect(page.getByLabel(text('en', 'home.cardLabel'))).toHaveValue(card);
  await expect(page.getByLabel(text('en', 'home.secretLabel'))).toBeFocused();
  expect(asked).toEqual([]);
  await page.getByLabel(text('en', 'home.secretLabel')).fill('aviso1');
  await page.getByRole('button', { name: text('en', 'home.loadCard') }).click();
  await expect(page).toHaveURL(new RegExp(`/gallery/${card}$`));
  await expect(list(page, text('en', 'gallery.photosToBuy_one', { count: 1 })).getByRole('img')).toHaveCount(1);
});
