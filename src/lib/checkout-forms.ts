// The checkout's forms (section 5): customer, address and credit card. Messages are catalogue
// keys, translated where they are shown.
import cardValidator from 'card-validator';
import { boolean, mixed, object, string, type ObjectSchema } from 'yup';
import type { MessageKey } from '../i18n/index.ts';
import type { CardData } from './card-hash.ts';
import type { DocumentType, WireAddress, WireCustomerInput } from './api/wire.ts';
import { isCardNumber } from '@gallery/contract/card-number';
import { isCountryCode, isEmail, isValidCep } from '@gallery/contract/checkout-rules';
import { isPhone, isValidCpf, unmaskPhone, ZIPCODE_PATTERN } from '@gallery/contract/rules';

const MESSAGES = [
  'checkout.required',
  'checkout.invalidEmail',
  'customer.invalidCpf',
  'checkout.invalidPhone',
  'checkout.invalidCountry',
  'checkout.invalidZipcode',
  'checkout.acceptTerms',
  'card.invalidNumber',
  'card.invalidName',
  'card.nameTooLong',
  'card.invalidMonth',
  'card.invalidYear',
  'card.invalidCvv',
] as const satisfies readonly MessageKey[];
export type CheckoutMessage = (typeof MESSAGES)[number];

/** The catalogue key of a validation message of these schemas, or null for any other text. */
export function checkoutMessageKey(message: string | undefined): CheckoutMessage | null {
  return (MESSAGES as readonly string[]).includes(message ?? '') ? (message as CheckoutMessage) : null;
}

const required = () => string().trim().required('checkout.required');
const country = () => required().test('country', 'checkout.invalidCountry', (value) => isCountryCode(value));

export interface CustomerFormValues {
  name: string;
  email: string;
  document_type: DocumentType;
  document: string;
  country: string;
  phone: string;
  accepted_terms: boolean;
}

export const customerFormSchema: ObjectSchema<CustomerFormValues> = object({
  name: string().trim().max(100).default(''),
  email: required().test('email', 'checkout.invalidEmail', isEmail),
  document_type: mixed<DocumentType>().oneOf(['cpf', 'passport', 'other']).required('checkout.required'),
  document: required()
    .max(40)
    .when('document_type', {
      is: 'cpf',
      then: (rule) => rule.test('cpf', 'customer.invalidCpf', (value) => isValidCpf(value)),
    }),
  country: country(),
  phone: required().test('phone', 'checkout.invalidPhone', isPhone),
  accepted_terms: boolean().required('checkout.acceptTerms').oneOf([true], 'checkout.acceptTerms'),
});

/** What the API takes from the checked form: the number in the field of its document type, the phone without its mask. */
export function customerInput(values: CustomerFormValues): NonNullable<WireCustomerInput['customer']> {
  return {
    name: values.name.trim() || null,
    email: values.email.trim(),
    document_type: values.document_type,
    [values.document_type]: values.document.trim(),
    country: values.country,
    phone: unmaskPhone(values.phone),
    // The form's schema passes only accepted terms.
    accepted_terms: true,
  };
}

export const addressFormSchema: ObjectSchema<WireAddress> = object({
  street: required().max(200),
  street_number: required().max(20),
  zipcode: required()
    .max(20)
    .when('country', {
      is: 'br',
      then: (rule) => rule.test('cep', 'checkout.invalidZipcode', (value) => isValidCep(value)),
      otherwise: (rule) => rule.matches(ZIPCODE_PATTERN, 'checkout.invalidZipcode'),
    }),
  city: required().max(100),
  state: required().max(100),
  country: country(),
});

export type CardFormValues = CardData & { card_expiration_month: string; card_expiration_year: string };

const digits = (value: string) => value.replace(/\D/g, '');

/**
 * A name as printed on a card, by the card library's rule: any text but digits alone ("JOAO" is
 * a name; "1234 5678" is the number typed in the wrong field). The gateway takes 1 to 64 characters.
 */
export function isCardholderName(value: string): boolean {
  return cardValidator.cardholderName(value).isValid;
}

/** Section 5: the card library checks number and name; month 1-12, year 2020-3000, code up to 9999. */
export const cardFormSchema: ObjectSchema<CardFormValues> = object({
  card_number: required().test('number', 'card.invalidNumber', (value) => isCardNumber(digits(value))),
  card_holder_name: required().max(64, 'card.nameTooLong').test('name', 'card.invalidName', isCardholderName),
  card_expiration_month: required().matches(/^(0?[1-9]|1[0-2])$/, 'card.invalidMonth'),
  card_expiration_year: required().test('year', 'card.invalidYear', (value) => /^\d{4}$/.test(value) && +value >= 2020 && +value <= 3000),
  card_cvv: required().matches(/^\d{3,4}$/, 'card.invalidCvv'),
});

/** The accepted card brands the card form lists, by the card library's names. */
export const ACCEPTED_CARDS = ['Visa', 'Mastercard', 'American Express', 'Elo', 'Hipercard', 'Diners Club'] as const;
