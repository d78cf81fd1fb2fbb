import { formatCpf } from '@brazilian-utils/brazilian-utils';
import { yupResolver } from '@hookform/resolvers/yup';
import { useEffect, useId, useMemo, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useStore, useTranslate } from '../shared/page-stores.ts';
import { customerErrorMessage } from '../../lib/error-messages.ts';
import { customerFields, customerMessageKey, customerSchema, type CustomerValues } from '../../lib/customer-form.ts';
import { $customerCard, clearCustomerSearch, editCustomerSearch, searchCustomer } from '../../stores/customer.ts';
import type { CustomerField, Organization } from '../../tenant/organization.ts';
import { useHydrated } from '../shared/use-hydrated.ts';

interface Props {
  organization: Pick<Organization, 'id' | 'customerFormFields' | 'cpfAsPassword'>;
}

const AUTOCOMPLETE: Record<CustomerField, string> = {
  name: 'given-name',
  lastname: 'family-name',
  external_id: 'off',
  cpf: 'off',
  password: 'off',
};

/**
 * The customer search (section 2): the organization's fields, all required; the cpf is checked on
 * blur ('Invalid CPF' disables the search) and shown like a password with cpf_as_password.
 */
export default function CustomerForm({ organization }: Props) {
  const t = useTranslate();
  const baseId = useId();
  const errorId = useId();
  const hydrated = useHydrated();
  const state = useStore($customerCard);
  const pending = useRef(false);
  const fields = useMemo(() => customerFields(organization.customerFormFields), [organization.customerFormFields]);
  const resolver = useMemo(() => yupResolver(customerSchema(fields)), [fields]);
  const {
    register,
    control,
    handleSubmit,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm<CustomerValues>({
    resolver,
    // Required fields are checked on submit (a message appearing on blur would move the button
    // under the visitor's click); the cpf is checked on blur too, below.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: Object.fromEntries(fields.map((field) => [field, ''])),
  });
  // An answer from an earlier visit to this form is not this one's.
  useEffect(() => clearCustomerSearch(), []);
  const busy = isSubmitting || state.loading || pending.current;
  const apiError = state.error ? customerErrorMessage(state.error) : null;

  const onValid = async (values: CustomerValues) => {
    if (pending.current) return;
    pending.current = true;
    const outcome = await searchCustomer(organization.id, fields, values);
    if (outcome.kind === 'gallery') {
      window.location.assign(outcome.path);
      return;
    }
    pending.current = false;
  };

  const fieldError = (field: CustomerField) => {
    const key = customerMessageKey(errors[field]?.message);
    return key ? t(key) : null;
  };

  return (
    <form
      className="card-form customer-form"
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      onChange={editCustomerSearch}
      noValidate
      aria-busy={busy}
      data-hydrated={hydrated || undefined}
    >
      <fieldset disabled={!hydrated}>
        <legend className="form-legend">{t('customer.title')}</legend>
        {fields.map((field) => {
          const id = `${baseId}-${field}`;
          const message = fieldError(field);
          const described = message ? `${id}-error` : undefined;
          const common = {
            id,
            'aria-invalid': message !== null,
            'aria-describedby': described,
            'aria-required': true,
            autoComplete: AUTOCOMPLETE[field],
          } as const;
          return (
            <div className="field" key={field}>
              <label htmlFor={id}>{t(`customer.${field}`)}</label>
              {field === 'cpf' ? (
                <Controller
                  control={control}
                  name="cpf"
                  render={({ field: { onChange, onBlur, value, name, ref } }) => (
                    <input
                      {...common}
                      name={name}
                      ref={ref}
                      type={organization.cpfAsPassword ? 'password' : 'text'}
                      inputMode="numeric"
                      value={value ?? ''}
                      onChange={(event) => {
                        // Digits only, at most eleven, shown as 000.000.000-00 while typed.
                        onChange(formatCpf(event.currentTarget.value));
                        // Once marked invalid, every change re-checks it (and re-enables the search).
                        if (errors.cpf) void trigger('cpf');
                      }}
                      onBlur={() => {
                        onBlur();
                        if (value) void trigger('cpf');
                      }}
                    />
                  )}
                />
              ) : (
                <input {...common} {...register(field)} type={field === 'password' ? 'password' : 'text'} spellCheck={false} />
              )}
              {message && (
                <p id={`${id}-error`} className="form-error" role="alert">
                  {message}
                </p>
              )}
            </div>
          );
        })}
        <button type="submit" disabled={Boolean(errors.cpf)} aria-disabled={busy || undefined}>
          {busy ? t('customer.searching') : t('customer.submit')}
        </button>
      </fieldset>
      {apiError && (
        <p id={errorId} className="form-error" role="alert">
          {t(apiError)}
        </p>
      )}
    </form>
  );
}
