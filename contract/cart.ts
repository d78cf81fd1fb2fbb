// The cart's rules both sides apply: which product sells a media and what the all-digital
// package saves. The gallery offers the package by them; the API accepts it only by them.
import type { MediaType } from './media.ts';
import { priceForCount, type AllDigitalPrice, type PriceRange } from './price-table.ts';
import type { WireProductsAnswer } from './shop.ts';

/** A product sold by item count: photos or videos, priced by the ranges of section 9. */
export interface Product {
  id: number;
  kind: 'photo' | 'video';
  ranges: PriceRange[];
}

/** What the organization sells online (GET /api/v1/products/{orgId}/online). */
export interface Products {
  products: Product[];
  /** Every media of the order's cards for one price; null when not sold. */
  allDigital: (AllDigitalPrice & { id: number; description: string }) | null;
}

/** What the rules read of a media: its kind (extras are never sold) and whether it is sold. */
export interface Sellable {
  type: MediaType | 'extra';
  sold: boolean;
}

/** The products answer as the rules read it. */
export function toProducts(answer: WireProductsAnswer): Products {
  return {
    products: answer.products.map((product) => ({
      id: product.id,
      kind: product.is_video ? 'video' : 'photo',
      ranges: product.ranges_price.map(({ min_photos, max_photos, price }) => ({ min_photos, max_photos, price })),
    })),
    allDigital: answer.all_digital && {
      id: answer.all_digital.id,
      price: answer.all_digital.price,
      description: answer.all_digital.description,
    },
  };
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
