import { expect, test, type Page } from '@playwright/test';

async function useEnglish(page: Page) {
  await page.addInitScript(() => localStorage.setItem('locale', 'en'));
}

async function enterCard(page: Page, typed: string) {
  await page.goto('/');
  // The form works once its island has hydrated (it stays disabled until then).
  await expect(page.locator('form[data-hydrated]')).toBeVisible();
  const input = page.getByLabel(/Card code|Código do cartão/);
  await input.pressSequentially(typed);
  return input;
}

test('a visitor enters DE-MO00-001 and sees the gallery of its photos (pt by default)', async ({ page }) => {
  const input = await enterCard(page, 'de mo00 001');
  await expect(input).toHaveValue('DE-MO00-001');
  await page.getByRole('button', { name: 'Carregar cartão' }).click();

  await expect(page).toHaveURL(/\/gallery\/DE-MO00-001$/);
  await expect(page).toHaveTitle('Demo - Galeria');
  await expect(page.getByRole('heading', { name: 'Suas fotos estão prontas' })).toBeVisible();
  await expect(page.getByText('Não há fotos compradas em sua galeria de fotos.')).toBeVisible();
  const photos = page.getByRole('region', { name: '6 fotos para comprar' }).getByRole('img');
  await expect(photos).toHaveCount(6);
  // Every thumbnail really loads from the API.
  await expect.poll(() => photos.evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length)).toBe(6);
});

test('the Enter key submits the form and the sold card shows its bought photos', async ({ page }) => {
  await useEnglish(page);
  const input = await enterCard(page, 'DEMO00002');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/gallery\/DE-MO00-002$/);
  await expect(page.getByRole('heading', { name: 'Your photos are ready' })).toBeVisible();
  await expect(page.getByRole('region', { name: '3 photos bought' }).getByRole('img')).toHaveCount(3);
});

test('a short code says Invalid card without asking the API', async ({ page }) => {
  await useEnglish(page);
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    // The organization loads on arrival; no card look-up may follow.
    if (request.url().includes('/api/v1/') && !request.url().includes('/api/v1/organization/')) apiCalls.push(request.url());
  });
  await enterCard(page, 'DE-MO0');
  await page.getByRole('button', { name: 'Load card' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid card');
  expect(apiCalls).toEqual([]);
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown card says Invalid card', async ({ page }) => {
  await useEnglish(page);
  await enterCard(page, 'ZZ-ZZZZ-ZZZ');
  await page.getByRole('button', { name: 'Load card' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid card');
});

test('an empty card says there are no medias', async ({ page }) => {
  await useEnglish(page);
  await enterCard(page, 'DE-MO00-003');
  await page.getByRole('button', { name: 'Load card' }).click();
  await expect(page.getByRole('alert')).toHaveText('There are no medias available on the card');
  await expect(page).toHaveURL(/\/$/);
});

test('the gallery of an empty card says the gallery is empty', async ({ page }) => {
  await useEnglish(page);
  await page.goto('/gallery/DE-MO00-003');
  await expect(page.getByRole('alert').getByRole('heading', { level: 1 })).toHaveText('Your photo gallery is empty.');
});

test('routing: unknown paths go home, /gallery/* serves the gallery', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/demo\.localhost:\d+\/$/);
  await expect(page).toHaveTitle('Demo');
  await page.goto('/gallery/NOT-A-CODE');
  await expect(page).toHaveTitle('Demo - Galeria');
  await expect(page.getByRole('alert').getByRole('heading', { level: 1 })).toHaveText('Cartão inválido');
});
