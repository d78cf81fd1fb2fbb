import { atom, computed } from 'nanostores';
import { formatCardCode } from '@gallery/contract/card-code';
import { readCardSecret } from '../lib/card-secret.ts';
import { canBuy, galleryView, ownedMedia, type GalleryView } from '../lib/gallery.ts';
import type { GalleryAddress } from '../lib/routes.ts';
import { clearCard } from './card.ts';
import { $checkoutStep, clearCheckout } from './checkout.ts';
import { $galleryCards, addGalleryCardCodes, clearGalleryCards, credentialCardCodes, leaveOutUnknownCards, startGalleryCards } from './cards.ts';
import { $media, clearMedia, loadMedias } from './media.ts';
import { loadAllMedias, loadMoreMedias } from './media-pages.ts';
import { setHelpCardCode } from './help.ts';
import { $order, clearOrder, syncOrderCards } from './order.ts';
import { $liveOrganization } from './organization.ts';
import { loadProducts } from './products.ts';
import { resetUpload } from './upload.ts';
import { clearDeletion, closeViewer, resetShare } from './viewer.ts';
import { clearZip, downloadZip } from './zip.ts';

// The gallery's islands (header, lists and viewer, cart, checkout, prices, cards, send photos)
// meet here and in the stores below: none holds state another needs.

/** The gallery's address (its card, credential, extra cards, send), once the page has read it. */
export const $galleryAddress = atom<GalleryAddress | null>(null);

/** Under two-factor the home (or a send's success) keeps the card's access code for the session (?secret= on every call). */
export function gallerySecret(address: GalleryAddress | null): string | undefined {
  return address?.code ? readCardSecret(address.code) : undefined;
}

/** Back to the home, with the credential the gallery came from. */
export function galleryBackHref(address: GalleryAddress | null): string {
  return address?.credential ? `/?credential=${encodeURIComponent(address.credential)}` : '/';
}

/** What the gallery shows: loading, its lists, or a problem (from the address and the media). */
export function shownGallery(address: GalleryAddress | null, media: Parameters<typeof galleryView>[1], canSendPhoto: boolean): GalleryView {
  return galleryView(address ? { code: address.code, sendWithoutCard: address.send && canSendPhoto } : undefined, media);
}

export const $sendPhotosOpen = atom(false);
export const $cardsOpen = atom(false);
export const $pricesOpen = atom(false);
export const openSendPhotos = (): void => $sendPhotosOpen.set(true);
export const closeSendPhotos = (): void => $sendPhotosOpen.set(false);
export const openCards = (): void => $cardsOpen.set(true);
export const closeCards = (): void => $cardsOpen.set(false);
export const openPrices = (): void => $pricesOpen.set(true);
export const closePrices = (): void => $pricesOpen.set(false);

/** On narrow screens the cart is a bar that opens its panel. */
export const $cartExpanded = atom(false);
/** Asks for the focus on the cart's panel or on the header's cart button (each island takes its own). */
export const $cartFocus = atom<{ on: 'panel' | 'button' } | null>(null);

/** The header's cart button: the cart opens and takes the focus. */
export function openCart(): void {
  $cartExpanded.set(true);
  $cartFocus.set({ on: 'panel' });
}

export function toggleCart(): void {
  $cartExpanded.set(!$cartExpanded.get());
}

/** The cart's bar went away (an empty cart closed on a phone): the focus goes back to the header's cart button. */
export function focusCartButton(): void {
  $cartFocus.set({ on: 'button' });
}

/**
 * What the page around the islands shows (gallery-shell.ts): the view, buying, an empty closed
 * cart (no bar on phones). A cart with an error to tell is never so: its bar says it.
 */
export const $galleryShell = computed([$galleryAddress, $media, $order, $cartExpanded, $liveOrganization], (address, media, order, expanded, organization) => {
  const data = order.data;
  const cartEmpty = !data || (data.photos + data.videos === 0 && data.allDigitalId === null);
  return {
    view: shownGallery(address, media, organization.canSendPhoto).kind,
    buy: canBuy(organization),
    cartEmpty: cartEmpty && !expanded && !order.error,
  };
});

