import type { Db } from '../db.ts';
import type { WireFaceSearchAnswer } from '@gallery/contract/media';
import type { WireOrganization } from '@gallery/contract/organization';
import { ApiError } from '../errors.ts';
import { countQueuedPhotosCapturedBetween } from '../repositories/faces.ts';
import { findCardMediaByIds, type CardMediaRow } from '../repositories/media.ts';
import { facePeriod } from './face-period.ts';
import { SAME_PERSON_DISTANCE, similarityOf, type FaceEngine } from './face-engine.ts';
import { matchFaces } from './face-index.ts';
import { imageHeader, MediaImportError, refusedImage } from './media-import.ts';
import { wireMedia } from './gallery.ts';
import type { PhotoInMemory } from './visitor-upload.ts';

export interface FaceSearch {
  organization: WireOrganization;
  /** Inclusive calendar days, YYYY-MM-DD, in the organization's time zone. */
  fromDate: string;
  toDate: string;
  /** The visitor's photos, in memory only (LGPD: selfies never reach the disk). */
  photos: readonly PhotoInMemory[];
}

/**
 * `POST /api/v1/card/search/photo`: the cards holding photos, captured in the period, of anyone
 * in the visitor's photos; each card with those photos, the best match first. Only the visitor's
 * photos are described here: gallery photos are described by the indexer (face-jobs.ts), and
 * those of the period still queued are counted as `pending`.
 */
export async function searchByFaces(db: Db, engine: FaceEngine, search: FaceSearch): Promise<WireFaceSearchAnswer> {
  const { organization } = search;
  const period = facePeriod(organization, search.fromDate, search.toDate);

  const wanted: Float32Array[] = [];
  for (const photo of search.photos) {
    // The engine decodes whatever it is given: the size is checked first, as for uploads.
    await imageHeader(photo.bytes, photo.name).catch((error: unknown) => {
      throw error instanceof MediaImportError ? refusedImage(error) : error;
    });
    try {
      wanted.push(...(await engine.describe(photo.bytes, { priority: 'interactive' })));
    } catch {
      throw new ApiError(400, 'INVALID_IMAGE', 'a photo is not a readable image');
    }
  }
  if (!wanted.length) throw new ApiError(422, 'FACE_NOT_FOUND', 'no face was found in the photos');

  const best = await matchFaces(db, organization.id, wanted, period, SAME_PERSON_DISTANCE);

  const cards = new Map<string, { card: string; distance: number; medias: Array<{ row: CardMediaRow; distance: number }> }>();
  // A photo deleted by another process since the index read it has no row: it is left out.
  for (const row of await findCardMediaByIds(db, [...best.keys()])) {
    const distance = best.get(row.id) ?? Infinity;
    const card = cards.get(row.card_code) ?? { card: row.card_code, distance, medias: [] };
    card.distance = Math.min(card.distance, distance);
    card.medias.push({ row, distance });
    cards.set(row.card_code, card);
  }
  return {
    error: false,
    message: 'OK',
    cards: [...cards.values()]
      .sort((a, b) => a.distance - b.distance)
      .map(({ card, distance, medias }) => ({
        card,
        similarity: similarityOf(distance),
        medias: medias.sort((a, b) => a.distance - b.distance).map(({ row }) => wireMedia(row, organization)),
      })),
    pending: await countQueuedPhotosCapturedBetween(db, organization.id, new Date(period.from).toISOString(), new Date(period.to).toISOString()),
  };
}
