import { useStore, useTranslate } from '../shared/page-stores.ts';
import type { Media } from '../../lib/api/types.ts';
import { productFor } from '@gallery/contract/cart';
import { isInOrder } from '../../lib/cart.ts';
import { $cartPending, $order, toggleInCart } from '../../stores/order.ts';
import { $products } from '../../stores/products.ts';
import Icon from './icons.tsx';

interface Props {
  media: Media;
  /** The media's accessible name, for the grid's icon-only toggle. */
  name: string;
  /** The grid's round toggle on a thumbnail (its cell shows the pick: see gallery.css); otherwise the viewer's worded button. */
  compact?: boolean;
}

/** Puts an unsold media in the cart or takes it out; nothing when the media cannot be bought. */
export default function CartToggle({ media, name, compact = false }: Props) {
  const t = useTranslate();
  const order = useStore($order).data;
  const pending = useStore($cartPending);
  const products = useStore($products).data;
  if (!order || !productFor(products?.products ?? [], media)) return null;
  const inCart = isInOrder(order, media);
  const inPackage = order.allDigitalId !== null;
  const toggle = () => void toggleInCart(media);
  if (compact) {
    return (
      <button
        type="button"
        className={inCart ? 'cart-pick picked' : 'cart-pick'}
        aria-pressed={inCart}
        aria-busy={pending.has(media.id)}
        aria-label={t('cart.pick', { name })}
        disabled={inPackage}
        onClick={toggle}
      >
        <Icon name={inCart ? 'check' : 'plus'} size={18} />
      </button>
    );
  }
  return (
    <button
      type="button"
      className={inCart ? 'secondary cart-action in-cart' : 'cart-action'}
      aria-busy={pending.has(media.id)}
      disabled={inPackage}
      onClick={toggle}
    >
      <Icon name={inCart || inPackage ? 'check' : 'cart'} />
      {t(inPackage ? 'cart.inPackage' : inCart ? 'cart.remove' : 'cart.add')}
    </button>
  );
}
