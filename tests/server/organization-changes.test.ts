import { createHmac } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireOrganizationList } from '../../contract/organization.ts';
import { buildApp } from '../../server/src/app.ts';
import { createTestApi, makeTempDir, runCli, type TestApi } from './helpers.ts';

// Changes are recorded (issue 14): every change a site shows moves the organization's
// updated_at, the API answers what changed since an instant, and a provider's back office can
// announce a change through a webhook signed with a shared secret.

const SECRET = 'a-shared-secret-of-at-least-32-characters';
let api: TestApi;
let signed: ReturnType<typeof buildApp>;

const list = async (query = '') => (await api.app.inject(`/api/v1/organizations${query}`)).json<WireOrganizationList>().organizations;
const updatedAt = async (webName: string) => (await list()).find((o) => o.web_name === webName)?.updated_at ?? '';
// Signed by hand: the test must not share the rule it checks.
const sign = (body: string, secret = SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
const announce = (body: string, signature?: string) =>
  signed.inject({ method: 'POST', url: '/api/v1/organizations/changed', headers: { 'content-type': 'application/json', ...(signature ? { 'x-signature': signature } : {}) }, payload: body });

beforeAll(async () => {
  api = await createTestApi();
  signed = buildApp({ db: api.db, dataDir: api.dataDir, webhookSecret: SECRET });
});
afterAll(async () => {
  await signed.close();
  await api.close();
});

describe('the record of changes', () => {
  it('lists each organization with when it changed, and only those changed since an instant', async () => {
    const before = await updatedAt('demo');
    expect(before).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(await list(`?changed_since=${before}`)).toEqual([]);
    const folder = await makeTempDir('branding-');
    await fs.writeFile(path.join(folder, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect((await runCli(api.dataDir, 'branding:set', '--org', 'demo', folder)).code).toBe(0);
    const after = await updatedAt('demo');
    expect(after > before).toBe(true);
    expect((await list(`?changed_since=${before}`)).map((o) => o.web_name)).toEqual(['demo']);
    // An instant without milliseconds compares as the same instant.
    const secondBefore = `${new Date(Date.parse(after) - 1000).toISOString().slice(0, 19)}Z`;
    expect((await list(`?changed_since=${secondBefore}`)).map((o) => o.web_name)).toEqual(['demo']);
    expect((await api.app.inject('/api/v1/organizations?changed_since=yesterday')).statusCode).toBe(400);
  });
});

describe('organizations added, changed and removed', () => {
  it('each moves updated_at and shows in what changed since; a removed one is gone from the sites', async () => {
    const start = (await list()).map((o) => o.updated_at).sort().at(-1)!;
    const folder = await makeTempDir('org-');
    const file = path.join(folder, 'livre.json');
    await fs.copyFile(path.join(import.meta.dirname, '../fixtures/organizations/livre.json'), file);
    expect((await runCli(api.dataDir, 'org:upsert', file)).code).toBe(0);
    const added = (await api.app.inject(`/api/v1/organizations?changed_since=${start}`)).json<WireOrganizationList>();
    expect(added.organizations.map((o) => o.web_name)).toEqual(['livre']);
    expect(added.removed).toEqual([]);

    const removal = await runCli(api.dataDir, 'org:remove', 'Livre');
    expect(removal.code).toBe(0);
    const afterAdd = await api.app.inject(`/api/v1/organizations?changed_since=${added.organizations[0]!.updated_at}`);
    expect(afterAdd.json<WireOrganizationList>()).toMatchObject({ organizations: [], removed: [{ web_name: 'livre' }] });
    expect((await list()).map((o) => o.web_name)).not.toContain('livre');
    expect((await api.app.inject('/api/v1/organization/livre')).statusCode).toBe(404);
    // Removing it again, or an unknown one, is refused and changes nothing.
    expect((await runCli(api.dataDir, 'org:remove', 'livre')).code).toBe(1);

    // Upserting brings it back.
    expect((await runCli(api.dataDir, 'org:upsert', file)).code).toBe(0);
    expect((await api.app.inject('/api/v1/organization/livre')).statusCode).toBe(200);
    expect((await list()).map((o) => o.web_name)).toContain('livre');
  });
});

describe('the signed change webhook', () => {
  it('refuses a missing or bad signature and changes nothing', async () => {
    const body = JSON.stringify({ web_name: 'demo' });
    const before = await updatedAt('demo');
    for (const signature of [undefined, 'sha256=00', sign(body, 'another-secret-of-at-least-32-characters'), sign(`${body} `)]) {
      const res = await announce(body, signature);
      expect(res.statusCode, String(signature)).toBe(401);
      expect(res.json()).toEqual({ error: true, message: 'INVALID_SIGNATURE' });
    }
    expect(await updatedAt('demo')).toBe(before);
  });

  it('records a well-signed change; an unknown organization is a 404', async () => {
    const before = await updatedAt('demo');
    const body = JSON.stringify({ web_name: 'demo' });
    const res = await announce(body, sign(body));
    expect(res.statusCode).toBe(200);
    expect(await updatedAt('demo') > before).toBe(true);
    const unknown = JSON.stringify({ web_name: 'nobody' });
    expect((await announce(unknown, sign(unknown))).statusCode).toBe(404);
    const malformed = JSON.stringify({ web_name: 'Not A Name' });
    expect((await announce(malformed, sign(malformed))).json()).toMatchObject({ message: 'VALIDATION_ERROR' });
  });

  it('is off without a configured secret', async () => {
    const body = JSON.stringify({ web_name: 'demo' });
    expect((await api.app.inject({ method: 'POST', url: '/api/v1/organizations/changed', headers: { 'content-type': 'application/json', 'x-signature': sign(body) }, payload: body })).statusCode).toBe(403);
  });
});
