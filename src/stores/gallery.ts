import { clearCard } from './card.ts';
import { clearGalleryCards } from './cards.ts';
import { clearMedia } from './media.ts';
import { clearOrder } from './order.ts';
import { resetUpload } from './upload.ts';
import { clearDeletion, closeViewer, resetShare } from './viewer.ts';
import { clearZip } from './zip.ts';

/**
 * Leaving the gallery clears media, card, order and payment state (section 4). The payment
 * store arrives with the checkout; its clear belongs here.
 */
export function leaveGallery(): void {
  closeViewer();
  clearDeletion();
  resetShare();
  clearZip();
  resetUpload();
  clearMedia();
  clearOrder();
  clearGalleryCards();
  clearCard();
}
