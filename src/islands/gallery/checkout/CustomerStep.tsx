import { formatCpf } from '@brazilian-utils/brazilian-utils';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { useStore, useTranslate } from '../../shared/page-stores.ts';
import type { WireCustomer } from '../../../lib/api/wire.ts';
import { customerFormSchema, customerInput, type CustomerFormValues } from '../../../lib/checkout-forms.ts';
import { goToStep } from '../../../stores/checkout.ts';
import { $order, saveCustomer } from '../../../stores/order.ts';
import CountryField from './CountryField.tsx';
import Field, { inputState } from './Field.tsx';
import OrderError from './OrderError.tsx';
import { useCheckoutForm } from './use-checkout-form.ts';

/** The form starts from what the order already knows (coming back with 'change my info'). */
function startingValues(customer: WireCustomer | null): CustomerFormValues {
  return {
    name: customer?.name ?? '',
    email: customer?.email ?? '',
    document_type: customer?.document_type ?? 'cpf',
    document: customer?.document_type === 'cpf' ? formatCpf(customer.document) : (customer?.document ?? ''),
    country: customer?.country ?? 'br',
    phone: customer?.phone ?? '',
    accepted_terms: customer?.accepted_terms ?? false,
  };
}

/** Checkout step 1: who buys (section 2). Everything is digital: nothing is shipped. */
export default function CustomerStep() {
  const t = useTranslate();
  const order = useStore($order);
  const { register, control, handleSubmit, watch, trigger, field, formState } = useCheckoutForm(
    customerFormSchema,
    startingValues(order.data?.customer ?? null),
  );
  const documentType = watch('document_type');
  // An invalid CPF disables 'Next', as on the home's customer search (section 5).
  const invalidCpf = documentType === 'cpf' && formState.errors.document?.message === 'customer.invalidCpf';
  // Another document type asks another question of the same number.
  useEffect(() => {
    if (formState.isSubmitted) void trigger('document');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a change of type alone asks again
  }, [documentType]);
  const onValid = async (values: CustomerFormValues) => {
    if (await saveCustomer(customerInput(values))) goToStep('address');
  };

  const name = field('name');
  const email = field('email');
  const documentField = field('document');
  const country = field('country');
  const phone = field('phone');
  const terms = field('accepted_terms');
  return (
    <form className="checkout-form" noValidate onSubmit={(event) => void handleSubmit(onValid)(event)} aria-busy={formState.isSubmitting}>
      <p className="hint">{t('checkout.digitalOnly')}</p>
      <Field id={name.id} label={t('checkout.name')} message={name.message}>
        <input {...inputState(name.id, name.message)} {...register('name')} autoComplete="name" />
      </Field>
      <Field id={email.id} label={t('checkout.email')} message={email.message}>
        <input {...inputState(email.id, email.message)} {...register('email')} type="email" autoComplete="email" aria-required />
      </Field>
      <fieldset className="checkout-choice">
        <legend>{t('checkout.documentType')}</legend>
        {(['cpf', 'passport', 'other'] as const).map((type) => (
          <label key={type}>
            <input type="radio" value={type} {...register('document_type')} /> {t(`checkout.document.${type}`)}
          </label>
        ))}
      </fieldset>
      <Field id={documentField.id} label={t(`checkout.documentNumber.${documentType}`)} message={documentField.message}>
        {documentType === 'cpf' ? (
          <Controller
            control={control}
            name="document"
            render={({ field: { onChange, onBlur, value, name: fieldName, ref } }) => (
              <input
                {...inputState(documentField.id, documentField.message)}
                name={fieldName}
                ref={ref}
                value={value}
                inputMode="numeric"
                aria-required
                onChange={(event) => {
                  onChange(formatCpf(event.currentTarget.value));
                  // Once marked invalid, every change re-checks it (and re-enables 'Next').
                  if (invalidCpf) void trigger('document');
                }}
                onBlur={() => {
                  onBlur();
                  // The CPF is checked on blur (section 5).
                  if (value) void trigger('document');
                }}
              />
            )}
          />
        ) : (
          <input {...inputState(documentField.id, documentField.message)} {...register('document')} aria-required />
        )}
      </Field>
      <CountryField id={country.id} message={country.message} registration={register('country')} />
      <Field id={phone.id} label={t('checkout.phone')} message={phone.message}>
        <input {...inputState(phone.id, phone.message)} {...register('phone')} type="tel" autoComplete="tel" aria-required />
      </Field>
      <div className="field">
        <label className="checkbox">
          <input type="checkbox" {...inputState(terms.id, terms.message)} {...register('accepted_terms')} /> {t('checkout.acceptTermsLabel')}{' '}
          <a href="/terms" target="_blank" rel="noopener">
            {t('checkout.termsLink')}
          </a>
        </label>
        {terms.message && (
          <p id={`${terms.id}-error`} className="form-error" role="alert">
            {terms.message}
          </p>
        )}
      </div>
      <OrderError />
      <div className="modal-actions">
        <button type="submit" disabled={formState.isSubmitting || order.loading || invalidCpf}>
          {t('checkout.next')}
        </button>
      </div>
    </form>
  );
}
