import { useTranslate } from '../../i18n/I18nProvider.tsx';

/** The optional home header (show_home_header): a welcome with the organization's name. */
export default function HomeHeader({ name }: { name: string }) {
  const t = useTranslate();
  return (
    <header className="home-header">
      <p className="home-header-title">{t('home.headerWelcome', { name })}</p>
      <p>{t('home.headerText')}</p>
    </header>
  );
}
