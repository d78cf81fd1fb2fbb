import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations, useLocale } from './support/sites.ts';
import { checkoutAsCustomer, checkoutToPayment, confirmPix, fillFields, orderIdOfCheckout } from './support/checkout.ts';
import { list, openGallery, sampleBytes, sha256, zipEntries } from './support/gallery.ts';

// A purchase from the cart to the clean photo, against the API's sandbox gateway: PIX is paid by
// the provider's `payment:confirm` (what the PSP's webhook does), cards by Pagar.me's sandbox
// numbers (…0010 approves, …0028 is refused). Each test buys from its own card.

test('pt: PIX — summary, customer, address, a QR code checked every 5 s until paid, then the photo is bought', async ({ page }) => {
  test.setTimeout(60_000);
  // A common laptop screen: the PIX step must fit it (below).
  await page.setViewportSize({ width: 1366, height: 768 });
  await openGallery(page, 'demo', '/gallery/DE-PAGA-001');
  await page.getByRole('button', { name: 'Escolher para o carrinho: Foto 1 do cartão DE-PAGA-001' }).click();
  await expect(page.locator('.cart-summary')).toHaveText(/1 item · R\$\s25,00/);
  await page.getByRole('button', { name: 'Finalizar pedido' }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Resumo do pedido' })).toBeVisible();
  await expect(dialog.getByRole('definition').last()).toHaveText(/R\$\s25,00/);
  await dialog.getByRole('button', { name: 'Enviar pedido' }).click();

  // Step 1: nothing is sent until every field passes.
  await expect(dialog.getByRole('heading', { name: 'Seus dados' })).toBeVisible();
  // The indicator marks where the visitor is; the order's summary stays beside the form (two columns from 900 px).
  const steps = dialog.getByRole('list', { name: 'Etapas do pedido' });
  await expect(steps.getByRole('listitem')).toHaveCount(5);
  await expect(steps.locator('[aria-current="step"]')).toHaveText(/Dados/);
  const aside = dialog.getByRole('region', { name: 'Resumo do pedido' });
  await expect(aside).toBeVisible();
  const [mainBox, asideBox] = await Promise.all([dialog.locator('.checkout-main').boundingBox(), aside.boundingBox()]);
  expect(asideBox!.x).toBeGreaterThan(mainBox!.x + mainBox!.width - 1);
  await expect(dialog.getByText('Todos os produtos são digitais: nada é enviado pelo correio.')).toBeVisible();
  let customerCalls = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/customer')) customerCalls++;
  });
  await dialog.getByRole('button', { name: 'Próximo' }).click();
  await expect(dialog.getByText('Campo obrigatório')).toHaveCount(3);
  await expect(dialog.getByText('Aceite os Termos de Uso para continuar')).toBeVisible();
  await dialog.getByLabel('E-mail').fill('maria@');
  await expect(dialog.getByText('E-mail inválido')).toBeVisible();
  await dialog.getByLabel('E-mail').fill('maria@example.com');
  const cpf = dialog.getByLabel('Número do CPF');
  await cpf.pressSequentially('111.111.111-11x');
  await expect(cpf).toHaveValue('111.111.111-11');
  await cpf.blur();
  await expect(dialog.getByText('CPF inválido')).toBeVisible();
  // An invalid CPF disables 'Próximo' until it is corrected (section 5).
  await expect(dialog.getByRole('button', { name: 'Próximo' })).toBeDisabled();
  await cpf.fill('');
  await cpf.pressSequentially('52998224725');
  await expect(cpf).toHaveValue('529.982.247-25');
  await expect(dialog.getByRole('button', { name: 'Próximo' })).toBeEnabled();
  await dialog.getByLabel('Telefone').fill('+55 (11) 91234-5678');
  await expect(dialog.getByLabel('País')).toHaveValue('br');
  await dialog.getByRole('checkbox', { name: /Li e aceito os/ }).check();
  expect(customerCalls).toBe(0);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Próximo' }).click();

  // Step 2: the address; a wrong CEP is refused in the browser.
  await expect(dialog.getByRole('heading', { name: 'Endereço' })).toBeVisible();
  expect(customerCalls).toBe(1);
  await fillFields(dialog, { Rua: 'Avenida Paulista', Número: '1000', CEP: '123', Cidade: 'São Paulo', Estado: 'SP' });
  await dialog.getByRole('button', { name: 'Próximo' }).click();
  await expect(dialog.getByText('CEP inválido')).toBeVisible();
  await dialog.getByLabel('CEP').fill('01310-100');
  await dialog.getByRole('button', { name: 'Próximo' }).click();

  // Step 3: PIX is the default in Portuguese.
  await expect(dialog.getByRole('heading', { name: 'Pagamento' })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'PIX' })).toBeChecked();
  const orderId = await orderIdOfCheckout(page, () => dialog.getByRole('button', { name: 'Gerar código de pagamento' }).click());
  await expect(dialog.getByText('Não feche esta janela até o pagamento ser confirmado.')).toBeVisible();
  const qr = dialog.getByRole('img', { name: 'QR code do PIX' });
  await expect.poll(() => qr.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await expect(dialog.getByLabel('PIX copia e cola')).toHaveValue(/^000201.*6304[0-9A-F]{4}$/);
  await expect(dialog.getByText(/Próxima verificação em [1-5] s/)).toBeVisible();
  await expect(steps.locator('[aria-current="step"]')).toHaveText(/Pagamento/);
  // The QR code is large and copying the code is the primary action.
  expect((await qr.boundingBox())!.width).toBeGreaterThanOrEqual(240);
  await expect(dialog.getByRole('button', { name: 'Copiar código' })).not.toHaveClass(/secondary/);
  // Checking the payment needs no scrolling at 1366x768 (the label reads "Verificando" while a check runs).
  const check = (await dialog.getByRole('button', { name: /^Verifica(r|ndo) pagamento$/ }).boundingBox())!;
  expect(check.y).toBeGreaterThanOrEqual(0);
  expect(check.y + check.height).toBeLessThanOrEqual(768);
  await expectNoAxeViolations(page);

  expect(confirmPix(orderId)).toContain('PAID');
  // The next check (at most 5 s away) sees it paid.
  await expect(dialog.getByRole('heading', { name: 'Pedido realizado' })).toBeVisible({ timeout: 12_000 });
  // The main action downloads the photos; the secondary one shows them in the gallery.
  const actions = dialog.locator('.checkout-success .modal-actions').getByRole('button');
  await expect(actions).toHaveText(['Baixar fotos', 'Ver minhas fotos']);
  await expect(actions.first()).not.toHaveClass(/secondary/);
  await expect(actions.last()).toHaveClass(/secondary/);
  const [main, other] = await Promise.all([actions.first().boundingBox(), actions.last().boundingBox()]);
  expect(Math.abs(main!.y - other!.y)).toBeLessThan(1);
  await expect(dialog.getByRole('button', { name: 'Baixar todas (ZIP)' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Ver minhas fotos' }).click();
  await expect(dialog).toBeHidden();
  await expect(list(page, '1 foto comprada').getByRole('img')).toHaveCount(1);
  await expect(list(page, '1 foto para comprar').getByRole('img')).toHaveCount(1);
  // A new, empty cart for what is left to buy (pt, by CLDR, counts 0 in the singular).
  await expect(page.locator('.cart-summary')).toHaveText(/0 itens · R\$\s0,00/);
});

test('en: card only — the form checks each field, a refused card says so, an approved one unlocks the photo and its ZIP', async ({ page }) => {
  test.setTimeout(60_000);
  await useLocale(page, 'en');
  await openGallery(page, 'demo', '/gallery/DE-PAGA-002');
  await page.getByRole('button', { name: 'Choose for the cart: Photo 2 of card DE-PAGA-002' }).click();
  await expect(page.locator('.cart-summary')).toHaveText(/1 item · R\$25\.00/);
  await page.getByRole('button', { name: 'Finish order' }).click();
  const dialog = page.getByRole('dialog');

  // "I'm not sure" leaves the cart as it was.
  await dialog.getByRole('button', { name: "I'm not sure" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Finish order' }).click();
  await dialog.getByRole('button', { name: 'Send request' }).click();

  await dialog.getByLabel('Name (optional)').fill('John');
  await dialog.getByLabel('Email').fill('john@example.com');
  await dialog.getByRole('radio', { name: 'Passport' }).check();
  await dialog.getByLabel('Passport number').fill('X1234567');
  await dialog.getByLabel('Country').selectOption('us');
  await dialog.getByLabel('Phone').fill('+1 212 555 0100');
  await dialog.getByRole('checkbox', { name: /I have read and accept the/ }).check();
  await dialog.getByRole('button', { name: 'Next' }).click();

  await expect(dialog.getByRole('heading', { name: 'Address' })).toBeVisible();
  // The address country starts from the customer's.
  await expect(dialog.getByLabel('Country')).toHaveValue('us');
  await dialog.getByRole('button', { name: 'Change my info' }).click();
  await expect(dialog.getByLabel('Passport number')).toHaveValue('X1234567');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await fillFields(dialog, { Street: '5th Avenue', Number: '350', 'Zip code': '10118', City: 'New York', State: 'NY' });
  await dialog.getByRole('button', { name: 'Next' }).click();

  // Step 3 in English: the card form only, no PIX choice.
  await expect(dialog.getByRole('heading', { name: 'Payment' })).toBeVisible();
  await expect(dialog.getByRole('radio')).toHaveCount(0);
  await expect(dialog.getByText(/Accepted cards: Visa, Mastercard/)).toBeVisible();
  const pay = dialog.getByRole('button', { name: /^Pay R\$25\.00$/ });
  // Nothing typed yet: 'Pay' waits, and a field left empty says so.
  await expect(pay).toBeDisabled();
  await dialog.getByLabel('Card number').focus();
  await page.keyboard.press('Tab');
  await expect(dialog.getByText('Required field')).toHaveCount(1);
  const number = dialog.getByLabel('Card number');
  await number.pressSequentially('4000a000000000001');
  await expect(number).toHaveValue('4000 0000 0000 0001');
  await expect(dialog.getByText('Invalid card number')).toBeVisible();
  await dialog.getByLabel('Expiry month').fill('13');
  await dialog.getByLabel('Expiry month').blur();
  await expect(dialog.getByText('Invalid month (1 to 12)')).toBeVisible();
  await dialog.getByLabel('Expiry month').fill('12');
  await dialog.getByLabel('Expiry year').fill('2031');
  await dialog.getByLabel('Security code').fill('123');
  await dialog.getByLabel('Name as on the card').fill('JOHN DOE');
  await number.fill('4000 0000 0000 0028');
  await expect(pay).toBeEnabled();
  await expectNoAxeViolations(page);
  await pay.click();
  await expect(dialog.getByRole('alert')).toHaveText('Transaction refused');

  await number.fill('4000 0000 0000 0010');
  await pay.click();
  await expect(dialog.getByRole('heading', { name: 'Order placed' })).toBeVisible();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download photos' }).click();
  const file = await (await download).path();
  // The ZIP holds the original of the photo just bought (sample 4, the card's second photo).
  expect(Object.values(await zipEntries(file))).toEqual([sha256(sampleBytes(4))]);
  await page.keyboard.press('Escape');
  await expect(list(page, '1 photo bought').getByRole('img')).toHaveCount(1);
});

test('a PIX paid after the checkout was closed: the next cart change says so and a refresh shows the photo bought', async ({ page }) => {
  test.setTimeout(60_000);
  await openGallery(page, 'demo', '/gallery/DE-PAGA-003');
  const pick = page.getByRole('button', { name: 'Escolher para o carrinho: Foto 1 do cartão DE-PAGA-003' });
  const dialog = await checkoutToPayment(page, 'DE-PAGA-003', 'ana@example.com');
  const orderId = await orderIdOfCheckout(page, () => dialog.getByRole('button', { name: 'Gerar código de pagamento' }).click());
  await expect(dialog.getByLabel('PIX copia e cola')).toHaveValue(/^000201/);
  // The visitor closes the window's checkout and pays in the bank's app afterwards.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(confirmPix(orderId)).toContain('PAID');

  await pick.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Este pedido já foi pago.' })).toBeVisible();
  await page.getByRole('button', { name: 'Atualizar a página' }).click();
  await expect(list(page, '1 foto comprada').getByRole('img')).toHaveCount(1);
  await expect(page.locator('.cart-summary')).toHaveText(/0 itens · R\$\s0,00/);
});

test('pt: a card charged whose answer the network loses shows the success step, never "try again"', async ({ page }) => {
  test.setTimeout(60_000);
  await openGallery(page, 'demo', '/gallery/DE-PAGA-009');
  const dialog = await checkoutToPayment(page, 'DE-PAGA-009', 'lost@example.com');
  await dialog.getByRole('radio', { name: 'Cartão de crédito' }).check();
  await fillFields(dialog, {
    'Número do cartão': '4000 0000 0000 0010',
    'Mês de validade': '12',
    'Ano de validade': '2031',
    'Código de segurança': '123',
    'Nome impresso no cartão': 'ANA SOUZA',
  });
  // The charge reaches the API and is made; its answer is lost on the way back.
  let charged = '';
  await page.route(
    '**/api/v1/payment/checkout/**',
    async (route) => {
      charged = await (await route.fetch()).text();
      await route.abort('connectionreset');
    },
    { times: 1 },
  );
  await dialog.getByRole('button', { name: /^Pagar R\$\s25,00$/ }).click();
  await expect(dialog.getByRole('heading', { name: 'Pedido realizado' })).toBeVisible();
  expect(charged).toContain('"PAID"');
  await page.keyboard.press('Escape');
  await expect(list(page, '1 foto comprada').getByRole('img')).toHaveCount(1);
});

test('pt: a PIX paid whose order cannot be read at once says the payment was received, then shows the success step', async ({ page }) => {
  test.setTimeout(60_000);
  await openGallery(page, 'demo', '/gallery/DE-PAGA-010');
  const dialog = await checkoutToPayment(page, 'DE-PAGA-010', 'received@example.com');
  const orderId = await orderIdOfCheckout(page, () => dialog.getByRole('button', { name: 'Gerar código de pagamento' }).click());
  await expect(dialog.getByLabel('PIX copia e cola')).toHaveValue(/^000201/);
  // The order's next reading (the one after the payment is found paid) is lost.
  await page.route(`**/api/v1/order/${orderId}`, (route) => route.abort('connectionreset'), { times: 1 });
  expect(confirmPix(orderId)).toContain('PAID');
  await expect(
    dialog.getByRole('status').filter({ hasText: /^Pagamento recebido\. Não foi possível carregar seu pedido: nova tentativa em \d s\.$/ }),
  ).toBeVisible({
    timeout: 12_000,
  });
  // Nothing more to pay: no code, no card form.
  await expect(dialog.getByLabel('PIX copia e cola')).toBeHidden();
  await expect(dialog.getByRole('radio')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  // The next check reads the order again.
  await expect(dialog.getByRole('heading', { name: 'Pedido realizado' })).toBeVisible({ timeout: 12_000 });
});

test("a second browser typing the same card gets a cart of its own, never the first visitor's data", async ({ page, browser }) => {
  test.setTimeout(60_000);
  await openGallery(page, 'demo', '/gallery/DE-PAGA-004');
  const dialog = await checkoutAsCustomer(page, 'DE-PAGA-004', 'bia@example.com');
  await expect(dialog.getByRole('heading', { name: 'Endereço' })).toBeVisible();

  // Someone else types the same card in another browser.
  const other = await browser.newContext();
  const stranger = await other.newPage();
  await openGallery(stranger, 'demo', '/gallery/DE-PAGA-004');
  await expect(stranger.locator('.cart-summary')).toHaveText(/0 itens · R\$\s0,00/);
  await stranger.getByRole('button', { name: 'Escolher para o carrinho: Foto 2 do cartão DE-PAGA-004' }).click();
  await expect(stranger.locator('.cart-summary')).toHaveText(/1 item · R\$\s25,00/);
  await stranger.getByRole('button', { name: 'Finalizar pedido' }).click();
  const theirs = stranger.getByRole('dialog');
  await theirs.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(theirs.getByLabel('E-mail')).toHaveValue('');
  await expect(theirs.getByLabel('Número do CPF')).toHaveValue('');
  await expect(theirs.getByLabel('Telefone')).toHaveValue('');
  await other.close();

  // The first visitor finds their own cart again after a reload, with their data.
  await page.reload();
  await expect(page.locator('.cart-summary')).toHaveText(/1 item · R\$\s25,00/);
  await expect(page.getByRole('button', { name: 'Escolher para o carrinho: Foto 1 do cartão DE-PAGA-004' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Finalizar pedido' }).click();
  await dialog.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(dialog.getByLabel('E-mail')).toHaveValue('bia@example.com');
});

test('on a phone: the steps show where the visitor is, the total stays in sight, every control is a 44 px target and the PIX code is large', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  // The PIX test above bought one photo of this card; the other is still for sale.
  await openGallery(page, 'demo', '/gallery/DE-PAGA-001');
  await page
    .getByRole('button', { name: /^Escolher para o carrinho: Foto \d+ do cartão DE-PAGA-001$/ })
    .first()
    .click();
  await expect(page.locator('.cart-summary')).toHaveText(/1 item · R\$\s25,00/);
  const toggle = page.getByRole('button', { name: 'Ver carrinho' });
  expect((await toggle.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await toggle.click();
  const finish = page.getByRole('button', { name: 'Finalizar pedido' });
  expect((await finish.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await finish.click();

  const dialog = page.getByRole('dialog');
  const current = dialog.getByRole('list', { name: 'Etapas do pedido' }).locator('[aria-current="step"]');
  await expect(current).toHaveText(/Resumo/);
  await dialog.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(current).toHaveText(/Dados/);
  // One line with the items and the total above the form.
  await expect(dialog.getByText(/1 item · R\$\s25,00/)).toBeVisible();
  await dialog.getByLabel('E-mail').fill('phone@example.com');
  await dialog.getByLabel('Número do CPF').pressSequentially('52998224725');
  await dialog.getByLabel('Telefone').fill('11912345678');
  await dialog.getByRole('checkbox', { name: /Li e aceito os/ }).check();
  for (const control of await dialog.locator('input:not([type="checkbox"]):not([type="radio"]), select, button:visible').all()) {
    if (!(await control.isVisible())) continue;
    expect((await control.boundingBox())!.height, await control.evaluate((e) => e.outerHTML.slice(0, 80))).toBeGreaterThanOrEqual(44);
  }
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Próximo' }).click();

  await expect(current).toHaveText(/Endereço/);
  await fillFields(dialog, { Rua: 'Avenida Paulista', Número: '1000', CEP: '01310-100', Cidade: 'São Paulo', Estado: 'SP' });
  await dialog.getByRole('button', { name: 'Próximo' }).click();
  await expect(current).toHaveText(/Pagamento/);
  const pixTile = dialog.locator('.checkout-choice-option').first();
  expect((await pixTile.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await dialog.getByRole('button', { name: 'Gerar código de pagamento' }).click();
  const qr = dialog.getByRole('img', { name: 'QR code do PIX' });
  await expect(qr).toBeVisible();
  expect((await qr.boundingBox())!.width).toBeGreaterThanOrEqual(240);
  const copy = dialog.getByRole('button', { name: 'Copiar código' });
  expect((await copy.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await expect(copy).not.toHaveClass(/secondary/);
  await expectNoAxeViolations(page);
});

/** The checkout's close control is on screen as the step arrives: no scrolling needed to leave. */
async function expectCloseInView(page: Page, dialog: Locator, name: string): Promise<void> {
  const close = dialog.getByRole('button', { name, exact: true });
  await expect(close).toBeVisible();
  const box = (await close.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(box.height).toBeGreaterThanOrEqual(44);
  // On a phone it sits in the title's bar, which stays at the top: never over a step or a field.
  const bar = (await dialog.locator('.modal-title').boundingBox())!;
  expect(bar.y).toBeCloseTo(0, 0);
  expect(box.y).toBeGreaterThanOrEqual(bar.y);
  expect(box.y + box.height).toBeLessThanOrEqual(bar.y + bar.height + 0.5);
}

test('on a 360x800 phone every step shows its close control in view; closing keeps the cart', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 360, height: 800 });
  await openGallery(page, 'demo', '/gallery/DE-PAGA-007');
  await page.getByRole('button', { name: 'Escolher para o carrinho: Foto 1 do cartão DE-PAGA-007' }).click();
  await expect(page.locator('.cart-summary')).toHaveText(/1 item · R\$\s25,00/);
  await page.getByRole('button', { name: 'Ver carrinho' }).click();
  // The cart stays open behind the checkout.
  const openCheckout = () => page.getByRole('button', { name: 'Finalizar pedido' }).click();
  await openCheckout();
  const dialog = page.getByRole('dialog');
  const heading = (name: string) => dialog.getByRole('heading', { name, exact: true });
  await expect(heading('Resumo do pedido')).toBeVisible();
  await expectCloseInView(page, dialog, 'Fechar');
  await dialog.getByRole('button', { name: 'Enviar pedido' }).click();

  await expect(heading('Seus dados')).toBeVisible();
  await expectCloseInView(page, dialog, 'Fechar');
  await dialog.getByLabel('E-mail').fill('close@example.com');
  await dialog.getByLabel('Número do CPF').pressSequentially('52998224725');
  await dialog.getByLabel('Telefone').fill('11912345678');
  await dialog.getByRole('checkbox', { name: /Li e aceito os/ }).check();
  // Scrolled down to the form's end, the close control is still there.
  await expectCloseInView(page, dialog, 'Fechar');
  await dialog.getByRole('button', { name: 'Próximo' }).click();

  await expect(heading('Endereço')).toBeVisible();
  await expectCloseInView(page, dialog, 'Fechar');
  // Closing keeps the cart and what was typed.
  await dialog.getByRole('button', { name: 'Fechar', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.cart-summary')).toHaveText(/1 item · R\$\s25,00/);
  await openCheckout();
  await dialog.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(dialog.getByLabel('E-mail')).toHaveValue('close@example.com');
  await dialog.getByRole('button', { name: 'Próximo' }).click();
  await fillFields(dialog, { Rua: 'Rua F', Número: '6', CEP: '01310-100', Cidade: 'São Paulo', Estado: 'SP' });
  await dialog.getByRole('button', { name: 'Próximo' }).click();

  await expect(heading('Pagamento')).toBeVisible();
  await expectCloseInView(page, dialog, 'Fechar');
  await dialog.getByRole('radio', { name: 'Cartão de crédito' }).check();
  await dialog.getByLabel('Código de segurança').fill('123');
  await expectCloseInView(page, dialog, 'Fechar');
  await dialog.getByRole('radio', { name: 'PIX' }).check();
  const orderId = await orderIdOfCheckout(page, () => dialog.getByRole('button', { name: 'Gerar código de pagamento' }).click());
  await expect(dialog.getByLabel('PIX copia e cola')).toHaveValue(/^000201/);
  await dialog.getByRole('button', { name: /^Verifica(r|ndo) pagamento$/ }).scrollIntoViewIfNeeded();
  await expectCloseInView(page, dialog, 'Fechar');

  expect(confirmPix(orderId)).toContain('PAID');
  await expect(heading('Pedido realizado')).toBeVisible({ timeout: 12_000 });
  await expectCloseInView(page, dialog, 'Fechar');
  await dialog.getByRole('button', { name: 'Fechar', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(list(page, '1 foto comprada').getByRole('img')).toHaveCount(1);
  // The cart, open behind the checkout, folds away over the photo just bought.
  await expect(page.locator('.cart-panel')).not.toHaveClass(/expanded/);
});

test("en: each step's heading takes the focus; 'Pay' waits for five valid fields and takes a one-word name; the success's main action downloads the ZIP", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await useLocale(page, 'en');
  await openGallery(page, 'demo', '/gallery/DE-PAGA-008');
  await page.getByRole('button', { name: 'Choose for the cart: Photo 1 of card DE-PAGA-008' }).click();
  await expect(page.locator('.cart-summary')).toHaveText(/1 item · R\$25\.00/);
  await page.getByRole('button', { name: 'Finish order' }).click();
  const dialog = page.getByRole('dialog');
  const heading = (name: string) => dialog.getByRole('heading', { name, exact: true });
  await expect(heading('Order summary')).toBeFocused();
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(heading('Your details')).toBeFocused();

  await dialog.getByLabel('Email').fill('focus@example.com');
  await dialog.getByRole('radio', { name: 'Passport' }).check();
  await dialog.getByLabel('Passport number').fill('X7654321');
  await dialog.getByLabel('Country').selectOption('us');
  await dialog.getByLabel('Phone').fill('+1 212 555 0101');
  await dialog.getByRole('checkbox', { name: /I have read and accept the/ }).check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(heading('Address')).toBeFocused();
  await dialog.getByRole('button', { name: 'Change my info' }).click();
  await expect(heading('Your details')).toBeFocused();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(heading('Address')).toBeFocused();
  await fillFields(dialog, { Street: 'Main St', Number: '1', 'Zip code': '10118', City: 'New York', State: 'NY' });
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(heading('Payment')).toBeFocused();

  // Section 5: 'Pay' is disabled while any field is invalid, before any attempt too.
  const pay = dialog.getByRole('button', { name: /^Pay R\$25\.00$/ });
  await expect(pay).toBeDisabled();
  await dialog.getByLabel('Card number').fill('4000 0000 0000 0010');
  await dialog.getByLabel('Expiry month').fill('12');
  await dialog.getByLabel('Expiry year').fill('2031');
  await expect(pay).toBeDisabled();
  await dialog.getByLabel('Security code').fill('123');
  await expect(pay).toBeDisabled();
  // A one-word name is a name for the card library (card-validator's cardholderName).
  await dialog.getByLabel('Name as on the card').fill('JOAO');
  await expect(pay).toBeEnabled();
  await dialog.getByLabel('Name as on the card').fill('1234');
  await dialog.getByLabel('Name as on the card').blur();
  await expect(dialog.getByText('Type the name printed on the card, not numbers')).toBeVisible();
  await expect(pay).toBeDisabled();
  await dialog.getByLabel('Name as on the card').fill('JOAO');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await pay.click();

  await expect(heading('Order placed')).toBeFocused();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download photos' }).click();
  const file = await (await download).path();
  // The ZIP holds the original of the photo just bought (sample 3, the card's first photo).
  expect(Object.values(await zipEntries(file))).toEqual([sha256(sampleBytes(3))]);
  await dialog.getByRole('button', { name: 'View my photos' }).click();
  await expect(dialog).toBeHidden();
  await expect(list(page, '1 photo bought').getByRole('img')).toHaveCount(1);
});
