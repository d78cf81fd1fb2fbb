import type { CustomerField, InitialForm, WireOrganization } from '../lib/api/wire.ts';

export type { CustomerField };

/**
 * The organization as the sites use it: checked at build time and baked into pages (the first
 * paint), then loaded again from the API on arrival (the truth: flags act without a rebuild).
 */
export interface Organization {
  id: number;
  name: string;
  webName: string;
  url: string | null;
  hasOnlineSale: boolean;
  canSellOnline: boolean;
  hasFacialRecognition: boolean;
  helpUrl: string | null;
  helpId: string | null;
  contactEmail: string | null;
  canSendPhoto: boolean;
  customerFormFields: CustomerField[];
  cpfAsPassword: boolean;
  findCustomerWithCredential: boolean;
  showHomeHeader: boolean;
  freePhotos: boolean;
  canRemovePhoto: boolean;
  mustEditPhoto: boolean;
  twoFactor: boolean;
  initialForm: InitialForm;
  banner: { url: string | null; height: number };
}

/**
 * The API's organization in the sites' shape. The banner comes parsed apart: the build checks the
 * config with the contract's schema, and the browser keeps the baked one (like the branding
 * files, the banner changes with a build).
 */
export function organizationFromWire(o: WireOrganization, banner: Organization['banner']): Organization {
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
    banner,
  };
}

/** Where visitors write when an organization has no contact address (section 2: a default exists). */
const FALLBACK_CONTACT_EMAIL = 'contato@fotos.example';

export function contactEmail(organization: Pick<Organization, 'contactEmail'> | null): string {
  return organization?.contactEmail || FALLBACK_CONTACT_EMAIL;
}

/**
 * The organization finds its visitors by credential (its initial form, or its customers by
 * credential): the home offers the QR scanner, and the facial modal starts at its QR step.
 */
export function findsByCredential(organization: Pick<Organization, 'findCustomerWithCredential' | 'initialForm'>): boolean {
  return organization.findCustomerWithCredential || organization.initialForm === 'credential';
}

/** The page title of section 1: the name capitalised, plus ' - Galeria' on gallery pages. */
export function pageTitle(organization: Pick<Organization, 'name'>, gallery = false): string {
  const name = organization.name.charAt(0).toUpperCase() + organization.name.slice(1);
  return gallery ? `${name} - Galeria` : name;
}
