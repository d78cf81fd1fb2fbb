import { readCardSecret } from '../lib/card-secret.ts';
import type { GalleryAddress } from '../lib/routes.ts';
import { clearCard } from './card.ts';
import { $checkoutStep, clearCheckout } from './checkout.ts';
import { $galleryCards, addGalleryCardCodes, clearGalleryCards, credentialCardCodes, startGalleryCards } from './cards.ts';
import { $media, clearMedia, loadMedias } from './media.ts';
import { clearOrder, syncOrderCards } from './order.ts';
import { loadProducts } from './products.ts';
import { resetUpload } from './upload.ts';
import { clearDeletion, closeViewer, resetShare } from './viewer.ts';
import { clearZip } from './zip.ts';

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

/** The media of the gallery's cards, asked again (the reload button, a paid order). */
export function reloadGallery(): void {
  const cards = $galleryCards.get();
  if (session && cards.length) void loadMedias(session.organizationId, cards, session.secret);
}

/** The open order of the gallery's cards, made or brought up to date (a retry, a purchase). */
export function syncGalleryOrder(): void {
  const cards = $galleryCards.get();
  if (session?.buy && cards.length) void syncOrderCards(session.organizationId, cards, session.secret);
}

/**
 * The gallery's loading sequence (sections 2 and 4): the address's cards (with those of its
 * credential and its `?cards=`), their media, again whenever the cards change; where buying is
 * offered, once the media show, the products and the order of those cards; a paid checkout
 * shows the bought media clean. Answers the function that leaves the gallery.
 */
export function openGallery(organizationId: number, address: GalleryAddress, buy: boolean): () => void {
  // The order follows the cards whose media last showed; the products load with the first.
  let orderedCards = '';
  const current: GallerySession = {
    organizationId,
    buy,
    secret: address.code ? readCardSecret(address.code) : undefined,
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
