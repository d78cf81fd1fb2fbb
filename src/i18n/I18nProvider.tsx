import { useStore } from '@nanostores/react';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { $locale, restoreStoredLocale } from '../stores/locale.ts';
import { format, type Catalogues, type Locale, type MessageKey } from './index.ts';

const CataloguesContext = createContext<Catalogues | null>(null);

/**
 * Gives an island its tenant's catalogues. Pages render in pt; a head script hides the page while
 * another stored language is pending, and this shows it once that language has rendered.
 */
export function I18nProvider({ catalogues, children }: { catalogues: Catalogues; children: ReactNode }) {
  const locale = useStore($locale);
  useEffect(restoreStoredLocale, []);
  useEffect(() => {
    const root = document.documentElement;
    if (root.lang === locale) delete root.dataset['localePending'];
  }, [locale]);
  return <CataloguesContext.Provider value={catalogues}>{children}</CataloguesContext.Provider>;
}

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** The translate function for the visitor's current language. */
export function useTranslate(): Translate {
  const locale: Locale = useStore($locale);
  const catalogues = useContext(CataloguesContext);
  if (!catalogues) throw new Error('useTranslate is used outside an I18nProvider');
  return (key, params) => format(catalogues[locale][key], params);
}
