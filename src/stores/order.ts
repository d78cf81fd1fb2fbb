import { atom } from 'nanostores';
import { api } from '../lib/api/index.ts';
import { ApiError } from '../lib/api/client.ts';
import type { Media, Order } from '../lib/api/types.ts';
import type { WireAddress, WireCustomerInput } from '../lib/api/wire.ts';
import { addToCartParams } from '../lib/analytics-events.ts';
import { productFor } from '@gallery/contract/cart';
import { readOrderId, saveOrderId } from '../lib/order-memory.ts';
import { analytics } from './analytics.ts';
import { asyncStore } from './async-state.ts';
import { $products } from './products.ts';

/** The visitor's open order: the cart. The API answers it whole after every change (section 4). */
export const $order = asyncStore<Order>();

/** Media whose adding or removing is on its way: their cart buttons wait for the answer. */
export const $cartPending = atom<ReadonlySet<string>>(new Set());

// Changes run one after another, so every answer holds all earlier changes and a double click
// toggles twice instead of racing. Leaving the gallery starts a new generation: answers of the
// old one are dropped.
let queue: Promise<unknown> = Promise.resolve();
let generation = 0;

function setPending(mediaId: string, pending: boolean): void {
  const next = new Set($cartPending.get());
  if (pending) next.add(mediaId);
  else next.delete(mediaId);
  $cartPending.set(next);
}

/** Runs one change after the others; a failure keeps the last good order and stores the error. */
function change(work: (current: Order | null) => Promise<Order | null>, mediaId?: string): Promise<boolean> {
  const ticket = generation;
  if (mediaId) setPending(mediaId, true);
  const run = queue.then(async () => {
    if (ticket !== generation) return false;
    const current = $order.get().data;
    $order.set({ loading: true, error: null, data: current });
    try {
      const next = await work(current);
      if (ticket === generation) $order.set({ loading: false, error: null, data: next ?? current });
      return true;
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 'UNKNOWN_ERROR';
      if (ticket === generation) $order.set({ loading: false, error: code, data: current });
      return false;
    } finally {
      if (mediaId && ticket === generation) setPending(mediaId, false);
    }
  });
  queue = run;
  return run;
}

/**
 * Finds this browser's open order of the gallery's first card again (by the id it kept), or makes
 * one with this browser's visitor key, and gives it exactly the gallery's cards. Runs again
 * whenever cards change; another browser with the same cards never gets this order.
 */
export function syncOrderCards(organizationId: number, cards: readonly string[], secret?: string): Promise<boolean> {
  return change(async () => {
    const [first = ''] = cards;
    let order = await ownOpenOrder(readOrderId(organizationId, first));
    if (order) {
      for (const card of cards) if (!order.cards.includes(card)) order = await api.addOrderCard(order.id, card, secret);
    } else {
      const context = { pdv: window.location.host, tz: Intl.DateTimeFormat().resolvedOptions().timeZone, secret };
      order = await api.createOrder(organizationId, [...cards], context);
      saveOrderId(organizationId, first, order.id);
    }
    for (const card of order.cards) {
      if (!cards.includes(card)) order = await api.removeOrderCard(order.id, card);
    }
    return order;
  });
}

/** The kept order while it is still open; a paid or vanished one means a new cart. */
async function ownOpenOrder(orderId: string | null): Promise<Order | null> {
  if (!orderId) return null;
  try {
    const order = await api.getOrder(orderId);
    return order.status === 0 ? order : null;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'ORDER_NOT_FOUND') return null;
    throw error;
  }
}

/** Adds an unsold media to the cart, or takes it out when it is in. */
export function toggleInCart(media: Media): Promise<boolean> {
  return change(async (order) => {
    if (!order || order.allDigitalId !== null) return order;
    const item = order.items.find((chosen) => chosen.mediaId === media.id);
    if (item) return api.removeOrderMedia(order.id, item.productId, media.id);
    const product = productFor($products.get().data?.products ?? [], media);
    if (!product) return order;
    const next = await api.addOrderMedia(order.id, product.id, media.id);
    analytics.event('add_to_cart', addToCartParams(product.kind, order, next));
    return next;
  }, media.id);
}

/** Puts the all-digital package in the order (it then covers every media) or takes it out. */
export function setAllDigital(wanted: boolean): Promise<boolean> {
  return change(async (order) => {
    const packageId = $products.get().data?.allDigital?.id;
    if (!order || packageId === undefined || wanted === (order.allDigitalId !== null)) return order;
    if (!wanted) return api.removeAllDigital(order.id, order.allDigitalId ?? packageId);
    const next = await api.addAllDigital(order.id, packageId);
    analytics.event('add_to_cart', addToCartParams('all_digital', order, next));
    return next;
  });
}

/** The checkout's steps: each answers the whole order, or keeps it and stores why not. */
export function saveCustomer(customer: NonNullable<WireCustomerInput['customer']>): Promise<boolean> {
  return change(async (order) => order && api.saveOrderCustomer(order.id, customer));
}

/** Saves the address and closes the cart (finish): the order is then ready for payment. */
export function saveAddressAndFinish(address: WireAddress): Promise<boolean> {
  return change(async (order) => order && api.finishOrder((await api.saveOrderAddress(order.id, address)).id));
}

/** Reads the order again (after a payment, to see it paid). */
export function refreshOrder(): Promise<boolean> {
  return change(async (order) => order && api.getOrder(order.id));
}

export function clearOrder(): void {
  generation++;
  queue = Promise.resolve();
  $order.set({ loading: false, error: null, data: null });
  $cartPending.set(new Set());
}
