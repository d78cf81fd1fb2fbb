// Section 1: internationalisation polyfills load only in browsers that lack what the sites use.

export interface IntlFeatures {
  NumberFormat?: unknown;
  PluralRules?: unknown;
  Locale?: unknown;
  getCanonicalLocales?: unknown;
}

/** Which polyfills a browser with this Intl needs, in the order they must load. */
export function missingIntlFeatures(intl: IntlFeatures | undefined): Array<'getcanonicallocales' | 'locale' | 'pluralrules' | 'numberformat'> {
  const missing: Array<'getcanonicallocales' | 'locale' | 'pluralrules' | 'numberformat'> = [];
  if (typeof intl?.getCanonicalLocales !== 'function') missing.push('getcanonicallocales');
  if (typeof intl?.Locale !== 'function') missing.push('locale');
  if (typeof intl?.PluralRules !== 'function') missing.push('pluralrules');
  // formatToParts arrived late; browsers without it format money wrongly.
  const numberFormat = intl?.NumberFormat;
  const parts = typeof numberFormat === 'function' ? (numberFormat.prototype as { formatToParts?: unknown }).formatToParts : undefined;
  if (typeof parts !== 'function') missing.push('numberformat');
  return missing;
}
