import { $chosenForm, chooseForm, openFacialModal, openQrScanner, shownForm } from '../../stores/home.ts';
import { findsByCredential } from '../../tenant/organization.ts';
import { useLocale, useOrganization, useOrganizationFailed, useStore, useTranslate } from '../shared/page-stores.ts';
import { useHydrated } from '../shared/use-hydrated.ts';

/** Where the visitor goes to send photos: the gallery's send-photos flow. */
const SEND_PHOTOS_PATH = '/gallery?send=1';

/**
 * The other ways to find photos, each offered only when the organization has it. The buttons wait
 * disabled until the island has hydrated: a click before would do nothing.
 */
export default function HomeActions() {
  return useOrganizationFailed() ? null : <Actions />;
}

function Actions() {
  const t = useTranslate();
  const locale = useLocale();
  const waiting = !useHydrated();
  const organization = useOrganization();
  const form = shownForm(useStore($chosenForm), organization);
  const canScan = findsByCredential(organization);
  const hasCustomer = organization.customerFormFields.length > 0;
  // A face search carries no access codes, so under two-factor the API refuses it: not offered.
  const canFacial = organization.hasFacialRecognition && !organization.twoFactor;
  const shown = [form !== 'card', hasCustomer && form !== 'customer', canScan && form !== 'credential', canFacial, organization.canSendPhoto];
  if (!shown.includes(true)) return null;
  return (
    // Below the form and quieter than its button: the card code is what most visitors have.
    // Hydrated when it comes into view, maybe after the page showed: hidden until it speaks the visitor's language (global.css).
    <nav className="home-actions" aria-labelledby="home-other-ways" data-island-locale={locale}>
      <h2 id="home-other-ways" className="home-actions-title">
        {t('home.otherWays')}
      </h2>
      {form !== 'card' && (
        <button type="button" className="home-action" disabled={waiting} onClick={() => chooseForm('card')}>
          {t('home.useCard')}
        </button>
      )}
      {hasCustomer && form !== 'customer' && (
        <button type="button" className="home-action" disabled={waiting} onClick={() => chooseForm('customer')}>
          {t('home.searchCustomer')}
        </button>
      )}
      {canScan && form !== 'credential' && (
        <button type="button" className="home-action" disabled={waiting} onClick={openQrScanner}>
          {t('home.scanQr')}
        </button>
      )}
      {canFacial && (
        <button type="button" className="home-action" disabled={waiting} onClick={openFacialModal}>
          {t('home.facial')}
        </button>
      )}
      {organization.canSendPhoto && (
        <button type="button" className="home-action" disabled={waiting} onClick={() => window.location.assign(SEND_PHOTOS_PATH)}>
          {t('home.sendPhotos')}
        </button>
      )}
    </nav>
  );
}
