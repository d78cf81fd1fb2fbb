import { useStore } from '@nanostores/react';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { $locale, restoreStoredLocale } from '../stores/locale.ts';
import { bakedCatalogues } from './baked.ts';
import { createI18n, translator, type Translate } from './index.ts';

// i18next holds the texts and picks plurals; this is its whole binding to React (react-i18next
// would add 4 KB to every page for this one hook). The language lives in $locale.
const I18nContext = createContext<ReturnType<typeof createI18n> | null>(null);

/**
 * Gives an island its tenant's catalogues (baked into the page) through i18next. Pages render in
 * pt; a head script hides the page while another stored language is pending, and this shows it
 * once that language has rendered.
 */
export function I18nProvider({ webName, children }: { webName: string; children: ReactNode }) {
  const i18n = useMemo(() => createI18n(bakedCatalogues(webName)), [webName]);
  const locale = useStore($locale);
  useEffect(restoreStoredLocale, []);
  useEffect(() => {
    const root = document.documentElement;
    if (root.lang === locale) delete root.dataset['localePending'];
  }, [locale]);
  return <I18nContext value={i18n}>{children}</I18nContext>;
}

/**
 * The translate function for the visitor's current language. The language comes from $locale in
 * the same render that shows it, so a whole island switches language in one commit.
 */
export function useTranslate(): Translate {
  const i18n = useContext(I18nContext);
  const locale = useStore($locale);
  if (!i18n) throw new Error('useTranslate needs an I18nProvider above it');
  return useMemo(() => translator(i18n, locale), [i18n, locale]);
}
