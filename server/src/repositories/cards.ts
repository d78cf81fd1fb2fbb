import type { Selectable } from 'kysely';
import { cachedRead, compiledOnce, type Db, type Schema } from '../db.ts';
import { newId } from '../services/ids.ts';
import { ORGANIZATION_COLUMNS, type OrganizationRow } from './organizations.ts';

export type CardRow = Omit<Selectable<Schema['cards']>, 'customer_id' | 'origin'>;

const COLUMNS = ['id', 'organization_id', 'code', 'secret', 'captured_at', 'created_at'] as const;

export function findCardById(db: Db, id: string): Promise<CardRow | undefined> {
  return db.selectFrom('cards').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findCard(db: Db, organizationId: number, code: string): Promise<CardRow | undefined> {
  return cachedRead(db, `card:${organizationId}:${code}`, ['cards'], () =>
    db.selectFrom('cards').select(COLUMNS).where('organization_id', '=', organizationId).where('code', '=', code).executeTakeFirst(),
  );
}

/** What the card look-up reads: the organization, its card of that code (if any) and that card's media count. */
export interface CardLookUp {
  organization: OrganizationRow;
  card: Pick<CardRow, 'id' | 'code' | 'secret'> | undefined;
  mediaCount: number;
}

/** The card look-up's one statement (compiled once: it runs on every visit). */
const lookUpQuery = compiledOnce((db: Db, organizationId: number, code: string) =>
  db
    .selectFrom('organizations')
    .leftJoin('cards', (join) => join.onRef('cards.organization_id', '=', 'organizations.id').on('cards.code', '=', code))
    .select(ORGANIZATION_COLUMNS)
    .select(['cards.id as card_id', 'cards.code as card_code', 'cards.secret as card_secret'])
    .select((eb) => eb.selectFrom('media').select(eb.fn.countAll<number>().as('n')).whereRef('media.card_id', '=', 'cards.id').as('media_count'))
    .where('organizations.id', '=', organizationId),
);

/**
 * The card look-up's reads in one statement (the visitor's most frequent call: one round trip
 * instead of three), kept by the read cache until the organization, a card or that card's media
 * changes (a card not found yet has none: its media come after a write to cards). Undefined when
 * the organization does not exist.
 */
export function lookUpCard(db: Db, organizationId: number, code: string): Promise<CardLookUp | undefined> {
  return cachedRead(
    db,
    `look-up:${organizationId}:${code}`,
    (found) => ['organizations', 'cards', ...(found?.card ? [`media:${found.card.id}` as const] : [])],
    () => readLookUp(db, organizationId, code),
  );
}

async function readLookUp(db: Db, organizationId: number, code: string): Promise<CardLookUp | undefined> {
  const [row] = await lookUpQuery(db, organizationId, code);
  if (!row) return undefined;
  const { card_id, card_code, card_secret, media_count, ...organization } = row;
  return {
    organization,
    card: card_id === null || card_code === null ? undefined : { id: card_id, code: card_code, secret: card_secret },
    mediaCount: media_count ?? 0,
  };
}

export function createCard(db: Db, card: { organizationId: number; code: string; secret?: string | null; capturedAt?: string | null }): Promise<CardRow> {
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
