import type { DatabaseSync } from 'node:sqlite';
import type { WireFaceSearchAnswer } from '../../../contract/media.ts';
import type { WireOrganization } from '../../../contract/organization.ts';
import { atomically } from '../db.ts';
import { ApiError } from '../errors.ts';
import { indexedMediaIds, insertFaces, listFaces, listPhotosCapturedBetween } from '../repositories/faces.ts';
import type { CardMediaRow } from '../repositories/media.ts';
import { findOrganizationById, findOrganizationByWebName } from '../repositories/organizations.ts';
import { requiresAccessCode } from './card-access.ts';
import { faceDistance, SAME_PERSON_DISTANCE, similarityOf, type FaceEngine } from './face-engine.ts';
import { imageHeader, MediaImportError, refusedImage } from './media-import.ts';
import { wireMedia } from './gallery.ts';
import { originalPath } from './video.ts';
import type { PhotoInMemory } from './visitor-upload.ts';

/** Describes the faces of the photos not looked at yet, each recorded on its own. Answers how many were indexed. */
export async function indexPhotos(db: DatabaseSync, dataDir: string, engine: FaceEngine, photos: readonly CardMediaRow[]): Promise<number> {
  const done = indexedMediaIds(db, photos.map((photo) => photo.id));
  let indexed = 0;
  for (const photo of photos) {
    if (done.has(photo.id)) continue;
    const descriptors = await engine.describe(originalPath(dataDir, photo));
    atomically(db, () => insertFaces(db, photo.id, descriptors));
    indexed++;
  }
  return indexed;
}

/** `faces:index --org`: looks at every photo of the organization ahead of the visitors' searches. */
export async function indexOrganization(db: DatabaseSync, dataDir: string, engine: FaceEngine, webName: string): Promise<number> {
  const organization = findOrganizationByWebName(db, webName);
  if (!organization) throw new ApiError(404, 'ORGANIZATION_NOT_FOUND');
  return indexPhotos(db, dataDir, engine, listPhotosCapturedBetween(db, organization.id, '', '\uffff'));
}

/**
 * The organization a face search runs in, checked before the visitor's photos are read. Under
 * two-factor it is refused (403 TWO_FACTOR_REQUIRED): a search carries no access codes, so by
 * the card rule it could open none of the cards it finds, nor hand out their media; the visitor
 * opens a card with its code and access code instead.
 */
export function faceSearchOrganization(db: DatabaseSync, organizationId: number): WireOrganization {
  const organization = findOrganizationById(db, organizationId);
  if (!organization) throw new ApiError(404, 'ORGANIZATION_NOT_FOUND');
  if (!organization.has_facial_recognition) throw new ApiError(403, 'FORBIDDEN', 'this organization has no facial search');
  if (requiresAccessCode(organization)) {
    throw new ApiError(403, 'TWO_FACTOR_REQUIRED', 'cards of this organization open with their code and access code');
  }
  return organization;
}

export interface FaceSearch {
  organization: WireOrganization;
  /** Inclusive calendar days, YYYY-MM-DD (captures are UTC). */
  fromDate: string;
  toDate: string;
  /** The visitor's photos, in memory only (LGPD: selfies never reach the disk). */
  photos: readonly PhotoInMemory[];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The first instant after a calendar day. */
function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

/**
 * `POST /api/v1/card/search/photo`: the cards holding photos, captured in the period, of anyone
 * in the visitor's photos; each card with those photos, the best match first.
 */
export async function searchByFaces(db: DatabaseSync, dataDir: string, engine: FaceEngine, search: FaceSearch): Promise<WireFaceSearchAnswer> {
  const { organization } = search;
  const from = search.fromDate.slice(0, 10);
  const to = search.toDate.slice(0, 10);
  if (!DAY.test(from) || !DAY.test(to) || Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to)) || from > to) {
    throw new ApiError(400, 'VALIDATION_ERROR', 'from_date and to_date must be dates (YYYY-MM-DD), from_date first');
  }

  const wanted: Float32Array[] = [];
  for (const photo of search.photos) {
    // The engine decodes whatever it is given: the size is checked first, as for uploads.
    await imageHeader(photo.bytes, photo.name).catch((error: unknown) => {
      throw error instanceof MediaImportError ? refusedImage(error) : error;
    });
    try {
      wanted.push(...(await engine.describe(photo.bytes)));
    } catch {
      throw new ApiError(400, 'INVALID_IMAGE', 'a photo is not a readable image');
    }
  }
  if (!wanted.length) throw new ApiError(422, 'FACE_NOT_FOUND', 'no face was found in the photos');

  const photos = listPhotosCapturedBetween(db, organization.id, `${from}T00:00:00.000Z`, dayAfter(to));
  await indexPhotos(db, dataDir, engine, photos);
  const byId = new Map(photos.map((photo) => [photo.id, photo]));
  const best = new Map<string, number>();
  for (const face of listFaces(db, [...byId.keys()])) {
    const distance = Math.min(...wanted.map((descriptor) => faceDistance(descriptor, face.descriptor)));
    if (distance < SAME_PERSON_DISTANCE && distance < (best.get(face.mediaId) ?? Infinity)) best.set(face.mediaId, distance);
  }

  const cards = new Map<string, { card: string; distance: number; medias: Array<{ row: CardMediaRow; distance: number }> }>();
  for (const [mediaId, distance] of best) {
    const row = byId.get(mediaId);
    if (!row) continue;
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
    // The request indexed every photo of the period above.
    pending: 0,
  };
}
