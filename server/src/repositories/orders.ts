import { sql, type Nullable, type Selectable } from 'kysely';
import { chunks, compiledOnce, locksRows, now, transaction, type Db, type Schema } from '../db.ts';
import { ORDER_STATUS } from '../schema.ts';
import type { MediaRow } from './media.ts';

/** An order as the calls read it: every column but the `visitor_key` it is looked up by. */
export type OrderRow = Omit<Selectable<Schema['orders']>, 'visitor_key'>;

/** A card of an order with its code. */
export type OrderCardRow = Pick<Selectable<Schema['order_cards']>, 'card_id' | 'position'> & Pick<Selectable<Schema['cards']>, 'code'>;

/**
 * An item (`media_id` null for the all-digital package) with its media's kind and sold fields,
 * for the sold rule; those are null for the package.
 */
export type OrderItemRow = Pick<Selectable<Schema['order_items']>, 'id' | 'product_id' | 'media_id'> &
  Nullable<Pick<MediaRow, 'kind' | 'sold_at_venue' | 'sold_order_id'>>;

const COLUMNS = [
  'id',
  'organization_id',
  'first_card_id',
  'status',
  'pdv',
  'tz',
  'customer',
  'address',
  'finished_at',
  'paid_at',
  'created_at',
  'updated_at',
  'locale',
] as const;

export function findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** An order with the visitor key it was made with (null for orders older than keys). */
export type KeyedOrderRow = OrderRow & Pick<Selectable<Schema['orders']>, 'visitor_key'>;

/**
 * The order and its visitor key in one read. With `lock`, inside a transaction, the row stays
 * locked until it ends (PostgreSQL's FOR UPDATE): the commands that change one cart, pay it or
 * record its charges take it first, so they run one at a time per order while other orders go on.
 */
export function findKeyedOrder(db: Db, id: string, { lock = false } = {}): Promise<KeyedOrderRow | undefined> {
  return db
    .selectFrom('orders')
    .select([...COLUMNS, 'visitor_key'])
    .where('id', '=', id)
    .$if(lock && locksRows(db), (query) => query.forUpdate())
    .executeTakeFirst();
}
export function listOrdersOfOrganization(db: Db, organizationId: number): Promise<OrderRow[]> {
  return db.selectFrom('orders').select(COLUMNS).where('organization_id', '=', organizationId).orderBy('created_at').execute();
}

/** A new cart's order as findOrInsertOpenOrder takes it. */
export interface NewOpenOrder {
  id: string;
  organizationId: number;
  firstCardId: string;
  visitorKey: string;
  pdv: string | null;
  tz: string | null;
}

type OpenOrderArgs = [id: string, organizationId: number, firstCardId: string, visitorKey: string, pdv: string | null, tz: string | null, at: string];

/** The insert of a new cart's order, or, on the unique index orders_one_open, its update. */
function upsertOpenOrder(db: Db, ...[id, organizationId, firstCardId, visitorKey, pdv, tz, at]: OpenOrderArgs) {
  return db
    .insertInto('orders')
    .values({ id, organization_id: organizationId, first_card_id: firstCardId, visitor_key: visitorKey, pdv, tz, created_at: at, updated_at: at })
    .onConflict((conflict) =>
      conflict
        .columns(['organization_id', 'first_card_id', 'visitor_key'])
        // A literal, not a parameter: SQLite matches the target to the partial index by its text.
        .where('status', '=', sql.lit(ORDER_STATUS.open))
        .doUpdateSet({ updated_at: at }),
    )
    .returning(COLUMNS);
}

/** findOrInsertOpenOrder's statement (compiled once: every new cart runs it). */
const insertOpenOrder = compiledOnce((db: Db, ...args: OpenOrderArgs) => upsertOpenOrder(db, ...args));

/**
 * The same with its first card in it, one statement on PostgreSQL (a data-modifying WITH is
 * atomic by itself): one round trip where BEGIN, two inserts and COMMIT take four. The card
 * goes in at position 0 when the order is new; an order already open has it already.
 */
