import { useEffect, useId, useState, type SubmitEvent } from 'react';
import type { ArrivalTarget } from '../../lib/api/types.ts';
import { $arrivalNotice, requestArrivalNotice, resetArrivalNotice } from '../../stores/notify.ts';
import { useLocale, useOrganization, useStore, useTranslate } from '../shared/page-stores.ts';

/**
 * An e-mail field and the consent line (LGPD), then one notice when the photos land: in the
 * empty-card modal for that card, in the facial search's results for the days still being processed.
 */
export default function ArrivalNoticeForm({ target }: { target: ArrivalTarget }) {
  const t = useTranslate();
  const locale = useLocale();
  const organization = useOrganization();
  const notice = useStore($arrivalNotice);
  const emailId = useId();
  const consentId = useId();
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  // Each card or period's notice starts afresh.
  const key = 'card' in target ? target.card : `${target.period.start}/${target.period.end}`;
  useEffect(resetArrivalNotice, [key]);

  if (notice.data) return <p role="status">{t('notify.done', { email: notice.data })}</p>;

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void requestArrivalNotice(organization.id, target, email, consent, locale);
  }

  return (
    <form className="arrival-notice" onSubmit={submit} noValidate aria-busy={notice.loading}>
      <p>{t('notify.offer')}</p>
      <label htmlFor={emailId}>{t('notify.email')}</label>
      <input id={emailId} name="email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.currentTarget.value)} />
      <label htmlFor={consentId} className="arrival-notice-consent">
        <input id={consentId} name="consent" type="checkbox" checked={consent} onChange={(event) => setConsent(event.currentTarget.checked)} />{' '}
        {t('notify.consent')}
      </label>
      {notice.error && <p role="alert">{t(notice.error === 'VALIDATION_ERROR' ? 'notify.invalid' : 'notify.failed')}</p>}
      <button type="submit" aria-disabled={notice.loading || undefined}>
        {t('notify.submit')}
      </button>
    </form>
  );
}
