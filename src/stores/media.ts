import { FIRST_PAGE_SIZE } from '@gallery/contract/rules';
import { api } from '../lib/api/index.ts';
import type { MediaLists } from '../lib/api/types.ts';
import { withoutMedia } from '../lib/gallery.ts';
import { asyncStore, runner } from './async-state.ts';

/** The sold, not-sold and extra media of the visitor's cards, as loaded so far (a page at a time). */
export const $media = asyncStore<MediaLists>();

const run = runner($media);

/**
 * The first page of the cards' media: the one the page's inline script already asked for, when it
 * asked for these. `onRefused` may change the cards when the API refuses them: the lists then
 * follow the new cards, and this load's failure is never shown.
 */
export function loadMedias(
  organizationId: number,
  cards: string[],
  secret?: string,
  onRefused?: (error: unknown) => Promise<void>,
): Promise<MediaLists | null> {
  return run(async () => {
    try {
      return await (api.earlyMedias(organizationId, cards, secret) ?? api.getMedias(organizationId, cards, secret, { limit: FIRST_PAGE_SIZE }));
    } catch (error) {
      await onRefused?.(error);
      throw error;
    }
  });
}

export function clearMedia(): void {
  run.reset();
}

/** A deleted media leaves every list (section 4). */
export function removeMedia(id: string): void {
  const { data } = $media.get();
  if (data) $media.setKey('data', withoutMedia(data, id));
}
