// The credential QR scan for real: a QR code of a credential, generated here, is shown to
// Chromium's fake camera as a Y4M video; the home's scanner must read it and open the gallery.
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { CHROMIUM_ARGS } from '../../playwright.config.ts';
import { openHome } from './home-support.ts';
import { expectNoAxeViolations, site, useLocale } from './support/sites.ts';

const CREDENTIAL = 'CRED-ANA';
const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 5;

/** A YUV 4:2:0 Y4M video of FRAMES identical frames: the QR code centred on white. */
async function qrVideo(text: string): Promise<string> {
  const png = await QRCode.toBuffer(text, { margin: 4, scale: 5, errorCorrectionLevel: 'M' });
  const luma = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#ffffff' } })
    .composite([{ input: png, gravity: 'center' }])
    .extractChannel(0)
    .raw()
    .toBuffer();
  // Grey has no colour: both chroma planes sit at the neutral 128.
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F30:1 Ip A1:1 C420jpeg\n`);
  const file = path.join(os.tmpdir(), `home-qr-${process.pid}.y4m`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
  return file;
}

const video = await qrVideo(CREDENTIAL);

test.use({
  permissions: ['camera'],
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
      '--use-fake-ui-for-media-stream',
    ],
  },
});

test.afterAll(() => rmSync(video, { force: true }));

/**
 * The fake camera is read at once: the look-up of what the scanner reads waits until the test
 * calls the answered release, so the instructions can be checked first.
 */
async function holdCredentialLookup(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((done) => (release = done));
  await page.route('**/api/v1/card/customer/external_id/**', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

for (const [locale, open, hint] of [
  ['pt', 'Abrir câmera', 'Segure o QR code dentro da área de leitura.'],
  ['en', 'Open camera', 'Hold the QR code inside the scan area.'],
] as const) {
  test(`${locale}: scanning the credential QR code opens its gallery with ?credential=`, async ({ page }) => {
    await useLocale(page, locale);
    const release = await holdCredentialLookup(page);
    await openHome(page, site('credencial'));
    await page.getByRole('button', { name: open }).click();
    await expect(page.getByRole('dialog')).toContainText(hint);
    release();
    await expect(page).toHaveURL(/\/gallery\/CR-EDEN-001\?credential=CRED-ANA$/, { timeout: 20_000 });
  });
}

test('from the card form: the scan button opens the same scanner, which passes axe', async ({ page }) => {
  await useLocale(page, 'en');
  const release = await holdCredentialLookup(page);
  await openHome(page, site('credencial'));
  await page.getByRole('button', { name: 'I have a card code' }).click();
  await page.getByRole('button', { name: 'Scan a QR code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan your credential QR code' });
  await expect(dialog).toContainText('Hold the QR code inside the scan area.');
  await expectNoAxeViolations(page);
  release();
  await expect(page).toHaveURL(/\/gallery\/CR-EDEN-001\?credential=CRED-ANA$/, { timeout: 20_000 });
});
