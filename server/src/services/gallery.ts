import type { Db } from '../db.ts';
import type { WireCardAnswer, WireExtra, WireGalleryStartAnswer, WireImageSource, WireMedia, WireMediaCounts, WireMediasAnswer } from '@gallery/contract/media';
import type { WireOrganization } from '@gallery/contract/organization';
import { ApiError } from '../errors.ts';
import { isValidCardCode, normalizeCardCode } from '@gallery/contract/card-code';
import { lookUpCard, type CardRow } from '../repositories/cards.ts';
import { findCardMedia, findCardMediaByIds, listMediaPlacesOfCards, type CardMediaRow, type MediaPlaceRow } from '../repositories/media.ts';
import { findOrganizationById, toOrganization } from '../repositories/organizations.ts';
import { assertCardsOpen, openCards } from './card-access.ts';
import { PREVIEW_EDGE, RENDITION_SET, RENDITIONS, type RenditionSize } from './media-files.ts';
import { isSold } from './sold.ts';
import { EARLIER_POSTER, hasPreviewClip } from './video.ts';

/** The organization and the cards, opened by the one rule; an unknown organization reads as CARD_NOT_FOUND too. */
async function galleryCards(
  db: Db,
  organizationId: number,
  rawCodes: readonly string[],
  secret: string | undefined,
): Promise<{ organization: WireOrganization; cards: CardRow[] }> {
  const organization = await findOrganizationById(db, organizationId);
  if (!organization) throw new ApiError(404, 'CARD_NOT_FOUND');
  return { organization, cards: await openCards(db, organization, rawCodes, secret) };
}

/** The card look-up: the rule of openCards on one card, with all it reads in one statement. */
export async function cardMediasAnswer(db: Db, organizationId: number, rawCode: string, secret: string | undefined): Promise<WireCardAnswer> {
  const code = normalizeCardCode(rawCode);
  if (!isValidCardCode(code)) throw new ApiError(404, 'CARD_NOT_FOUND');
  const found = await lookUpCard(db, organizationId, code);
  if (!found) throw new ApiError(404, 'CARD_NOT_FOUND');
  const [card] = assertCardsOpen(toOrganization(db, found.organization), [found.card], secret);
  if (!card) throw new ApiError(404, 'CARD_NOT_FOUND');
  if (found.mediaCount === 0) throw new ApiError(404, 'CARD_EMPTY_MEDIA');
  return { error: false, message: 'OK', card: { id: card.id, card: card.code, medias_count: found.mediaCount }, medias_count: found.mediaCount };
}

function stem(filename: string): string {
  return filename.replace(/\.[^.]*$/, '');
}

/** The download address of a media's files, `size` and `copy` to add. */
function downloadBase(row: CardMediaRow): string {
  return `/api/v1/${row.kind}/download/${row.id}/${encodeURIComponent(row.filename)}`;
}

/**
 * The fields every listed media shares, photo, video or extra. Its file paths name the copy they
 * serve (`copy=clean` or `copy=watermarked`): a media bought meanwhile gets new URLs, so no
 * browser or CDN cache can show its watermarked copy again.
 */
function listed(row: CardMediaRow, organization: WireOrganization): Omit<WireExtra, 'type' | 'sold'> {
  const base = downloadBase(row);
  const copy = isSold(row, organization) ? 'clean' : 'watermarked';
  const [width, height] = row.kind === 'video' && row.width === 0 ? EARLIER_POSTER : [row.width, row.height];
  return {
    id: row.id,
    filename: row.filename,
    thumb_filename: `thumb_${stem(row.filename)}.jpg`,
    preview_path: `${base}?size=preview&copy=${copy}`,
    thumb_path: `${base}?size=thumb&copy=${copy}`,
    card: row.card_code,
    width,
    height,
    ...(row.renditions === RENDITION_SET && { image_sources: [imageSource(`${base}?copy=${copy}&format=webp`, width, height)] }),
  };
}

