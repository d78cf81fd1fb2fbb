import { useEffect, useId, useState } from 'react';
import { $privacyAccepted, acceptPrivacy } from '../../stores/privacy.ts';
import { useTranslate } from '../shared/page-stores.ts';
import { useHydrated } from '../shared/use-hydrated.ts';

/** The privacy notice, shown until the visitor accepts it (kept in local storage). */
export default function PrivacyBanner() {
  const t = useTranslate();
  const labelId = useId();
  // In the static page from the first paint (a notice that appeared only after hydration was the
  // home's largest paint, seconds late on a phone network); the layout's inline script hides it
  // at once for a browser that accepted (data-privacy-accepted), and hydration then removes it.
  const [show, setShow] = useState(true);
  const hydrated = useHydrated();
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
          {t('privacy.policy')}
          <span className="visually-hidden"> {t('footer.newTab')}</span>
        </a>
        .
      </p>
      <button
        type="button"
        disabled={!hydrated}
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
