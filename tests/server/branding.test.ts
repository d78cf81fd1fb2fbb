import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { openDatabase } from '../../server/src/db.ts';
import { upsertOrganization } from '../../server/src/repositories/organizations.ts';
import { carryOverDiskBranding } from '../../server/src/services/branding.ts';
import { DEMO_ORGANIZATION } from '../../server/src/services/seed.ts';
import { createTestApi, makeTempDir, ON_POSTGRES, runCli, testDatabaseUrl, type CliResult, type TestApi } from './helpers.ts';
import { startInstance, stopInstance } from './instances.ts';
import { FIXTURES_DIR } from '../support/fixtures.ts';

const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
const CLI = path.resolve(import.meta.dirname, '../../server/src/cli.ts');
let api: TestApi;
let folder: string;
const scratch: string[] = [];

async function tempDir(prefix: string): Promise<string> {
  const dir = await makeTempDir(prefix);
  scratch.push(dir);
  return dir;
}

/** The admin CLI with the given DATA_DIR and DATABASE_URL, whatever database the folder would have. */
async function runCliWith(env: { DATA_DIR: string; DATABASE_URL: string }, ...args: string[]): Promise<CliResult> {
  const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env, NODE_NO_WARNINGS: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output.stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output.stderr += chunk));
  const code = await new Promise<number>((resolve) => child.once('close', (exitCode) => resolve(exitCode ?? 1)));
  return { code, ...output };
}

const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

beforeAll(async () => {
  api = await createTestApi({ seed: false });
  await upsertOrganization(api.db, { ...DEMO_ORGANIZATION, web_name: 'parque', name: 'Parque' });
  folder = await tempDir('branding-');
  await fs.writeFile(path.join(folder, 'logo.svg'), LOGO);
  await fs.writeFile(path.join(folder, 'notes.txt'), 'not branding');
});

afterAll(async () => {
  await api.close();
  for (const dir of scratch) await fs.rm(dir, { recursive: true, force: true });
});

describe('branding in the database', () => {
  it('is set by the admin CLI from a folder, keeping only branding names', async () => {
    const result = await runCli(api.dataDir, 'branding:set', '--org', 'parque', folder);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('Branding of parque: logo.svg');

    const list = await api.app.inject('/api/v1/branding/PARQUE');
    expect(list.json()).toEqual({ error: false, files: ['logo.svg'] });
    const logo = await api.app.inject('/api/v1/branding/parque/logo.svg');
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.headers['cache-control']).toBe('public, max-age=300');
    expect(logo.body).toBe(LOGO);
    // Nothing on the API machine's disk.
    expect(await exists(path.join(api.dataDir, 'branding'))).toBe(false);
  });

  it('serves an SVG so that it can run nothing, even opened on its own', async () => {
    const logo = await api.app.inject('/api/v1/branding/parque/logo.svg');
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(logo.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
  });

  it('serves nothing but stored branding names', async () => {
    for (const url of ['/api/v1/branding/parque/notes.txt', '/api/v1/branding/parque/..%2F..%2Fprovider.sqlite', '/api/v1/branding/parque/favicon.svg']) {
      const answer = await api.app.inject(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json(), url).toEqual({ error: true, message: 'NOT_FOUND' });
    }
    expect((await api.app.inject('/api/v1/branding/nobody')).json()).toEqual({ error: true, message: 'ORGANIZATION_NOT_FOUND' });
    expect((await api.app.inject('/api/v1/branding/nobody/logo.svg')).json()).toEqual({ error: true, message: 'ORGANIZATION_NOT_FOUND' });
  });

  it('refuses a folder without branding files, a file over 2 MiB, or an unknown organization, changing nothing', async () => {
    const empty = await tempDir('branding-empty-');
    const none = await runCli(api.dataDir, 'branding:set', '--org', 'parque', empty);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('holds no branding file');
    const big = await tempDir('branding-big-');
    await fs.writeFile(path.join(big, 'logo.svg'), LOGO);
    await fs.writeFile(path.join(big, 'background.jpg'), Buffer.alloc(2 * 1024 * 1024 + 1));
    const tooBig = await runCli(api.dataDir, 'branding:set', '--org', 'parque', big);
    expect(tooBig.code).toBe(1);
    expect(tooBig.stderr).toContain('background.jpg is larger than 2 MiB');
    const missing = await runCli(api.dataDir, 'branding:set', '--org', 'parque', path.join(empty, 'nothing-here'));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^Error: ENOENT/);
    const unknown = await runCli(api.dataDir, 'branding:set', '--org', 'nobody', folder);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('unknown organization "nobody"');
    expect((await api.app.inject('/api/v1/branding/parque')).json()).toEqual({ error: false, files: ['logo.svg'] });
  });

  it('replaces the files whole, binary ones byte for byte, and marks the organization changed', async () => {
    const before = (await api.app.inject('/api/v1/organizations')).json<{ organizations: Array<{ web_name: string; updated_at: string }> }>();
    const next = await tempDir('branding-next-');
    const banner = randomBytes(300_000);
    const favicon = randomBytes(2 * 1024 * 1024);
    await fs.writeFile(path.join(next, 'banner-pt.png'), banner);
    await fs.writeFile(path.join(next, 'favicon.ico'), favicon);
    const result = await runCli(api.dataDir, 'branding:set', '--org', 'parque', next);
    expect(result.stdout).toContain('Branding of parque: banner-pt.png, favicon.ico');

    expect((await api.app.inject('/api/v1/branding/parque')).json()).toEqual({ error: false, files: ['banner-pt.png', 'favicon.ico'] });
    expect((await api.app.inject('/api/v1/branding/parque/logo.svg')).statusCode).toBe(404);
    const png = await api.app.inject('/api/v1/branding/parque/banner-pt.png');
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.equals(banner)).toBe(true);
    const ico = await api.app.inject('/api/v1/branding/parque/favicon.ico');
    expect(ico.headers['content-type']).toBe('image/x-icon');
    expect(ico.rawPayload.equals(favicon)).toBe(true);

    const after = (await api.app.inject('/api/v1/organizations')).json<{ organizations: Array<{ web_name: string; updated_at: string }> }>();
    const changed = (list: typeof after) => list.organizations.find((o) => o.web_name === 'parque')!.updated_at;
    expect(changed(after) > changed(before)).toBe(true);
  });

  it('stores an SVG inert (no script, handler, foreignObject or javascript: link) and refuses one that is no SVG', async () => {
    const hostile = await tempDir('branding-hostile-');
    await fs.copyFile(path.join(FIXTURES_DIR, 'svg', 'hostile.svg'), path.join(hostile, 'logo.svg'));
    const result = await runCli(api.dataDir, 'branding:set', '--org', 'parque', hostile);
    expect(result.stderr).toBe('');
    const logo = (await api.app.inject('/api/v1/branding/parque/logo.svg')).body;
    expect(logo).toContain('<rect width="5" height="5" fill="#16324f"/>');
    expect(logo).not.toMatch(/<script|onload|onclick|onmouseover|foreignObject|javascript:/i);
    const fake = await tempDir('branding-fake-');
    await fs.writeFile(path.join(fake, 'logo.svg'), '<p>no image</p>');
    const refused = await runCli(api.dataDir, 'branding:set', '--org', 'parque', fake);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('logo.svg holds no SVG image');
  });
});

