// Money is integer cents of BRL everywhere; this is the one place it becomes text.

import { LOCALE_TAGS, type Locale } from '../i18n/index.ts';

export function formatMoney(cents: number, locale: Locale = 'pt'): string {
  return new Intl.NumberFormat(LOCALE_TAGS[locale], { style: 'currency', currency: 'BRL' }).format(cents / 100);
}
