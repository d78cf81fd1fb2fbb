import { array, boolean, mixed, number, object, string, ValidationError } from 'yup';
import type { InitialForm } from '../lib/api/wire.ts';
import { WEB_NAME_PATTERN } from '../lib/web-name.ts';
import { DEFAULT_BANNER_HEIGHT, type CustomerField, type Organization } from './organization.ts';

// The one schema an organization passes at build time (Node only: yup never reaches a browser).

const nullableText = string().nullable().defined();

const siteConfigSchema = object({
  SITE_BANNER: object({
    URL: string().default(''),
    HEIGHT: number().positive().integer().default(DEFAULT_BANNER_HEIGHT),
  }).default({}),
});

const organizationSchema = object({
  id: number().integer().positive().required(),
  name: string().trim().required(),
  web_name: string().matches(WEB_NAME_PATTERN, 'web_name must be lower-case letters, digits and dashes').required(),
  url: nullableText,
  has_online_sale: boolean().required(),
  can_sell_online: boolean().required(),
  has_facial_recognition: boolean().required(),
  external_help_url: nullableText,
  external_help_id: nullableText,
  contact_email: nullableText,
  features: object({
    site: object({
      can_send_photo: boolean().required(),
      customer_form_fields: array(mixed<CustomerField>().oneOf(['name', 'lastname', 'external_id', 'cpf', 'password']).required()).required(),
      cpf_as_password: boolean().required(),
      find_customer_with_credential: boolean().required(),
      show_home_header: boolean().required(),
      free_photos: boolean().required(),
      can_remove_photo: boolean().required(),
      must_edit_photo: boolean().required(),
    }).required(),
  }).required(),
  features_organization: object({
    two_factor_authentication: boolean().required(),
    webapp_initial_form: mixed<InitialForm>().oneOf(['card', 'customer', 'credential']).required(),
    config: string().defined(),
  }).required(),
});

export class OrganizationError extends Error {}

function parseSiteConfig(raw: string): { url: string | null; height: number } {
  let json: unknown;
  try {
    json = raw.trim() ? JSON.parse(raw) : {};
  } catch {
    throw new OrganizationError('features_organization.config is not valid JSON');
  }
  const { SITE_BANNER } = siteConfigSchema.validateSync(json);
  return { url: SITE_BANNER.URL || null, height: SITE_BANNER.HEIGHT };
}

/** Validates an organization answered by the API; the error names the tenant and the field. */
export function toOrganization(raw: unknown, tenant: string): Organization {
  try {
    const o = organizationSchema.validateSync(raw, { strict: true, abortEarly: true });
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
    if (error instanceof ValidationError) {
      throw new OrganizationError(`tenant "${tenant}": ${error.path ?? 'organization'}: ${error.message}`);
    }
    if (error instanceof OrganizationError) throw new OrganizationError(`tenant "${tenant}": ${error.message}`);
    throw error;
  }
}
