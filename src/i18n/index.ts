// The texts of every page run on i18next: one instance per island (and one per build-time page),
// made from the tenant's catalogues, which reach a page baked into its HTML (see catalogues.ts), so
// no catalogue is fetched at run time.
import i18next, { type i18n } from 'i18next';
import { CATALOGUE_OPTIONS, DEFAULT_LOCALE, LOCALES, type Locale } from '@gallery/contract/locales';
import type pt from './pt.json';

export * from '@gallery/contract/locales';

/** The suffixes of a plural's forms in a catalogue (i18next's JSON v4: `key_one`, `key_other`...). */
export const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
type PluralForm = (typeof PLURAL_FORMS)[number];

/** A key as written in pt.json, the source catalogue: the key set every locale must have. */
export type CatalogueKey = keyof typeof pt;
/** A key as code names it: a plural's forms (`x_one`, `x_other`) are the one key `x`, chosen by `count`. */
export type MessageKey = CatalogueKey extends infer K ? (K extends `${infer Base}_${PluralForm}` ? Base : K) : never;
type Messages = Record<string, string>;
/** Every locale's messages, as baked into a tenant's pages (base catalogue plus its overrides). */
export type Catalogues = Record<Locale, Messages>;
/** Values for a message's `{placeholders}`; `count` also picks the plural form. */
export type MessageParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

/**
 * An i18next instance over a tenant's catalogues, by the project's catalogue rules
 * (CATALOGUE_OPTIONS: flat keys, `{count}` placeholders, React escaping).
 */
export function createI18n(catalogues: Catalogues, lng: Locale = DEFAULT_LOCALE): i18n {
  const instance = i18next.createInstance({
    ...CATALOGUE_OPTIONS,
    lng,
    resources: Object.fromEntries(LOCALES.map((locale) => [locale, { translation: catalogues[locale] }])),
  });
  void instance.init();
  return instance;
}

/** The translate function of one locale of an instance (build-time pages and tests). */
export function translator(instance: i18n, locale: Locale): Translate {
  const t = instance.getFixedT(locale);
  return (key, params = {}) => t(key, params);
}
