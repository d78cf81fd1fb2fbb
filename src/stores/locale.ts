import { persistentAtom } from '@nanostores/persistent';
import { DEFAULT_LOCALE, isLocale, LOCALE_STORAGE_KEY, type Locale } from '../i18n/index.ts';

/**
 * The interface language, kept in localStorage (`locale`: the page's inline script reads it too).
 * Pages are prerendered in pt; in the browser it starts as the stored choice, and islands hydrate
 * against pt before they show it (src/islands/shared/page-stores.ts). Without storage (refused,
 * private mode) the choice lives in memory and the page stays in the default language.
 */
export const $locale = persistentAtom<Locale>(LOCALE_STORAGE_KEY, DEFAULT_LOCALE, {
  encode: (locale: Locale) => locale,
  decode: (stored: string) => (isLocale(stored) ? stored : DEFAULT_LOCALE),
  // Another tab's choice shows there after its reload, not here mid-page.
  listen: false,
});

/** Stores the visitor's choice and reloads the page in it (section 1). */
export function chooseLocale(locale: Locale): void {
  try {
    $locale.set(locale);
  } catch {
    // Storage full or refused: the reload shows the language stored before.
  }
  window.location.reload();
}
