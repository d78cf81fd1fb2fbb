import { sql } from 'kysely';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSamplePath } from '../../server/src/services/seed.ts';
import { makeTempDir, openTestDatabase, runCli, row } from './helpers.ts';

let dataDir: string;
let work: string;
let folder: string;
const cli = (...args: string[]) => runCli(dataDir, ...args);

async function storedSecret(code: string): Promise<string | null | undefined> {
  const db = await openTestDatabase(dataDir);
  try {
    return (await row(db, sql<{ secret: string | null }>`SELECT secret FROM cards WHERE code = ${code}`))?.secret;
  } finally {
    await db.destroy();
  }
}

beforeAll(async () => {
  dataDir = await makeTempDir();
  work = await makeTempDir('provider-cli-secret-');
  folder = path.join(work, 'photos');
  await fs.mkdir(folder);
  await fs.copyFile(demoSamplePath(1), path.join(folder, 'a.jpg'));
  const org = path.join(work, 'org.json');
  await fs.writeFile(org, JSON.stringify({ web_name: 'twofa', name: 'Two factor', features_organization: { two_factor_authentication: true } }));
  expect((await cli('org:upsert', org)).code).toBe(0);
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(work, { recursive: true, force: true });
});

describe('media:import --secret', () => {
  it('stores the normalised secret on a new card', async () => {
    const result = await cli('media:import', '--org', 'twofa', '--card', 'TF-AAAA-001', '--secret', ' ab12cd ', folder);
    expect(result.code).toBe(0);
    expect(await storedSecret('TFAAAA001')).toBe('AB12CD');
  });

  it('refuses a secret shorter than 6 and creates nothing', async () => {
    const result = await cli('media:import', '--org', 'twofa', '--card', 'TF-AAAA-002', '--secret', 'ab12c', folder);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--secret must have at least 6 characters');
    expect(await storedSecret('TFAAAA002')).toBeUndefined();
  });

  it('adds to an existing card only with the same secret', async () => {
    expect((await cli('media:import', '--org', 'twofa', '--card', 'TF-AAAA-001', '--secret', 'AB12CD', folder)).code).toBe(0);
    const other = await cli('media:import', '--org', 'twofa', '--card', 'TF-AAAA-001', '--secret', 'ZZ99ZZ', folder);
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('already exists with another access code');
    expect(await storedSecret('TFAAAA001')).toBe('AB12CD');
  });

  it('leaves cards without --secret without one', async () => {
    expect((await cli('media:import', '--org', 'twofa', '--card', 'TF-AAAA-003', folder)).code).toBe(0);
    expect(await storedSecret('TFAAAA003')).toBeNull();
  });
});
