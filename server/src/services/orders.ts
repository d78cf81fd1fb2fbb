// The visitor's cart commands (create, cards, media, package, customer, finish) and paying an order.
import { isValidCardCode, normalizeCardCode } from '@gallery/contract/card-code';
import type { WireOrganization } from '@gallery/contract/organization';
import type { WireCustomerInput, WireOrderAnswer } from '@gallery/contract/shop';
import { transaction, type Db } from '../db.ts';
import { ApiError } from '../errors.ts';
import { findCard } from '../repositories/cards.ts';
import { findMedia, type MediaKind } from '../repositories/media.ts';
import {
  addOrderCard,
  addOrderPackage,
  findOrInsertOpenOrderWithCards,
  listOrderCards,
  listOrderItems,
  markMediaSoldByOrder,
  markOrderPaid,
  removeOrderCard,
  removeOrderMedia,
  removeOrderPackage,
  setOrderAddress,
  setOrderCustomer,
  setOrderFinished,
  touchOrder,
  upsertOrderMedia,
  type OrderRow,
} from '../repositories/orders.ts';
import { findOrganizationById, findOrganizationCached } from '../repositories/organizations.ts';
import { cancelPendingPayments, hasPendingPayments } from '../repositories/payments.ts';
import { findProduct, type ProductRow } from '../repositories/products.ts';
import { ORDER_STATUS } from '../schema.ts';
import { openCards } from './card-access.ts';
import { randomAlphanumeric } from './ids.ts';
import { isOwner, keyedOrder, ownOrder } from './order-access.ts';
import { allDigitalOffered, assertSomethingToBuy, checkoutProblems } from './order-readiness.ts';
import { newOrderView, saleOf, sameSale, viewOrder, wireOrder } from './order-view.ts';
import { storedAddress, storedCustomer } from './shop-customer.ts';
import { isSold } from './sold.ts';

/** 22 letters and digits (about 130 random bits), unguessable; still no key to the order: its visitor key is (`ownOrder`). */
function newOrderId(): string {
  return randomAlphanumeric(22);
}

/** The answer of an order command, read after its transaction committed. */
async function answer(db: Db, order: OrderRow, access: { owner: boolean }, organization?: WireOrganization): Promise<WireOrderAnswer> {
  return { error: false, message: 'OK', order: await wireOrder(db, await viewOrder(db, order, organization), access) };
}

/**
 * Runs a change of the visitor's open order in one short transaction: the order's row is read
 * and locked first, so one cart's commands run one at a time while other carts go on; the answer
 * is read after the commit. A change of what is sold (media or total; a card joining the package
 * changes the media, not the total) cancels the pending charges, in flight ones too: they were
 * made for another sale, so checkout makes a new one. A paid order is closed (409 ORDER_CLOSED),
 * or, with `paid: 'answer'`, answered as it is.
 */
async function changeOrder(
  db: Db,
  orderId: string,
  visitorKey: string | undefined,
  work: (db: Db, order: OrderRow) => Promise<void>,
  { repricing = true, paid = 'closed' }: { repricing?: boolean; paid?: 'closed' | 'answer' } = {},
): Promise<WireOrderAnswer> {
  const order = await transaction(db, async (db) => {
    const order = await ownOrder(db, orderId, visitorKey, { lock: true });
    if (order.status === ORDER_STATUS.paid && paid === 'answer') return order;
    if (order.status !== ORDER_STATUS.open) throw new ApiError(409, 'ORDER_CLOSED');
    // Only a charge under way can go stale: without one, the sale need not be compared.
    const before = repricing && (await hasPendingPayments(db, orderId)) ? saleOf(await viewOrder(db, order)) : null;
    await work(db, order);
    const changed = await touchOrder(db, orderId, { reopen: repricing });
    if (before && !sameSale(before, saleOf(await viewOrder(db, changed)))) await cancelPendingPayments(db, orderId);
    return changed;
  });
  return answer(db, order, { owner: true });
}

/**
 * Creates the visitor's order of a first card, or answers the open one that visitor already has
 * (adding any new cards from the body), so a double click or a retried request never makes a
 * second order. Another visitor key, even on the same card, is another order: a card code alone
 * never reaches someone else's order.
 */
