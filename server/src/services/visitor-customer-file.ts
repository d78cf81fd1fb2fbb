import type { Db } from '../db.ts';
import { findCustomerByCpf, findCustomersByExternalId, linkCardToCustomer, saveCustomer, type NewCustomer } from '../repositories/visitor-customers.ts';
import { CustomerFile, type CustomerFileInput } from '@gallery/contract/media';
import { normalizeCredential, stripCpf, trimmedOrNull } from '@gallery/contract/rules';
import { problems } from '@gallery/contract/schema';
import { foldName, hashPassword } from './visitor-customers.ts';

/** A customer as the admin CLI keeps it from its file: trimmed, a CPF as 11 digits. */
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

/** Checks a customer file against the contract, naming every wrong field at once. */
export function parseCustomerInput(json: unknown): { ok: true; customer: CustomerInput } | { ok: false; problems: string[] } {
  const found = problems(CustomerFile, json, 'the file');
  if (found.length) return { ok: false, problems: found };
  const file = json as CustomerFileInput;
  const cpf = trimmedOrNull(file.cpf);
  return {
    ok: true,
    customer: {
      organization: file.organization.trim(),
      name: trimmedOrNull(file.name) ?? '',
      lastname: trimmedOrNull(file.lastname) ?? '',
      external_id: trimmedOrNull(file.external_id),
      cpf: cpf && stripCpf(cpf),
      email: trimmedOrNull(file.email),
      phone: trimmedOrNull(file.phone),
      password: file.password ?? null,
    },
  };
}

/**
 * Creates or updates a customer: the same external id (or, without one, the same cpf) in the
 * organization is the same person. A password is stored only as its scrypt hash.
 */
export async function upsertCustomer(db: Db, organizationId: number, input: Omit<CustomerInput, 'organization'>): Promise<number> {
  const externalId = input.external_id === null ? null : normalizeCredential(input.external_id);
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
      ? (await findCustomersByExternalId(db, externalId, organizationId))[0]
      : input.cpf !== null
        ? await findCustomerByCpf(db, organizationId, input.cpf)
        : undefined;
  // Keep a stored password when the file gives none.
  if (existing && row.password_hash === null) row.password_hash = existing.password_hash;
  return saveCustomer(db, row, existing?.id);
}

/** The demo visitor, owner of DEMO00001: the demo home's customer search finds her by identifier DEMOCRED and password demo1234, the credential look-up by DEMOCRED. */
const DEMO_CUSTOMER = {
  name: 'Maria',
  lastname: 'Silva',
  external_id: 'DEMOCRED',
  cpf: '12345678909',
  email: 'maria.silva@demo.example',
  phone: '+5511999990000',
  password: 'demo1234',
} as const;

export async function seedDemoCustomer(db: Db, organizationId: number, cardId: string): Promise<void> {
  const customerId = await upsertCustomer(db, organizationId, DEMO_CUSTOMER);
  await linkCardToCustomer(db, cardId, customerId);
}
