import type { DatabaseSync } from 'node:sqlite';
import { findCustomerByCpf, findCustomersByExternalId, linkCardToCustomer, saveCustomer, type NewCustomer } from '../repositories/visitor-customers.ts';
import { isValidCpf, stripCpf } from '../../../src/lib/cpf.ts';
import { foldName, hashPassword, normalizeExternalId } from './visitor-customers.ts';

/** A customer as the admin CLI reads it from a JSON file. */
export interface CustomerInput {
  /** The organization's web_name. */
  organization: string;
  name: string;
  lastname: string;
  external_id: string | null;
  cpf: string | null;
  email: string | null;
  phone: string | null;
  password: string | null;
}

const FIELDS = ['organization', 'name', 'lastname', 'external_id', 'cpf', 'email', 'phone', 'password'] as const;

/** Checks a customer file, naming every wrong field at once (as parseOrganizationInput does). */
export function parseCustomerInput(json: unknown): { ok: true; customer: CustomerInput } | { ok: false; problems: string[] } {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { ok: false, problems: ['the file must hold one JSON object'] };
  const input = json as Record<string, unknown>;
  const problems: string[] = [];
  for (const key of Object.keys(input)) {
    if (!(FIELDS as readonly string[]).includes(key)) problems.push(`${key}: unknown field`);
  }
  const text = (key: (typeof FIELDS)[number], required: boolean, max: number, check?: (value: string) => string | undefined): string | null => {
    const value = input[key];
    if (value === undefined || value === null || value === '') {
      if (required) problems.push(`${key}: required`);
      return null;
    }
    if (typeof value !== 'string') {
      problems.push(`${key}: must be a string`);
      return null;
    }
    const trimmed = value.trim();
    if (!trimmed || trimmed.length > max) {
      problems.push(`${key}: must have 1 to ${max} characters`);
      return null;
    }
    const problem = check?.(trimmed);
    if (problem) problems.push(`${key}: ${problem}`);
    return trimmed;
  };
  const organization = text('organization', true, 64);
  const name = text('name', false, 100);
  const lastname = text('lastname', false, 100);
  const externalId = text('external_id', false, 64, (v) => (/^[A-Za-z0-9._:-]+$/.test(v) ? undefined : 'letters, digits, . _ : - only'));
  const cpf = text('cpf', false, 20, (v) => (isValidCpf(v) ? undefined : 'not a valid CPF'));
  const email = text('email', false, 200, (v) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) ? undefined : 'not an e-mail address'));
  const phone = text('phone', false, 20, (v) => (/^\+?\d{8,15}$/.test(v.replace(/[\s().-]/g, '')) ? undefined : 'digits only, optional leading +'));
  const password = text('password', false, 200, (v) => (v.length >= 6 ? undefined : 'at least 6 characters'));
  if (!name && !lastname && !externalId && !cpf) problems.push('name, lastname, external_id or cpf: give at least one');
  if (problems.length || !organization) return { ok: false, problems };
  return {
    ok: true,
    customer: {
      organization,
      name: name ?? '',
      lastname: lastname ?? '',
      external_id: externalId,
      cpf: cpf && stripCpf(cpf),
      email,
      phone: phone && phone.replace(/[\s().-]/g, ''),
      password,
    },
  };
}

/**
 * Creates or updates a customer: the same external id (or, without one, the same cpf) in the
 * organization is the same person. A password is stored only as its scrypt hash.
 */
export async function upsertCustomer(db: DatabaseSync, organizationId: number, input: Omit<CustomerInput, 'organization'>): Promise<number> {
  const externalId = input.external_id === null ? null : normalizeExternalId(input.external_id);
  const row: NewCustomer = {
    organization_id: organizationId,
    name: input.name,
    lastname: input.lastname,
    name_key: foldName(input.name),
    lastname_key: foldName(input.lastname),
    external_id: externalId,
    cpf: input.cpf,
    email: input.email,
    phone: input.phone,
    password_hash: input.password === null ? null : await hashPassword(input.password),
  };
  const existing =
    externalId !== null
      ? findCustomersByExternalId(db, externalId, organizationId)[0]
      : input.cpf !== null
        ? findCustomerByCpf(db, organizationId, input.cpf)
        : undefined;
  // Keep a stored password when the file gives none.
  if (existing && row.password_hash === null) row.password_hash = existing.password_hash;
  return saveCustomer(db, row, existing?.id);
}

/** The demo visitor: found by credential DEMOCRED or by name + cpf, owner of DEMO00001. */
export const DEMO_CUSTOMER = {
  name: 'Maria',
  lastname: 'Silva',
  external_id: 'DEMOCRED',
  cpf: '12345678909',
  email: 'maria.silva@demo.example',
  phone: '+5511999990000',
  password: 'demo1234',
} as const;

export async function seedDemoCustomer(db: DatabaseSync, organizationId: number, cardId: string): Promise<void> {
  const customerId = await upsertCustomer(db, organizationId, DEMO_CUSTOMER);
  linkCardToCustomer(db, cardId, customerId);
}
