import { formatMoney } from '@gallery/contract/money';
import type { Locale } from '@gallery/contract/locales';
import type { MailTranslate } from './catalogue.ts';
import type { MailContent } from './message.ts';

// The receipt of a paid order (issue #29): what was bought, the total, how it was paid (a card
// by its brand and last four digits, never more: the gateway gives us nothing else) and the link
// to the gallery with the bought photos.

export interface ReceiptFacts {
  organization: string;
  orderId: string;
  /** The first card's code, for the text when there is no site address to link to. */
  cardCode: string;
  lines: Array<{ description: string; count: number; allDigital: boolean }>;
  totalCents: number;
  payment: { method: 'pix' } | { method: 'creditCard'; brand: string | null; last4: string | null };
  /** The gallery of the order's cards on the organization's site; null when no site address is known. */
  galleryUrl: string | null;
}

export function receiptContent(t: MailTranslate, locale: Locale, facts: ReceiptFacts): MailContent {
  const paid =
    facts.payment.method === 'pix'
      ? t('receipt.paidPix')
      : t('receipt.paidCard', { brand: facts.payment.brand ?? '', last4: facts.payment.last4 ?? '••••' }).replace(/\s+/g, ' ');
  const lines = facts.lines.map((line) =>
    line.allDigital ? t('receipt.allDigital', { description: line.description }) : t('receipt.items', { description: line.description, count: line.count }),
  );
  return {
    subject: t('receipt.subject', { organization: facts.organization }),
    paragraphs: [
      t('receipt.title'),
      t('receipt.intro'),
      t('receipt.order', { id: facts.orderId }),
      ...lines,
      t('receipt.total', { total: formatMoney(facts.totalCents, locale) }),
      paid,
      ...(facts.galleryUrl ? [] : [t('receipt.noSite', { organization: facts.organization, code: facts.cardCode })]),
    ],
    ...(facts.galleryUrl ? { button: { label: t('receipt.open'), href: facts.galleryUrl } } : {}),
  };
}
