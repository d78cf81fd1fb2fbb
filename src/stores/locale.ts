import { atom } from 'nanostores';
import { DEFAULT_LOCALE, isLocale, LOCALE_STORAGE_KEY, type Locale } from '../i18n/index.ts';

/**
 * The interface language. Pages are prerendered in pt and an island's first render must match
 * that HTML to hydrate without a mismatch, so the stored choice is applied only after hydration,
 * by restoreStoredLocale.
 */
export const $locale = atom<Locale>(DEFAULT_LOCALE);

/** Applies the language this browser chose before; called once an island has hydrated. */
export function restoreStoredLocale(): void {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    // Without storage the page stays in the default language.
  }
  if (isLocale(stored)) $locale.set(stored);
}

/** Stores the visitor's choice and reloads the page in it (section 1). */
export function chooseLocale(locale: Locale): void {
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  window.location.reload();
}
