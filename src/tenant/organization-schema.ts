import { Value } from 'typebox/value';
import { Organization as OrganizationSchema, organizationProblems, SiteConfig } from '../../contract/organization.ts';
import type { Organization } from './organization.ts';

// The organization passes the contract's schema at build time (Node only: TypeBox's checker
// never reaches a browser), then is reshaped into the sites' own type.

export class OrganizationError extends Error {}

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
  const o = raw;
  try {
    const site = o.features.site;
    return {
      id: o.id,
      name: o.name,
      webName: o.web_name,
      url: o.url,
      hasOnlineSale: o.has_online_sale,
      canSellOnline: o.can_sell_online,
      hasFacialRecognition: o.has_facial_recognition,
      helpUrl: o.external_help_url,
      helpId: o.external_help_id,
      contactEmail: o.contact_email,
      canSendPhoto: site.can_send_photo,
      customerFormFields: site.customer_form_fields,
      cpfAsPassword: site.cpf_as_password,
      findCustomerWithCredential: site.find_customer_with_credential,
      showHomeHeader: site.show_home_header,
      freePhotos: site.free_photos,
      canRemovePhoto: site.can_remove_photo,
      mustEditPhoto: site.must_edit_photo,
      twoFactor: o.features_organization.two_factor_authentication,
      initialForm: o.features_organization.webapp_initial_form,
      banner: parseSiteConfig(o.features_organization.config),
    };
  } catch (error) {
    if (error instanceof OrganizationError) throw new OrganizationError(`tenant "${tenant}": ${error.message}`);
    throw error;
  }
}
