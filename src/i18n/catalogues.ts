// The base catalogues: read at build time (tenant overrides, baked page props) and by tests.
import en from './en.json' with { type: 'json' };
import es from './es.json' with { type: 'json' };
import pt from './pt.json' with { type: 'json' };
import { format, type Catalogues, type Locale, type MessageKey } from './index.ts';

export const baseCatalogues: Catalogues = { pt, en, es };

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(pt, key);
}

/** Looks a message up in the base catalogues (tests and build-time text). */
export function translate(locale: Locale, key: MessageKey, params?: Record<string, string | number>): string {
  return format(baseCatalogues[locale][key], params);
}
