import { transaction, type Db } from '../db.ts';
import { ORDER_STATUS } from '../schema.ts';
import { isValidCardCode, normalizeCardCode } from '@gallery/contract/card-code';
import { priceForCount } from '@gallery/contract/price-table';
import { allDigitalSaving } from '@gallery/contract/cart';
import { toProducts } from '@gallery/contract/products';
import type { WireOrganization } from '@gallery/contract/organization';
import type { WireAddress, WireCustomer, WireCustomerInput, WireOrder, WireOrderAnswer, WireOrderLine, WireOrderMediaRef, WirePaymentStatus } from '@gallery/contract/shop';
import { ApiError } from '../errors.ts';
import { findCard } from '../repositories/cards.ts';
import { findMedia, listMediaOfCards, type CardMediaRow, type MediaKind } from '../repositories/media.ts';
import {
  addOrderCard,
  addOrderPackage,
  findKeyedOrder,
  findOrder,
  findOrInsertOpenOrder,
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
  type KeyedOrderRow,
  type OrderRow,
} from '../repositories/orders.ts';
import { findOrganizationById } from '../repositories/organizations.ts';
import { cancelPendingPayments, hasPendingPayments, listPayments } from '../repositories/payments.ts';
import { findProduct, type ProductRow } from '../repositories/products.ts';
import { openCards } from './card-access.ts';
import { randomAlphanumeric, sameText } from './ids.ts';
import { maskCustomer, storedAddress, storedCustomer, type StoredCustomer } from './shop-customer.ts';
import { pricedProducts, productsAnswer } from './products.ts';
import { isSold, type SoldFields } from './sold.ts';

/** 22 letters and digits (about 130 random bits), unguessable; still no key to the order: its visitor key is (`ownOrder`). */
export function newOrderId(): string {
  return randomAlphanumeric(22);
}

/** Everything an order is worth, derived from its rows and the price table. */
export interface OrderView {
  order: OrderRow;
  organization: WireOrganization;
  cards: Array<{ card_id: string; code: string }>;
  lines: WireOrderLine[];
  total: number;
  photos: number;
  videos: number;
  /** Which media a payment sells: the items, or every media of the cards for the package. */
  mediaToSell: string[];
}

const ref = (media: Pick<CardMediaRow, 'id' | 'kind'>): WireOrderMediaRef =>
  media.kind === 'video' ? { video: { id: media.id } } : { photo: { id: media.id } };

/** Reads what the order is worth; `organization` when the caller has it already. */
export async function viewOrder(db: Db, order: OrderRow, organization?: WireOrganization): Promise<OrderView> {
  organization ??= await findOrganizationById(db, order.organization_id);
  if (!organization) throw new ApiError(404, 'ORDER_NOT_FOUND');
  // What this order may still sell: media nobody else sold (sold by this order once it is paid).
  const buyable = (media: SoldFields) => media.sold_order_id === order.id || !isSold(media, organization);
  const cards = await listOrderCards(db, order.id);
  const items = await listOrderItems(db, order.id);
  const products = await pricedProducts(db, [...new Set(items.map((item) => item.product_id))]);
  const packageItem = items.find((item) => item.media_id === null);
  const packageProduct = packageItem && products.get(packageItem.product_id);
  if (packageProduct) {
    // The all-digital package covers every media of the order's cards; the per-item choices
    // stay stored (removing the package brings them back) but cost nothing meanwhile.
    const media = await listMediaOfCards(db, cards.map((card) => card.card_id));
    const sellable = media.filter((row) => row.kind !== 'extra');
    const total = packageProduct.packagePrice;
    return {
      order,
      organization,
      cards,
      lines: [
        {
          id: packageProduct.row.id,
          product_id: packageProduct.row.id,
          product_type: { is_video: true, is_photo: true },
          all_digital: true,
          items: sellable.map(ref),
          total,
        },
      ],
      total,
      photos: sellable.filter((row) => row.kind === 'photo').length,
      videos: sellable.filter((row) => row.kind === 'video').length,
      mediaToSell: media.filter(buyable).map((row) => row.id),
    };
  }
  const lines = new Map<number, WireOrderLine>();
  const mediaToSell: string[] = [];
  let photos = 0;
  let videos = 0;
  for (const item of items) {
    const product = products.get(item.product_id);
    if (!product || item.media_id === null || item.kind === null || item.kind === 'extra') continue;
    // Sold meanwhile by another order (or at the venue): no longer in this cart's price.
    if (!buyable({ sold_at_venue: item.sold_at_venue ?? 0, sold_order_id: item.sold_order_id })) continue;
    let line = lines.get(product.row.id);
    if (!line) {
      line = {
        id: product.row.id,
        product_id: product.row.id,
        product_type: { is_video: product.row.is_video === 1, is_photo: product.row.is_photo === 1 },
        all_digital: false,
        items: [],
        total: 0,
      };
      lines.set(product.row.id, line);
    }
    line.items.push(ref({ id: item.media_id, kind: item.kind }));
    mediaToSell.push(item.media_id);
    if (item.kind === 'video') videos++;
    else photos++;
  }
  let total = 0;
  for (const line of lines.values()) {
    line.total = priceForCount(products.get(line.id)?.ranges ?? [], line.items.length);
    total += line.total;
  }
  return {
    order,
    organization,
    cards,
    lines: [...lines.values()],
    total,
    photos,
    videos,
    mediaToSell,
  };
}

