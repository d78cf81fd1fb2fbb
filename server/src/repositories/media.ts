import type { DatabaseSync } from 'node:sqlite';

export type MediaKind = 'photo' | 'video' | 'extra';

export interface MediaRow {
  id: string;
  organization_id: number;
  card_id: string;
  kind: MediaKind;
  /** The original's sanitised base name, e.g. "sample1.jpg". */
  filename: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
  sha256: string;
  captured_at: string;
  /** 1 when the venue already sold it; SQLite has no boolean. */
  sold_at_venue: number;
  /** The paid order that covers it (set at payment time), or null. */
  sold_order_id: string | null;
  created_at: string;
}

/** A media with the code of its card, as the gallery lists it. */
export interface CardMediaRow extends MediaRow {
  card_code: string;
}

export type NewMedia = Omit<MediaRow, 'created_at' | 'sold_order_id'>;

const COLUMNS =
  'm.id, m.organization_id, m.card_id, m.kind, m.filename, m.mime, m.width, m.height, m.bytes, m.sha256, m.captured_at, m.sold_at_venue, m.sold_order_id, m.created_at';

/** Every media id, to tell the media folders that have a row from those that never got one. */
export function listMediaIds(db: DatabaseSync): Set<string> {
  return new Set(db.prepare('SELECT id FROM media').all().map((row) => String(row['id'])));
}

export function insertMedia(db: DatabaseSync, media: NewMedia): void {
  insertMedias(db, [media]);
}

/** Several media with one prepared statement (the caller runs it in a transaction). */
export function insertMedias(db: DatabaseSync, medias: readonly NewMedia[]): void {
  const insert = db.prepare(
    `INSERT INTO media (id, organization_id, card_id, kind, filename, mime, width, height, bytes, sha256, captured_at, sold_at_venue)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const media of medias) {
    insert.run(
      media.id,
      media.organization_id,
      media.card_id,
      media.kind,
      media.filename,
      media.mime,
      media.width,
      media.height,
      media.bytes,
      media.sha256,
      media.captured_at,
      media.sold_at_venue,
    );
  }
}

export function findMedia(db: DatabaseSync, id: string): MediaRow | undefined {
  return db.prepare(`SELECT ${COLUMNS} FROM media m WHERE m.id = ?`).get(id) as MediaRow | undefined;
}

/** One media with its card's code, for the calls that must open that card. */
export function findCardMedia(db: DatabaseSync, id: string): CardMediaRow | undefined {
  return db
    .prepare(`SELECT ${COLUMNS}, c.code AS card_code FROM media m JOIN cards c ON c.id = m.card_id WHERE m.id = ?`)
    .get(id) as CardMediaRow | undefined;
}

export function countMediaOfCard(db: DatabaseSync, cardId: string): number {
  const row = db.prepare('SELECT count(*) AS n FROM media WHERE card_id = ?').get(cardId) as { n: number };
  return row.n;
}

export function countMedia(db: DatabaseSync): number {
  const row = db.prepare('SELECT count(*) AS n FROM media').get() as { n: number };
  return row.n;
}

/** The media of several cards in capture order (id breaks ties so the order is stable). */
export function listMediaOfCards(db: DatabaseSync, cardIds: readonly string[]): CardMediaRow[] {
  // json_each lets one prepared statement take a list of any length.
  return db
    .prepare(
      `SELECT ${COLUMNS}, c.code AS card_code
       FROM media m JOIN cards c ON c.id = m.card_id
       WHERE m.card_id IN (SELECT value FROM json_each(?))
       ORDER BY m.captured_at, m.id`,
    )
    .all(JSON.stringify(cardIds)) as unknown as CardMediaRow[];
}
