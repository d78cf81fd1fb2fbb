import type { Selectable } from 'kysely';
import { now, type Db, type Schema } from '../db.ts';

export type CustomerRow = Selectable<Schema['customers']>;

export type NewCustomer = Omit<CustomerRow, 'id' | 'created_at' | 'updated_at'>;

/** A card of a customer that has media, as the visitor calls list it. */
export interface CustomerCardRow {
  id: string;
  code: string;
  organization_id: number;
  medias_count: number;
  last_captured_at: string;
}

const COLUMNS = [
  'id',
  'organization_id',
  'name',
  'lastname',
  'name_key',
  'lastname_key',
  'external_id',
  'cpf',
  'email',
  'phone',
  'password_hash',
  'created_at',
  'updated_at',
] as const;

export function findCustomersByExternalId(db: Db, externalId: string, organizationId?: number): Promise<CustomerRow[]> {
  return db
    .selectFrom('customers')
    .select(COLUMNS)
    .where('external_id', '=', externalId)
    .$if(organizationId !== undefined, (query) => query.where('organization_id', '=', organizationId as number))
    .orderBy('id')
    .execute();
}

/** The search filters the customer form can use; each given one must match exactly. */
export interface CustomerFilter {
  nameKey?: string;
  lastnameKey?: string;
  externalId?: string;
  cpf?: string;
}

/** Customers of an organization matching every given filter, at most `limit` of them. */
export function findCustomers(db: Db, organizationId: number, filter: CustomerFilter, limit: number): Promise<CustomerRow[]> {
  return db
    .selectFrom('customers')
    .select(COLUMNS)
    .where('organization_id', '=', organizationId)
    .$if(filter.nameKey !== undefined, (query) => query.where('name_key', '=', filter.nameKey as string))
    .$if(filter.lastnameKey !== undefined, (query) => query.where('lastname_key', '=', filter.lastnameKey as string))
    .$if(filter.externalId !== undefined, (query) => query.where('external_id', '=', filter.externalId as string))
    .$if(filter.cpf !== undefined, (query) => query.where('cpf', '=', filter.cpf as string))
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function findCustomerByCpf(db: Db, organizationId: number, cpf: string): Promise<CustomerRow | undefined> {
  return db
    .selectFrom('customers')
    .select(COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('cpf', '=', cpf)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** Inserts, or updates the customer with the same external id (or `existingId`); answers the id. */
export async function saveCustomer(db: Db, customer: NewCustomer, existingId?: number): Promise<number> {
  const { organization_id, ...fields } = customer;
  const at = now();
  if (existingId !== undefined) {
    await db
      .updateTable('customers')
      .set({ ...fields, updated_at: at })
      .where('id', '=', existingId)
      .execute();
    return existingId;
  }
  const row = await db
    .insertInto('customers')
    .values({ organization_id, ...fields, created_at: at, updated_at: at })
    .onConflict((conflict) =>
      conflict.columns(['organization_id', 'external_id']).doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        lastname: eb.ref('excluded.lastname'),
        name_key: eb.ref('excluded.name_key'),
        lastname_key: eb.ref('excluded.lastname_key'),
        cpf: eb.ref('excluded.cpf'),
        email: eb.ref('excluded.email'),
        phone: eb.ref('excluded.phone'),
        password_hash: eb.ref('excluded.password_hash'),
        updated_at: at,
      })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function linkCardToCustomer(db: Db, cardId: string, customerId: number): Promise<void> {
  await db.updateTable('cards').set({ customer_id: customerId }).where('id', '=', cardId).execute();
}

/** The cards of these customers that have media, most recent capture first. */
export async function listCardsWithMediaOfCustomers(db: Db, customerIds: readonly number[]): Promise<CustomerCardRow[]> {
  if (!customerIds.length) return [];
  return db
    .selectFrom('cards as c')
    .innerJoin('media as m', 'm.card_id', 'c.id')
    .select(({ fn }) => ['c.id', 'c.code', 'c.organization_id', fn.count<number>('m.id').as('medias_count'), fn.max('m.captured_at').as('last_captured_at')])
    .where('c.customer_id', 'in', customerIds)
    .groupBy(['c.id', 'c.code', 'c.organization_id', 'c.created_at'])
    .orderBy('last_captured_at', 'desc')
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id')
    .execute();
}
