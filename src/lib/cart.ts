// Pure rules of the cart: which product sells a media, what the order holds, and what the
// all-digital package saves. No DOM, no stores: unit-tested in tests/unit.
import type { ApiErrorCode, Media, Order, Product, Products } from './api/types.ts';
import { priceForCount } from './price-table.ts';

/** The product a media is bought under: the first one selling its kind (extras are never sold). */
export function productFor(products: readonly Product[], media: Pick<Media, 'type' | 'sold'>): Product | null {
  if (media.sold || media.type === 'extra') return null;
  return products.find((product) => product.kind === media.type) ?? null;
}

/** Whether the order buys this media: chosen one by one, or covered by the all-digital package. */
export function isInOrder(order: Order | null, media: Pick<Media, 'id' | 'sold' | 'type'>): boolean {
  if (!order || media.sold || media.type === 'extra') return false;
  return order.allDigitalId !== null || order.items.some((item) => item.mediaId === media.id);
}

/**
 * What the all-digital package saves against buying every unsold media one by one (0 when
 * nothing). The one rule of the package, shared with the API: it is offered, and accepted, only
 * when this is above 0, so only when something unsold is in reach and the package costs less
 * (a free or absent package saves nothing).
 */
export function allDigitalSaving(products: Products, notSold: readonly Pick<Media, 'type' | 'sold'>[]): number {
  if (!products.allDigital || products.allDigital.price <= 0) return 0;
  const counts = new Map<Product, number>();
  for (const media of notSold) {
    const product = productFor(products.products, media);
    if (product) counts.set(product, (counts.get(product) ?? 0) + 1);
  }
  let separately = 0;
  for (const [product, count] of counts) separately += priceForCount(product.ranges, count);
  return Math.max(0, separately - products.allDigital.price);
}

/** The text of a refusal about what the cart buys, wherever the visitor meets it (cart, checkout); null for others. */
export function purchaseErrorKey(code: ApiErrorCode | null): 'errors.nothingToBuy' | 'errors.allDigitalNotOffered' | null {
  if (code === 'NOTHING_TO_BUY') return 'errors.nothingToBuy';
  if (code === 'ALL_DIGITAL_NOT_OFFERED') return 'errors.allDigitalNotOffered';
  return null;
}
