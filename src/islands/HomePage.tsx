import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { I18nProvider, useTranslate } from '../i18n/I18nProvider.tsx';
import type { Branding } from '../tenant/branding.ts';
import type { Organization } from '../tenant/organization.ts';
import CardForm from './home/CardForm.tsx';
import CredentialPanel from './home/CredentialPanel.tsx';
import HomeActions, { type HomeView } from './home/HomeActions.tsx';
import HomeErrorModal from './home/HomeErrorModal.tsx';
import HomeFooter from './home/HomeFooter.tsx';
import HomeHeader from './home/HomeHeader.tsx';
import HomeHero from './home/HomeHero.tsx';
import PrivacyBanner from './home/PrivacyBanner.tsx';
import LanguageFlags from './shared/LanguageFlags.tsx';
import LiveOrganization from './shared/LiveOrganization.tsx';
import './home/home.css';

// The customer form brings react-hook-form, yup and input masks: fetched only when it shows, so
// visitors with a card code download none of it. The build renders it at once where it is the
// first form: a lazy one would stream in behind React's inline swap script, which the page's
// Content-Security-Policy refuses. The browser keeps that HTML until its code arrives.
const CustomerForm = import.meta.env.SSR ? (await import('./home/CustomerForm.tsx')).default : lazy(() => import('./home/CustomerForm.tsx'));
// The QR scanner (its camera, and html5-qrcode after it) loads the first time a visitor opens it;
// the facial modal's QR step shares it.
const QrScannerModal = lazy(() => import('./home/QrScannerModal.tsx'));

/** How long a switched form may take to load before its first field gets focus. */
const FOCUS_WAIT_MS = 5000;

interface Props {
  organization: Organization;
  /** The tenant, whose catalogues the page carries. */
  webName: string;
  /** The tenant's banner files by locale, shown as the home's hero. */
  banners?: Branding['banner'] | undefined;
  /** The tenant's error banner, on the error page when the organization cannot be loaded. */
  errorBanner?: string | undefined;
}

/** The first view: the organization's initial form, falling back to the card form. */
function initialView(organization: Organization): HomeView {
  if (organization.initialForm === 'customer' && organization.customerFormFields.length === 0) return 'card';
  return organization.initialForm;
}

function Home({ organization, banners }: { organization: Organization; banners: Branding['banner'] }) {
  const t = useTranslate();
  const [cardCode, setCardCode] = useState('');
  const [view, setView] = useState<HomeView>(() => initialView(organization));
  const [scanning, setScanning] = useState(false);
  const [scanUsed, setScanUsed] = useState(false);
  const scan = () => {
    setScanUsed(true);
    setScanning(true);
  };
  const forms = useRef<HTMLDivElement>(null);
  const firstField = () => forms.current?.querySelector<HTMLElement>('input, button') ?? null;
  const switched = useRef(false);

  // A visitor who switches forms lands in the new form's first field. The new form may still be
  // loading (the customer form is lazy) and enables its fields once hydrated, so focus is
  // retried each frame until it lands, for up to FOCUS_WAIT_MS (a slow phone, a slow network).
  useEffect(() => {
    if (!switched.current) return;
    let frame = 0;
    const until = performance.now() + FOCUS_WAIT_MS;
    const tick = () => {
      const field = firstField();
      field?.focus();
      if ((!field || document.activeElement !== field) && performance.now() < until) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [view]);

  return (
    <>
      {/* Placed over the site header's right end by home.css: the form keeps the first screen. */}
      <div className="home-flags">
        <LanguageFlags locales={['pt', 'en']} />
      </div>
      <div className="home-page">
        <HomeHero name={organization.name} banners={banners} />
        {organization.showHomeHeader && <HomeHeader name={organization.name} />}
        <section className="home" aria-labelledby="home-title">
          <h1 id="home-title">{t('home.title')}</h1>
          <div ref={forms}>
            {view === 'card' && <CardForm organization={organization} onCodeChange={setCardCode} />}
            {view === 'customer' && (
              <Suspense fallback={<p role="status">{t('home.loading')}</p>}>
                <CustomerForm organization={organization} />
              </Suspense>
            )}
            {view === 'credential' && <CredentialPanel organizationId={organization.id} onScan={scan} />}
          </div>
          <p className="hint home-availability">{t('home.availability')}</p>
        </section>
        <HomeActions
          organization={organization}
          view={view}
          onView={(next) => {
            switched.current = true;
            setView(next);
          }}
          onScan={scan}
        />
      </div>
      {scanUsed && (
        <Suspense fallback={null}>
          <QrScannerModal open={scanning} onClose={() => setScanning(false)} organizationId={organization.id} />
        </Suspense>
      )}
      <HomeErrorModal organization={organization} returnFocus={firstField} />
      <HomeFooter organization={organization} cardCode={cardCode} />
      <PrivacyBanner />
    </>
  );
}

/** The home page: every way a visitor finds their photos. */
export default function HomePage({ organization, webName, banners, errorBanner }: Props) {
  return (
    <I18nProvider webName={webName}>
      <LiveOrganization baked={organization} errorBanner={errorBanner}>{(live) => <Home organization={live} banners={banners} />}</LiveOrganization>
    </I18nProvider>
  );
}
