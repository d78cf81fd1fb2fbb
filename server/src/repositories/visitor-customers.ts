import type { DatabaseSync } from 'node:sqlite';

export interface CustomerRow {
  id: number;
  organization_id: number;
  name: string;
  lastname: string;
  /** Folded for search: lower case, no accents, single spaces. */
  name_key: string;
  lastname_key: string;
  external_id: string | null;
  /** 11 digits. */
  cpf: string | null;
  email: string | null;
  phone: string | null;
  password_hash: string | null;
  created_at: string;
  updated_at: string;
}

export type NewCustomer = Omit<CustomerRow, 'id' | 'created_at' | 'updated_at'>;

/** A card of a customer that has media, as the visitor calls list it. */
export interface CustomerCardRow {
  id: string;
  code: string;
  organization_id: number;
  medias_count: number;
  last_captured_at: string;
}

const COLUMNS =
  'id, organization_id, name, lastname, name_key, lastname_key, external_id, cpf, email, phone, password_hash, created_at, updated_at';

export function findCustomersByExternalId(db: DatabaseSync, externalId: string, organizationId?: number): CustomerRow[] {
  return (
    organizationId === undefined
      ? db.prepare(`SELECT ${COLUMNS} FROM customers WHERE external_id = ? ORDER BY id`).all(externalId)
      : db
          .prepare(`SELECT ${COLUMNS} FROM customers WHERE external_id = ? AND organization_id = ? ORDER BY id`)
          .all(externalId, organizationId)
  ) as unknown as CustomerRow[];
}

/** The search filters the customer form can use; each given one must match exactly. */
export interface CustomerFilter {
  nameKey?: string;
  lastnameKey?: string;
  externalId?: string;
  cpf?: string;
}

/** Customers of an organization matching every given filter, at most `limit` of them. */
export function findCustomers(db: DatabaseSync, organizationId: number, filter: CustomerFilter, limit: number): CustomerRow[] {
  // Column names are fixed here; only the values come from the caller.
  const clauses: string[] = ['organization_id = ?'];
  const values: Array<string | number> = [organizationId];
  const add = (column: string, value: string | undefined) => {
    if (value === undefined) return;
    clauses.push(`${column} = ?`);
    values.push(value);
  };
  add('name_key', filter.nameKey);
  add('lastname_key', filter.lastnameKey);
  add('external_id', filter.externalId);
  add('cpf', filter.cpf);
  values.push(limit);
  return db
    .prepare(`SELECT ${COLUMNS} FROM customers WHERE ${clauses.join(' AND ')} ORDER BY id LIMIT ?`)
    .all(...values) as unknown as CustomerRow[];
}

export function findCustomerByCpf(db: DatabaseSync, organizationId: number, cpf: string): CustomerRow | undefined {
  return db
    .prepare(`SELECT ${COLUMNS} FROM customers WHERE organization_id = ? AND cpf = ? ORDER BY id LIMIT 1`)
    .get(organizationId, cpf) as CustomerRow | undefined;
}

export function countCustomers(db: DatabaseSync): number {
  return (db.prepare('SELECT count(*) AS n FROM customers').get() as { n: number }).n;
}

/** Inserts, or updates the customer with the same external id (or `existingId`); answers the id. */
export function saveCustomer(db: DatabaseSync, customer: NewCustomer, existingId?: number): number {
  const values = [
    customer.name,
    customer.lastname,
    customer.name_key,
    customer.lastname_key,
    customer.external_id,
    customer.cpf,
    customer.email,
    customer.phone,
    customer.password_hash,
  ];
  if (existingId !== undefined) {
    db.prepare(
      `UPDATE customers SET name = ?, lastname = ?, name_key = ?, lastname_key = ?, external_id = ?, cpf = ?,
         email = ?, phone = ?, password_hash = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE id = ?`,
    ).run(...values, existingId);
    return existingId;
  }
  const row = db
    .prepare(
      `INSERT INTO customers (organization_id, name, lastname, name_key, lastname_key, external_id, cpf, email, phone, password_hash)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (organization_id, external_id) DO UPDATE SET
         name = excluded.name, lastname = excluded.lastname, name_key = excluded.name_key,
         lastname_key = excluded.lastname_key, cpf = excluded.cpf, email = excluded.email,
         phone = excluded.phone, password_hash = excluded.password_hash,
         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       RETURNING id`,
    )
    .get(customer.organization_id, ...values) as { id: number };
  return row.id;
}

export function linkCardToCustomer(db: DatabaseSync, cardId: string, customerId: number): void {
  db.prepare('UPDATE cards SET customer_id = ? WHERE id = ?').run(customerId, cardId);
}

/** The cards of these customers that have media, most recent capture first. */
export function listCardsWithMediaOfCustomers(db: DatabaseSync, customerIds: readonly number[]): CustomerCardRow[] {
  return db
    .prepare(
      `SELECT c.id, c.code, c.organization_id, count(m.id) AS medias_count, max(m.captured_at) AS last_captured_at
       FROM cards c JOIN media m ON m.card_id = c.id
       WHERE c.customer_id IN (SELECT value FROM json_each(?))
       GROUP BY c.id
       ORDER BY last_captured_at DESC, c.created_at DESC, c.id`,
    )
    .all(JSON.stringify(customerIds)) as unknown as CustomerCardRow[];
}
