import type { Catalogues } from '../i18n/index.ts';
import { I18nProvider } from '../i18n/I18nProvider.tsx';
import type { Organization } from '../tenant/organization.ts';
import Gallery from './gallery/Gallery.tsx';

interface Props {
  organization: Organization;
  catalogues: Catalogues;
}

/** The gallery page of the card in the address (the header with the language dropdown is inside). */
export default function GalleryPage({ organization, catalogues }: Props) {
  return (
    <I18nProvider catalogues={catalogues}>
      <Gallery organization={organization} />
    </I18nProvider>
  );
}
