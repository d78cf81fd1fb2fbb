import { useEffect, useId, useRef } from 'react';
import { useLocale, useStore, useTranslate } from '../../shared/page-stores.ts';
import type { MessageKey } from '../../../i18n/index.ts';
import { formatMoney } from '@gallery/contract/money';
import { $checkoutStep, closeCheckout, type CheckoutStep } from '../../../stores/checkout.ts';
import { $order } from '../../../stores/order.ts';
import Modal from '../../shared/Modal.tsx';
import Icon from '../icons.tsx';
import OrderTotals from '../OrderTotals.tsx';
import AddressStep from './AddressStep.tsx';
import CheckoutSuccess from './CheckoutSuccess.tsx';
import CheckoutSummary from './CheckoutSummary.tsx';
import CustomerStep from './CustomerStep.tsx';
import PaymentStep from './PaymentStep.tsx';

const TITLES: Record<CheckoutStep, MessageKey> = {
  summary: 'checkout.summaryTitle',
  customer: 'checkout.customerTitle',
  address: 'checkout.addressTitle',
  payment: 'checkout.paymentTitle',
  success: 'checkout.successTitle',
};
/** The steps in order, as the indicator shows them. */
const STEPS: readonly CheckoutStep[] = ['summary', 'customer', 'address', 'payment', 'success'];
/** Steps with a form beside which the order's summary stays in view. */
const WITH_SUMMARY: readonly CheckoutStep[] = ['customer', 'address', 'payment'];

interface Props {
  /** Whether the visitor owns media (the success step's ZIP). */
  owns: boolean;
  /** After the purchase: the gallery shows the bought photos and a new cart starts. */
  onPurchased: () => void;
}

/** Where the visitor is among the steps; the current one carries aria-current="step". */
function StepIndicator({ step }: { step: CheckoutStep }) {
  const t = useTranslate();
  const current = STEPS.indexOf(step);
  return (
    <ol className="checkout-steps" aria-label={t('checkout.stepsLabel')}>
      {STEPS.map((name, index) => (
        <li key={name} aria-current={index === current ? 'step' : undefined} className={index < current ? 'done' : undefined}>
          <span className="checkout-step-mark" aria-hidden="true">
            {index < current ? '✓' : index + 1}
          </span>
          <span className="checkout-step-name">{t(`checkout.stepName.${name}`)}</span>
        </li>
      ))}
    </ol>
  );
}

/** The order's totals beside the form (two columns from 900 px; one line above it on phones). */
function OrderAside() {
  const t = useTranslate();
  const locale = useLocale();
  const order = useStore($order).data;
  const headingId = useId();
  if (!order) return null;
  return (
    <section className="checkout-aside" aria-labelledby={headingId}>
      <h3 id={headingId} className="checkout-aside-title">
        {t('checkout.summaryTitle')}
      </h3>
      <p className="checkout-aside-line">{t('cart.summary', { count: order.photos + order.videos, total: formatMoney(order.total, locale) })}</p>
      <OrderTotals order={order} />
    </section>
  );
}

/**
 * The finish-order modal: summary, customer, address, payment, success (section 2). Every step
 * can be closed (the cart stays as it is), and each new step's title takes the focus, so a
 * screen reader says where the visitor is and the page scrolls back up to it.
 */
export default function CheckoutModal({ owns, onPurchased }: Props) {
  const t = useTranslate();
  const step = useStore($checkoutStep);
  const title = useRef<HTMLHeadingElement>(null);
  // After the modal's own effect has opened the dialog (a child's effects run first).
  useEffect(() => {
    if (step) title.current?.focus();
  }, [step]);
  const close = () => {
    if (step === 'success') onPurchased();
    closeCheckout();
  };
  const aside = step !== null && WITH_SUMMARY.includes(step);
  return (
    <Modal
      open={step !== null}
      title={step ? t(TITLES[step]) : ''}
      titleRef={title}
      onClose={close}
      className={aside ? 'modal-wide checkout checkout-two' : 'modal-wide checkout'}
    >
      <button type="button" className="secondary icon-button checkout-close" onClick={close} aria-label={t('checkout.close')}>
        <Icon name="close" />
      </button>
      {step && <StepIndicator step={step} />}
      <div className="checkout-layout">
        <div className="checkout-main">
          {step === 'summary' && <CheckoutSummary />}
          {step === 'customer' && <CustomerStep />}
          {step === 'address' && <AddressStep />}
          {step === 'payment' && <PaymentStep />}
          {step === 'success' && <CheckoutSuccess owns={owns} onViewPhotos={close} />}
        </div>
        {aside && <OrderAside />}
      </div>
    </Modal>
  );
}
