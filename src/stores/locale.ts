import { atom, onMount } from 'nanostores';
import { DEFAULT_LOCALE, isLocale, LOCALE_STORAGE_KEY, type Locale } from '../i18n/index.ts';

/** The interface language. Pages render in pt; the stored choice applies once islands mount. */
export const $locale = atom<Locale>(DEFAULT_LOCALE);

onMount($locale, () => {
  const stored = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY);
  if (isLocale(stored)) $locale.set(stored);
});

/** Stores the visitor's choice and reloads the page in it (section 1). */
export function chooseLocale(locale: Locale): void {
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  window.location.reload();
}
