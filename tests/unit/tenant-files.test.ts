import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveTenantFile, TenantFileError } from '../../src/tenant/tenant-files.ts';

let work: string;
let tenants: string;

beforeAll(async () => {
  work = await realpath(await mkdtemp(path.join(os.tmpdir(), 'tenant-files-')));
  tenants = path.join(work, 'tenants');
  await mkdir(path.join(tenants, 'parque', 'branding'), { recursive: true });
  await mkdir(path.join(tenants, 'other'), { recursive: true });
  await mkdir(path.join(work, 'outside'), { recursive: true });
  await writeFile(path.join(work, 'outside', 'secret.env'), 'KEY=secret');
  await writeFile(path.join(tenants, 'parque', 'theme.json'), '{}');
  await writeFile(path.join(tenants, 'parque', 'branding', 'logo.svg'), '<svg/>');
  await writeFile(path.join(tenants, 'other', 'theme.json'), '{}');
  // Links inside the folder are the tenant's own files.
  await symlink('logo.svg', path.join(tenants, 'parque', 'branding', 'favicon.svg'));
  // Links out: to a secret, to another tenant, to nothing, and a folder that leads out.
  await symlink(path.join(work, 'outside', 'secret.env'), path.join(tenants, 'parque', 'branding', 'banner-pt.svg'));
  await symlink('../../other/theme.json', path.join(tenants, 'parque', 'branding', 'banner-en.svg'));
  await symlink(path.join(work, 'gone.svg'), path.join(tenants, 'parque', 'branding', 'banner-es.svg'));
  await symlink(path.join(work, 'outside'), path.join(tenants, 'parque', 'messages'));
  // A tenant folder that is itself a link out of the tenants folder.
  await symlink(path.join(work, 'outside'), path.join(tenants, 'linked'));
});

afterAll(() => rm(work, { recursive: true, force: true }));

describe("a tenant's files stay inside its folder", () => {
  it('answers the real path of a file of the folder, and of a link to another of its files', async () => {
    expect(await resolveTenantFile(tenants, 'parque', 'theme.json')).toBe(path.join(tenants, 'parque', 'theme.json'));
    expect(await resolveTenantFile(tenants, 'parque', 'branding/favicon.svg')).toBe(path.join(tenants, 'parque', 'branding', 'logo.svg'));
    expect(await resolveTenantFile(tenants, 'parque', 'branding')).toBe(path.join(tenants, 'parque', 'branding'));
  });

  it('answers null when nothing is there, or no tenant folder', async () => {
    expect(await resolveTenantFile(tenants, 'parque', 'branding/background.svg')).toBeNull();
    expect(await resolveTenantFile(tenants, 'nobody', 'theme.json')).toBeNull();
  });

  it('refuses a link out of the folder, naming the tenant and the file', async () => {
    await expect(resolveTenantFile(tenants, 'parque', 'branding/banner-pt.svg')).rejects.toThrow(
      new TenantFileError(`tenant "parque": branding/banner-pt.svg leads outside the tenant's folder`),
    );
    // Another tenant's folder is outside too.
    await expect(resolveTenantFile(tenants, 'parque', 'branding/banner-en.svg')).rejects.toThrow(TenantFileError);
    // A folder on the way that leads out.
    await expect(resolveTenantFile(tenants, 'parque', 'messages/secret.env')).rejects.toThrow(/tenant "parque": messages\/secret\.env leads outside/);
    await expect(resolveTenantFile(tenants, 'parque', '../other/theme.json')).rejects.toThrow(TenantFileError);
  });

  it('refuses a link leading nowhere', async () => {
    await expect(resolveTenantFile(tenants, 'parque', 'branding/banner-es.svg')).rejects.toThrow(
      /tenant "parque": branding\/banner-es\.svg is a link leading nowhere/,
    );
  });

  it('refuses every file of a tenant folder that is a link out of the tenants folder', async () => {
    await expect(resolveTenantFile(tenants, 'linked', 'secret.env')).rejects.toThrow(/tenant "linked": its folder is a link/);
  });
});
