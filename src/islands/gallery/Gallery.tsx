import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslate } from '../../i18n/I18nProvider.tsx';
import { formatCardCode } from '@gallery/contract/card-code';
import { readCardSecret } from '../../lib/card-secret.ts';
import type { MediaLists } from '../../lib/api/types.ts';
import { canBuy, gallerySections, galleryView, ownedMedia, sectionLabel, type GalleryView } from '../../lib/gallery.ts';
import { galleryAddress, type GalleryAddress } from '../../lib/routes.ts';
import { openGallery, reloadGallery, setGalleryBuying, syncGalleryOrder } from '../../stores/gallery.ts';
import { $media } from '../../stores/media.ts';
import { $checkoutStep } from '../../stores/checkout.ts';
import { $order } from '../../stores/order.ts';
import { openViewer } from '../../stores/viewer.ts';
import { $locale } from '../../stores/locale.ts';
import { bannerFor, type Branding } from '../../tenant/branding.ts';
import type { Organization } from '../../tenant/organization.ts';
import HomeFooter from '../home/HomeFooter.tsx';
import Banner from '../shared/Banner.tsx';
import CardsModal from './CardsModal.tsx';
import CartPanel from './CartPanel.tsx';
import GalleryHeader from './GalleryHeader.tsx';
import GalleryIntro from './GalleryIntro.tsx';
import Icon from './icons.tsx';
import MediaGrid from './MediaGrid.tsx';
import MediaViewer from './MediaViewer.tsx';
import PricesModal from './PricesModal.tsx';
import SendPhotosModal from './SendPhotosModal.tsx';
import ZipDownload from './ZipDownload.tsx';
import './gallery.css';

// The checkout (forms, card library) loads the first time a visitor finishes an order.
const CheckoutModal = lazy(() => import('./checkout/CheckoutModal.tsx'));

interface Props {
  organization: Organization;
  banners: Branding['banner'];
}

/** The loading, empty and error views: a heading that says what is happening, and what can help. */
function GalleryState({ view, backHref, reloading, onReload }: { view: Exclude<GalleryView, { kind: 'list' }>; backHref: string; reloading: boolean; onReload: () => void }) {
  const t = useTranslate();
  if (view.kind !== 'problem') {
    return (
      <div className="gallery-state" role="status">
        <h1>{t(view.kind === 'loading' ? 'gallery.loading' : 'gallery.noCard')}</h1>
      </div>
    );
  }
  const { title, text, action } = view.problem;
  return (
    <div className="gallery-state">
      <div role="alert">
        <h1>{t(title)}</h1>
        {text && <p>{t(text)}</p>}
      </div>
      {action === 'reload' ? (
        <button type="button" onClick={onReload} disabled={reloading}>
          {t('gallery.reload')}
        </button>
      ) : (
        <a className="button" href={backHref}>
          {t('gallery.toHome')}
        </a>
      )}
    </div>
  );
}

/** The list view: the title with the ZIP and reload, then each list of media under its count. */
function Lists({ organization, lists, secret, reloading, onReload }: { organization: Organization; lists: MediaLists; secret: string | undefined; reloading: boolean; onReload: () => void }) {
  const t = useTranslate();
  // The same lists keep the same arrays: each grid lays its media out again only when they change.
  const sections = useMemo(() => gallerySections(lists, organization), [lists, organization]);
  const owned = ownedMedia(lists, organization);
  return (
    <>
      <GalleryIntro
        freePhotos={organization.freePhotos}
        extras={lists.extras.length > 0}
        tools={
          <>
            <ZipDownload organizationId={organization.id} mediaIds={owned.map((m) => m.id)} secret={secret} />
            <button type="button" className="secondary icon-button" onClick={onReload} disabled={reloading} aria-label={t('gallery.reload')}>
              <Icon name="reload" />
            </button>
          </>
        }
      />
      {lists.sold.length === 0 && !organization.freePhotos && <p className="gallery-note">{t('gallery.noneSold')}</p>}
      {sections.map((section) => (
        <MediaGrid key={section.role} items={section.items} label={sectionLabel(t, section)} onOpen={openViewer} />
      ))}
    </>
  );
}

