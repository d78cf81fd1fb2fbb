import { randomBytes, scrypt, timingSafeEqual, type BinaryLike, type ScryptOptions } from 'node:crypto';
import type { Db } from '../db.ts';
import type { WireCard, WireCustomerCardAnswer } from '@gallery/contract/media';
import type { WireOrganization } from '@gallery/contract/organization';
import { isValidCpf, normalizeCredential, stripCpf } from '@gallery/contract/rules';
import { ApiError } from '../errors.ts';
import {
  findCustomers,
  findCustomersByExternalId,
  listCardsWithMediaOfCustomers,
  type CustomerCardRow,
  type CustomerFilter,
  type CustomerRow,
} from '../repositories/visitor-customers.ts';
import { findOrganizationById } from '../repositories/organizations.ts';
import { sameText } from './ids.ts';

/** Lower case, accents dropped, spaces collapsed: "  JOSÉ  da Silva" and "jose da silva" match. */
export function foldName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

// scrypt with Node's defaults for N/r/p (16 MiB of memory, ~50 ms): slow enough to hurt
// guessing, fast enough for a home screen.
const SCRYPT = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function scryptAsync(password: BinaryLike, salt: BinaryLike, length: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$N$r$p$salt$key` (salt and key base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password.normalize('NFC'), salt, KEY_LENGTH, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

// Hashed against when no customer has a hash to compare, so a miss takes as long as a hit.
const DUMMY_HASH = hashPassword(randomBytes(12).toString('hex'));

/** Timing-safe comparison of a password with a stored hash; a null or malformed hash never matches. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = (stored ?? (await DUMMY_HASH)).split('$');
  const [kind, n, r, p, salt, key] = parts;
  if (parts.length !== 6 || kind !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scryptAsync(password.normalize('NFC'), Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return stored !== null && actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The credential read from a badge or QR, as stored and looked up: the browser's rule. */

function wireCards(rows: CustomerCardRow[]): WireCard[] {
  return rows.map((row) => ({ id: row.id, card: row.code, medias_count: row.medias_count }));
}

/**
 * The cards with media of the customer(s) holding this credential, optionally within one
 * organization. Unknown credential: CUSTOMER_NOT_FOUND; known without media: an empty list.
 */
export async function credentialCards(db: Db, rawExternalId: string, organizationId?: number): Promise<WireCard[]> {
  const customers = await findCustomersByExternalId(db, normalizeCredential(rawExternalId), organizationId);
  if (!customers.length) throw new ApiError(404, 'CUSTOMER_NOT_FOUND');
  return wireCards(
    await listCardsWithMediaOfCustomers(
      db,
      customers.map((customer) => customer.id),
    ),
  );
}

type CustomerField = WireOrganization['features']['site']['customer_form_fields'][number];

export interface CustomerSearch {
  organization_id: number;
  name?: string;
  lastname?: string;
  external_id?: string;
  cpf?: string;
  password?: string;
}

// Enough for any real homonym set; bounds the scrypt work one request can cause.
const MAX_CANDIDATES = 10;

/**
 * The home's customer form: every field the organization lists is required; names match
 * folded, cpf by digits, password by scrypt (or against the cpf when cpf_as_password).
 * Exactly one customer must match; the answer is their most recent card with media.
 */
export async function customerCardAnswer(db: Db, search: CustomerSearch): Promise<WireCustomerCardAnswer> {
  const organization = await findOrganizationById(db, search.organization_id);
  if (!organization) throw new ApiError(404, 'ORGANIZATION_NOT_FOUND');
  const fields = organization.features.site.customer_form_fields;
  if (!fields.length) throw new ApiError(403, 'FORBIDDEN', 'this organization has no customer search');
  const value = (field: CustomerField) => search[field]?.trim() ?? '';
  const missing = fields.filter((field) => value(field) === '');
  if (missing.length) throw new ApiError(400, 'VALIDATION_ERROR', missing.map((field) => `${field} is required`).join('; '));
  const filter: CustomerFilter = {};
  if (fields.includes('name')) filter.nameKey = foldName(value('name'));
  if (fields.includes('lastname')) filter.lastnameKey = foldName(value('lastname'));
  if (fields.includes('external_id')) filter.externalId = normalizeCredential(value('external_id'));
  if (fields.includes('cpf')) {
    // The browser's rule (section 5): "123/456.789-09" is no CPF on either side.
    if (!isValidCpf(value('cpf'))) throw new ApiError(400, 'VALIDATION_ERROR', 'cpf is not a valid CPF');
    filter.cpf = stripCpf(value('cpf'));
  }
  const candidates = await findCustomers(db, organization.id, filter, MAX_CANDIDATES);
  let matches: CustomerRow[] = candidates;
  if (fields.includes('password')) {
    const password = value('password');
    if (organization.features.site.cpf_as_password) {
      matches = candidates.filter((customer) => customer.cpf !== null && sameText(stripCpf(password), customer.cpf));
    } else {
      // Every candidate (or one dummy) is hashed, so the time says nothing about who exists.
      const checks = candidates.length
        ? await Promise.all(candidates.map((customer) => verifyPassword(password, customer.password_hash)))
        : [await verifyPassword(password, null)];
      matches = candidates.filter((_customer, i) => checks[i]);
    }
  }
  // Two people answering the same form is not a match: never guess whose photos to show.
  const [customer] = matches;
  if (!customer || matches.length > 1) throw new ApiError(404, 'CUSTOMER_NOT_FOUND');
  const [card] = await listCardsWithMediaOfCustomers(db, [customer.id]);
  if (!card) throw new ApiError(404, 'CARD_EMPTY_MEDIA');
  return { error: false, card: { id: card.id, card: card.code, medias_count: card.medias_count }, medias_count: card.medias_count };
}
