import { facialSearchParams } from '../lib/analytics-events.ts';
import { api } from '../lib/api/index.ts';
import type { FaceCard } from '../lib/api/types.ts';
import { analytics } from './analytics.ts';
import { asyncStore, runner } from './async-state.ts';

/** The facial search's cards; a failed search keeps the last found ones for the fallback. */
export const $faceSearch = asyncStore<FaceCard[]>();
const run = runner($faceSearch, { keepOnFailure: true });

export async function searchFaces(organizationId: number, fromDate: string, toDate: string, photos: Blob[]): Promise<FaceCard[] | null> {
  const cards = await run(() => api.searchFaces(organizationId, fromDate, toDate, photos));
  analytics.event('facial_search', facialSearchParams(photos.length, cards));
  return cards;
}

export function clearFaceSearch(): void {
  $faceSearch.set({ loading: false, error: null, data: null });
}