/** The gallery of the card in the address (section 2), with its viewer, ZIP, cards and send photos. */
export default function Gallery({ organization, banners }: Props) {
  const t = useTranslate();
  const media = useStore($media);
  const locale = useStore($locale);
  // The address only the browser knows: undefined until mounted.
  const [address, setAddress] = useState<GalleryAddress | undefined>(undefined);
  const [sendOpen, setSendOpen] = useState(false);
  const [cardsOpen, setCardsOpen] = useState(false);
  const [pricesOpen, setPricesOpen] = useState(false);
  const [cartExpanded, setCartExpanded] = useState(false);
  const cartPanel = useRef<HTMLElement>(null);
  const cartButton = useRef<HTMLButtonElement>(null);
  const order = useStore($order).data;
  const checkoutStep = useStore($checkoutStep);
  const [checkoutUsed, setCheckoutUsed] = useState(false);
  // Under two-factor the home (or a send's success) keeps the card's access code for the session (?secret= on every call).
  const secret = address?.code ? readCardSecret(address.code) : undefined;

  // The loading sequence lives in the gallery store; leaving the page (or the island) ends it.
  const buy = canBuy(organization);
  useEffect(() => {
    const found = galleryAddress(window.location);
    setAddress(found);
    if (found.send && organization.canSendPhoto) setSendOpen(true);
    return openGallery(organization.id, found, buy);
    // Flags of the live organization must not restart the gallery: they are passed on below.
  }, [organization.id]);
  useEffect(() => setGalleryBuying(buy), [buy]);
  // The checkout loads on first use, then stays (its success step outlives the order).
  useEffect(() => {
    if (checkoutStep !== null) setCheckoutUsed(true);
  }, [checkoutStep]);
  const openCart = () => {
    // Shown at once (an empty cart's panel is hidden on phones) so that it can take the focus.
    flushSync(() => setCartExpanded(true));
    cartPanel.current?.scrollIntoView({ block: 'nearest' });
    cartPanel.current?.focus({ preventScroll: true });
  };
  const toggleCart = () => {
    flushSync(() => setCartExpanded(!cartExpanded));
    // Closing an empty cart takes its bar away on phones: the focus goes back to the header's cart button.
    if (cartPanel.current?.getClientRects().length === 0) cartButton.current?.focus();
  };
  const banner = bannerFor(organization.banner, banners, locale);
  const code = address?.code ?? null;
  const back = address?.credential ? `/?credential=${encodeURIComponent(address.credential)}` : '/';

  // On phones the cart is a bar over the photos: not there while it is empty and closed.
  const cartEmpty = !order || (order.photos + order.videos === 0 && order.allDigitalId === null);
  const galleryClass = buy ? (cartEmpty && !cartExpanded ? 'gallery gallery-buy cart-empty' : 'gallery gallery-buy') : 'gallery';

  const view = galleryView(address && { code: address.code, sendWithoutCard: address.send && organization.canSendPhoto }, media);

  return (
    <div className={galleryClass} data-view={view.kind}>
      <GalleryHeader
        backHref={back}
        cardLabel={code ? t('gallery.card', { code: formatCardCode(code) }) : ''}
        canSendPhoto={organization.canSendPhoto}
        canManageCards={code !== null}
        onSendPhotos={() => setSendOpen(true)}
        onManageCards={() => setCardsOpen(true)}
        onPrices={buy ? () => setPricesOpen(true) : undefined}
        cart={buy ? { items: order ? order.photos + order.videos : 0, onOpen: openCart, button: cartButton } : undefined}
      />
      {banner && <Banner className="gallery-banner" sources={banner.sources} size={banner.size} maxHeight={`${banner.height}px`} />}
      <div className="gallery-layout">
        <div className="gallery-main">
          {view.kind === 'list' ? (
            <Lists organization={organization} lists={view.lists} secret={secret} reloading={media.loading} onReload={reloadGallery} />
          ) : (
            <GalleryState view={view} backHref={back} reloading={media.loading} onReload={reloadGallery} />
          )}
        </div>
        {buy && (
          <div className="gallery-side">
            <CartPanel
              ref={cartPanel}
              notSold={media.data?.notSold ?? []}
              expanded={cartExpanded}
              onToggle={toggleCart}
              onRetry={syncGalleryOrder}
              onProducts={() => setPricesOpen(true)}
            />
          </div>
        )}
      </div>
      <HomeFooter organization={organization} cardCode={code ? formatCardCode(code) : ''} />
      <MediaViewer organization={organization} />
      {buy && checkoutUsed && (
        <Suspense fallback={null}>
          <CheckoutModal
            organizationId={organization.id}
            ownedIds={media.data ? ownedMedia(media.data, organization).map((m) => m.id) : []}
            secret={secret}
            onPurchased={syncGalleryOrder}
          />
        </Suspense>
      )}
      {buy && <PricesModal open={pricesOpen} onClose={() => setPricesOpen(false)} organizationId={organization.id} />}
      <CardsModal open={cardsOpen} onClose={() => setCardsOpen(false)} organizationId={organization.id} secret={secret} />
      {organization.canSendPhoto && (
        <SendPhotosModal open={sendOpen} onClose={() => setSendOpen(false)} organization={organization} />
      )}
    </div>
  );
}
