// The base catalogues: read at build time (tenant overrides, baked page props) and by tests.
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import pt from './pt.json' with { type: 'json' };
import { createI18n, translator, type CatalogueKey, type Catalogues, type Locale, type MessageKey, type MessageParams } from './index.ts';

export const baseCatalogues: Catalogues = { pt, en, es };

export function isCatalogueKey(key: string): key is CatalogueKey {
  return Object.hasOwn(pt, key);
}

const base = createI18n(baseCatalogues);

/** Looks a message up in the base catalogues (tests and build-time text). */
export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  return translator(base, locale)(key, params);
}
