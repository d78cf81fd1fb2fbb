import { useLocale, useStore, useTranslate } from '../../shared/page-stores.ts';
import { paymentErrorMessage } from '../../../lib/cart.ts';
import { $checkCountdown, $payment, $paymentMethod, choosePaymentMethod, confirmPaidOrder, goToStep, isPaidUnconfirmed } from '../../../stores/checkout.ts';
import { $order } from '../../../stores/order.ts';
import CardForm from './CardForm.tsx';
import PixPayment from './PixPayment.tsx';

/**
 * Checkout step 3: pay by PIX or card; the choice is offered in Portuguese only (section 2). The
 * order's totals stay beside the step (CheckoutModal).
 */
export default function PaymentStep() {
  const t = useTranslate();
  const locale = useLocale();
  const method = useStore($paymentMethod);
  const payment = useStore($payment);
  const order = useStore($order).data;
  if (!order) return null;
  if (isPaidUnconfirmed(payment.data, 'payment')) return <PaymentReceived />;
  return (
    <div className="checkout-payment">
      {locale === 'pt' && (
        <fieldset className="checkout-choice">
          <legend>{t('payment.method')}</legend>
          {(['pix', 'creditCard'] as const).map((option) => (
            <label key={option} className="checkout-choice-option">
              <input type="radio" name="payment-method" checked={method === option} onChange={() => choosePaymentMethod(option)} /> {t(`payment.${option}`)}
            </label>
          ))}
        </fieldset>
      )}
      {method === 'pix' ? <PixPayment /> : <CardForm total={order.total} />}
      {payment.error && (
        <p role="alert" className="form-error">
          {t(paymentErrorMessage(payment.error))}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="secondary" onClick={() => goToStep('address')}>
          {t('checkout.changeAddress')}
        </button>
      </div>
    </div>
  );
}

/** Paid, but the order could not be read again (the network): nothing more to pay; it is read again at each check, or at once. */
function PaymentReceived() {
  const t = useTranslate();
  const left = useStore($checkCountdown);
  const { loading } = useStore($order);
  return (
    <div className="checkout-payment">
      <p role="status">{loading ? t('payment.confirming') : t('payment.received', { seconds: left })}</p>
      <div className="modal-actions">
        <button type="button" disabled={loading} onClick={() => void confirmPaidOrder()}>
          {t('cart.retry')}
        </button>
      </div>
    </div>
  );
}