/**
 * The WebP renditions as `srcset` lists. Each width caps an image decoded at preview size (at
 * most PREVIEW_EDGE on its long edge), so a narrower one is listed at its own width, once.
 */
function imageSource(base: string, width: number, height: number): WireImageSource {
  const previewWidth = Math.round(width * Math.min(1, PREVIEW_EDGE / Math.max(width, height)));
  const srcset = (size: RenditionSize) => {
    const caps = RENDITIONS.widths[size];
    // The caps at or past the image's own width all hold it: the first of them stands for all.
    const listed = caps.filter((_, i) => i === 0 || caps[i - 1]! < previewWidth);
    return listed.map((cap) => `${base}&size=${size}&w=${cap} ${Math.min(cap, previewWidth)}w`).join(', ');
  };
  return { type: RENDITIONS.mime, thumb_srcset: srcset('thumb'), preview_srcset: srcset('preview') };
}

/** Which list a media goes to, in the gallery's order: sold, not sold, extras. */
type ListIndex = 0 | 1 | 2;

/** A media's place in the gallery's order: its list, then capture time, then id (the cursor holds one). */
type Place = readonly [list: ListIndex, capturedAt: string, id: string];

function listOf(row: MediaPlaceRow, organization: WireOrganization): ListIndex {
  if (row.kind === 'extra') return 2;
  return isSold(row, organization) ? 0 : 1;
}

/** Code-unit order, as both databases' "C" collation of capture times. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const comparePlaces = (a: Place, b: Place) => a[0] - b[0] || compareText(a[1], b[1]) || compareText(a[2], b[2]);

function encodeCursor(place: Place): string {
  return Buffer.from(JSON.stringify(place)).toString('base64url');
}

/** A cursor this API answered, or 400: anything else (edited, truncated, made up) is refused. */
function decodeCursor(cursor: string): Place {
  let place: unknown;
  try {
    place = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    place = null;
  }
  if (
    Array.isArray(place) &&
    place.length === 3 &&
    (place[0] === 0 || place[0] === 1 || place[0] === 2) &&
    typeof place[1] === 'string' &&
    typeof place[2] === 'string' &&
    encodeCursor(place as unknown as Place) === cursor
  ) {
    return place as unknown as Place;
  }
  throw new ApiError(400, 'VALIDATION_ERROR', 'after: not a cursor this API answered');
}

export interface PageRequest {
  /** The `next` of the previous page; the first page without it. */
  after?: string | undefined;
  /** At most this many media; every media after the cursor without it. */
  limit?: number | undefined;
}

/**
 * The media of the visitor's cards, a page at a time, in the order the gallery shows them (sold,
 * not sold, extras; each by capture time, then id). The cursor names the last media answered,
 * not a position, so a media added or sold meanwhile never shifts a page onto rows already seen.
 */
export async function mediasAnswer(
  db: Db,
  organizationId: number,
  rawCodes: readonly string[],
  secret: string | undefined,
  page: PageRequest = {},
): Promise<WireMediasAnswer> {
  const after = page.after === undefined ? null : decodeCursor(page.after);
  const { answer } = await mediaPage(db, organizationId, rawCodes, secret, after, page.limit);
  return answer;
}

/** The gallery's first answer: the organization and the first page (GET, so a page's inline script can ask before any island). */
export async function galleryStartAnswer(
  db: Db,
  organizationId: number,
  rawCodes: readonly string[],
  secret: string | undefined,
  limit: number | undefined,
): Promise<WireGalleryStartAnswer> {
  const { answer, organization } = await mediaPage(db, organizationId, rawCodes, secret, null, limit);
  return { ...answer, organization };
}

/**
 * Every media of the visitor's cards in the gallery's order (sold, not sold, extras; each by
 * capture time, then id), each with its place, read with only what places it (a card of
 * thousands serves a page or a cover without reading every row whole); CARD_EMPTY_PHOTO when
 * they hold none.
 */
