// The gallery's pages of media after the first (stores/media.ts): one at a time as the visitor
// scrolls, or all of them for the ZIP.
import { NEXT_PAGE_SIZE } from '@gallery/contract/rules';
import { api } from '../lib/api/index.ts';
import { ApiError } from '../lib/api/client.ts';
import type { MediaLists } from '../lib/api/types.ts';
import { withPage } from '../lib/gallery.ts';
import { $media } from './media.ts';

/** The page on its way, answering its failure (null when it joined the lists, or was dropped). */
let more: Promise<unknown> | null = null;

/**
 * The next page, joined to the lists. One at a time; a page answering after the lists were loaded
 * again is dropped.
 */
function nextPage(organizationId: number, cards: string[], secret?: string): Promise<unknown> {
  const { loading, data } = $media.get();
  if (more) return more;
  const after = data?.next;
  if (loading || !after) return Promise.resolve(null);
  more = api
    .getMedias(organizationId, cards, secret, { after, limit: NEXT_PAGE_SIZE })
    .then(
      (page) => {
        const current = $media.get();
        if (!current.loading && current.data?.next === after) $media.setKey('data', withPage(current.data, page));
        return null;
      },
      (error: unknown) => error,
    )
    .finally(() => (more = null));
  return more;
}

/** The next page (the visitor scrolled near the end of those loaded); a failure only waits for the next ask. */
export async function loadMoreMedias(organizationId: number, cards: string[], secret?: string): Promise<void> {
  await nextPage(organizationId, cards, secret);
}

/**
 * Every page (the ZIP needs every media the visitor owns). A page that cannot be loaded fails the
 * whole with its error: a ZIP of part of the photos is never offered as all of them.
 */
export async function loadAllMedias(organizationId: number, cards: string[], secret?: string): Promise<MediaLists> {
  for (let lists = $media.get().data; ;) {
    if (!lists?.next) return lists ?? Promise.reject(new ApiError('UNKNOWN_ERROR', 0));
    const failure = await nextPage(organizationId, cards, secret);
    const now = $media.get().data;
    // A failed page, or none joined (the lists are being loaded again): nothing whole to answer.
    if (failure || now?.next === lists.next) throw failure ?? new ApiError('UNKNOWN_ERROR', 0);
    lists = now;
  }
}
