// The interface languages (section 1), apart from the texts: money, countries and the API's
// rules need these without loading i18next.

export const LOCALES = ['pt', 'en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'pt';
/** The BCP 47 tag each locale formats numbers, money, dates, plurals and country names with. */
export const LOCALE_TAGS = { pt: 'pt-BR', en: 'en-US', es: 'es-ES' } as const satisfies Record<Locale, string>;
/** The local-storage key that keeps the visitor's language (section 1). */
export const LOCALE_STORAGE_KEY = 'locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
