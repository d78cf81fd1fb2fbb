import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertOrganization } from '../../server/src/repositories/organizations.ts';
import { DEMO_ORGANIZATION } from '../../server/src/services/seed.ts';
import { createTestApi, makeTempDir, runCli, type TestApi } from './helpers.ts';

const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
let api: TestApi;
let folder: string;

beforeAll(async () => {
  api = await createTestApi({ seed: false });
  await upsertOrganization(api.db, { ...DEMO_ORGANIZATION, web_name: 'parque', name: 'Parque' });
  folder = await makeTempDir('branding-');
  await fs.writeFile(path.join(folder, 'logo.svg'), LOGO);
  await fs.writeFile(path.join(folder, 'notes.txt'), 'not branding');
});

afterAll(async () => {
  await api.close();
  await fs.rm(folder, { recursive: true, force: true });
});

describe('branding in the API storage', () => {
  it('is set by the admin CLI from a folder, keeping only branding names', async () => {
    const result = await runCli(api.dataDir, 'branding:set', '--org', 'parque', folder);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('Branding of parque: logo.svg');

    const list = await api.app.inject('/api/v1/branding/PARQUE');
    expect(list.json()).toEqual({ error: false, files: ['logo.svg'] });
    const logo = await api.app.inject('/api/v1/branding/parque/logo.svg');
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.body).toBe(LOGO);
  });

  it('serves an SVG so that it can run nothing, even opened on its own', async () => {
    const logo = await api.app.inject('/api/v1/branding/parque/logo.svg');
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(logo.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
  });

  it('serves nothing but stored branding names', async () => {
    for (const url of ['/api/v1/branding/parque/notes.txt', '/api/v1/branding/parque/..%2F..%2Fprovider.sqlite', '/api/v1/branding/parque/favicon.svg']) {
      expect((await api.app.inject(url)).statusCode, url).toBe(404);
    }
    expect((await api.app.inject('/api/v1/branding/nobody')).json()).toEqual({ error: true, message: 'ORGANIZATION_NOT_FOUND' });
  });

  it('refuses a folder without branding files, or an unknown organization, changing nothing', async () => {
    const empty = await makeTempDir('branding-empty-');
    try {
      const none = await runCli(api.dataDir, 'branding:set', '--org', 'parque', empty);
      expect(none.code).toBe(1);
      expect(none.stderr).toContain('holds no branding file');
      const unknown = await runCli(api.dataDir, 'branding:set', '--org', 'nobody', folder);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('unknown organization "nobody"');
      expect((await api.app.inject('/api/v1/branding/parque')).json()).toEqual({ error: false, files: ['logo.svg'] });
    } finally {
      await fs.rm(empty, { recursive: true, force: true });
    }
  });
});
