import { api } from '../lib/api/index.ts';
import type { FaceCard } from '../lib/api/types.ts';
import { asyncStore, runner } from './async-state.ts';

/** The facial search's cards; a failed search keeps the last found ones for the fallback. */
export const $faceSearch = asyncStore<FaceCard[]>();
const run = runner($faceSearch, { keepOnFailure: true });

export function searchFaces(organizationId: number, fromDate: string, toDate: string, photos: Blob[]): Promise<FaceCard[] | null> {
  return run(() => api.searchFaces(organizationId, fromDate, toDate, photos));
}

export function clearFaceSearch(): void {
  $faceSearch.set({ loading: false, error: null, data: null });
}
