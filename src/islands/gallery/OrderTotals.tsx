import { useLocale, useTranslate } from '../shared/page-stores.ts';
import type { Order } from '../../lib/api/types.ts';
import { formatMoney } from '@gallery/contract/money';

/** Photos, videos, items and the total to pay of an order (the cart and the checkout's summary). */
export default function OrderTotals({ order }: { order: Order }) {
  const t = useTranslate();
  const locale = useLocale();
  return (
    <dl className="cart-totals">
      <dt>{t('cart.photos')}</dt>
      <dd>{order.photos}</dd>
      <dt>{t('cart.videos')}</dt>
      <dd>{order.videos}</dd>
      <dt>{t('cart.items')}</dt>
      <dd>{order.photos + order.videos}</dd>
      <dt>{t('cart.total')}</dt>
      <dd className="cart-total">{formatMoney(order.total, locale)}</dd>
    </dl>
  );
}
