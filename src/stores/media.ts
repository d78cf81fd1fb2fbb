import { NEXT_PAGE_SIZE, FIRST_PAGE_SIZE } from '@gallery/contract/rules';
import { api } from '../lib/api/index.ts';
import type { MediaLists } from '../lib/api/types.ts';
import { withoutMedia, withPage } from '../lib/gallery.ts';
import { asyncStore, runner } from './async-state.ts';

/** The sold, not-sold and extra media of the visitor's cards, as loaded so far (a page at a time). */
export const $media = asyncStore<MediaLists>();

const run = runner($media);

/** The first page of the cards' media: the one the page's inline script already asked for, when it asked for these. */
export function loadMedias(organizationId: number, cards: string[], secret?: string): Promise<MediaLists | null> {
  return run(() => api.earlyMedias(organizationId, cards, secret) ?? api.getMedias(organizationId, cards, secret, { limit: FIRST_PAGE_SIZE }));
}

let more: Promise<void> | null = null;

/**
 * The next page, joined to the lists (the visitor scrolled near the end of those loaded). One at a
 * time; a page answering after the lists were loaded again is dropped, and a failure only waits
 * for the next ask.
 */
export function loadMoreMedias(organizationId: number, cards: string[], secret?: string): Promise<void> {
  const { loading, data } = $media.get();
  if (more) return more;
  const after = data?.next;
  if (loading || !after) return Promise.resolve();
  more = api
    .getMedias(organizationId, cards, secret, { after, limit: NEXT_PAGE_SIZE })
    .then(
      (page) => {
        const current = $media.get();
        if (!current.loading && current.data?.next === after) $media.setKey('data', withPage(current.data, page));
      },
      () => undefined,
    )
    .finally(() => (more = null));
  return more;
}

/** Every page (the ZIP and the checkout need every media the visitor owns). */
export async function loadAllMedias(organizationId: number, cards: string[], secret?: string): Promise<MediaLists | null> {
  for (let next = $media.get().data?.next; next;) {
    await loadMoreMedias(organizationId, cards, secret);
    const after = $media.get().data?.next;
    // A failed page leaves the cursor where it was: stop rather than ask forever.
    if (after === next) break;
    next = after;
  }
  return $media.get().data;
}

export function clearMedia(): void {
  $media.set({ loading: false, error: null, data: null });
}

/** A deleted media leaves every list (section 4). */
export function removeMedia(id: string): void {
  const { data } = $media.get();
  if (data) $media.setKey('data', withoutMedia(data, id));
}