/**
 * The buyer as the order answers it to its own browser. An open order shows everything (its
 * checkout pre-fills from it); a paid or canceled one no longer needs the document and phone
 * numbers, so it masks them.
 */
function wireCustomer(order: OrderRow): WireCustomer | null {
  if (!order.customer) return null;
  const stored = JSON.parse(order.customer) as StoredCustomer;
  const customer = order.status === ORDER_STATUS.open ? stored : maskCustomer(stored);
  const addresses = order.address ? [JSON.parse(order.address) as WireAddress] : [];
  return { ...customer, addresses };
}

/**
 * The order as answered. Only its own browser (`owner`: the call proved its visitor key) reads
 * what is personal: the buyer and their address, the card's last digits, and the cards and media,
 * which lead to the buyer's photos. Anyone else who has the id reads its state and totals only.
 */
export async function wireOrder(db: Db, view: OrderView, { owner }: { owner: boolean }): Promise<WireOrder> {
  const first = view.cards.find((card) => card.card_id === view.order.first_card_id);
  return {
    id: view.order.id,
    card_code: owner ? (first?.code ?? view.cards[0]?.code ?? '') : '',
    organization_id: view.order.organization_id,
    cards: owner ? view.cards.map((card) => ({ card: card.code })) : [],
    items: owner ? view.lines : [],
    photos_count: view.photos,
    videos_count: view.videos,
    total: view.total,
    status: view.order.status as WireOrder['status'],
    completed: view.order.status === ORDER_STATUS.paid,
    finished: view.order.finished_at !== null,
    customer: owner ? wireCustomer(view.order) : null,
    payments: (await listPayments(db, view.order.id)).map((payment) => ({
      modality: payment.method,
      status: payment.status.toUpperCase() as WirePaymentStatus,
      amount: payment.amount_cents,
      card_last4: owner ? payment.card_last4 : null,
      card_brand: owner ? payment.card_brand : null,
    })),
  };
}

/** The answer of an order command, read after its transaction committed. */
async function answer(db: Db, order: OrderRow, access: { owner: boolean }, organization?: WireOrganization): Promise<WireOrderAnswer> {
  return { error: false, message: 'OK', order: await wireOrder(db, await viewOrder(db, order, organization), access) };
}

export async function loadOrder(db: Db, orderId: string): Promise<OrderRow> {
  const order = await findOrder(db, orderId);
  if (!order) throw new ApiError(404, 'ORDER_NOT_FOUND');
  return order;
}

/**
 * Whether a call presents the visitor key the order was made with (the X-Visitor-Key header),
 * compared in constant time. Orders made before keys have none: they are nobody's.
 */
function isOwner(order: KeyedOrderRow, visitorKey: string | undefined): boolean {
  return typeof order.visitor_key === 'string' && visitorKey !== undefined && sameText(visitorKey, order.visitor_key);
}

async function keyedOrder(db: Db, orderId: string, options?: { lock: boolean }): Promise<KeyedOrderRow> {
  const order = await findKeyedOrder(db, orderId, options);
  if (!order) throw new ApiError(404, 'ORDER_NOT_FOUND');
  return order;
}

