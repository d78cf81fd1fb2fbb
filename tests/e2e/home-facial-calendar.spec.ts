// The facial search's period is a calendar in the visitor's language (react-day-picker with
// date-fns' pt-BR, en-US and es): a range picked by mouse or keyboard, one day meaning that day and the next.
import { expect, test } from '@playwright/test';
import { localDay, openFacial, pickDay } from './support/facial.ts';
import { expectNoAxeViolations } from './support/sites.ts';

for (const { locale, title, month, previous, weekdays, day3, start, terms } of [
  {
    locale: 'pt',
    title: 'Quando você esteve no evento?',
    month: 'novembro',
    previous: 'Ir para o mês anterior',
    weekdays: ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sab'],
    day3: /^(Hoje, )?[a-zç-]+, 3 de novembro de \d{4}$/,
    start: (year: string) => ['Primeiro dia', `03/11/${year}`, 'Último dia', `04/11/${year}`],
    terms: /Autorizo o uso/,
  },
  {
    locale: 'en',
    title: 'When were you at the event?',
    month: 'November',
    previous: 'Go to the Previous Month',
    weekdays: ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'],
    day3: /^(Today, )?[A-Za-z]+, November 3, \d{4}$/,
    start: (year: string) => ['First day', `11/03/${year}`, 'Last day', `11/04/${year}`],
    terms: /I allow my selfie/,
  },
  {
    locale: 'es',
    title: '¿Cuándo estuviste en el evento?',
    month: 'noviembre',
    previous: 'Ir al mes anterior',
    weekdays: ['lu', 'ma', 'mi', 'ju', 'vi', 'sá', 'do'],
    day3: /^(Hoy, )?[a-záé]+, 3 de noviembre de \d{4}$/,
    start: (year: string) => ['Primer día', `03/11/${year}`, 'Último día', `04/11/${year}`],
    terms: /Autorizo el uso/,
  },
] as const) {
  test(`${locale}: the calendar names months, weekdays and days in the visitor's language`, async ({ page }) => {
    const dialog = await openFacial(page, 'demo', locale);
    await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
    // Back month by month to the last November before this month (its days are all past), with the calendar's own (translated) button.
    const november = dialog.getByRole('grid', { name: new RegExp(`^${month} \\d{4}$`) });
    for (let i = 0; i < 13 && (i === 0 || !(await november.isVisible())); i++) {
      const shown = await dialog.getByRole('grid').getAttribute('aria-label');
      await dialog.getByRole('button', { name: previous }).click();
      await expect(dialog.getByRole('grid')).not.toHaveAttribute('aria-label', shown!);
    }
    await expect(november).toBeVisible();
    // The weekday row is hidden from assistive technology: each day's button says its weekday.
    expect(await november.locator('.rdp-weekday').allTextContents()).toEqual(weekdays);
    const year = (await november.getAttribute('aria-label'))!.slice(-4);
    const third = november.locator(`td[data-day="${year}-11-03"]`).getByRole('button');
    await expect(third).toHaveAccessibleName(day3);

    await third.click();
    await november.locator(`td[data-day="${year}-11-04"]`).getByRole('button').click();
    await expect(dialog.locator('.facial-days')).toHaveText(start(year).join(''));
    await dialog.getByRole('checkbox', { name: terms }).check();
    await expectNoAxeViolations(page);
  });
}

/** A YYYY-MM-DD day as en-US writes it (11/21/2026). */
const enUS = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

test('en: one day picked means that day and the next; a later one picked with the keyboard ends the period there', async ({ page }) => {
  const dialog = await openFacial(page);
  const period = dialog.getByRole('heading', { name: 'When were you at the event?' });
  await expect(period).toBeVisible();

  // Nothing after today: the next month cannot be shown, tomorrow cannot be picked.
  await expect(dialog.getByRole('button', { name: 'Go to the Next Month' })).toBeDisabled();
  await expect(dialog.locator(`td[data-day="${localDay(1)}"] button:enabled`)).toHaveCount(0);
  const first = localDay(-3);
  await pickDay(dialog, first);
  const [, lastDay] = await dialog.getByRole('definition').all();
  // Section 5: the end date defaults to the start plus 1 day.
  await expect(lastDay!).toHaveText(enUS(localDay(-2)));
  // Without the terms, Next says what is missing.
  await dialog.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('You must accept the terms and select a period before proceeding.');
  await dialog.getByRole('checkbox', { name: /I allow my selfie to be used/ }).check();
  await expect(dialog.getByRole('alert')).toBeHidden();

  // Back with the keyboard to the day picked: two arrows on, Enter ends the range there.
  const firstButton = dialog.locator(`td[data-day="${first}"] button`);
  for (let i = 0; i < 8 && !(await firstButton.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Shift+Tab');
  await expect(firstButton).toBeFocused();
  await expect(firstButton).toHaveAccessibleName(/, selected$/);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(lastDay!).toHaveText(enUS(localDay(-1)));
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Take a selfie' })).toBeVisible();
});

test('pt: one day picked, with the terms, is a period: Next goes on to the camera', async ({ page }) => {
  const dialog = await openFacial(page, 'demo', 'pt');
  const day = localDay(-1);
  await pickDay(dialog, day);
  await dialog.getByRole('checkbox', { name: /Autorizo o uso/ }).check();
  await dialog.getByRole('button', { name: 'Próximo', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Tire uma selfie' })).toBeVisible();
});