const insertOpenOrderWithCard = compiledOnce((db: Db, ...args: OpenOrderArgs) =>
  db
    .with('made', (db) => upsertOpenOrder(db as unknown as Db, ...args))
    .with('card', (db) =>
      db
        .insertInto('order_cards')
        .columns(['order_id', 'card_id', 'position'])
        .expression((eb) => eb.selectFrom('made').select(['made.id', 'made.first_card_id', sql.lit(0).as('position')]))
        .onConflict((conflict) => conflict.columns(['order_id', 'card_id']).doNothing()),
    )
    .selectFrom('made')
    .select(COLUMNS),
);

const openOrderArgs = (order: NewOpenOrder): OpenOrderArgs => [order.id, order.organizationId, order.firstCardId, order.visitorKey, order.pdv, order.tz, now()];

/**
 * The visitor's open order of a first card: made now, or the one already open (the unique index
 * orders_one_open), whose row is then locked until the transaction ends. One statement, so two
 * requests at once (a double click, two instances) never make two.
 */
async function findOrInsertOpenOrder(db: Db, order: NewOpenOrder): Promise<OrderRow> {
  const [row] = await insertOpenOrder(db, ...openOrderArgs(order));
  if (!row) throw new Error('findOrInsertOpenOrder: no row returned');
  return row;
}

/**
 * findOrInsertOpenOrder with the order's cards added (the first card first), all or nothing.
 * A new cart of one card, the common case, is one statement on PostgreSQL; otherwise a short
 * transaction.
 */
export async function findOrInsertOpenOrderWithCards(db: Db, order: NewOpenOrder, cardIds: readonly string[]): Promise<OrderRow> {
  if (locksRows(db) && cardIds.length === 1 && cardIds[0] === order.firstCardId) {
    const [row] = await insertOpenOrderWithCard(db, ...openOrderArgs(order));
    if (!row) throw new Error('findOrInsertOpenOrderWithCards: no row returned');
    return row;
  }
  return transaction(db, async (db) => {
    const row = await findOrInsertOpenOrder(db, order);
    for (const cardId of cardIds) await addOrderCard(db, row.id, cardId);
    return row;
  });
}

/**
 * Records a change so `updated_at` tells when the order last moved; answers the order as it now
 * is. `reopen` (a change of what is bought) undoes its finish, whose checks were of the cart before.
 */