/**
 * The order, when the call proves it is its browser's: nobody else changes or pays it (403
 * FORBIDDEN). With `lock`, its row stays locked until the caller's transaction ends.
 */
export async function ownOrder(db: Db, orderId: string, visitorKey: string | undefined, options?: { lock: boolean }): Promise<OrderRow> {
  const order = await keyedOrder(db, orderId, options);
  if (!isOwner(order, visitorKey)) throw new ApiError(403, 'FORBIDDEN', "the order is another browser's");
  return order;
}

/** What paying the order now would sell: its total and its media (sorted), as payments keep it. */
export interface Sale {
  amount: number;
  mediaIds: string[];
}

export function saleOf(view: OrderView): Sale {
  return { amount: view.total, mediaIds: [...new Set(view.mediaToSell)].sort() };
}

export function sameSale(a: Sale, b: Sale): boolean {
  return a.amount === b.amount && a.mediaIds.length === b.mediaIds.length && a.mediaIds.every((id, n) => id === b.mediaIds[n]);
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
    const changed = await touchOrder(db, orderId);
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
  const organization = await findOrganizationById(db, input.organizationId);
  if (!organization) throw new ApiError(404, 'ORGANIZATION_NOT_FOUND');
  const cards = await openCards(db, organization, [input.firstCard, ...input.cards], input.secret);
  const [first] = cards;
  if (!first) throw new ApiError(404, 'CARD_NOT_FOUND');
  const order = await transaction(db, async (db) => {
    const order = await findOrInsertOpenOrder(db, {
      id: newOrderId(),
      organizationId: organization.id,
      firstCardId: first.id,
      visitorKey: input.visitorKey,
      pdv: input.pdv ?? null,
      tz: input.tz ?? null,
    });
    for (const card of cards) await addOrderCard(db, order.id, card.id);
    return order;
  });
  // The key in the body found or made this order: the caller is its browser.
  return answer(db, order, { owner: true }, organization);
}

/** The order; its personal data only for the call that presents its visitor key. */
export async function getOrder(db: Db, orderId: string, visitorKey: string | undefined): Promise<WireOrderAnswer> {
  const order = await keyedOrder(db, orderId);
  return answer(db, order, { owner: isOwner(order, visitorKey) });
}

export async function addCard(
  db: Db,
  orderId: string,
  visitorKey: string | undefined,
  rawCode: string,
  secret: string | undefined,
): Promise<WireOrderAnswer> {
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
export async function saveCustomer(
  db: Db,
  orderId: string,
  visitorKey: string | undefined,
  body: WireCustomerInput,
): Promise<WireOrderAnswer> {
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

/**
 * Whether the all-digital package is offered on this order, by the gallery's own rule
 * (`allDigitalSaving`): something unsold is in reach and the package costs less than buying it
 * one by one.
 */
async function allDigitalOffered(db: Db, order: OrderRow): Promise<boolean> {
  const organization = await findOrganizationById(db, order.organization_id);
  if (!organization) return false;
  const cardIds = (await listOrderCards(db, order.id)).map((card) => card.card_id);
  const notSold = (await listMediaOfCards(db, cardIds))
    .filter((media) => media.kind !== 'extra' && !isSold(media, organization))
    .map((media) => ({ type: media.kind, sold: false }));
  return allDigitalSaving(toProducts(await productsAnswer(db, order.organization_id)), notSold) > 0;
}

/**
 * Refuses to charge an order that buys nothing (everything in it sold meanwhile, or empty: 409
 * NOTHING_TO_BUY) or holds the package where it is no longer offered (409
 * ALL_DIGITAL_NOT_OFFERED).
 */
export async function assertSomethingToBuy(db: Db, view: OrderView): Promise<void> {
  if (view.mediaToSell.length === 0) throw new ApiError(409, 'NOTHING_TO_BUY');
  if (view.lines.some((line) => line.all_digital) && !(await allDigitalOffered(db, view.order))) {
    throw new ApiError(409, 'ALL_DIGITAL_NOT_OFFERED');
  }
}

/** What checkout needs before a charge: something to pay, the customer and the address. */
export function checkoutProblems(view: OrderView): string[] {
  const problems: string[] = [];
  if (view.total <= 0) problems.push('the order has nothing to pay (add media or the all-digital package)');
  if (!view.order.customer) problems.push('customer is missing');
  if (!view.order.address) problems.push('address is missing');
  return problems;
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