describe('branding shared by every API instance on one database', () => {
  it('is served by an app on another data folder than the one the CLI ran with', async () => {
    const databaseUrl = (await testDatabaseUrl(api.dataDir)) ?? '';
    // On SQLite the database is the data folder's file, so only the reader's folder can differ.
    const writerDir = ON_POSTGRES ? await tempDir('branding-writer-') : api.dataDir;
    const readerDir = await tempDir('branding-reader-');
    const next = await tempDir('branding-shared-');
    await fs.writeFile(path.join(next, 'logo.svg'), LOGO);
    const result = await runCliWith({ DATA_DIR: writerDir, DATABASE_URL: databaseUrl }, 'branding:set', '--org', 'parque', next);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);

    // Another instance: its own connection to the database, its own (empty) data folder.
    const db = await openDatabase({ dataDir: ON_POSTGRES ? readerDir : api.dataDir, databaseUrl: databaseUrl || null });
    const reader = buildApp({ db, dataDir: readerDir });
    try {
      expect((await reader.inject('/api/v1/branding/parque')).json()).toEqual({ error: false, files: ['logo.svg'] });
      const logo = await reader.inject('/api/v1/branding/parque/logo.svg');
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toBe('image/svg+xml');
      expect(logo.body).toBe(LOGO);
    } finally {
      await reader.close();
      await db.destroy();
    }
    for (const dir of [writerDir, readerDir]) expect(await exists(path.join(dir, 'branding'))).toBe(false);
  });
});

describe('branding kept on disk by earlier versions', () => {
  it('is carried into the database by the API start, once, and the folder kept aside', async () => {
    await upsertOrganization(api.db, { ...DEMO_ORGANIZATION, web_name: 'lago', name: 'Lago' });
    const disk = path.join(api.dataDir, 'branding');
    // lago has no branding in the database: its files are carried over. parque's database
    // branding (set since) wins over its stale folder. nobody is no organization.
    await fs.mkdir(path.join(disk, 'lago'), { recursive: true });
    await fs.writeFile(path.join(disk, 'lago', 'logo.svg'), LOGO);
    await fs.writeFile(path.join(disk, 'lago', 'favicon.svg'), LOGO);
    await fs.writeFile(path.join(disk, 'lago', 'readme.txt'), 'not branding');
    await fs.mkdir(path.join(disk, 'parque'));
    await fs.writeFile(path.join(disk, 'parque', 'banner-en.svg'), LOGO);
    await fs.mkdir(path.join(disk, 'nobody'));
    await fs.writeFile(path.join(disk, 'nobody', 'logo.svg'), LOGO);

    const instance = await startInstance({ DATA_DIR: api.dataDir, DATABASE_URL: (await testDatabaseUrl(api.dataDir)) ?? '' });
    try {
      const list = await fetch(`${instance.url}/api/v1/branding/lago`);
      expect(await list.json()).toEqual({ error: false, files: ['favicon.svg', 'logo.svg'] });
      const logo = await fetch(`${instance.url}/api/v1/branding/lago/logo.svg`);
      expect(logo.headers.get('content-type')).toBe('image/svg+xml');
      expect(await logo.text()).toBe(LOGO);
    } finally {
      await stopInstance(instance);
    }
    expect((await api.app.inject('/api/v1/branding/parque')).json()).toEqual({ error: false, files: ['logo.svg'] });
    // The folder is moved aside whole, as a backup the API no longer reads.
    expect(await exists(disk)).toBe(false);
    const backups = (await fs.readdir(api.dataDir)).filter((name) => name.startsWith('branding.carried-over-'));
    expect(backups).toHaveLength(1);
    expect((await fs.readdir(path.join(api.dataDir, backups[0]!))).sort()).toEqual(['lago', 'nobody', 'parque']);
    // Nothing left to carry over.
    expect(await carryOverDiskBranding(api.db, api.dataDir)).toEqual([]);
  });
});
