import { readFileSync } from 'node:fs';
import type { Catalogues } from '../i18n/index.ts';
import type { Branding } from './branding.ts';
import type { Organization } from './organization.ts';
import type { Theme } from './theme.ts';

/**
 * What the build hands Astro for each web name: the validated organization, or null when it
 * could not be loaded and no snapshot exists (its site is then the error page of section 2).
 */
export interface Tenant {
  webName: string;
  organization: Organization | null;
  catalogues: Catalogues;
  branding: Branding;
  /** tenants/<webName>/theme.json: accent colour and font over the default theme. */
  theme: Theme;
}

export interface LoadedTenant extends Tenant {
  organization: Organization;
}

/** The file the build script writes before running Astro; its path arrives in TENANTS_FILE. */
function loadTenants(file = process.env['TENANTS_FILE']): Tenant[] {
  if (!file) throw new Error('TENANTS_FILE is not set: build the sites with `npm run build`.');
  return JSON.parse(readFileSync(file, 'utf8')) as Tenant[];
}

/** Static paths for pages only organizations that loaded have (terms, privacy policy). */
export function loadedTenantPaths() {
  return loadTenants()
    .filter((tenant): tenant is LoadedTenant => tenant.organization !== null)
    .map((tenant) => ({ params: { tenant: tenant.webName }, props: tenant }));
}

/** Static paths for pages every tenant has (home, gallery), failed ones included. */
export function allTenantPaths() {
  return loadTenants().map((tenant) => ({ params: { tenant: tenant.webName }, props: tenant }));
}