/** Leaving the gallery clears media, card, order and payment state (section 4). */
export function leaveGallery(): void {
  closeViewer();
  clearDeletion();
  resetShare();
  clearZip();
  resetUpload();
  clearMedia();
  clearCheckout();
  clearOrder();
  clearGalleryCards();
  clearCard();
  $galleryAddress.set(null);
  $cartExpanded.set(false);
}

interface GallerySession {
  organizationId: number;
  /** Under two-factor, the card's access code (every call carries it). */
  secret: string | undefined;
  /** Buying is offered: the cart follows the gallery's cards (the live organization may change it). */
  buy: boolean;
  /** Brings the products and the order up to the media shown, where buying is offered. */
  followOrder: () => void;
}

let session: GallerySession | null = null;

/** The live organization turned buying on or off: the cart follows from the next media shown. */
export function setGalleryBuying(buy: boolean): void {
  if (!session || session.buy === buy) return;
  session.buy = buy;
  session.followOrder();
}

/** The media of the gallery's cards, asked again (new cards, the reload button, a paid order); an unknown added card is left out. */
export function reloadGallery(): void {
  const cards = $galleryCards.get();
  if (!session || !cards.length) return;
  const { organizationId, secret } = session;
  void loadMedias(organizationId, cards, secret, (error) => leaveOutUnknownCards(organizationId, error, secret));
}

/** The next page of the gallery's media (the visitor scrolled near the end of those loaded). */
export function loadMoreGallery(): void {
  const cards = $galleryCards.get();
  if (session && cards.length) void loadMoreMedias(session.organizationId, cards, session.secret);
}

/** The ZIP of every media the visitor owns, on every page: the pages not loaded yet are asked first. */
export async function downloadGalleryZip(): Promise<void> {
  const cards = $galleryCards.get();
  if (!session || !cards.length) return;
  const { organizationId, secret } = session;
  const owned = async () => ownedMedia(await loadAllMedias(organizationId, cards, secret), $liveOrganization.get()).map((media) => media.id);
  await downloadZip(organizationId, owned, secret);
}

/** The open order of the gallery's cards, made or brought up to date (a retry, a purchase). */
export function syncGalleryOrder(): void {
  const cards = $galleryCards.get();
  if (session?.buy && cards.length) void syncOrderCards(session.organizationId, cards, session.secret);
}

/** The checkout's success closed: the cart folds away over the photos just bought, and a new order follows. */
export function closePurchase(): void {
  $cartExpanded.set(false);
  syncGalleryOrder();
}

/**
 * The gallery's loading sequence (sections 2 and 4): the address's cards (with those of its
 * credential and its `?cards=`), their media, again whenever the cards change; where buying is
 * offered, once the media show, the products and the order of those cards; a paid checkout
 * shows the bought media clean. Answers the function that leaves the gallery.
 */
export function openGallery(organizationId: number, address: GalleryAddress, buy: boolean): () => void {
  $galleryAddress.set(address);
  setHelpCardCode(address.code ? formatCardCode(address.code) : '');
  // The order follows the cards whose media last showed; the products load with the first.
  let orderedCards = '';
  const current: GallerySession = {
    organizationId,
    buy,
    secret: gallerySecret(address),
    followOrder() {
      const { loading, data, error } = $media.get();
      const cards = $galleryCards.get().join(',');
      if (!current.buy || loading || !data || error || cards === orderedCards) return;
      if (!orderedCards) void loadProducts(organizationId);
      orderedCards = cards;
      syncGalleryOrder();
    },
  };
  session = current;
  if (address.code) {
    startGalleryCards(address.code);
    addGalleryCardCodes(address.cards);
    // A look-up answering after the visitor left must not write into the next gallery.
    if (address.credential) {
      void credentialCardCodes(organizationId, address.credential).then((codes) => session === current && addGalleryCardCodes(codes));
    }
  }
  const stops = [
    $galleryCards.subscribe(reloadGallery),
    $media.listen(current.followOrder),
    $checkoutStep.listen((step) => {
      if (step === 'success') reloadGallery();
    }),
  ];
  addEventListener('pagehide', leaveGallery);
  return () => {
    for (const stop of stops) stop();
    removeEventListener('pagehide', leaveGallery);
    if (session === current) session = null;
    leaveGallery();
  };
}
