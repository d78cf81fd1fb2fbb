// The gallery's pages of media and the ZIP of every owned one, run by the real stores; the API is
// the real client over a fake network whose gallery has two pages of sold photos.
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $media, loadMedias } from '../../src/stores/media.ts';
import { loadAllMedias } from '../../src/stores/media-pages.ts';
import { $zip, downloadZip } from '../../src/stores/zip.ts';
import { type Asked, fakeNetwork, lines, Refusal } from '../factories/network.ts';

const sold = (id: string) => ({
  id,
  filename: `${id}.jpg`,
  thumb_filename: `${id}.jpg`,
  preview_path: '',
  thumb_path: '',
  card: 'DEMO00001',
  width: 3,
  height: 2,
  type: 'photo',
});
const counts = { sold_photos: 2, sold_videos: 0, not_sold_photos: 0, not_sold_videos: 0, extras: 0 };
/** How the second page answers: whole, or the API's error. */
let secondPage: 'ok' | Refusal;
let asked: Asked[];

beforeEach(() => {
  secondPage = 'ok';
  vi.stubGlobal('document', { createElement: () => ({ style: {}, click: () => {}, remove: () => {} }), body: { append: () => {} } });
  asked = fakeNetwork(({ path, body }) => {
    if (path === '/api/v1/medias/zip') return { error: false, url: 'http://api.test/zip/1' };
    if ((body as { after?: string }).after !== 'c1') return { error: false, sold_medias: [sold('m1')], not_sold_medias: [], extras: [], next: 'c1', counts };
    if (secondPage instanceof Refusal) throw secondPage;
    return { error: false, sold_medias: [sold('m2')], not_sold_medias: [], extras: [], next: null, counts };
  });
});

afterEach(() => {
  cleanStores($media, $zip);
  vi.unstubAllGlobals();
});

const zipOfEveryPage = () => downloadZip(1, async () => (await loadAllMedias(1, ['DEMO00001'])).sold.map((media) => media.id));

describe('every page of the gallery', () => {
  it('are loaded for the ZIP, which then holds the media of each', async () => {
    await loadMedias(1, ['DEMO00001']);
    await zipOfEveryPage();
    expect(lines(asked)).toEqual(['POST /api/v1/medias/1/DEMO00001', 'POST /api/v1/medias/1/DEMO00001', 'POST /api/v1/medias/zip']);
    expect(asked.at(-1)?.body).toEqual({ media_ids: ['m1', 'm2'] });
    expect($zip.get()).toEqual({ loading: false, error: null, data: 'http://api.test/zip/1' });
  });

  it('a page that cannot be loaded fails the ZIP with its error: never a ZIP of part of the photos', async () => {
    await loadMedias(1, ['DEMO00001']);
    secondPage = new Refusal('INTERNAL_ERROR', 500);
    await zipOfEveryPage();
    expect(lines(asked).filter((line) => line.endsWith('/zip'))).toEqual([]);
    expect($zip.get()).toEqual({ loading: false, error: 'INTERNAL_ERROR', data: null });
    // The retry, once the page answers, holds every photo.
    secondPage = 'ok';
    await zipOfEveryPage();
    expect(asked.at(-1)?.body).toEqual({ media_ids: ['m1', 'm2'] });
  });
});
