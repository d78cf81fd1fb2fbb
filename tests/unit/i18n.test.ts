import { describe, expect, it } from 'vitest';
import { baseCatalogues, translate } from '../../src/i18n/catalogues.ts';
import { LOCALES } from '../../src/i18n/index.ts';
import { galleryErrorMessage, homeErrorMessage } from '../../src/lib/error-messages.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogues', () => {
  it('every locale has the same keys and placeholders as pt', () => {
    const source = baseCatalogues.pt;
    for (const locale of LOCALES) {
      const messages = baseCatalogues[locale];
      expect(Object.keys(messages).sort(), locale).toEqual(Object.keys(source).sort());
      for (const key of Object.keys(source) as Array<keyof typeof source>) {
        expect(placeholders(messages[key]), `${locale} ${key}`).toEqual(placeholders(source[key]));
        expect(messages[key].trim(), `${locale} ${key}`).not.toBe('');
      }
    }
  });

  it('fills placeholders', () => {
    expect(translate('en', 'gallery.sold', { count: 3 })).toBe('Photos bought (3)');
  });

  it('words the errors of section 8 as the spec does', () => {
    expect(translate('pt', homeErrorMessage('CARD_NOT_FOUND'))).toBe('Cartão inválido');
    expect(translate('en', homeErrorMessage('CARD_NOT_FOUND'))).toBe('Invalid card');
    expect(translate('en', homeErrorMessage('CARD_EMPTY_MEDIA'))).toBe('There are no medias available on the card');
    expect(translate('pt', homeErrorMessage('CARD_EMPTY_MEDIA'))).toBe('Não há fotos disponíveis para este cartão');
    expect(translate('en', homeErrorMessage('INTERNAL_ERROR'))).toBe('Something wrong happened');
    expect(translate('pt', homeErrorMessage('INTERNAL_ERROR'))).toBe('Algo de errado aconteceu');
    expect(translate('en', galleryErrorMessage('CARD_EMPTY_PHOTO'))).toBe('Your photo gallery is empty.');
    expect(translate('pt', galleryErrorMessage('CARD_EMPTY_PHOTO'))).toBe('Sua galeria de fotos está vazia.');
    expect(translate('en', galleryErrorMessage('INTERNAL_ERROR'))).toBe(
      'Something went wrong. Please refresh the page and try again.',
    );
    expect(translate('pt', 'gallery.noneSold')).toBe('Não há fotos compradas em sua galeria de fotos.');
  });
});
