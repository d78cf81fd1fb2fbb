import { chunks, type Db } from '../db.ts';

export type CardOrigin = 'import' | 'upload';

/** The columns migration 002 added to cards, read apart so the shared CardRow stays unchanged. */
export async function cardOrigin(db: Db, cardId: string): Promise<CardOrigin | undefined> {
  const row = await db.selectFrom('cards').select('origin').where('id', '=', cardId).executeTakeFirst();
  return row?.origin;
}

/** Inserts a card whose id the caller chose (uploads stage their files before the card exists); false when its code is taken. */
export async function insertCardWithId(
  db: Db,
  card: { id: string; organizationId: number; code: string; secret: string | null; origin: CardOrigin },
): Promise<boolean> {
  const result = await db
    .insertInto('cards')
    .values({ id: card.id, organization_id: card.organizationId, code: card.code, secret: card.secret, origin: card.origin })
    .onConflict((conflict) => conflict.columns(['organization_id', 'code']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function setMustEdit(db: Db, mediaIds: readonly string[]): Promise<void> {
  for (const batch of chunks(mediaIds)) await db.updateTable('media').set({ must_edit: 1 }).where('id', 'in', batch).execute();
}

export async function deleteMediaRow(db: Db, mediaId: string): Promise<boolean> {
  const result = await db.deleteFrom('media').where('id', '=', mediaId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
