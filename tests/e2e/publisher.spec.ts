// The provider's side (issue 14): while the product runs as `npm start` runs it, the publisher
// rebuilds a site when its organization changes, with no build command. Fixtures publica and
// anuncia, used by no other spec.
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API_PORT, E2E_DATA_DIR, WEBHOOK_SECRET } from '../../playwright.config.ts';
import { FIXTURES_DIR } from '../support/fixtures.ts';
import { site } from './support/sites.ts';

const API = `http://127.0.0.1:${API_PORT}`;
// A rebuild is a real Astro build next to the other specs' browsers, and may queue behind
// another one (25 s each on a loaded 2-core machine): give it time, and the tests more.
const REBUILT = { timeout: 90_000, intervals: [250, 500, 1000] };
test.describe.configure({ timeout: 150_000 });

function upsert(webName: string, change: (org: Record<string, unknown>) => void): void {
  const org = JSON.parse(fs.readFileSync(path.join(FIXTURES_DIR, 'organizations', `${webName}.json`), 'utf8')) as Record<string, unknown>;
  change(org);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), `${webName}-`)), `${webName}.json`);
  fs.writeFileSync(file, JSON.stringify(org));
  execFileSync(process.execPath, ['--no-warnings', 'server/src/cli.ts', 'org:upsert', file], { env: { ...process.env, DATA_DIR: E2E_DATA_DIR } });
}

/** When the live site of a tenant was built (its /_release.json, read by the browser, which resolves *.localhost). */
async function builtAt(page: Page, webName: string): Promise<string> {
  const answer = await page.goto(site(webName, '/_release.json'));
  expect(answer?.ok()).toBe(true);
  return ((await answer!.json()) as { built_at: string }).built_at;
}

async function updatedAt(request: APIRequestContext, webName: string): Promise<string | undefined> {
  const { organizations } = (await (await request.get(`${API}/api/v1/organizations`)).json()) as {
    organizations: Array<{ web_name: string; updated_at: string }>;
  };
  return organizations.find((o) => o.web_name === webName)?.updated_at;
}

test.afterAll(() => upsert('publica', () => undefined));

test("a name changed with the admin CLI shows on the organization's site without any build command", async ({ page }) => {
  await page.goto(site('publica'));
  await expect(page).toHaveTitle('Corrida publicada');

  upsert('publica', (org) => (org['name'] = 'corrida renomeada'));
  await expect
    .poll(async () => {
      await page.reload();
      return page.title();
    }, REBUILT)
    .toBe('Corrida renomeada');
  await expect(page.getByLabel('Código do cartão')).toBeVisible();
});

test('the change webhook refuses a bad signature and rebuilds the site on a good one', async ({ page, request }) => {
  const body = JSON.stringify({ web_name: 'anuncia' });
  // Signed by hand, as a back office would: HMAC-SHA256 of the time sent (unix seconds), a dot and the body.
  const sign = (secret: string) => {
    const at = String(Math.floor(Date.now() / 1000));
    return { 'x-signature-timestamp': at, 'x-signature': `sha256=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}` };
  };
  const announce = (signature: Record<string, string>) =>
    request.post(`${API}/api/v1/organizations/changed`, { headers: { 'content-type': 'application/json', ...signature }, data: body });
  const built = await builtAt(page, 'anuncia');
  const changed = await updatedAt(request, 'anuncia');

  const refused = await announce(sign('not-the-shared-secret-but-as-long-as-it'));
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ error: true, message: 'INVALID_SIGNATURE' });
  expect(await updatedAt(request, 'anuncia')).toBe(changed);

  const signature = sign(WEBHOOK_SECRET);
  const accepted = await announce(signature);
  expect(accepted.status()).toBe(200);
  // The same request captured and sent again is refused.
  expect((await announce(signature)).status()).toBe(401);
  await expect.poll(() => builtAt(page, 'anuncia'), REBUILT).not.toBe(built);
  await page.goto(site('anuncia'));
  await expect(page).toHaveTitle('Festa anunciada');
  await expect(page.getByLabel('Código do cartão')).toBeVisible();
});
