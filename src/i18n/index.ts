import en from './en.json';
import es from './es.json';
import pt from './pt.json';

export const LOCALES = ['pt', 'en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'pt';
/** The local-storage key that keeps the visitor's language (section 1). */
export const LOCALE_STORAGE_KEY = 'locale';

/** pt is the source catalogue: its keys are the key set every locale must have. */
export type MessageKey = keyof typeof pt;
export type Messages = Record<MessageKey, string>;

const catalogues: Record<Locale, Messages> = { pt, en, es };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Looks a message up and fills its {placeholders}. */
export function translate(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}): string {
  const template = catalogues[locale][key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function catalogue(locale: Locale): Messages {
  return catalogues[locale];
}
