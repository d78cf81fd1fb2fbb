import { lazy, Suspense, useEffect, useRef } from 'react';
import { $chosenForm, openQrScanner, shownForm } from '../../stores/home.ts';
import { useOrganization, useOrganizationFailed, useShownIsland, useStore, useTranslate } from '../shared/page-stores.ts';
import CardForm from './CardForm.tsx';
import CredentialPanel from './CredentialPanel.tsx';
import './home.css';

// The customer form brings react-hook-form, yup and input masks: fetched only when it shows, so
// visitors with a card code download none of it. The build renders it at once where it is the
// first form: a lazy one would stream in behind React's inline swap script, which the page's
// Content-Security-Policy refuses. The browser keeps that HTML until its code arrives.
const CustomerForm = import.meta.env.SSR ? (await import('./CustomerForm.tsx')).default : lazy(() => import('./CustomerForm.tsx'));

/** How long a switched form may take to load before its first field gets focus. */
const FOCUS_WAIT_MS = 5000;

/** The form the home offers first (the organization's), or the one the visitor switched to. */
export default function HomeForms() {
  useShownIsland();
  return useOrganizationFailed() ? null : <Forms />;
}

function Forms() {
  const t = useTranslate();
  const organization = useOrganization();
  const chosen = useStore($chosenForm);
  const form = shownForm(chosen, organization);
  const forms = useRef<HTMLDivElement>(null);

  // A visitor who switches forms lands in the new form's first field. The new form may still be
  // loading (the customer form is lazy) and enables its fields once hydrated, so focus is
  // retried each frame until it lands, for up to FOCUS_WAIT_MS (a slow phone, a slow network).
  useEffect(() => {
    if (!chosen) return;
    let frame = 0;
    const until = performance.now() + FOCUS_WAIT_MS;
    const tick = () => {
      const field = forms.current?.querySelector<HTMLElement>('input, button') ?? null;
      field?.focus();
      if ((!field || document.activeElement !== field) && performance.now() < until) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [chosen]);

  return (
    <div ref={forms} className="home-forms">
      {form === 'card' && <CardForm organization={organization} />}
      {form === 'customer' && (
        <Suspense fallback={<p role="status">{t('home.loading')}</p>}>
          <CustomerForm organization={organization} />
        </Suspense>
      )}
      {form === 'credential' && <CredentialPanel organizationId={organization.id} onScan={openQrScanner} />}
    </div>
  );
}
