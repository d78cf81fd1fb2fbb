import { useStore } from '@nanostores/react';
import { useTranslate } from '../../../i18n/I18nProvider.tsx';
import type { MessageKey } from '../../../i18n/index.ts';
import { $checkoutStep, closeCheckout, type CheckoutStep } from '../../../stores/checkout.ts';
import Modal from '../../shared/Modal.tsx';
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
const NUMBERED: readonly CheckoutStep[] = ['customer', 'address', 'payment'];

interface Props {
  organizationId: number;
  ownedIds: string[];
  /** The gallery's access code, under two-factor (for the ZIP). */
  secret: string | undefined;
  /** After the purchase: the gallery shows the bought photos and a new cart starts. */
  onPurchased: () => void;
}

/** The finish-order modal: summary, customer, address, payment, success (section 2). */
export default function CheckoutModal({ organizationId, ownedIds, secret, onPurchased }: Props) {
  const t = useTranslate();
  const step = useStore($checkoutStep);
  const position = step ? NUMBERED.indexOf(step) : -1;
  const close = () => {
    if (step === 'success') onPurchased();
    closeCheckout();
  };
  return (
    <Modal open={step !== null} title={step ? t(TITLES[step]) : ''} onClose={close} className="modal-wide checkout">
      {position >= 0 && (
        <p className="hint checkout-progress">{t('checkout.step', { n: position + 1, total: NUMBERED.length })}</p>
      )}
      {step === 'summary' && <CheckoutSummary />}
      {step === 'customer' && <CustomerStep />}
      {step === 'address' && <AddressStep />}
      {step === 'payment' && <PaymentStep />}
      {step === 'success' && <CheckoutSuccess organizationId={organizationId} ownedIds={ownedIds} secret={secret} onViewPhotos={close} />}
    </Modal>
  );
}
