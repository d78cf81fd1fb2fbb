import type { Selectable } from 'kysely';
import { chunks, type Db, type Schema } from '../db.ts';

export type MediaKind = Schema['media']['kind'];

/** A media as the calls read it (`MEDIA_COLUMNS`): every column but `must_edit`. */
export type MediaRow = Omit<Selectable<Schema['media']>, 'must_edit'>;

/** A media with the code of its card, as the gallery lists it. */
export interface CardMediaRow extends MediaRow {
  card_code: string;
}

export type NewMedia = Omit<MediaRow, 'created_at' | 'sold_order_id' | 'renditions'>;

const MEDIA_COLUMNS = [
  'm.id',
  'm.organization_id',
  'm.card_id',
  'm.kind',
  'm.filename',
  'm.mime',
  'm.width',
  'm.height',
  'm.bytes',
  'm.sha256',
  'm.captured_at',
  'm.sold_at_venue',
  'm.sold_order_id',
  'm.created_at',
  'm.renditions',
] as const;

export function insertMedia(db: Db, media: NewMedia): Promise<void> {
  return insertMedias(db, [media]);
}

/** Several media (the caller runs it in a transaction). */
export async function insertMedias(db: Db, medias: readonly NewMedia[]): Promise<void> {
  for (const batch of chunks(medias, 200)) {
    await db
      .insertInto('media')
      .values(batch.map((media) => ({ ...media, sold_at_venue: media.sold_at_venue ? 1 : 0 })))
      .execute();
  }
}

export function findMedia(db: Db, id: string): Promise<MediaRow | undefined> {
  return db.selectFrom('media as m').select(MEDIA_COLUMNS).where('m.id', '=', id).executeTakeFirst();
}

/** One media with its card's code, for the calls that must open that card. */
export function findCardMedia(db: Db, id: string): Promise<CardMediaRow | undefined> {
  return db
    .selectFrom('media as m')
    .innerJoin('cards as c', 'c.id', 'm.card_id')
    .select([...MEDIA_COLUMNS, 'c.code as card_code'])
    .where('m.id', '=', id)
    .executeTakeFirst();
}

/** Whether the card has any media (photos, videos or extras). */
export async function cardHasMedia(db: Db, cardId: string): Promise<boolean> {
  return (await db.selectFrom('media').select('id').where('card_id', '=', cardId).limit(1).executeTakeFirst()) !== undefined;
}

export async function countMedia(db: Db): Promise<number> {
  const row = await db
    .selectFrom('media')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The media of several cards in capture order (id breaks ties so the order is stable). */
export async function listMediaOfCards(db: Db, cardIds: readonly string[]): Promise<CardMediaRow[]> {
  if (!cardIds.length) return [];
  return db
    .selectFrom('media as m')
    .innerJoin('cards as c', 'c.id', 'm.card_id')
    .select([...MEDIA_COLUMNS, 'c.code as card_code'])
    .where('m.card_id', 'in', cardIds)
    .orderBy('m.captured_at')
    .orderBy('m.id')
    .execute();
}

/** What places a media in its gallery (its list and order), and no more: a card of thousands reads in a fraction of the whole rows' time. */
export type MediaPlaceRow = Pick<MediaRow, 'id' | 'kind' | 'captured_at' | 'sold_at_venue' | 'sold_order_id'>;

/** Whole rows (with their card's code) of these media, in no order; one gone meanwhile is left out. */
export async function findCardMediaByIds(db: Db, ids: readonly string[]): Promise<CardMediaRow[]> {
  const rows: CardMediaRow[] = [];
  for (const batch of chunks(ids))
    rows.push(
      ...(await db
        .selectFrom('media as m')
        .innerJoin('cards as c', 'c.id', 'm.card_id')
        .select([...MEDIA_COLUMNS, 'c.code as card_code'])
        .where('m.id', 'in', batch)
        .execute()),
    );
  return rows;
}

/** The media of several cards with only what places them, in no order: the gallery orders them by its own rule (services/gallery.ts). */
export async function listMediaPlacesOfCards(db: Db, cardIds: readonly string[]): Promise<MediaPlaceRow[]> {
  if (!cardIds.length) return [];
  return db
    .selectFrom('media as m')
    .select(['m.id', 'm.kind', 'm.captured_at', 'm.sold_at_venue', 'm.sold_order_id'])
    .where('m.card_id', 'in', cardIds)
    .execute();
}
