import type { Page } from '@playwright/test';
import QRCode from 'qrcode';
import { holdRequests } from './sites.ts';
import sharp from 'sharp';
import { CAMERA, fakeCameraVideo } from './fake-camera.ts';

/** A fake camera's video of the QR code of the text, centred on white. */
export async function qrVideo(text: string, name: string): Promise<string> {
  const png = await QRCode.toBuffer(text, { margin: 4, scale: 5, errorCorrectionLevel: 'M' });
  const image = sharp({ create: { width: CAMERA.width, height: CAMERA.height, channels: 3, background: '#ffffff' } }).composite([
    { input: png, gravity: 'center' },
  ]);
  // Composite first: the helper's resize must see the finished picture.
  return fakeCameraVideo(sharp(await image.png().toBuffer()), name);
}

/**
 * The fake camera is read at once: the look-up of what the scanner reads waits until the test
 * calls the answered release, so the instructions can be checked first.
 */
export function holdCredentialLookup(page: Page): Promise<() => void> {
  return holdRequests(page, '**/api/v1/card/customer/external_id/**');
}
