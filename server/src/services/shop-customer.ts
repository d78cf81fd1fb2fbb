import { isValidCep } from '@brazilian-utils/brazilian-utils';
import type { DocumentType, WireAddress, WireCustomer } from '../../../src/lib/api/wire.ts';
import { isEmail, PHONE_PATTERN, ZIPCODE_PATTERN } from '../../../src/lib/checkout-rules.ts';
import { isCountryCode } from '../../../src/lib/countries.ts';
import { isValidCpf, stripCpf } from '../../../src/lib/cpf.ts';

// The shop checkout's customer and address forms (spec section 5), checked on the server too.
// Every wrong field is named at once; unknown fields are ignored.

/** What the order keeps of its customer: the wire customer without the address list. */
export type StoredCustomer = Omit<WireCustomer, 'addresses'>;

type Json = Record<string, unknown>;

/** Stars all but the last two characters: the buyer recognises their number, nobody can use it. */
export function maskNumber(value: string): string {
  return value.replace(/.(?=.{2})/g, '*');
}

/** The customer with every document and phone number masked. */
export function maskCustomer(customer: StoredCustomer): StoredCustomer {
  const mask = (value: string | null) => (value === null ? null : maskNumber(value));
  return {
    ...customer,
    document: maskNumber(customer.document),
    cpf: mask(customer.cpf),
    passport: mask(customer.passport),
    other: mask(customer.other),
    phone: maskNumber(customer.phone),
  };
}
export type InputResult<T> = { ok: true; value: T } | { ok: false; problems: string[] };

const DOCUMENT_TYPES: readonly DocumentType[] = ['cpf', 'passport', 'other'];

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A lower-case ISO 3166 alpha-2 code that names a real region ("br", "us", ...). */
/** The browser's country list decides: a lower-case ISO code ("BR" is taken as "br"; "zz" is none). */
function country(value: unknown): string | undefined {
  const code = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return isCountryCode(code) ? code : undefined;
}

function text(source: Json, key: string, max: number, prefix: string, problems: string[]): string {
  const value = source[key];
  if (typeof value !== 'string' || !value.trim() || value.trim().length > max) {
    problems.push(`${prefix}${key} is required (at most ${max} characters)`);
    return '';
  }
  return value.trim();
}

function optionalText(source: Json, key: string, max: number, prefix: string, problems: string[]): string | null {
  const value = source[key];
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || value.trim().length > max) {
    problems.push(`${prefix}${key} must be text of at most ${max} characters`);
    return null;
  }
  return value.trim() || null;
}

export function parseCustomer(input: unknown): InputResult<StoredCustomer> {
  const p = 'customer.';
  if (!isObject(input)) return { ok: false, problems: ['customer must be an object'] };
  const problems: string[] = [];
  const name = optionalText(input, 'name', 100, p, problems);
  const lastname = optionalText(input, 'lastname', 100, p, problems);
  const rawEmail = input['email'];
  const email = typeof rawEmail === 'string' ? rawEmail.trim() : '';
  if (!isEmail(email)) problems.push(`${p}email must be an e-mail address`);
  const documentType = input['document_type'];
  const fields: Pick<StoredCustomer, 'cpf' | 'passport' | 'other'> = { cpf: null, passport: null, other: null };
  let document = '';
  if (typeof documentType !== 'string' || !DOCUMENT_TYPES.includes(documentType as DocumentType)) {
    problems.push(`${p}document_type must be one of cpf, passport, other`);
  } else {
    // The matching field carries the number; `document` is accepted in its place.
    const type = documentType as DocumentType;
    const raw = input[type] ?? input['document'];
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (type === 'cpf') {
      // Spaces, dots and dashes are a mask; stored as the 11 digits.
      if (!isValidCpf(value)) problems.push(`${p}cpf is not a valid CPF`);
      else document = stripCpf(value);
    } else if (!value || value.length > 40) {
      problems.push(`${p}${type} is required for document_type ${type} (at most 40 characters)`);
    } else {
      document = value;
    }
    fields[type] = document || null;
  }
  const countryCode = country(input['country']);
  if (!countryCode) problems.push(`${p}country must be a two-letter country code`);
  const rawPhone = input['phone'];
  const phone = typeof rawPhone === 'string' ? rawPhone.trim() : '';
  if (!PHONE_PATTERN.test(phone)) problems.push(`${p}phone must be 8 to 15 digits with an optional leading +`);
  if (input['accepted_terms'] !== true) problems.push(`${p}accepted_terms must be true`);
  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    value: {
      name,
      lastname,
      email,
      document_type: documentType as DocumentType,
      document,
      ...fields,
      country: countryCode ?? '',
      phone,
      accepted_terms: true,
    },
  };
}

export function parseAddress(input: unknown): InputResult<WireAddress> {
  const p = 'address.';
  if (!isObject(input)) return { ok: false, problems: ['address must be an object'] };
  const problems: string[] = [];
  const street = text(input, 'street', 200, p, problems);
  const streetNumber = text(input, 'street_number', 20, p, problems);
  const rawZip = text(input, 'zipcode', 20, p, problems);
  const city = text(input, 'city', 100, p, problems);
  const state = text(input, 'state', 100, p, problems);
  const countryCode = country(input['country']);
  if (!countryCode) problems.push(`${p}country must be a two-letter country code`);
  let zipcode = rawZip;
  if (rawZip && countryCode === 'br') {
    // A Brazilian CEP is 8 digits; stored without its mask.
    if (!isValidCep(rawZip)) problems.push(`${p}zipcode is not a valid CEP`);
    else zipcode = rawZip.replace(/\D/g, '');
  } else if (rawZip && !ZIPCODE_PATTERN.test(rawZip)) {
    problems.push(`${p}zipcode may hold letters, digits, spaces and dashes only`);
  }
  if (problems.length) return { ok: false, problems };
  return { ok: true, value: { street, street_number: streetNumber, zipcode, city, state, country: countryCode ?? '' } };
}
