import { useLocale, useTranslate } from './page-stores.ts';
import type { Locale } from '../../i18n/index.ts';
import { chooseLocale } from '../../stores/locale.ts';
import { useHydrated } from './use-hydrated.ts';

const FLAG: Record<Locale, string> = { pt: '/flags/br.svg', en: '/flags/us.svg', es: '/flags/es.svg' };

/**
 * Flag buttons (the home offers pt and en, the gallery pt, en and es); choosing one stores it and
 * reloads. They wait disabled until the island has hydrated: a click before would do nothing.
 */
export default function LanguageFlags({ locales }: { locales: readonly Locale[] }) {
  const t = useTranslate();
  const current = useLocale();
  const hydrated = useHydrated();
  return (
    <nav className="language-flags" aria-label={t('language.label')}>
      {locales.map((locale) => (
        <button
          key={locale}
          type="button"
          className="flag"
          lang={locale}
          aria-pressed={locale === current}
          disabled={!hydrated}
          onClick={() => locale !== current && chooseLocale(locale)}
        >
          <img src={FLAG[locale]} alt="" width={28} height={20} />
          <span className="visually-hidden">{t(`language.${locale}`)}</span>
        </button>
      ))}
    </nav>
  );
}
