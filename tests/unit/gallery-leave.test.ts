import { describe, expect, it } from 'vitest';
import { $card } from '../../src/stores/card.ts';
import { $checkoutStep, $payment } from '../../src/stores/checkout.ts';
import { $galleryCards } from '../../src/stores/cards.ts';
import { leaveGallery } from '../../src/stores/gallery.ts';
import { $media } from '../../src/stores/media.ts';
import { $cartPending, $order } from '../../src/stores/order.ts';
import { $upload } from '../../src/stores/upload.ts';
import { $viewerMedia } from '../../src/stores/viewer.ts';
import { $zip } from '../../src/stores/zip.ts';

describe('leaving the gallery (section 4)', () => {
  it('clears media, cards, the card, the order, the checkout and its payment, the viewer, the ZIP and the upload', () => {
    $card.set({ loading: false, error: null, data: { id: 'c1', code: 'DEMO00001', mediaCount: 6 } });
    $media.set({
      loading: false,
      error: null,
      data: { sold: [], notSold: [], extras: [], counts: { soldPhotos: 0, soldVideos: 0, notSoldPhotos: 0, notSoldVideos: 0, extras: 0 }, next: null },
    });
    $galleryCards.set(['DEMO00001', 'DEMO00002']);
    $viewerMedia.set('m1');
    $zip.set({ loading: false, error: null, data: 'http://api.test/zip' });
    $upload.set({ loading: false, error: 'INVALID_IMAGE', data: null });
    $order.set({
      loading: false,
      error: null,
      data: { id: 'o1', cards: ['DEMO00001'], items: [], allDigitalId: 3, photos: 6, videos: 0, total: 9900, status: 0, completed: false, customer: null },
    });
    $cartPending.set(new Set(['m1']));
    $checkoutStep.set('payment');
    $payment.set({ loading: false, error: null, data: { method: 'pix', status: 'PENDING', pixText: '000201' } });

    leaveGallery();

    expect($card.get()).toEqual({ loading: false, error: null, data: null });
    expect($media.get()).toEqual({ loading: false, error: null, data: null });
    expect($galleryCards.get()).toEqual([]);
    expect($viewerMedia.get()).toBeNull();
    expect($zip.get().data).toBeNull();
    expect($upload.get()).toEqual({ loading: false, error: null, data: null });
    expect($order.get()).toEqual({ loading: false, error: null, data: null });
    expect($cartPending.get().size).toBe(0);
    expect($checkoutStep.get()).toBeNull();
    expect($payment.get()).toEqual({ loading: false, error: null, data: null });
  });
});
