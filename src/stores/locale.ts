import { atom } from 'nanostores';
import { DEFAULT_LOCALE, isLocale, LOCALE_STORAGE_KEY, type Locale } from '../i18n/index.ts';

/**
 * The interface language. Pages are prerendered in pt; in the browser it starts as the stored
 * choice, and islands hydrate against pt before they show it (src/islands/shared/page-stores.ts).
 */
export const $locale = atom<Locale>(typeof document === 'undefined' ? DEFAULT_LOCALE : storedLocale());

/** The language this browser chose before, else the default. */
function storedLocale(): Locale {
  try {
    const stored = localStorage.getItem(LOCALE_STORAGE_KEY);
    if (isLocale(stored)) return stored;
  } catch {
    // Without storage the page stays in the default language.
  }
  return DEFAULT_LOCALE;
}

/** Stores the visitor's choice and reloads the page in it (section 1). */
export function chooseLocale(locale: Locale): void {
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  window.location.reload();
}
