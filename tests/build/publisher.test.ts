import { openTestDatabase } from '../server/helpers.ts';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../server/src/db.ts';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPublisher, type Publisher } from '@gallery/publisher';
import { siteBuilder } from '../../scripts/build-tenants.ts';
import { buildApp } from '../../server/src/app.ts';
import { listOrganizations, removeOrganization, upsertOrganization } from '../../server/src/repositories/organizations.ts';
import { DEMO_ORGANIZATION } from '../../server/src/services/seed.ts';

// The publisher against the real API with real builds (each rebuild takes a few seconds), and
// a real S3-compatible server as its CDN storage.
const SECRET = 'a-shared-secret-of-at-least-32-characters';
let work: string;
let db: Db;
let app: FastifyInstance;
let publisher: Publisher;
let s3: S3rver;
let bucket: S3Client;
const lines: string[] = [];

const site = (tenant: string, file = 'index.html') => path.join(work, 'dist', 'sites', tenant, file);
const page = (tenant: string, file = 'index.html') => readFile(site(tenant, file), 'utf8');
const BUCKET = 'sites';
const uploaded = async (key: string) => (await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }))).Body!.transformToString();
const keysUnder = async (prefix: string) =>
  ((await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }))).Contents ?? []).map((o) => o.Key);
const builtAt = async (tenant: string) => (JSON.parse(await page(tenant, '_release.json')) as { built_at: string }).built_at;

/** Waits for a state, looking every 100 ms (a rebuild takes seconds on a loaded machine). */
async function until<T>(what: string, probe: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined && ok(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; publisher log:\n${lines.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'publisher-test-'));
  db = await openTestDatabase(path.join(work, 'data'));
  for (const name of ['alpha', 'beta', 'gamma']) await upsertOrganization(db, { ...DEMO_ORGANIZATION, web_name: name, name });
  await mkdir(path.join(work, 'tenants', 'beta', 'messages'), { recursive: true });
  app = buildApp({ db, dataDir: path.join(work, 'data'), webhookSecret: SECRET });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(work, 's3'), configureBuckets: [{ name: BUCKET, configs: [] }] });
  const endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
  // s3rver's fixed credentials.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  bucket = new S3Client({ endpoint, region: 'us-east-1', credentials, forcePathStyle: true });
  publisher = await startPublisher({
    sourceUrl: url,
    site: siteBuilder({
      sourceUrl: url,
      publicApiUrl: url,
      outDir: path.join(work, 'dist'),
      cacheDir: path.join(work, 'cache'),
      tenantsDir: path.join(work, 'tenants'),
    }),
    pollMs: 200,
    quietMs: 300,
    webhookSecret: SECRET,
    cdn: { endpoint, region: 'us-east-1', bucket: BUCKET, ...credentials, purgeUrl: null },
    log: (line) => lines.push(line),
  });
}, 120_000);

afterAll(async () => {
  await publisher?.stop();
  await app?.close();
  bucket?.destroy();
  await s3?.close();
  await db?.destroy();
  await rm(work, { recursive: true, force: true });
});

describe('the publisher', () => {
  it('builds every site at start, and uploads each to the CDN', async () => {
    for (const name of ['alpha', 'beta', 'gamma']) {
      const title = `<title>${name[0]!.toUpperCase()}${name.slice(1)}</title>`;
      expect(await page(name)).toContain(title);
      expect(await uploaded(`${name}/index.html`)).toContain(title);
    }
  });

  it("rebuilds only a changed organization's site, and says how long it took", async () => {
    const betaBuilt = await builtAt('beta');
    await upsertOrganization(db, { ...DEMO_ORGANIZATION, web_name: 'alpha', name: 'Alpha Renamed' });
    await until(
      'the new title',
      () => page('alpha'),
      (html) => html.includes('<title>Alpha Renamed</title>'),
    );
    expect(await builtAt('beta')).toBe(betaBuilt);
    expect(lines).toContainEqual(expect.stringMatching(/^publisher: built 1 site\(s\) in \d+\.\d s: alpha$/));
    await until(
      'the upload',
      () => uploaded('alpha/index.html'),
      (html) => html.includes('<title>Alpha Renamed</title>'),
    );
  }, 120_000);

  it('rebuilds a site when its tenant folder changes, recording the change in the API', async () => {
    const before = (await listOrganizations(db)).find((o) => o.web_name === 'beta')!.updated_at;
    await writeFile(path.join(work, 'tenants', 'beta', 'messages', 'pt.json'), JSON.stringify({ 'home.title': 'Ache suas fotos aqui' }));
    await until(
      'the new text',
      () => page('beta'),
      (html) => html.includes('Ache suas fotos aqui'),
    );
    expect((await listOrganizations(db)).find((o) => o.web_name === 'beta')!.updated_at > before).toBe(true);
  }, 120_000);

  it('a link leading nowhere in one tenant folder stops no other site, and the build names it', async () => {
    const link = path.join(work, 'tenants', 'beta', 'branding', 'logo.svg');
    await mkdir(path.dirname(link), { recursive: true });
    await symlink(path.join(work, 'nowhere.svg'), link);
    await upsertOrganization(db, { ...DEMO_ORGANIZATION, web_name: 'gamma', name: 'Gamma Again' });
    await until(
      'the other site rebuilt',
      () => page('gamma'),
      (html) => html.includes('<title>Gamma Again</title>'),
    );
    await until(
      'the line naming the link',
      async () => lines,
      (log) => log.some((line) => line.endsWith('! tenant "beta": branding/logo.svg is a link leading nowhere; left out')),
    );
    expect(await page('beta')).not.toContain('/branding/logo.svg');
    await rm(link);
  }, 120_000);

  it('leaves the previous site in place when a build fails, and says why', async () => {
    // Astro cannot write its output where a file stands: a real build failure.
    await rm(path.join(work, 'dist', 'astro'), { recursive: true, force: true });
    await writeFile(path.join(work, 'dist', 'astro'), 'in the way');
    const built = await builtAt('alpha');
    await upsertOrganization(db, { ...DEMO_ORGANIZATION, web_name: 'alpha', name: 'Alpha Broken' });
    await until(
      'the failure',
      async () => lines,
      (log) => log.some((line) => line.startsWith('publisher: build failed after')),
    );
    expect(await page('alpha')).toContain('<title>Alpha Renamed</title>');
    expect(await builtAt('alpha')).toBe(built);
    await rm(path.join(work, 'dist', 'astro'));
    await upsertOrganization(db, { ...DEMO_ORGANIZATION, web_name: 'alpha', name: 'Alpha Mended' });
    await until(
      'the mended title',
      () => page('alpha'),
      (html) => html.includes('<title>Alpha Mended</title>'),
    );
  }, 180_000);

  it("withdraws a removed organization's site", async () => {
    await removeOrganization(db, 'gamma');
    await until(
      'the withdrawal',
      async () => lines,
      (log) => log.includes('publisher: withdrew gamma'),
    );
    await expect(readFile(site('gamma'))).rejects.toThrow();
    expect(await keysUnder('gamma/')).toEqual([]);
    expect(await keysUnder('alpha/')).toContain('alpha/index.html');
    await expect(readFile(path.join(work, 'cache', 'snapshots', 'gamma.json'))).rejects.toThrow();
  }, 60_000);
});
