import { readFileSync } from 'node:fs';
import type { Organization } from './organization.ts';

/** What the build hands Astro for each tenant: the validated organization. */
export interface Tenant {
  organization: Organization;
}

/** The file the build script writes before running Astro; its path arrives in TENANTS_FILE. */
export function loadTenants(file = process.env['TENANTS_FILE']): Tenant[] {
  if (!file) throw new Error('TENANTS_FILE is not set: build the sites with `npm run build`.');
  return JSON.parse(readFileSync(file, 'utf8')) as Tenant[];
}
