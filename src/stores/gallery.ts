import { clearCard } from './card.ts';
import { clearGalleryCards } from './cards.ts';
import { clearMedia } from './media.ts';
import { resetUpload } from './upload.ts';
import { clearDeletion, closeViewer, resetShare } from './viewer.ts';
import { clearZip } from './zip.ts';

/**
 * Leaving the gallery clears media, card, order and payment state (section 4). The order and
 * payment stores arrive with the shop; their clears belong here.
 */
export function leaveGallery(): void {
  closeViewer();
  clearDeletion();
  resetShare();
  clearZip();
  resetUpload();
  clearMedia();
  clearGalleryCards();
  clearCard();
}
