import type { CustomerField, InitialForm } from '../lib/api/wire.ts';

export type { CustomerField };

/** The organization as the sites use it: validated once at build time, then baked into pages. */
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

/** Where visitors write when an organization has no contact address (section 2: a default exists). */
export const FALLBACK_CONTACT_EMAIL = 'contato@fotos.example';

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
