// The home's customer search form: which fields show follows the organization's
// customer_form_fields (in that order); every shown field is required and the cpf must pass the
// rule of section 5. Messages are catalogue keys, translated where they are shown.
import { object, string, type ObjectSchema, type StringSchema } from 'yup';
import type { MessageKey } from '../i18n/index.ts';
import type { CustomerField } from '../tenant/organization.ts';
import { isValidCpf } from '@gallery/contract/rules';

export type CustomerValues = Partial<Record<CustomerField, string>>;

const REQUIRED = 'customer.required' satisfies MessageKey;
const INVALID_CPF = 'customer.invalidCpf' satisfies MessageKey;
type CustomerMessage = typeof REQUIRED | typeof INVALID_CPF;

/** The catalogue key of a validation message of this schema, or null for any other text. */
export function customerMessageKey(message: string | undefined): CustomerMessage | null {
  return message === REQUIRED || message === INVALID_CPF ? message : null;
}

/** The known fields of the list, in its order, each once. */
export function customerFields(list: readonly string[]): CustomerField[] {
  const known: readonly CustomerField[] = ['name', 'lastname', 'external_id', 'cpf', 'password'];
  return known.filter((field) => list.includes(field)).sort((a, b) => list.indexOf(a) - list.indexOf(b));
}

export function customerSchema(fields: readonly CustomerField[]): ObjectSchema<CustomerValues> {
  const shape: Record<string, StringSchema<string>> = {};
  for (const field of fields) {
    const rule = string().trim().required(REQUIRED);
    shape[field] = field === 'cpf' ? rule.test('cpf', INVALID_CPF, (value) => isValidCpf(value)) : rule;
  }
  return object(shape) as unknown as ObjectSchema<CustomerValues>;
}