export function touchOrder(db: Db, id: string, { reopen }: { reopen: boolean }): Promise<OrderRow> {
  return db
    .updateTable('orders')
    .set(reopen ? { updated_at: now(), finished_at: null } : { updated_at: now() })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export function listOrderCards(db: Db, orderId: string): Promise<OrderCardRow[]> {
  return db
    .selectFrom('order_cards as oc')
    .innerJoin('cards as c', 'c.id', 'oc.card_id')
    .select(['oc.card_id', 'c.code', 'oc.position'])
    .where('oc.order_id', '=', orderId)
    .orderBy('oc.position')
    .execute();
}

/** addOrderCard's statement (compiled once: every new cart runs it); it answers the row it added, if any. */
const insertOrderCard = compiledOnce((db: Db, orderId: string, cardId: string) =>
  db
    .insertInto('order_cards')
    .values(({ selectFrom }) => ({
      order_id: orderId,
      card_id: cardId,
      position: selectFrom('order_cards')
        .select((eb) => eb(eb.fn.coalesce(eb.fn.max('position'), eb.val(-1)), '+', 1).as('next'))
        .where('order_id', '=', orderId)
        .$castTo<number>(),
    }))
    .onConflict((conflict) => conflict.columns(['order_id', 'card_id']).doNothing())
    .returning('card_id'),
);

/** Adds a card once; answers whether it was new. */
export async function addOrderCard(db: Db, orderId: string, cardId: string): Promise<boolean> {
  return (await insertOrderCard(db, orderId, cardId)).length > 0;
}

/** Removes a card and every item of its media; answers whether the card was in the order. */
export async function removeOrderCard(db: Db, orderId: string, cardId: string): Promise<boolean> {
  await db
    .deleteFrom('order_items')
    .where('order_id', '=', orderId)
    .where('media_id', 'in', (eb) => eb.selectFrom('media').select('media.id').where('media.card_id', '=', cardId))
    .execute();
  const result = await db.deleteFrom('order_cards').where('order_id', '=', orderId).where('card_id', '=', cardId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function listOrderItems(db: Db, orderId: string): Promise<OrderItemRow[]> {
  return db
    .selectFrom('order_items as i')
    .leftJoin('media as m', 'm.id', 'i.media_id')
    .select(['i.id', 'i.product_id', 'i.media_id', 'm.kind', 'm.sold_at_venue', 'm.sold_order_id'])
    .where('i.order_id', '=', orderId)
    .orderBy('i.id')
    .execute();
}

/** Puts a media under a product; a media already in the order moves instead of doubling. */
export async function upsertOrderMedia(db: Db, orderId: string, productId: number, mediaId: string): Promise<void> {
  await db
    .insertInto('order_items')
    .values({ order_id: orderId, product_id: productId, media_id: mediaId, created_at: now() })
    .onConflict((conflict) =>
      conflict
        .columns(['order_id', 'media_id'])
        .where('media_id', 'is not', null)
        .doUpdateSet((eb) => ({ product_id: eb.ref('excluded.product_id') })),
    )
    .execute();
}

/** Takes a media out of a product; answers whether it was there. */
export function removeOrderMedia(db: Db, orderId: string, productId: number, mediaId: string): Promise<boolean> {
  return removeOrderItem(db, orderId, productId, mediaId);
}

export async function addOrderPackage(db: Db, orderId: string, productId: number): Promise<void> {
  await db
    .insertInto('order_items')
    .values({ order_id: orderId, product_id: productId, media_id: null, created_at: now() })
    .onConflict((conflict) => conflict.columns(['order_id', 'product_id']).where('media_id', 'is', null).doNothing())
    .execute();
}

/** Takes out the all-digital package of a product; answers whether it was there. */
export function removeOrderPackage(db: Db, orderId: string, productId: number): Promise<boolean> {
  return removeOrderItem(db, orderId, productId, null);
}

/** Deletes the item of a product holding a media, or the product's package when `mediaId` is null. */
async function removeOrderItem(db: Db, orderId: string, productId: number, mediaId: string | null): Promise<boolean> {
  const result = await db
    .deleteFrom('order_items')
    .where('order_id', '=', orderId)
    .where('product_id', '=', productId)
    .where('media_id', mediaId === null ? 'is' : '=', mediaId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function setOrderCustomer(db: Db, orderId: string, customerJson: string): Promise<void> {
  await db.updateTable('orders').set({ customer: customerJson, updated_at: now() }).where('id', '=', orderId).execute();
}

export async function setOrderAddress(db: Db, orderId: string, addressJson: string): Promise<void> {
  await db.updateTable('orders').set({ address: addressJson, updated_at: now() }).where('id', '=', orderId).execute();
}

/** The language the order is being paid in (its receipt's). */
export async function setOrderLocale(db: Db, orderId: string, locale: string | null): Promise<void> {
  await db.updateTable('orders').set({ locale }).where('id', '=', orderId).execute();
}

export async function setOrderFinished(db: Db, orderId: string): Promise<void> {
  const at = now();
  await db
    .updateTable('orders')
    .set((eb) => ({ finished_at: eb.fn.coalesce('finished_at', eb.val(at)), updated_at: at }))
    .where('id', '=', orderId)
    .execute();
}

/** Open to paid; answers false when the order was not open (already paid or canceled). */
export async function markOrderPaid(db: Db, orderId: string): Promise<boolean> {
  const at = now();
  const result = await db
    .updateTable('orders')
    .set({ status: ORDER_STATUS.paid, paid_at: at, updated_at: at })
    .where('id', '=', orderId)
    .where('status', '=', ORDER_STATUS.open)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Locks media about to be sold until the transaction ends (PostgreSQL), in id order so two
 * payments never wait for each other in a circle: of two orders paying for the same media at
 * once, the second reads them sold by the first.
 */
export async function lockMediaForSale(db: Db, mediaIds: readonly string[]): Promise<void> {
  if (!locksRows(db)) return;
  for (const batch of chunks([...mediaIds].sort())) {
    await db.selectFrom('media').select('id').where('id', 'in', batch).orderBy('id').forNoKeyUpdate().execute();
  }
}

/** Marks media as covered by a paid order; media already sold by another order keep theirs. */
export async function markMediaSoldByOrder(db: Db, orderId: string, mediaIds: readonly string[]): Promise<void> {
  for (const batch of chunks(mediaIds)) {
    await db.updateTable('media').set({ sold_order_id: orderId }).where('sold_order_id', 'is', null).where('id', 'in', batch).execute();
  }
}
