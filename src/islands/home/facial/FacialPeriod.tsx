import { DayPicker } from 'react-day-picker';
import { enUS, es, ptBR } from 'react-day-picker/locale';
import { useLocale, useStore, useTranslate } from '../../shared/page-stores.ts';
import { LOCALE_TAGS } from '../../../i18n/index.ts';
import { canSearchFaces, dateOfDay, formatDay, fullDayName, periodOfRange, searchPeriod } from '../../../lib/facial.ts';
import { $facialPeriod, acceptFacialTerms, confirmFacialPeriod, pickFacialPeriod } from '../../../stores/facial.ts';

/** The calendar's language: month and weekday names, the first day of the week, its labels. */
const CALENDAR_LOCALES = { pt: ptBR, en: enUS, es };

interface Props {
  /** In credential mode, a way back to the QR step. */
  onScanCredential?: (() => void) | undefined;
}

/** The calendar step: the days of the event (one day picked is that day and the next) and the terms, before the camera. */
export default function FacialPeriod({ onScanCredential }: Props) {
  const t = useTranslate();
  const locale = useLocale();
  const { start, end, terms, refused } = useStore($facialPeriod);
  const from = dateOfDay(start);
  const tag = LOCALE_TAGS[locale];
  // The event is behind the visitor: no day or month after today.
  const today = new Date();
  return (
    <form
      className="facial-period"
      noValidate
      lang={tag}
      onSubmit={(event) => {
        event.preventDefault();
        confirmFacialPeriod();
      }}
    >
      <p className="hint">{t('facial.periodHint')}</p>
      <DayPicker
        mode="range"
        locale={CALENDAR_LOCALES[locale]}
        selected={from && { from, to: dateOfDay(end) }}
        onSelect={(range) => pickFacialPeriod(periodOfRange(range))}
        {...(from && { defaultMonth: from })}
        disabled={{ after: today }}
        endMonth={today}
        labels={{
          labelDayButton: (date, { today: isToday, selected }) => {
            const day = fullDayName(date, tag);
            const named = isToday ? t('facial.dayToday', { day }) : day;
            return selected ? t('facial.daySelected', { day: named }) : named;
          },
        }}
        showOutsideDays
        fixedWeeks
      />
      <dl className="facial-days" aria-live="polite">
        <dt>{t('facial.start')}</dt>
        <dd>{formatDay(start, tag) || t('facial.pickDay')}</dd>
        <dt>{t('facial.end')}</dt>
        {/* One day picked: the next one ends the period, until the visitor picks another. */}
        <dd>{formatDay(searchPeriod({ start, end }).end, tag) || t('facial.pickDay')}</dd>
      </dl>
      <label className="checkbox">
        <input type="checkbox" checked={terms} onChange={(event) => acceptFacialTerms(event.currentTarget.checked)} /> {t('facial.terms')}{' '}
        <a href="/privacy-policy" target="_blank" rel="noopener">
          {t('facial.privacyLink')}
        </a>
      </label>
      {refused && !canSearchFaces(terms, { start, end }) && (
        <p role="alert" className="form-error">
          {t('facial.prerequisites')}
        </p>
      )}
      <div className="modal-actions">
        {onScanCredential && (
          <button type="button" className="secondary" onClick={onScanCredential}>
            {t('facial.useCredential')}
          </button>
        )}
        <button type="submit">{t('facial.next')}</button>
      </div>
    </form>
  );
}
