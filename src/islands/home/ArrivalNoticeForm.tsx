import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { $emptyCard } from '../../stores/home.ts';
import { $arrivalNotice, requestArrivalNotice, resetArrivalNotice } from '../../stores/notify.ts';
import { useLocale, useOrganization, useStore, useTranslate } from '../shared/page-stores.ts';

/** Inside the empty-card modal: an e-mail field and the consent line (LGPD), then one notice when the photos land. */
export default function ArrivalNoticeForm() {
  const t = useTranslate();
  const locale = useLocale();
  const organization = useOrganization();
  const card = useStore($emptyCard);
  const notice = useStore($arrivalNotice);
  const emailId = useId();
  const consentId = useId();
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  // Mounted each time an empty card's modal opens: a new card's notice starts afresh.
  useEffect(resetArrivalNotice, [card]);

  if (!card) return null;
  if (notice.data) return <p role="status">{t('notify.done', { email: notice.data })}</p>;

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void requestArrivalNotice(organization.id, email, consent, locale);
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
