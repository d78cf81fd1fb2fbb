import { yupResolver } from '@hookform/resolvers/yup';
import { useId } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Mode, type Path, type Resolver } from 'react-hook-form';
import type { ObjectSchema } from 'yup';
import { useTranslate } from '../../shared/page-stores.ts';
import { checkoutMessageKey } from '../../../lib/checkout-forms.ts';

/**
 * A checkout form: react-hook-form with the step's yup schema, checked on submit (or as `mode`
 * says) and again on every change after that; `field(name)` gives an input's id and the
 * translated message.
 */
export function useCheckoutForm<T extends FieldValues>(schema: ObjectSchema<T>, defaultValues: DefaultValues<T>, mode: Mode = 'onSubmit') {
  const t = useTranslate();
  const baseId = useId();
  const form = useForm<T>({
    // The schemas declare every field (no optional keys), so their output is the form's values.
    resolver: yupResolver(schema) as unknown as Resolver<T>,
    mode,
    reValidateMode: 'onChange',
    defaultValues,
  });
  const field = (name: Path<T>) => {
    const key = checkoutMessageKey(form.formState.errors[name]?.message as string | undefined);
    return { id: `${baseId}-${name}`, message: key ? t(key) : null };
  };
  return { ...form, field };
}
