import { useStore, useTranslate } from '../../shared/page-stores.ts';
import type { WireAddress } from '../../../lib/api/wire.ts';
import { addressFormSchema } from '../../../lib/checkout-forms.ts';
import { goToStep } from '../../../stores/checkout.ts';
import { $order, saveAddressAndFinish } from '../../../stores/order.ts';
import CountryField from './CountryField.tsx';
import Field, { inputState } from './Field.tsx';
import OrderError from './OrderError.tsx';
import { useCheckoutForm } from './use-checkout-form.ts';

const TEXT_FIELDS = [
  ['street', 'address-line1'],
  ['street_number', 'address-line2'],
  ['zipcode', 'postal-code'],
  ['city', 'address-level2'],
  ['state', 'address-level1'],
] as const;

/** Checkout step 2: the billing address; saving it closes the cart for payment (finish). */
export default function AddressStep() {
  const t = useTranslate();
  const order = useStore($order);
  const customer = order.data?.customer ?? null;
  const saved = customer?.addresses[0];
  const { register, handleSubmit, field, formState, watch } = useCheckoutForm(addressFormSchema, {
    street: saved?.street ?? '',
    street_number: saved?.street_number ?? '',
    zipcode: saved?.zipcode ?? '',
    city: saved?.city ?? '',
    state: saved?.state ?? '',
    country: saved?.country ?? customer?.country ?? 'br',
  });
  const onValid = async (address: WireAddress) => {
    if (await saveAddressAndFinish(address)) goToStep('payment');
  };
  const country = field('country');
  return (
    <form className="checkout-form" noValidate onSubmit={(event) => void handleSubmit(onValid)(event)} aria-busy={formState.isSubmitting}>
      {TEXT_FIELDS.map(([name, autoComplete]) => {
        const { id, message } = field(name);
        return (
          <Field key={name} id={id} label={t(`checkout.address.${name}`)} message={message}>
            <input {...inputState(id, message)} {...register(name)} autoComplete={autoComplete} aria-required />
          </Field>
        );
      })}
      <CountryField id={country.id} message={country.message} registration={register('country')} />
      <OrderError />
      <div className="modal-actions">
        <button type="submit" disabled={formState.isSubmitting || order.loading || !watch('country')}>
          {t('checkout.next')}
        </button>
        <button type="button" className="secondary" onClick={() => goToStep('customer')}>
          {t('checkout.changeInfo')}
        </button>
      </div>
    </form>
  );
}
