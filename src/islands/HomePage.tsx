import { useState } from 'react';
import type { Catalogues } from '../i18n/index.ts';
import { I18nProvider } from '../i18n/I18nProvider.tsx';
import type { Organization } from '../tenant/organization.ts';
import CardForm from './home/CardForm.tsx';
import HomeFooter from './home/HomeFooter.tsx';
import LanguageFlags from './shared/LanguageFlags.tsx';

interface Props {
  organization: Organization;
  catalogues: Catalogues;
}

/** The home page: how a visitor finds their photos. */
export default function HomePage({ organization, catalogues }: Props) {
  const [cardCode, setCardCode] = useState('');
  return (
    <I18nProvider catalogues={catalogues}>
      <LanguageFlags locales={['pt', 'en']} />
      <CardForm organization={organization} onCodeChange={setCardCode} />
      <HomeFooter organization={organization} cardCode={cardCode} />
    </I18nProvider>
  );
}
