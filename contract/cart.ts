// The cart's rules both sides apply: which product sells a media and what the all-digital
// package saves. The gallery offers the package by them; the API accepts it only by them.
import type { MediaType } from './media.ts';
import { priceForCount } from './price-table.ts';
import type { Product, Products } from './products.ts';

/** What the rules read of a media: its kind (extras are never sold) and whether it is sold. */
export interface Sellable {
  type: MediaType | 'extra';
  sold: boolean;
}

/** The product a media is bought under: the first one selling its kind (extras are never sold). */
export function productFor(products: readonly Product[], media: Sellable): Product | null {
  if (media.sold || media.type === 'extra') return null;
  return products.find((product) => product.kind === media.type) ?? null;
}

/**
 * What the all-digital package saves against buying every unsold media one by one (0 when
 * nothing). The one rule of the package: it is offered, and accepted, only when this is above
 * 0, so only when something unsold is in reach and the package costs less (a free or absent
 * package saves nothing).
 */
export function allDigitalSaving(products: Products, notSold: readonly Sellable[]): number {
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