async function placedMedia(
  db: Db,
  organizationId: number,
  rawCodes: readonly string[],
  secret: string | undefined,
): Promise<{ organization: WireOrganization; placed: Array<{ row: MediaPlaceRow; place: Place }> }> {
  const { organization, cards } = await galleryCards(db, organizationId, rawCodes, secret);
  const rows = await listMediaPlacesOfCards(
    db,
    cards.map((card) => card.id),
  );
  if (rows.length === 0) throw new ApiError(404, 'CARD_EMPTY_PHOTO');
  const placed = rows.map((row) => ({ row, place: [listOf(row, organization), row.captured_at, row.id] as Place }));
  placed.sort((a, b) => comparePlaces(a.place, b.place));
  return { organization, placed };
}

/** The media a gallery of these cards shows at `position` (0: its cover), opened by the same rule as the list. */
export async function mediaAt(
  db: Db,
  organizationId: number,
  rawCodes: readonly string[],
  secret: string | undefined,
  position: number,
): Promise<CardMediaRow> {
  const { placed } = await placedMedia(db, organizationId, rawCodes, secret);
  // Gone since (deleted in between): as if it had never been there.
  const media = placed[position] && (await findCardMedia(db, placed[position].row.id));
  if (!media) throw new ApiError(404, 'MEDIA_NOT_FOUND');
  return media;
}

async function mediaPage(
  db: Db,
  organizationId: number,
  rawCodes: readonly string[],
  secret: string | undefined,
  after: Place | null,
  limit: number | undefined,
): Promise<{ answer: WireMediasAnswer; organization: WireOrganization }> {
  const { organization, placed } = await placedMedia(db, organizationId, rawCodes, secret);
  const counts: WireMediaCounts = { sold_photos: 0, sold_videos: 0, not_sold_photos: 0, not_sold_videos: 0, extras: 0 };
  for (const { row, place } of placed) {
    if (place[0] === 2) counts.extras++;
    else counts[`${place[0] === 0 ? 'sold' : 'not_sold'}_${row.kind === 'video' ? 'videos' : 'photos'}`]++;
  }
  const start = after ? placed.findIndex(({ place }) => comparePlaces(place, after) > 0) : 0;
  const rest = start < 0 ? [] : placed.slice(start);
  const served = limit === undefined ? rest : rest.slice(0, limit);
  const last = served.at(-1);
  const answer: WireMediasAnswer = {
    error: false,
    message: 'OK',
    sold_medias: [],
    not_sold_medias: [],
    extras: [],
    next: last && served.length < rest.length ? encodeCursor(last.place) : null,
    counts,
  };
  const wholeRows = await findCardMediaByIds(
    db,
    served.map(({ row }) => row.id),
  );
  const whole = new Map(wholeRows.map((row) => [row.id, row]));
  for (const { row: placedRow } of served) {
    // Gone since its place was read: left out, as it will be from the next page.
    const row = whole.get(placedRow.id);
    if (!row) continue;
    // Listed by what the whole row says (a sale may land between the two reads), so its list,
    // its copy and its cart flag always agree.
    const list = listOf(row, organization);
    if (list === 2) answer.extras.push({ type: 'extra', ...listed(row, organization), sold: isSold(row, organization) });
    else (list === 0 ? answer.sold_medias : answer.not_sold_medias).push(wireMedia(row, organization));
  }
  return { answer, organization };
}

/**
 * A photo or video (not an extra) as the gallery lists it; unsold ones carry the cart's `selected`
 * flag, and an unsold video its preview clip.
 */
export function wireMedia(row: CardMediaRow, organization: WireOrganization): WireMedia {
  const item: WireMedia = { type: row.kind === 'video' ? 'video' : 'photo', ...listed(row, organization) };
  if (isSold(row, organization)) return item;
  return { ...item, selected: false, ...(hasPreviewClip(row) && { preview_clip_path: `${downloadBase(row)}?size=clip&copy=watermarked` }) };
}
