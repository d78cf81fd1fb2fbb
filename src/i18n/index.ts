// Locale rules the islands need. The catalogues themselves reach a page as island props (base
// plus the tenant's overrides, see catalogues.ts), so no catalogue is bundled into the browser.
import type pt from './pt.json';

export const LOCALES = ['pt', 'en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'pt';
/** The BCP 47 tag each locale formats numbers, money, dates and country names with. */
export const LOCALE_TAGS = { pt: 'pt-BR', en: 'en-US', es: 'es-ES' } as const satisfies Record<Locale, string>;
/** The local-storage key that keeps the visitor's language (section 1). */
export const LOCALE_STORAGE_KEY = 'locale';

/** pt is the source catalogue: its keys are the key set every locale must have. */
export type MessageKey = keyof typeof pt;
export type Messages = Record<MessageKey, string>;
/** Every locale's messages, as baked into a tenant's pages (base catalogue plus its overrides). */
export type Catalogues = Record<Locale, Messages>;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Fills a message's {placeholders}. */
export function format(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
