import { useId, useState } from 'react';
import { useTranslate } from '../../../i18n/I18nProvider.tsx';
import { LOCALE_TAGS } from '../../../i18n/index.ts';
import { isValidPeriod, nextDay } from '../../../lib/facial.ts';
import { useStore } from '@nanostores/react';
import { $locale } from '../../../stores/locale.ts';

export interface Period {
  start: string;
  end: string;
}

interface Props {
  period: Period;
  onNext: (period: Period) => void;
}

/** The calendar step: the days of the event (at least 2) and the terms, before the camera. */
export default function FacialPeriod({ period, onNext }: Props) {
  const t = useTranslate();
  const locale = useStore($locale);
  const id = useId();
  const [start, setStart] = useState(period.start);
  const [end, setEnd] = useState(period.end);
  const [terms, setTerms] = useState(false);
  const [refused, setRefused] = useState(false);
  const next = () => {
    if (!terms || !isValidPeriod(start, end)) {
      setRefused(true);
      return;
    }
    onNext({ start, end });
  };
  return (
    <form
      className="facial-period"
      noValidate
      lang={LOCALE_TAGS[locale]}
      onSubmit={(event) => {
        event.preventDefault();
        next();
      }}
    >
      <p className="hint">{t('facial.periodHint')}</p>
      <div className="facial-dates">
        <label htmlFor={`${id}-start`}>{t('facial.start')}</label>
        <input
          id={`${id}-start`}
          type="date"
          value={start}
          onChange={(event) => {
            const day = event.currentTarget.value;
            setStart(day);
            // The end defaults to the day after the start (section 9).
            if (!isValidPeriod(day, end)) setEnd(nextDay(day));
          }}
        />
        <label htmlFor={`${id}-end`}>{t('facial.end')}</label>
        <input id={`${id}-end`} type="date" value={end} min={nextDay(start) || undefined} onChange={(event) => setEnd(event.currentTarget.value)} />
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={terms} onChange={(event) => setTerms(event.currentTarget.checked)} /> {t('facial.terms')}{' '}
        <a href="/privacy-policy" target="_blank" rel="noopener">
          {t('facial.privacyLink')}
        </a>
      </label>
      {refused && (!terms || !isValidPeriod(start, end)) && (
        <p role="alert" className="form-error">
          {t('facial.prerequisites')}
        </p>
      )}
      <div className="modal-actions">
        <button type="submit">{t('facial.next')}</button>
      </div>
    </form>
  );
}
