import { useStore, useTranslate } from '../../shared/page-stores.ts';
import { closeCheckout, goToStep } from '../../../stores/checkout.ts';
import { $order } from '../../../stores/order.ts';
import OrderTotals from '../OrderTotals.tsx';

/** What the order holds and costs, before the visitor commits to the checkout (section 2). */
export default function CheckoutSummary() {
  const t = useTranslate();
  const order = useStore($order).data;
  if (!order) return null;
  return (
    <>
      <OrderTotals order={order} />
      <div className="modal-actions">
        <button type="button" onClick={() => goToStep('customer')}>
          {t('checkout.sendRequest')}
        </button>
        <button type="button" className="secondary" onClick={closeCheckout}>
          {t('checkout.notSure')}
        </button>
      </div>
    </>
  );
}
