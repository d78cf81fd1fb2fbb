import { describe, expect, it } from 'vitest';
import { baseCatalogues, translate } from '../../src/i18n/catalogues.ts';
import { LOCALE_TAGS, LOCALES, PLURAL_FORMS, type Locale } from '../../src/i18n/index.ts';
import { homeErrorMessage } from '../../src/lib/error-messages.ts';
import { galleryProblem } from '../../src/lib/gallery.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const PLURAL = new RegExp(`^(.+)_(${PLURAL_FORMS.join('|')})$`);

/** A catalogue as code sees it: each key with the plural forms it has (none for a plain text). */
function shape(locale: Locale): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  for (const key of Object.keys(baseCatalogues[locale])) {
    const plural = PLURAL.exec(key);
    const base = plural?.[1] ?? key;
    keys.set(base, [...(keys.get(base) ?? []), ...(plural ? [plural[2]!] : [])].sort());
  }
  return keys;
}

describe('message catalogues', () => {
  it('every locale has the keys of pt, each plural with exactly the forms its language uses', () => {
    const source = shape('pt');
    for (const locale of LOCALES) {
      const keys = shape(locale);
      expect([...keys.keys()].sort(), locale).toEqual([...source.keys()].sort());
      const categories = [...new Intl.PluralRules(LOCALE_TAGS[locale]).resolvedOptions().pluralCategories].sort();
      for (const [key, forms] of keys) {
        const isPlural = (source.get(key) ?? []).length > 0;
        // Besides, i18next's own form for a count of 0 where the language's rule is not what people say ("0 itens").
        expect(
          forms.filter((form) => form !== 'zero'),
          `${locale} ${key}`,
        ).toEqual(isPlural ? categories : []);
      }
    }
  });

  it('every text has the placeholders of pt and is not empty; plurals carry {count}', () => {
    const first = (key: string) => Object.entries(baseCatalogues.pt).find(([k]) => (PLURAL.exec(k)?.[1] ?? k) === key)![1];
    for (const locale of LOCALES) {
      for (const [key, text] of Object.entries(baseCatalogues[locale])) {
        const plural = PLURAL.exec(key);
        const base = plural?.[1] ?? key;
        expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(first(base)));
        expect(text.trim(), `${locale} ${key}`).not.toBe('');
        if (plural) expect(text, `${locale} ${key}`).toContain('{count}');
        expect(text, `${locale} ${key}`).not.toMatch(/\(s\)/);
      }
    }
  });

  it('fills placeholders and picks the plural form of each language', () => {
    expect(translate('pt', 'cards.added', { count: 1 })).toBe('1 cartão adicionado');
    expect(translate('pt', 'cards.added', { count: 2 })).toBe('2 cartões adicionados');
    expect(translate('en', 'cards.added', { count: 1 })).toBe('1 card added');
    expect(translate('es', 'cards.added', { count: 3 })).toBe('3 tarjetas añadidas');
    expect(translate('pt', 'prices.photoCount', { count: 1 })).toBe('1 foto');
    expect(translate('pt', 'prices.photoCount', { count: 2 })).toBe('2 fotos');
    // CLDR puts 0 with 1 in pt; a Brazilian reads "0 itens".
    expect(translate('pt', 'cart.summary', { count: 0, total: 'R$ 0,00' })).toBe('0 itens · R$ 0,00');
    expect(translate('pt', 'cart.summary', { count: 1, total: 'R$ 25,00' })).toBe('1 item · R$ 25,00');
    expect(translate('es', 'cart.summary', { count: 0, total: 'R$ 0,00' })).toBe('0 artículos · R$ 0,00');
    // Portuguese and Spanish say "de" before millions: "1000000 de fotos".
    expect(translate('pt', 'prices.photoCount', { count: 1_000_000 })).toBe('1000000 de fotos');
    expect(translate('en', 'prices.photoCount', { count: 1_000_000 })).toBe('1000000 photos');
    expect(translate('es', 'facial.card', { code: 'DE-MO00-001', count: 1 })).toBe('Tarjeta DE-MO00-001 · 1 foto');
    expect(translate('en', 'viewer.photoTitle', { n: 2, total: 6 })).toBe('Photo 2 of 6');
  });

  it('words the errors of section 8 as the spec does', () => {
    expect(translate('pt', homeErrorMessage('CARD_NOT_FOUND'))).toBe('Cartão inválido');
    expect(translate('en', homeErrorMessage('CARD_NOT_FOUND'))).toBe('Invalid card');
    expect(translate('en', homeErrorMessage('CARD_EMPTY_MEDIA'))).toBe('There are no medias available on the card');
    expect(translate('pt', homeErrorMessage('CARD_EMPTY_MEDIA'))).toBe('Não há fotos disponíveis para este cartão');
    expect(translate('en', homeErrorMessage('INTERNAL_ERROR'))).toBe('Something wrong happened');
    expect(translate('pt', homeErrorMessage('INTERNAL_ERROR'))).toBe('Algo de errado aconteceu');
    expect(translate('en', galleryProblem('CARD_EMPTY_PHOTO').title)).toBe('Your photo gallery is empty.');
    expect(translate('pt', galleryProblem('CARD_EMPTY_PHOTO').title)).toBe('Sua galeria de fotos está vazia.');
    expect(translate('en', galleryProblem('INTERNAL_ERROR').title)).toBe('Something went wrong. Please refresh the page and try again.');
    expect(translate('pt', 'gallery.noneSold')).toBe('Não há fotos compradas em sua galeria de fotos.');
  });
});
