import type { Selectable } from 'kysely';
import type { Db, Schema } from '../db.ts';
import { newId } from '../services/ids.ts';

export type CardRow = Omit<Selectable<Schema['cards']>, 'customer_id' | 'origin'>;

const COLUMNS = ['id', 'organization_id', 'code', 'secret', 'captured_at', 'created_at'] as const;

export function findCard(db: Db, organizationId: number, code: string): Promise<CardRow | undefined> {
  return db.selectFrom('cards').select(COLUMNS).where('organization_id', '=', organizationId).where('code', '=', code).executeTakeFirst();
}

export function createCard(
  db: Db,
  card: { organizationId: number; code: string; secret?: string | null; capturedAt?: string | null },
): Promise<CardRow> {
  return db
    .insertInto('cards')
    .values({ id: newId(), organization_id: card.organizationId, code: card.code, secret: card.secret ?? null, captured_at: card.capturedAt ?? null })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function findOrCreateCard(db: Db, organizationId: number, code: string): Promise<CardRow> {
  return (await findCard(db, organizationId, code)) ?? createCard(db, { organizationId, code });
}

export interface CardSummary {
  organization_id: number;
  code: string;
  media_count: number;
}

/** Every card of every organization with its media count, for the admin listing. */
export function listCardSummaries(db: Db): Promise<CardSummary[]> {
  return db
    .selectFrom('cards as c')
    .leftJoin('media as m', 'm.card_id', 'c.id')
    .select(({ fn }) => ['c.organization_id', 'c.code', fn.count<number>('m.id').as('media_count')])
    .groupBy(['c.id', 'c.organization_id', 'c.code'])
    .orderBy('c.organization_id')
    .orderBy('c.code')
    .execute();
}
