import type { DatabaseSync } from 'node:sqlite';
import { newId } from '../services/ids.ts';

export interface CardRow {
  id: string;
  organization_id: number;
  /** Normalised 9-character code. */
  code: string;
  /** Normalised two-factor secret, when the card has one. */
  secret: string | null;
  captured_at: string | null;
  created_at: string;
}

const COLUMNS = 'id, organization_id, code, secret, captured_at, created_at';

export function findCard(db: DatabaseSync, organizationId: number, code: string): CardRow | undefined {
  return db
    .prepare(`SELECT ${COLUMNS} FROM cards WHERE organization_id = ? AND code = ?`)
    .get(organizationId, code) as CardRow | undefined;
}

export function createCard(
  db: DatabaseSync,
  card: { organizationId: number; code: string; secret?: string | null; capturedAt?: string | null },
): CardRow {
  return db
    .prepare(
      `INSERT INTO cards (id, organization_id, code, secret, captured_at) VALUES (?, ?, ?, ?, ?)
       RETURNING ${COLUMNS}`,
    )
    .get(newId(), card.organizationId, card.code, card.secret ?? null, card.capturedAt ?? null) as unknown as CardRow;
}

export function findOrCreateCard(db: DatabaseSync, organizationId: number, code: string): CardRow {
  return findCard(db, organizationId, code) ?? createCard(db, { organizationId, code });
}

export interface CardSummary {
  organization_id: number;
  code: string;
  media_count: number;
}

/** Every card of every organization with its media count, for the admin listing. */
export function listCardSummaries(db: DatabaseSync): CardSummary[] {
  return db
    .prepare(
      `SELECT c.organization_id, c.code, count(m.id) AS media_count
       FROM cards c LEFT JOIN media m ON m.card_id = c.id
       GROUP BY c.id ORDER BY c.organization_id, c.code`,
    )
    .all() as unknown as CardSummary[];
}
