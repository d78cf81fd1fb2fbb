// What an organization sells online, as the gallery and the cart rules (cart.ts) read it.
// Apart from cart.ts so the API client carries no price rule into pages that sell nothing.
import type { AllDigitalPrice, PriceRange } from './price-table.ts';
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

/** The products answer (GET /api/v1/products/{orgId}/online) in this shape. */
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
