import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { useTranslate } from '../../i18n/I18nProvider.tsx';
import { isLocale, LOCALES } from '../../i18n/index.ts';
import { $locale, chooseLocale } from '../../stores/locale.ts';

/** The gallery's language dropdown: pt, en and es. */
export default function LanguageSelect() {
  const t = useTranslate();
  const id = useId();
  const current = useStore($locale);
  return (
    <div className="language-select">
      <label htmlFor={id}>{t('language.label')}</label>
      <select
        id={id}
        value={current}
        onChange={(event) => {
          const locale = event.target.value;
          if (isLocale(locale) && locale !== current) chooseLocale(locale);
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {t(`language.${locale}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
