// Helpers of the home specs: customers the fixture files cannot hold, added through the real admin
// CLI on the run's data folder, and the form waits every home test needs.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config.ts';

const root = path.resolve(import.meta.dirname, '../..');

function cli(args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--no-warnings', 'server/src/cli.ts', ...args],
      { cwd: root, env: { ...process.env, DATA_DIR: E2E_DATA_DIR } },
      (error, stdout, stderr) => resolve({ code: error ? 1 : 0, output: stdout + stderr }),
    );
  });
}

/**
 * Creates or updates a customer (idempotent, by external_id or cpf). Two workers may run it at
 * once; SQLite then refuses one writer, which simply tries again.
 */
export async function upsertCustomer(customer: Record<string, string>, cards: string[] = []): Promise<void> {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'home-customer-')), 'customer.json');
  writeFileSync(file, JSON.stringify(customer));
  let last = '';
  for (let attempt = 0; attempt < 5; attempt++) {
    const result = await cli(['customer:upsert', file, ...cards.flatMap((card) => ['--card', card])]);
    if (result.code === 0) return;
    last = result.output;
    await new Promise((done) => setTimeout(done, 200 + Math.random() * 300));
  }
  throw new Error(`customer:upsert failed: ${last}`);
}

/** Opens a page and waits until its island has hydrated (forms stay disabled until then). */
export async function openHome(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('form[data-hydrated]').first()).toBeVisible();
}

/** Records the API calls the page makes. */
export function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/')) calls.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  return calls;
}
