// The demo's data as `npm start` has it a few seconds after starting: seeded, with the WebP
// renditions its API's background renderer makes. Made before a bench starts, so no background
// job takes a core from what it measures.
import type { Db } from '../../server/src/db.ts';
import { findOrganizationByWebName } from '../../server/src/repositories/organizations.ts';
import { renderOrganization } from '../../server/src/services/renditions.ts';
import { seedDemo } from '../../server/src/services/seed.ts';
import type { MediaStore } from '../../server/src/storage/media-store.ts';

/** Seeds the demo and makes its renditions; answers the organization's id. */
export async function seedRenderedDemo(db: Db, store: MediaStore): Promise<number> {
  await seedDemo(db, store);
  const demo = await findOrganizationByWebName(db, 'demo');
  if (!demo) throw new Error('the demo organization is missing after seeding');
  await renderOrganization(db, store, { organizationId: demo.id, onProgress: () => {}, log: () => {} });
  return demo.id;
}
