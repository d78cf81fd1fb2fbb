// The checkout's country lists (section 9): value/label pairs with lower-case ISO 3166-1
// alpha-2 codes, labelled in the visitor's language by the browser's own Intl data.
import { COUNTRY_CODES } from '@gallery/contract/checkout-rules';
import { LOCALE_TAGS, type Locale } from '@gallery/contract/locales';

export interface CountryOption {
  value: string;
  label: string;
}

/** Every country, Brazil first (most visitors), then in the language's alphabetical order. */
export function countryOptions(locale: Locale): CountryOption[] {
  const tag = LOCALE_TAGS[locale];
  const names = new Intl.DisplayNames([tag], { type: 'region' });
  const collator = new Intl.Collator(tag);
  const options = COUNTRY_CODES.map((value) => ({ value, label: names.of(value.toUpperCase()) ?? value.toUpperCase() }));
  options.sort((a, b) => (a.value === 'br' ? -1 : b.value === 'br' ? 1 : collator.compare(a.label, b.label)));
  return options;
}
