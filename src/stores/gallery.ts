import { clearCard } from './card.ts';
import { clearCheckout } from './checkout.ts';
import { clearGalleryCards } from './cards.ts';
import { clearMedia } from './media.ts';
import { clearOrder } from './order.ts';
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
