import { Value } from 'typebox/value';
import { Organization as OrganizationSchema, organizationProblems, SiteConfig } from '@gallery/contract/organization';
import { organizationFromWire, type Organization } from './organization.ts';

// The organization passes the contract's schema at build time (Node only: TypeBox's checker
// never reaches a browser), then is reshaped into the sites' own type.

class OrganizationError extends Error {}

function parseSiteConfig(raw: string): { url: string | null; height: number } {
  let json: unknown;
  try {
    json = raw.trim() ? JSON.parse(raw) : {};
  } catch {
    throw new OrganizationError('features_organization.config is not valid JSON');
  }
  const config = Value.Default(SiteConfig, json);
  if (!Value.Check(SiteConfig, config)) {
    const [error] = Value.Errors(SiteConfig, config);
    throw new OrganizationError(`features_organization.config${error?.instancePath.replaceAll('/', '.') ?? ''} ${error?.message ?? 'is not valid'}`);
  }
  return { url: config.SITE_BANNER.URL || null, height: config.SITE_BANNER.HEIGHT };
}

/** Validates an organization answered by the API; the error names the tenant and every wrong field. */
export function toOrganization(raw: unknown, tenant: string): Organization {
  const problems = organizationProblems(OrganizationSchema, raw);
  if (problems.length || !Value.Check(OrganizationSchema, raw)) {
    throw new OrganizationError(`tenant "${tenant}": ${problems.join('; ') || 'the organization is not valid'}`);
  }
  try {
    return organizationFromWire(raw, parseSiteConfig(raw.features_organization.config));
  } catch (error) {
    if (error instanceof OrganizationError) throw new OrganizationError(`tenant "${tenant}": ${error.message}`);
    throw error;
  }
}
