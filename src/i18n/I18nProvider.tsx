import { useStore } from '@nanostores/react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { $locale, restoreStoredLocale } from '../stores/locale.ts';
import { bakedCatalogues } from './baked.ts';
import { createI18n, type Translate } from './index.ts';

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
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

/**
 * The translate function for the visitor's current language. The language comes from $locale in
 * the same render that shows it, so a whole island switches language in one commit.
 */
export function useTranslate(): Translate {
  const lng = useStore($locale);
  const options = useMemo(() => ({ lng }), [lng]);
  const { t } = useTranslation('translation', options);
  return (key, params = {}) => t(key, params);
}
