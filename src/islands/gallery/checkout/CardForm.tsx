import { Controller } from 'react-hook-form';
import { useLocale, useStore, useTranslate } from '../../shared/page-stores.ts';
import { ACCEPTED_CARDS, cardFormSchema, type CardFormValues } from '../../../lib/checkout-forms.ts';
import { formatMoney } from '@gallery/contract/money';
import { $payment, payByCard } from '../../../stores/checkout.ts';
import Field, { inputState } from './Field.tsx';
import { useCheckoutForm } from './use-checkout-form.ts';

/** Digits in groups of four, at most nineteen. */
const cardNumberMask = (raw: string) =>
  raw
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

const digitsMask = (max: number) => (raw: string) => raw.replace(/\D/g, '').slice(0, max);

const FIELDS = [
  { name: 'card_number', mask: cardNumberMask, autoComplete: 'cc-number' },
  { name: 'card_holder_name', mask: null, autoComplete: 'cc-name' },
  { name: 'card_expiration_month', mask: digitsMask(2), autoComplete: 'cc-exp-month' },
  { name: 'card_expiration_year', mask: digitsMask(4), autoComplete: 'cc-exp-year' },
  { name: 'card_cvv', mask: digitsMask(4), autoComplete: 'cc-csc' },
] as const;

/** The card form (section 2): checked field by field, then encrypted in the browser and paid. */
export default function CardForm({ total }: { total: number }) {
  const t = useTranslate();
  const locale = useLocale();
  const payment = useStore($payment);
  // A field says what is wrong once left (then on every change); 'Pay' waits for all five.
  const { control, handleSubmit, field, formState } = useCheckoutForm(
    cardFormSchema,
    { card_number: '', card_holder_name: '', card_expiration_month: '', card_expiration_year: '', card_cvv: '' },
    'onTouched',
  );
  const busy = formState.isSubmitting || payment.loading;
  return (
    <form className="checkout-form card-form-pay" noValidate onSubmit={(event) => void handleSubmit((card: CardFormValues) => payByCard(card))(event)}>
      <p className="hint">
        {t('card.accepted')} {ACCEPTED_CARDS.join(', ')}
      </p>
      {FIELDS.map(({ name, mask, autoComplete }) => {
        const { id, message } = field(name);
        return (
          <Field key={name} id={id} label={t(`card.${name}`)} message={message}>
            <Controller
              control={control}
              name={name}
              render={({ field: input }) => (
                <input
                  {...inputState(id, message)}
                  name={input.name}
                  ref={input.ref}
                  value={input.value}
                  onBlur={input.onBlur}
                  onChange={(event) => input.onChange(mask ? mask(event.currentTarget.value) : event.currentTarget.value)}
                  inputMode={mask ? 'numeric' : undefined}
                  autoComplete={autoComplete}
                  spellCheck={false}
                  aria-required
                />
              )}
            />
          </Field>
        );
      })}
      <div className="modal-actions">
        {/* Section 5: submit stays disabled while any field is invalid. */}
        <button type="submit" disabled={busy || !formState.isValid}>
          {busy ? t('card.paying') : t('card.pay', { total: formatMoney(total, locale) })}
        </button>
      </div>
    </form>
  );
}
