import type { Catalogues } from '../i18n/index.ts';
import type { Organization } from '../tenant/organization.ts';
import { $catalogues } from './i18n.ts';
import { $bakedOrganization, $organization } from './organization.ts';

/**
 * Build time: what a page carries (its tenant's texts and organization) goes into the stores its
 * islands render from. Pages are rendered one after another, each setting them first.
 */
export function bakePage(catalogues: Catalogues, organization: Organization): void {
  $catalogues.set(catalogues);
  $bakedOrganization.set(organization);
  $organization.set(null);
}
