import { describe, expect, it } from 'vitest';
import { $card } from '../../src/stores/card.ts';
import { $galleryCards } from '../../src/stores/cards.ts';
import { leaveGallery } from '../../src/stores/gallery.ts';
import { $media } from '../../src/stores/media.ts';
import { $upload } from '../../src/stores/upload.ts';
import { $viewerMedia } from '../../src/stores/viewer.ts';
import { $zip } from '../../src/stores/zip.ts';

describe('leaving the gallery (section 4)', () => {
  it('clears media, cards, the card, the viewer, the ZIP and the upload', () => {
    $card.set({ loading: false, error: null, data: { id: 'c1', code: 'DEMO00001', mediaCount: 6 } });
    $media.set({ loading: false, error: null, data: { sold: [], notSold: [], extras: [] } });
    $galleryCards.set(['DEMO00001', 'DEMO00002']);
    $viewerMedia.set('m1');
    $zip.set({ loading: false, error: null, data: 'http://api.test/zip' });
    $upload.set({ loading: false, error: 'INVALID_IMAGE', data: null });

    leaveGallery();

    expect($card.get()).toEqual({ loading: false, error: null, data: null });
    expect($media.get()).toEqual({ loading: false, error: null, data: null });
    expect($galleryCards.get()).toEqual([]);
    expect($viewerMedia.get()).toBeNull();
    expect($zip.get().data).toBeNull();
    expect($upload.get()).toEqual({ loading: false, error: null, data: null });
  });
});
