import type { WireAddress, WireCustomer, WireCustomerInput } from '@gallery/contract/shop';
import { stripCpf, trimmedOrNull } from '@gallery/contract/rules';

// The checkout's customer and address (spec section 5) as an order keeps them. The contract's
// schema has checked every field; what is left is the stored form: trimmed, without masks.

/** What the order keeps of its customer: the wire customer without the address list. */
export type StoredCustomer = Omit<WireCustomer, 'addresses'>;

/** Stars all but the last two characters: the buyer recognises their number, nobody can use it. */
function maskNumber(value: string): string {
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

/** The customer as stored: the number of the chosen document in its field (a CPF as 11 digits), the rest trimmed. */
export function storedCustomer(input: NonNullable<WireCustomerInput['customer']>): StoredCustomer {
  const type = input.document_type;
  const number = (input[type] ?? '').trim();
  const document = type === 'cpf' ? stripCpf(number) : number;
  return {
    name: trimmedOrNull(input.name),
    lastname: trimmedOrNull(input.lastname),
    email: input.email.trim(),
    document_type: type,
    document,
    cpf: type === 'cpf' ? document : null,
    passport: type === 'passport' ? document : null,
    other: type === 'other' ? document : null,
    country: input.country.toLowerCase(),
    phone: input.phone.trim(),
    accepted_terms: true,
  };
}

/** The address as stored: trimmed, the country in lower case, a Brazilian CEP as its 8 digits. */
export function storedAddress(input: WireAddress): WireAddress {
  const country = input.country.toLowerCase();
  const zipcode = input.zipcode.trim();
  return {
    street: input.street.trim(),
    street_number: input.street_number.trim(),
    zipcode: country === 'br' ? zipcode.replace(/\D/g, '') : zipcode,
    city: input.city.trim(),
    state: input.state.trim(),
    country,
  };
}
