import type { DatabaseSync } from 'node:sqlite';

export type CardOrigin = 'import' | 'upload';

/** The columns migration 002 added to cards, read apart so the shared CardRow stays unchanged. */
export function cardOrigin(db: DatabaseSync, cardId: string): CardOrigin | undefined {
  const row = db.prepare('SELECT origin FROM cards WHERE id = ?').get(cardId) as { origin: CardOrigin } | undefined;
  return row?.origin;
}

/** Inserts a card whose id the caller chose (uploads stage their files before the card exists). */
export function insertCardWithId(
  db: DatabaseSync,
  card: { id: string; organizationId: number; code: string; secret: string | null; origin: CardOrigin },
): void {
  db.prepare('INSERT INTO cards (id, organization_id, code, secret, origin) VALUES (?, ?, ?, ?, ?)').run(
    card.id,
    card.organizationId,
    card.code,
    card.secret,
    card.origin,
  );
}

export function countCards(db: DatabaseSync): number {
  return (db.prepare('SELECT count(*) AS n FROM cards').get() as { n: number }).n;
}

export function setMustEdit(db: DatabaseSync, mediaIds: readonly string[]): void {
  db.prepare('UPDATE media SET must_edit = 1 WHERE id IN (SELECT value FROM json_each(?))').run(JSON.stringify(mediaIds));
}

export function deleteMediaRow(db: DatabaseSync, mediaId: string): boolean {
  return Number(db.prepare('DELETE FROM media WHERE id = ?').run(mediaId).changes) > 0;
}
