import { useStore, useTranslate } from '../../shared/page-stores.ts';
import { purchaseErrorKey } from '../../../lib/cart.ts';
import { $order } from '../../../stores/order.ts';

/** Why the order could not take the last step's data (the API refused it or could not be reached). */
export default function OrderError() {
  const t = useTranslate();
  const { error } = useStore($order);
  if (!error) return null;
  return (
    <p role="alert" className="form-error">
      {t(purchaseErrorKey(error) ?? (error === 'NETWORK_ERROR' ? 'errors.network' : 'checkout.saveError'))}
    </p>
  );
}
