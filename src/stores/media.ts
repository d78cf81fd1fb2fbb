import { api } from '../lib/api/index.ts';
import type { MediaLists } from '../lib/api/types.ts';
import { withoutMedia } from '../lib/gallery.ts';
import { asyncStore, runner } from './async-state.ts';

/** The sold, not-sold and extra media of the visitor's cards. */
export const $media = asyncStore<MediaLists>();

const run = runner($media);

export function loadMedias(organizationId: number, cards: string[], secret?: string): Promise<MediaLists | null> {
  return run(() => api.getMedias(organizationId, cards, secret));
}

export function clearMedia(): void {
  $media.set({ loading: false, error: null, data: null });
}

/** A deleted media leaves every list (section 4). */
export function removeMedia(id: string): void {
  const { data } = $media.get();
  if (data) $media.setKey('data', withoutMedia(data, id));
}
