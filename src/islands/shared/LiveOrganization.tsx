import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { useTranslate } from '../../i18n/I18nProvider.tsx';
import { mailtoHref } from '../../lib/links.ts';
import { $organization, loadOrganization, startOrganization } from '../../stores/organization.ts';
import { contactEmail, type Organization } from '../../tenant/organization.ts';

interface Props {
  /** The organization baked into the page: the first paint, and the hydration's. */
  baked: Organization;
  /** The tenant's error banner (branding `error-banner`), shown on the error page as the build's own error page does. */
  errorBanner?: string | undefined;
  children: (organization: Organization) => ReactNode;
}

/** Renders the page with the organization the API answers now, or the error page when it cannot be loaded. */
export default function LiveOrganization({ baked, errorBanner, children }: Props) {
  const state = useStore($organization);
  useEffect(() => startOrganization(baked), [baked]);
  if (state?.status === 'failed' || state?.status === 'retrying') {
    return <OrganizationError organization={state.organization} retrying={state.status === 'retrying'} errorBanner={errorBanner} />;
  }
  return children(state?.organization ?? baked);
}

/** Section 2: an apology, a retry that loads the organization again, and a help mail carrying the page's address. */
function OrganizationError({ organization, retrying, errorBanner }: { organization: Organization; retrying: boolean; errorBanner: string | undefined }) {
  const t = useTranslate();
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
