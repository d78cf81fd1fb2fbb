import { createHmac } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireOrganizationList } from '@gallery/contract/organization';
import { buildApp } from '../../server/src/app.ts';
import { sql } from 'kysely';
import type { Db } from '../../server/src/db.ts';
import { createTestApi, makeTempDir, openTestDatabase, row, runCli, type TestApi } from './helpers.ts';

// Changes are recorded (issue 14): every change a site shows moves the organization's
// updated_at, the API answers what changed since an instant, and a provider's back office can
// announce a change through a webhook signed with a shared secret.

const SECRET = 'a-shared-secret-of-at-least-32-characters';
let api: TestApi;
let signed: ReturnType<typeof buildApp>;

const list = async (query = '') => (await api.app.inject(`/api/v1/organizations${query}`)).json<WireOrganizationList>().organizations;
const updatedAt = async (webName: string) => (await list()).find((o) => o.web_name === webName)?.updated_at ?? '';
const unixNow = () => Math.floor(Date.now() / 1000);
// Each signature of this file its own second within the last five minutes, so no test replays another's.
let lastAt = unixNow() - 120;
const freshAt = () => ++lastAt;
// Signed by hand (Stripe's scheme: the time sent, a dot, the body): the test must not share the rule it checks.
const sign = (body: string, { secret = SECRET, at = freshAt() }: { secret?: string; at?: number } = {}) => ({
  'x-signature-timestamp': String(at),
  'x-signature': `sha256=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`,
});
type Signature = Record<string, string>;
const announce = (body: string, signature?: Signature, app = signed) =>
  app.inject({ method: 'POST', url: '/api/v1/organizations/changed', headers: { 'content-type': 'application/json', ...signature }, payload: body });

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
  });

  it('refuses an instant that is not on the calendar with a 400 in the one error shape', async () => {
    for (const given of ['yesterday', '2026-13-45T99:99:99Z', '0000-00-00T00:00:00Z', '2026-02-30T00:00:00Z', '2026-11-23T24:00:00Z']) {
      const answer = await api.app.inject(`/api/v1/organizations?changed_since=${given}`);
      expect(answer.statusCode, given).toBe(400);
      expect(answer.json(), given).toMatchObject({ error: true, message: 'VALIDATION_ERROR' });
    }
    expect((await api.app.inject('/api/v1/organizations?changed_since=2024-02-29T23:59:59.999Z')).statusCode).toBe(200);
  });
});

describe('organizations added, changed and removed', () => {
  it('each moves updated_at and shows in what changed since; a removed one is gone from the sites', async () => {
    const start = (await list())
      .map((o) => o.updated_at)
      .sort()
      .at(-1)!;
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
    const good = sign(body);
    const bodyOnly = { 'x-signature': `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}` };
    for (const signature of [
      undefined,
      { 'x-signature': 'sha256=00', 'x-signature-timestamp': good['x-signature-timestamp'] },
      sign(body, { secret: 'another-secret-of-at-least-32-characters' }),
      sign(`${body} `),
      // The scheme before timestamps: the body alone, with or without a timestamp beside it.
      bodyOnly,
      { ...bodyOnly, 'x-signature-timestamp': good['x-signature-timestamp'] },
      // A good signature sent with another time than the one it signs.
      { ...good, 'x-signature-timestamp': String(Number(good['x-signature-timestamp']) - 1) },
      { ...good, 'x-signature-timestamp': 'soon' },
    ]) {
      const res = await announce(body, signature);
      expect(res.statusCode, JSON.stringify(signature)).toBe(401);
      expect(res.json()).toMatchObject({ error: true, message: 'INVALID_SIGNATURE' });
    }
    expect(await updatedAt('demo')).toBe(before);
  });

  it('refuses a captured request sent again, and one signed too long ago or in the future', async () => {
    const body = JSON.stringify({ web_name: 'demo' });
    const first = sign(body);
    expect((await announce(body, first)).statusCode).toBe(200);
    const after = await updatedAt('demo');
    for (let replay = 0; replay < 3; replay++) {
      const res = await announce(body, first);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: true, message: 'INVALID_SIGNATURE', detail: 'the signature was used already' });
    }
    // Five minutes is the most a signature lives; a sender's clock may run a little ahead, not a minute.
    for (const [at, detail] of [
      [unixNow() - 5 * 60 - 2, 'the signature is stale'],
      [unixNow() + 60, 'the signature is from the future'],
    ] as const) {
      const res = await announce(body, sign(body, { at }));
      expect(res.json(), String(at)).toEqual({ error: true, message: 'INVALID_SIGNATURE', detail });
    }
    expect(await updatedAt('demo')).toBe(after);
    // A fresh one (signed minutes ago, within the five) goes through.
    expect((await announce(body, sign(body))).statusCode).toBe(200);
  });

  it('is refused as a replay by another API instance on the same database', async () => {
    const otherDb: Db = await openTestDatabase(api.dataDir);
    const other = buildApp({ db: otherDb, dataDir: api.dataDir, webhookSecret: SECRET });
    try {
      const body = JSON.stringify({ web_name: 'demo' });
      const signature = sign(body);
      const answers = await Promise.all([announce(body, signature), announce(body, signature, other)]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 401]);
      expect((await announce(body, signature, other)).statusCode).toBe(401);
    } finally {
      await other.close();
      await otherDb.destroy();
    }
  });

  it('keeps the signatures it took only until they go stale', async () => {
    const staleMs = Date.now() - 1000;
    await sql`INSERT INTO webhook_signatures (signature, expires_at_ms) VALUES (${'sha256=stale'}, ${staleMs})`.execute(api.db);
    const body = JSON.stringify({ web_name: 'demo' });
    expect((await announce(body, sign(body))).statusCode).toBe(200);
    const left = await row(
      api.db,
      sql<{ n: number; stale: number }>`SELECT count(*) AS n, sum(CASE WHEN expires_at_ms <= ${Date.now()} THEN 1 ELSE 0 END) AS stale FROM webhook_signatures`,
    );
    expect(Number(left?.stale ?? 0)).toBe(0);
    expect(Number(left?.n)).toBeGreaterThan(0);
  });

  it('is rate-limited per client address', async () => {
    const limited = buildApp({ db: api.db, dataDir: api.dataDir, webhookSecret: SECRET, rateLimit: { max: 3 } });
    try {
      const body = JSON.stringify({ web_name: 'demo' });
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await announce(body, { 'x-signature': 'sha256=00' }, limited)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('records a well-signed change; an unknown organization is a 404', async () => {
    const before = await updatedAt('demo');
    const body = JSON.stringify({ web_name: 'demo' });
    const res = await announce(body, sign(body));
    expect(res.statusCode).toBe(200);
    expect((await updatedAt('demo')) > before).toBe(true);
    const unknown = JSON.stringify({ web_name: 'nobody' });
    expect((await announce(unknown, sign(unknown))).statusCode).toBe(404);
    const malformed = JSON.stringify({ web_name: 'Not A Name' });
    expect((await announce(malformed, sign(malformed))).json()).toMatchObject({ message: 'VALIDATION_ERROR' });
  });

  it('is off without a configured secret', async () => {
    const body = JSON.stringify({ web_name: 'demo' });
    expect((await announce(body, sign(body), api.app)).statusCode).toBe(403);
  });
});
