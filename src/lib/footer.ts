import type { Translate } from '../i18n/index.ts';
import type { Organization } from '../tenant/organization.ts';
import { contactEmail } from '../tenant/organization.ts';
import { linkHref, mailAddress, mailtoHref } from './links.ts';

export interface HelpLink {
  href: string;
  text: string;
  /** A page in a new tab (the link says so to screen readers). */
  external: boolean;
}

/**
 * The footer's help (section 5): the help link (external_help_url, a page in a new tab), or a help
 * mail carrying the card code: to the help link when it is an e-mail address, else to the contact e-mail.
 */
export function helpLink(organization: Pick<Organization, 'helpUrl' | 'contactEmail'>, cardCode: string, t: Translate): HelpLink {
  const helpMail = organization.helpUrl ? mailAddress(organization.helpUrl) : null;
  if (organization.helpUrl && !helpMail) return { href: linkHref(organization.helpUrl), text: t('footer.help'), external: true };
  const email = helpMail ?? contactEmail(organization);
  const subject = cardCode ? t('footer.mailSubject', { code: cardCode }) : t('footer.mailSubjectNoCard');
  const body = cardCode ? t('footer.mailBody', { code: cardCode }) : t('footer.mailBodyNoCard');
  return { href: mailtoHref(email, subject, body), text: t('footer.contact', { email }), external: false };
}