export async function createOrder(
  db: Db,
  input: {
    organizationId: number;
    firstCard: string;
    cards: readonly string[];
    visitorKey: string;
    pdv?: string;
    tz?: string;
    secret?: string;
  },
): Promise<WireOrderAnswer> {
  const organization = await findOrganizationCached(db, input.organizationId);
  if (!organization) throw new ApiError(404, 'ORGANIZATION_NOT_FOUND');
  const cards = await openCards(db, organization, [input.firstCard, ...input.cards], input.secret);
  const [first] = cards;
  if (!first) throw new ApiError(404, 'CARD_NOT_FOUND');
  const id = newOrderId();
  const order = await findOrInsertOpenOrderWithCards(
    db,
    { id, organizationId: organization.id, firstCardId: first.id, visitorKey: input.visitorKey, pdv: input.pdv ?? null, tz: input.tz ?? null },
    cards.map((card) => card.id),
  );
  // The key in the body found or made this order: the caller is its browser. One just made is
  // answered from what made it; one that was open already may hold more.
  if (order.id === id) {
    return { error: false, message: 'OK', order: await wireOrder(db, newOrderView(order, organization, cards), { owner: true }, []) };
  }
  return answer(db, order, { owner: true }, organization);
}

/** The order; its personal data only for the call that presents its visitor key. */
export async function getOrder(db: Db, orderId: string, visitorKey: string | undefined): Promise<WireOrderAnswer> {
  const order = await keyedOrder(db, orderId);
  return answer(db, order, { owner: isOwner(order, visitorKey) });
}

export async function addCard(db: Db, orderId: string, visitorKey: string | undefined, rawCode: string, secret: string | undefined): Promise<WireOrderAnswer> {
  return changeOrder(db, orderId, visitorKey, async (db, order) => {
    const organization = await findOrganizationById(db, order.organization_id);
    if (!organization) throw new ApiError(404, 'ORDER_NOT_FOUND');
    const [card] = await openCards(db, organization, [rawCode], secret);
    if (card) await addOrderCard(db, order.id, card.id);
  });
}

export async function removeCard(db: Db, orderId: string, visitorKey: string | undefined, rawCode: string): Promise<WireOrderAnswer> {
  return changeOrder(db, orderId, visitorKey, async (db, order) => {
    const code = normalizeCardCode(rawCode);
    const card = isValidCardCode(code) ? await findCard(db, order.organization_id, code) : undefined;
    const inOrder = card && (await listOrderCards(db, order.id)).some((row) => row.card_id === card.id);
    if (!card || !inOrder) throw new ApiError(404, 'CARD_NOT_FOUND');
    if (card.id === order.first_card_id) {
      throw new ApiError(400, 'VALIDATION_ERROR', "the order's first card cannot be removed");
    }
    await removeOrderCard(db, order.id, card.id);
  });
}

async function orderProduct(db: Db, order: OrderRow, productId: number, { active = true } = {}): Promise<ProductRow> {
  const product = await findProduct(db, productId);
  if (!product || product.organization_id !== order.organization_id || (active && product.active !== 1)) {
    throw new ApiError(404, 'PRODUCT_NOT_FOUND');
  }
  return product;
}

function takes(product: ProductRow, kind: MediaKind): boolean {
  return (kind === 'photo' && product.is_photo === 1) || (kind === 'video' && product.is_video === 1);
}

/** Adds a media under a per-item product; adding it again changes nothing. */
export async function addMedia(
  db: Db,
  orderId: string,
  visitorKey: string | undefined,
  input: { productId: number; mediaId: string; type?: 'photo' | 'video' },
): Promise<WireOrderAnswer> {
  return changeOrder(db, orderId, visitorKey, async (db, order) => {
    const product = await orderProduct(db, order, input.productId);
    if (product.unities === 0) {
      throw new ApiError(400, 'VALIDATION_ERROR', 'the all-digital package is added without a media');
    }
    const media = await findMedia(db, input.mediaId);
    const cardIds = new Set((await listOrderCards(db, order.id)).map((card) => card.card_id));
    // Media of cards outside the order read as unknown, like media of other organizations.
    if (!media || !cardIds.has(media.card_id) || (input.type !== undefined && input.type !== media.kind)) {
      throw new ApiError(404, 'MEDIA_NOT_FOUND');
    }
    const organization = await findOrganizationById(db, order.organization_id);
    if (!organization || isSold(media, organization)) throw new ApiError(409, 'MEDIA_ALREADY_SOLD');
    if (!takes(product, media.kind)) {
      throw new ApiError(400, 'VALIDATION_ERROR', `product ${product.id} does not take ${media.kind} media`);
    }
    await upsertOrderMedia(db, order.id, product.id, media.id);
  });
}

