import { I18nProvider } from '../i18n/I18nProvider.tsx';
import type { Branding } from '../tenant/branding.ts';
import type { Organization } from '../tenant/organization.ts';
import Gallery from './gallery/Gallery.tsx';
import LiveOrganization from './shared/LiveOrganization.tsx';

interface Props {
  organization: Organization;
  /** The tenant, whose catalogues the page carries. */
  webName: string;
  /** The tenant's banner files per locale (tenants/<webName>/branding/banner-<locale>.*). */
  banners: Branding['banner'];
  /** The tenant's error banner, on the error page when the organization cannot be loaded. */
  errorBanner?: string | undefined;
}

/** The gallery page of the card in the address (the header with the language dropdown is inside). */
export default function GalleryPage({ organization, webName, banners, errorBanner }: Props) {
  return (
    <I18nProvider webName={webName}>
      <LiveOrganization baked={organization} errorBanner={errorBanner}>{(live) => <Gallery organization={live} banners={banners} />}</LiveOrganization>
    </I18nProvider>
  );
}
