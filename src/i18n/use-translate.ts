import { useStore } from '@nanostores/react';
import { $locale } from '../stores/locale.ts';
import { translate, type MessageKey } from './index.ts';

/** The translate function for the visitor's current language. */
export function useTranslate(): (key: MessageKey, params?: Record<string, string | number>) => string {
  const locale = useStore($locale);
  return (key, params) => translate(locale, key, params);
}
