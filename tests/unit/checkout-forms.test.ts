import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import {
  addressFormSchema,
  cardFormSchema,
  checkoutMessageKey,
  customerFormSchema,
  customerInput,
  isCardholderName,
  type CustomerFormValues,
} from '../../src/lib/checkout-forms.ts';
import { isCountryCode } from '@gallery/contract/checkout-rules';
import { countryOptions } from '../../src/lib/countries.ts';

/** Each wrong field's first message (the one the form shows), or {} when the values pass. */
function problems(schema: { validateSync(value: unknown, options: object): unknown }, values: object): Record<string, string> {
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return Object.fromEntries(error.inner.reverse().map((inner) => [inner.path, inner.message]));
  }
}

const customer: CustomerFormValues = {
  name: '',
  email: 'maria@example.com',
  document_type: 'cpf',
  document: '529.982.247-25',
  country: 'br',
  phone: '+55 (11) 91234-5678',
  accepted_terms: true,
};

describe('the checkout customer form (section 5)', () => {
  it('passes a valid customer; the name is optional', () => {
    expect(problems(customerFormSchema, customer)).toEqual({});
  });

  it('names every wrong field at once, with catalogue keys', () => {
    expect(
      problems(customerFormSchema, { ...customer, email: 'maria@', document: '111.111.111-11', phone: '12-34', accepted_terms: false, country: 'xx' }),
    ).toEqual({
      email: 'checkout.invalidEmail',
      document: 'customer.invalidCpf',
      phone: 'checkout.invalidPhone',
      accepted_terms: 'checkout.acceptTerms',
      country: 'checkout.invalidCountry',
    });
    expect(problems(customerFormSchema, { ...customer, email: ' ', document: '', phone: '' })).toEqual({
      email: 'checkout.required',
      document: 'checkout.required',
      phone: 'checkout.required',
    });
  });

  it('checks the CPF rule only for a CPF; a passport is any text up to 40 characters', () => {
    expect(problems(customerFormSchema, { ...customer, document_type: 'passport', document: 'X1234567' })).toEqual({});
    expect(problems(customerFormSchema, { ...customer, document_type: 'other', document: 'x'.repeat(41) })).toHaveProperty('document');
  });

  it('sends the number in the field of its type and the phone without its mask', () => {
    expect(customerInput({ ...customer, name: '  Maria ' })).toEqual({
      name: 'Maria',
      email: 'maria@example.com',
      document_type: 'cpf',
      cpf: '529.982.247-25',
      country: 'br',
      phone: '+5511912345678',
      accepted_terms: true,
    });
    expect(customerInput({ ...customer, document_type: 'passport', document: 'X1' })).toMatchObject({ passport: 'X1', name: null });
  });
});

describe('the checkout address form', () => {
  const address = { street: 'Av. Paulista', street_number: '1000', zipcode: '01310-100', city: 'São Paulo', state: 'SP', country: 'br' };

  it('needs every field; a Brazilian zip code must be a CEP, elsewhere letters, digits, spaces and dashes', () => {
    expect(problems(addressFormSchema, address)).toEqual({});
    expect(problems(addressFormSchema, { ...address, zipcode: '123' })).toEqual({ zipcode: 'checkout.invalidZipcode' });
    expect(problems(addressFormSchema, { ...address, country: 'gb', zipcode: 'SW1A 1AA' })).toEqual({});
    expect(problems(addressFormSchema, { ...address, country: 'gb', zipcode: '<script>' })).toEqual({ zipcode: 'checkout.invalidZipcode' });
    expect(Object.keys(problems(addressFormSchema, {})).sort()).toEqual(['city', 'country', 'state', 'street', 'street_number', 'zipcode']);
  });
});

describe('the card form', () => {
  const card = {
    card_number: '4000 0000 0000 0010',
    card_holder_name: 'MARIA SILVA',
    card_expiration_month: '12',
    card_expiration_year: '2031',
    card_cvv: '123',
  };

  it('takes a valid card', () => {
    expect(problems(cardFormSchema, card)).toEqual({});
  });

  it('refuses a number failing the card library, month outside 1-12, year outside 2020-3000, a code over 4 digits', () => {
    expect(
      problems(cardFormSchema, { ...card, card_number: '4000 0000 0000 0001', card_expiration_month: '13', card_expiration_year: '3001', card_cvv: '12345' }),
    ).toEqual({
      card_number: 'card.invalidNumber',
      card_expiration_month: 'card.invalidMonth',
      card_expiration_year: 'card.invalidYear',
      card_cvv: 'card.invalidCvv',
    });
    expect(problems(cardFormSchema, { ...card, card_expiration_year: '2019' })).toEqual({ card_expiration_year: 'card.invalidYear' });
  });

  it('takes a name as the card library does (one word too, "JOAO"), refusing digits with a reason and overlong names', () => {
    for (const name of ['JOAO', 'J DOE', 'Li Wu', "JOÃO D'ÁVILA", 'Ana Maria Souza-Lima']) expect(isCardholderName(name), name).toBe(true);
    for (const name of ['1234 5678', '4000-0000', '  ']) expect(isCardholderName(name), name).toBe(false);
    expect(problems(cardFormSchema, { ...card, card_holder_name: 'JOAO' })).toEqual({});
    expect(problems(cardFormSchema, { ...card, card_holder_name: '1234 5678' })).toEqual({ card_holder_name: 'card.invalidName' });
    expect(problems(cardFormSchema, { ...card, card_holder_name: 'A'.repeat(65) })).toEqual({ card_holder_name: 'card.nameTooLong' });
  });
});

describe('checkoutMessageKey', () => {
  it('answers the keys of these schemas only', () => {
    expect(checkoutMessageKey('card.invalidCvv')).toBe('card.invalidCvv');
    expect(checkoutMessageKey('this must be a `string` type')).toBeNull();
    expect(checkoutMessageKey(undefined)).toBeNull();
  });
});

describe('the country list (section 9)', () => {
  it('has every ISO country as a lower-case code, Brazil first, named in the language', () => {
    const pt = countryOptions('pt');
    expect(pt).toHaveLength(249);
    expect(pt[0]).toEqual({ value: 'br', label: 'Brasil' });
    expect(pt.find((option) => option.value === 'de')?.label).toBe('Alemanha');
    expect(countryOptions('en').find((option) => option.value === 'de')?.label).toBe('Germany');
    expect(isCountryCode('us')).toBe(true);
    expect(isCountryCode('eu')).toBe(false);
    // Codes are case-insensitive (the API stores them in lower case).
    expect(isCountryCode('US')).toBe(true);
  });
});
