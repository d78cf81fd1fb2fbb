// The organization is parsed once per change and kept per database handle
// (repositories/organizations.ts): a change made through another handle, as the admin CLI or
// another API instance makes it, must still be seen at once, even within the same millisecond.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db.ts';
import { findOrganizationById, findOrganizationByWebName, upsertOrganization } from '../../server/src/repositories/organizations.ts';
import { DEMO_ORGANIZATION } from '../../server/src/services/seed.ts';
import { closeTestDatabase, makeTempDir, openTestDatabase } from './helpers.ts';

let dataDir: string;
let api: Db;
let admin: Db;
let orgId: number;

beforeAll(async () => {
  dataDir = await makeTempDir();
  api = await openTestDatabase(dataDir);
  admin = await openTestDatabase(dataDir);
  orgId = await upsertOrganization(admin, DEMO_ORGANIZATION);
});

afterAll(async () => {
  await admin.destroy();
  await closeTestDatabase(api, dataDir);
});

describe('organization cache', () => {
  it('answers the same parsed organization while the row is unchanged, frozen', async () => {
    const first = await findOrganizationById(api, orgId);
    expect(await findOrganizationById(api, orgId)).toBe(first);
    expect(Object.isFrozen(first?.features.site)).toBe(true);
  });

  it('sees changes made through another handle, however quick', async () => {
    for (const free_photos of [true, false, true]) {
      await upsertOrganization(admin, {
        ...DEMO_ORGANIZATION,
        features: { ...DEMO_ORGANIZATION.features, site: { ...DEMO_ORGANIZATION.features.site, free_photos } },
      });
      expect((await findOrganizationById(api, orgId))?.features.site.free_photos).toBe(free_photos);
      expect((await findOrganizationByWebName(api, DEMO_ORGANIZATION.web_name))?.features.site.free_photos).toBe(free_photos);
    }
    await upsertOrganization(admin, { ...DEMO_ORGANIZATION, name: 'Renamed' });
    expect((await findOrganizationById(api, orgId))?.name).toBe('Renamed');
  });
});
