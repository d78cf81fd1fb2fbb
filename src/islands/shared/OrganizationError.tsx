import { mailtoHref } from '../../lib/links.ts';
import { $organization, loadOrganization } from '../../stores/organization.ts';
import { contactEmail } from '../../tenant/organization.ts';
import { useOrganization, useOrganizationFailed, useStore, useTranslate } from './page-stores.ts';

interface Props {
  /** The tenant's error banner (branding `error-banner`), shown as the build's own error page does. */
  errorBanner?: string | undefined;
}

/**
 * Section 2: when the organization cannot be loaded, an apology, a retry that loads it again, and a
 * help mail carrying the page's address. The page hides everything else meanwhile (static-page.ts).
 */
export default function OrganizationError({ errorBanner }: Props) {
  const t = useTranslate();
  const organization = useOrganization();
  const failed = useOrganizationFailed();
  const retrying = useStore($organization)?.status === 'retrying';
  if (!failed) return null;
  const email = contactEmail(organization);
  return (
    <section className="error-page" aria-labelledby="organization-error-title">
      {errorBanner && <img className="error-banner" src={errorBanner} alt="" />}
      <h1 id="organization-error-title">{t('errorPage.title')}</h1>
      <p>
        {t('errorPage.contact')} <a href={mailtoHref(email, t('errorPage.mailSubject'), location.href)}>{email}</a>
      </p>
      <button type="button" onClick={() => void loadOrganization()} disabled={retrying} aria-busy={retrying}>
        {t('errorPage.retry')}
      </button>
    </section>
  );
}
