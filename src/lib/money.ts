// Money is integer cents of BRL everywhere; this is the one place it becomes text.

const LOCALE_TAGS = { pt: 'pt-BR', en: 'en-US', es: 'es-ES' } as const;

export function formatMoney(cents: number, locale: keyof typeof LOCALE_TAGS = 'pt'): string {
  return new Intl.NumberFormat(LOCALE_TAGS[locale], { style: 'currency', currency: 'BRL' }).format(cents / 100);
}
