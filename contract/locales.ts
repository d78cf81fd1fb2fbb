// The interface languages (section 1), apart from the texts: money, countries and the API's
// rules need these without loading i18next.

export const LOCALES = ['pt', 'en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'pt';
/** The BCP 47 tag each locale formats numbers, money, dates, plurals and country names with. */
export const LOCALE_TAGS = { pt: 'pt-BR', en: 'en-US', es: 'es-ES' } as const satisfies Record<Locale, string>;
/** The local-storage key that keeps the visitor's language (section 1). */
export const LOCALE_STORAGE_KEY = 'locale';
/** The query parameter a link opens a site in (`?lang=es`): the layout's first script stores it as the visitor's choice. */
export const LOCALE_PARAM = 'lang';

/** A site path whose page opens in `locale`, for links made outside the site (e-mails). */
export function inLocale(path: string, locale: Locale): string {
  return `${path}${path.includes('?') ? '&' : '?'}${LOCALE_PARAM}=${locale}`;
}

/**
 * The catalogue rules of every i18next instance here (the sites' texts and the e-mails'): flat
 * dotted keys, so no key or namespace separator; single-brace placeholders (`{count}`, the form
 * tenants write their overrides in); values unescaped (React and the mail builder escape); pt as
 * the fallback; a synchronous start, the resources being in memory.
 */
export const CATALOGUE_OPTIONS = {
  fallbackLng: DEFAULT_LOCALE,
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  initAsync: false,
} as const;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
