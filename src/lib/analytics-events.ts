// The parameters of the shop's events (GA4's recommended add_to_cart, begin_checkout, purchase)
// and of the facial search's (a custom facial_search): counts, kinds, money in BRL and opaque
// ids, never personal data. Apart from analytics.ts, which every page loads, so that only the
// pages that fire them carry them.
import type { Order } from './api/types.ts';
import type { AnalyticsItem, AnalyticsParams } from './analytics.ts';

const CURRENCY = 'BRL';
const ITEM_NAMES: Record<AnalyticsItem['item_id'], string> = { photo: 'Photo', video: 'Video', all_digital: 'All digital' };
const reais = (cents: number) => cents / 100;

type OrderFigures = Pick<Order, 'photos' | 'videos' | 'total' | 'allDigitalId'>;

/** An order as GA4's ecommerce parameters: its value and its items by kind. */
export function orderParams(order: OrderFigures): AnalyticsParams {
  const items: AnalyticsItem[] =
    order.allDigitalId !== null
      ? [{ item_id: 'all_digital', item_name: ITEM_NAMES.all_digital, quantity: 1 }]
      : (['photo', 'video'] as const)
          .map((kind) => ({ item_id: kind, item_name: ITEM_NAMES[kind], quantity: kind === 'photo' ? order.photos : order.videos }))
          .filter((item) => item.quantity > 0);
  return { currency: CURRENCY, value: reais(order.total), items };
}

/** add_to_cart: one item of a kind, worth what it added to the total (the price table is by quantity). */
export function addToCartParams(kind: AnalyticsItem['item_id'], before: Pick<Order, 'total'>, after: Pick<Order, 'total'>): AnalyticsParams {
  const value = reais(after.total - before.total);
  return { currency: CURRENCY, value, items: [{ item_id: kind, item_name: ITEM_NAMES[kind], quantity: 1, price: value }] };
}

/** purchase: the paid order, by its opaque id. */
export function purchaseParams(order: OrderFigures & Pick<Order, 'id'>): AnalyticsParams {
  return { transaction_id: order.id, ...orderParams(order) };
}

/** facial_search (a custom event): how many selfies, how many cards found, or that it failed. */
export function facialSearchParams(selfies: number, cards: readonly unknown[] | null): AnalyticsParams {
  return { selfies, cards_found: cards?.length ?? 0, outcome: cards === null ? 'error' : cards.length > 0 ? 'found' : 'none' };
}
