// Money is integer cents of BRL everywhere; this is the one place it becomes text.

import { LOCALE_TAGS, type Locale } from './locales.ts';

const AMOUNT_PARTS = new Set<string>(['integer', 'group', 'decimal', 'fraction']);

/**
 * BRL in the visitor's digits, always with "R$" before the amount: Intl writes Spanish as
 * "99,00 R$" (or "99,00 BRL"), which reads as a foreign price to a visitor paying in reais.
 */
export function formatMoney(cents: number, locale: Locale = 'pt'): string {
  const parts = new Intl.NumberFormat(LOCALE_TAGS[locale], { style: 'currency', currency: 'BRL', currencyDisplay: 'narrowSymbol' }).formatToParts(cents / 100);
  const position = (type: string) => parts.findIndex((part) => part.type === type);
  if (position('currency') < position('integer')) return parts.map((part) => part.value).join('');
  const sign = position('minusSign') >= 0 ? '-' : '';
  const amount = parts
    .filter((part) => AMOUNT_PARTS.has(part.type))
    .map((part) => part.value)
    .join('');
  return `${sign}R$\u00a0${amount}`;
}
