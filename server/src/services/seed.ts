import { createRequire } from 'node:module';
import path from 'node:path';
import { transaction, type Db } from '../db.ts';
import { createCard } from '../repositories/cards.ts';
import { upsertOrganization, type NewOrganization } from '../repositories/organizations.ts';
import { importMedias, type MediaSource } from './media-import.ts';
import { DEMO_PRODUCTS, setProducts } from './products.ts';
import { seedDemoCustomer } from './visitor-customer-file.ts';
import type { MediaStore } from '../storage/media-store.ts';

export const DEMO_ORGANIZATION: NewOrganization = {
  name: 'Demo',
  web_name: 'demo',
  url: null,
  has_online_sale: true,
  can_sell_online: true,
  has_facial_recognition: true,
  external_help_url: null,
  external_help_id: null,
  contact_email: 'contato@demo.example',
  features: {
    site: {
      can_send_photo: true,
      // The README's demo customer is found by her identifier (credential) DEMOCRED and password demo1234.
      customer_form_fields: ['external_id', 'password'],
      cpf_as_password: false,
      find_customer_with_credential: false,
      show_home_header: true,
      free_photos: false,
      can_remove_photo: false,
      must_edit_photo: false,
    },
  },
  features_organization: {
    two_factor_authentication: false,
    webapp_initial_form: 'card',
    config: '{"SITE_BANNER":{"URL":"","HEIGHT":80}}',
  },
};

/** The MIT-licensed group photos shipped with face-api, read in place (never copied into the repo). */
export function demoSamplePath(n: number): string {
  const packageJson = createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json');
  return path.join(path.dirname(packageJson), 'demo', `sample${n}.jpg`);
}

/**
 * Seeds the demo organization: DEMO00001 with six unsold photos, DEMO00002 with three photos
 * sold at the venue, DEMO00003 empty. All or nothing: a failure leaves no row and no file.
 */
export async function seedDemo(db: Db, store: MediaStore): Promise<void> {
  await transaction(db, async (db) => {
    const organizationId = await upsertOrganization(db, DEMO_ORGANIZATION);
    const unsold = await createCard(db, { organizationId, code: 'DEMO00001' });
    const sold = await createCard(db, { organizationId, code: 'DEMO00002' });
    await createCard(db, { organizationId, code: 'DEMO00003' });
    await setProducts(db, organizationId, DEMO_PRODUCTS);
    // Maria Silva (credential DEMOCRED, cpf 123.456.789-09, password demo1234) owns DEMO00001.
    await seedDemoCustomer(db, organizationId, unsold.id);
    // Capture times a minute apart, in sample order, so the gallery order is predictable.
    const start = Date.now() - 60 * 60_000;
    const photo = (cardId: string, n: number, soldAtVenue: boolean): MediaSource => ({
      organizationId,
      cardId,
      sourcePath: demoSamplePath(n),
      kind: 'photo',
      soldAtVenue,
      capturedAt: new Date(start + n * 60_000).toISOString(),
    });
    await importMedias(db, store, [...[1, 2, 3, 4, 5, 6].map((n) => photo(unsold.id, n, false)), ...[1, 2, 3].map((n) => photo(sold.id, n, true))]);
  });
}
