import type { Catalogues } from '../i18n/index.ts';
import { I18nProvider } from '../i18n/I18nProvider.tsx';
import type { Organization } from '../tenant/organization.ts';
import Gallery from './gallery/Gallery.tsx';
import LanguageSelect from './shared/LanguageSelect.tsx';

interface Props {
  organization: Organization;
  catalogues: Catalogues;
}

/** The gallery page of the card in the address. */
export default function GalleryPage({ organization, catalogues }: Props) {
  return (
    <I18nProvider catalogues={catalogues}>
      <LanguageSelect />
      <Gallery organization={organization} />
    </I18nProvider>
  );
}
