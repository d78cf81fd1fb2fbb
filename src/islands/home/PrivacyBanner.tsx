import { useEffect, useId, useState } from 'react';
import { $privacyAccepted, acceptPrivacy } from '../../stores/privacy.ts';
import { useTranslate } from '../shared/page-stores.ts';

/** The privacy notice, shown until the visitor accepts it (kept in local storage). */
export default function PrivacyBanner() {
  const t = useTranslate();
  const labelId = useId();
  // Rendered only after hydration: the static page cannot know what this browser accepted.
  const [show, setShow] = useState(false);
  useEffect(() => setShow(!$privacyAccepted.get()), []);
  if (!show) return null;
  return (
    <section className="privacy-banner" aria-labelledby={labelId}>
      <h2 id={labelId} className="visually-hidden">
        {t('privacy.label')}
      </h2>
      <p>
        {t('privacy.text')}{' '}
        <a href="/privacy-policy" target="_blank" rel="noopener">
          {t('privacy.policy')} <span className="visually-hidden">{t('footer.newTab')}</span>
        </a>
        .
      </p>
      <button
        type="button"
        onClick={() => {
          acceptPrivacy();
          setShow(false);
        }}
      >
        {t('privacy.accept')}
      </button>
    </section>
  );
}
