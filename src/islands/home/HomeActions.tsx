import { lazy, Suspense, useState } from 'react';
import { useTranslate } from '../../i18n/I18nProvider.tsx';
import { findsByCredential, type Organization } from '../../tenant/organization.ts';
import { useHydrated } from '../shared/use-hydrated.ts';

// The camera and the search load the first time a visitor asks for them.
const FacialModal = lazy(() => import('./facial/FacialModal.tsx'));

export type HomeView = 'card' | 'customer' | 'credential';

interface Props {
  organization: Pick<
    Organization,
    'id' | 'hasFacialRecognition' | 'twoFactor' | 'canSendPhoto' | 'customerFormFields' | 'findCustomerWithCredential' | 'initialForm'
  >;
  view: HomeView;
  onView: (view: HomeView) => void;
  onScan: () => void;
}

/** Where the visitor goes to send photos: the gallery's send-photos flow. */
export const SEND_PHOTOS_PATH = '/gallery?send=1';

/**
 * The other ways to find photos, each offered only when the organization has it. The buttons wait
 * disabled until the island has hydrated: a click before would do nothing.
 */
export default function HomeActions({ organization, view, onView, onScan }: Props) {
  const t = useTranslate();
  const waiting = !useHydrated();
  const [facialOpen, setFacialOpen] = useState(false);
  const [facialUsed, setFacialUsed] = useState(false);
  const canScan = findsByCredential(organization);
  const hasCustomer = organization.customerFormFields.length > 0;
  // A face search carries no access codes, so under two-factor the API refuses it: not offered.
  const canFacial = organization.hasFacialRecognition && !organization.twoFactor;
  const shown = [
    view !== 'card',
    hasCustomer && view !== 'customer',
    canScan && view !== 'credential',
    canFacial,
    organization.canSendPhoto,
  ];
  if (!shown.includes(true)) return null;
  return (
    // Below the form and quieter than its button: the card code is what most visitors have.
    <nav className="home-actions" aria-labelledby="home-other-ways">
      <h2 id="home-other-ways" className="home-actions-title">
        {t('home.otherWays')}
      </h2>
      {view !== 'card' && (
        <button type="button" className="home-action" disabled={waiting} onClick={() => onView('card')}>
          {t('home.useCard')}
        </button>
      )}
      {hasCustomer && view !== 'customer' && (
        <button type="button" className="home-action" disabled={waiting} onClick={() => onView('customer')}>
          {t('home.searchCustomer')}
        </button>
      )}
      {canScan && view !== 'credential' && (
        <button type="button" className="home-action" disabled={waiting} onClick={onScan}>
          {t('home.scanQr')}
        </button>
      )}
      {canFacial && (
        <button
          type="button"
          className="home-action"
          disabled={waiting}
          onClick={() => {
            setFacialUsed(true);
            setFacialOpen(true);
          }}
        >
          {t('home.facial')}
        </button>
      )}
      {organization.canSendPhoto && (
        <button type="button" className="home-action" disabled={waiting} onClick={() => window.location.assign(SEND_PHOTOS_PATH)}>
          {t('home.sendPhotos')}
        </button>
      )}
      {facialUsed && (
        <Suspense fallback={null}>
          <FacialModal open={facialOpen} onClose={() => setFacialOpen(false)} organizationId={organization.id} credentialMode={canScan} />
        </Suspense>
      )}
    </nav>
  );
}
