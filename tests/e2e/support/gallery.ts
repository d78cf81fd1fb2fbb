import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../../../playwright.config.ts';
import { unzip } from '../../support/zip.ts';
import { demoSamplePath } from '../../../server/src/services/seed.ts';
import { site } from './sites.ts';

export const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The bytes of face-api's sample n, which the fixtures import untouched as the originals. */
export const sampleBytes = (n: number) => readFileSync(demoSamplePath(n));

/**
 * Opens a gallery and waits until its island has hydrated and loaded the media (or said why
 * not): the page arrives in the loading view, which only the island leaves.
 */
export async function openGallery(page: Page, webName: string, path: string): Promise<void> {
  await page.goto(site(webName, path));
  await expect(page.locator('.gallery[data-view]:not([data-view="loading"])')).toBeVisible();
}

/** Makes an organization's WebP renditions now (the API's background renderer may not have come to them yet). */
export function renderRenditions(webName: string): void {
  execFileSync(process.execPath, ['--no-warnings', 'server/src/cli.ts', 'media:renditions', '--org', webName], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
  });
}

/** Imports a folder's media into a card of an organization through the admin CLI, as a provider would mid-run. */
export function importMedia(webName: string, card: string, folder: string, ...flags: string[]): void {
  execFileSync(process.execPath, ['--no-warnings', 'server/src/cli.ts', 'media:import', '--org', webName, '--card', card, ...flags, folder], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
  });
}

/** One of the gallery's counts of photos to buy, bought or to download: the heading of its list. */
export const counts = (page: Page, text: string) => page.locator('.media-section').getByRole('heading', { level: 2, name: text, exact: true });

/** The thumbnails of one list, by its heading. */
export const list = (page: Page, name: string | RegExp) => page.getByRole('region', { name });

/** Every entry of a ZIP file as name and sha256 of its bytes. */
export async function zipEntries(file: string): Promise<Record<string, string>> {
  const entries = await unzip(readFileSync(file));
  return Object.fromEntries(entries.map((entry) => [entry.name, sha256(entry.data)]));
}
