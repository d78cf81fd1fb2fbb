import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import yauzl from 'yauzl';
import { demoSamplePath } from '../../../server/src/services/seed.ts';
import { site } from './sites.ts';

export const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The bytes of face-api's sample n, which the fixtures import untouched as the originals. */
export const sampleBytes = (n: number) => readFileSync(demoSamplePath(n));

/** Opens a gallery and waits until its island has loaded the media (or said why not). */
export async function openGallery(page: Page, webName: string, path: string): Promise<void> {
  await page.goto(site(webName, path));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** The thumbnails of one list, by its heading. */
export const list = (page: Page, name: string | RegExp) => page.getByRole('region', { name });

/** Every entry of a ZIP file as name and sha256 of its bytes. */
export async function zipEntries(file: string): Promise<Record<string, string>> {
  const buffer = readFileSync(file);
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const found: Record<string, string> = {};
      zip.on('error', reject);
      zip.on('end', () => resolve(found));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            found[entry.fileName] = sha256(Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