export async function removeMedia(
  db: Db,
  orderId: string,
  visitorKey: string | undefined,
  input: { productId: number; mediaId: string },
): Promise<WireOrderAnswer> {
  return changeOrder(db, orderId, visitorKey, async (db, order) => {
    await orderProduct(db, order, input.productId, { active: false });
    if (!(await removeOrderMedia(db, order.id, input.productId, input.mediaId))) throw new ApiError(404, 'MEDIA_NOT_FOUND');
  });
}

export async function addAllDigital(db: Db, orderId: string, visitorKey: string | undefined, productId: number): Promise<WireOrderAnswer> {
  return changeOrder(db, orderId, visitorKey, async (db, order) => {
    const product = await orderProduct(db, order, productId);
    if (product.unities !== 0) {
      throw new ApiError(400, 'VALIDATION_ERROR', `product ${product.id} is not the all-digital package; add media to it`);
    }
    if (!(await allDigitalOffered(db, order))) throw new ApiError(409, 'ALL_DIGITAL_NOT_OFFERED');
    // One package per order: a newer package (after products:set) replaces an older one.
    for (const item of await listOrderItems(db, order.id)) {
      if (item.media_id === null && item.product_id !== product.id) await removeOrderPackage(db, order.id, item.product_id);
    }
    await addOrderPackage(db, order.id, product.id);
  });
}

export async function removeAllDigital(db: Db, orderId: string, visitorKey: string | undefined, productId: number): Promise<WireOrderAnswer> {
  return changeOrder(db, orderId, visitorKey, async (db, order) => {
    await orderProduct(db, order, productId, { active: false });
    if (!(await removeOrderPackage(db, order.id, productId))) throw new ApiError(404, 'PRODUCT_NOT_FOUND');
  });
}

/** Saves `{ customer }`, `{ address }` or both; all fields are checked before anything is written. */
export async function saveCustomer(db: Db, orderId: string, visitorKey: string | undefined, body: WireCustomerInput): Promise<WireOrderAnswer> {
  if (body.customer === undefined && body.address === undefined) {
    throw new ApiError(400, 'VALIDATION_ERROR', 'the body needs "customer" or "address"');
  }
  const customer = body.customer && storedCustomer(body.customer);
  const address = body.address && storedAddress(body.address);
  return changeOrder(
    db,
    orderId,
    visitorKey,
    async (db, order) => {
      if (address && !customer && !order.customer) throw new ApiError(400, 'VALIDATION_ERROR', 'customer must be saved before the address');
      if (customer) await setOrderCustomer(db, orderId, JSON.stringify(customer));
      if (address) await setOrderAddress(db, orderId, JSON.stringify(address));
    },
    { repricing: false },
  );
}

/** Closes the cart: checks the order is ready for payment and records when. Paid orders answer as they are. */
export async function finishOrder(db: Db, orderId: string, visitorKey: string | undefined): Promise<WireOrderAnswer> {
  return changeOrder(
    db,
    orderId,
    visitorKey,
    async (db, order) => {
      const view = await viewOrder(db, order);
      await assertSomethingToBuy(db, view);
      const problems = checkoutProblems(view);
      if (problems.length) throw new ApiError(400, 'VALIDATION_ERROR', problems.join('; '));
      await setOrderFinished(db, orderId);
    },
    { repricing: false, paid: 'answer' },
  );
}

/**
 * Marks an open order paid and exactly these media sold (the paying charge's snapshot), inside
 * the caller's transaction. Answers false when the order was no longer open.
 */
export async function payOrder(db: Db, orderId: string, mediaIds: readonly string[]): Promise<boolean> {
  if (!(await markOrderPaid(db, orderId))) return false;
  await markMediaSoldByOrder(db, orderId, mediaIds);
  return true;
}
