import { useMemo } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useLocale, useTranslate } from '../../shared/page-stores.ts';
import { countryOptions } from '../../../lib/countries.ts';
import Field, { inputState } from './Field.tsx';

interface Props {
  id: string;
  message: string | null;
  registration: UseFormRegisterReturn;
}

/** The country list of section 9, named in the visitor's language. */
export default function CountryField({ id, message, registration }: Props) {
  const t = useTranslate();
  const locale = useLocale();
  const countries = useMemo(() => countryOptions(locale), [locale]);
  return (
    <Field id={id} label={t('checkout.country')} message={message}>
      <select {...inputState(id, message)} {...registration} autoComplete="country" aria-required>
        {countries.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
