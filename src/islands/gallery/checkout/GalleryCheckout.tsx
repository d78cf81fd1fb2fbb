import { lazy, Suspense, useState } from 'react';
import { canBuy, ownedMedia } from '../../../lib/gallery.ts';
import { $checkoutStep } from '../../../stores/checkout.ts';
import { closePurchase } from '../../../stores/gallery.ts';
import { $media } from '../../../stores/media.ts';
import { useOrganization, useStore } from '../../shared/page-stores.ts';

// The checkout (forms, card library) loads the first time a visitor finishes an order.
const CheckoutModal = lazy(() => import('./CheckoutModal.tsx'));

/** The checkout island: opened by the cart's "finish order" (the checkout store's step). */
export default function GalleryCheckout() {
  const organization = useOrganization();
  const step = useStore($checkoutStep);
  const media = useStore($media).data;
  // Loaded on first use, then kept: its success step outlives the order.
  const [used, setUsed] = useState(false);
  if (step !== null && !used) setUsed(true);
  if (!used || !canBuy(organization)) return null;
  return (
    <Suspense fallback={null}>
      <CheckoutModal owns={media !== null && ownedMedia(media, organization).length > 0} onPurchased={closePurchase} />
    </Suspense>
  );
}
