import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSamplePath } from '../../server/src/services/seed.ts';
import { importProgressOnly, makeTempDir, runCli } from './helpers.ts';

let dataDir: string;
let work: string;

const cli = (...args: string[]) => runCli(dataDir, ...args);

const validOrganization = {
  web_name: 'acme',
  name: 'Acme Parks',
  has_online_sale: true,
  features: { site: { free_photos: true } },
  features_organization: { webapp_initial_form: 'customer', config: '{"SITE_BANNER":{"URL":"","HEIGHT":80}}' },
};

beforeAll(async () => {
  dataDir = await makeTempDir();
  work = await makeTempDir('provider-cli-');
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(work, { recursive: true, force: true });
});

describe('admin CLI', () => {
  it('prints usage for --help', async () => {
    const result = await cli('--help');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('org:upsert <file.json>');
  });

  it('fails with usage on an unknown command', async () => {
    const result = await cli('frobnicate');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('unknown command "frobnicate"');
    expect(result.stderr).toContain('media:import');
  });

  it('refuses an invalid organization file, naming the fields and writing nothing', async () => {
    const file = path.join(work, 'bad.json');
    await fs.writeFile(file, JSON.stringify({ ...validOrganization, web_name: 'Bad Name', has_online_sale: 'yes' }));
    const result = await cli('org:upsert', file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('web_name');
    expect(result.stderr).toContain('has_online_sale must be true or false');
    expect((await cli('list')).stdout).toContain('No organizations yet.');
  });

  it('upserts a valid organization by web name and prints its id', async () => {
    const file = path.join(work, 'acme.json');
    await fs.writeFile(file, JSON.stringify(validOrganization));
    const first = await cli('org:upsert', file);
    expect(first).toMatchObject({ code: 0, stdout: '1\n' });
    await fs.writeFile(file, JSON.stringify({ ...validOrganization, name: 'Acme Renamed' }));
    expect((await cli('org:upsert', file)).stdout).toBe('1\n');
    expect((await cli('list')).stdout).toContain('acme (id 1): Acme Renamed');
  });

  it('imports a folder into a new card, then lists it', async () => {
    const folder = path.join(work, 'photos');
    await fs.mkdir(folder);
    await fs.copyFile(demoSamplePath(1), path.join(folder, 'one.jpg'));
    await fs.copyFile(demoSamplePath(2), path.join(folder, 'two.JPEG'));
    await fs.writeFile(path.join(folder, 'notes.txt'), 'skipped: not an image name');
    const result = await cli('media:import', '--org', 'acme', '--card', 'ac-me00-001', '--sold', folder);
    expect(result.stderr).toMatch(importProgressOnly(2));
    expect(result).toMatchObject({ code: 0, stdout: 'Imported 2 media into AC-ME00-001 (acme)\n' });
    expect((await cli('list')).stdout).toContain('  card AC-ME00-001  2 media');
  });

  it.each([
    [['--org', 'nobody', '--card', 'AC-ME00-001'], 'unknown organization "nobody"'],
    [['--org', 'acme', '--card', 'SHORT'], '"SHORT" is not a card code'],
  ])('refuses bad import arguments %#', async (args, message) => {
    const result = await cli('media:import', ...args, work);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(message);
  });

  it('refuses a missing folder', async () => {
    const result = await cli('media:import', '--org', 'acme', '--card', 'AC-ME00-001', path.join(work, 'nope'));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is not a folder');
  });
});
