import type { Db } from '../db.ts';
import type { WireCardAnswer, WireExtra, WireImageSource, WireMedia, WireMediasAnswer } from '@gallery/contract/media';
import type { WireOrganization } from '@gallery/contract/organization';
import { ApiError } from '../errors.ts';
import { isValidCardCode, normalizeCardCode } from '@gallery/contract/card-code';
import { lookUpCard, type CardRow } from '../repositories/cards.ts';
import { listMediaOfCards, type CardMediaRow } from '../repositories/media.ts';
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

export async function mediasAnswer(db: Db, organizationId: number, rawCodes: readonly string[], secret: string | undefined): Promise<WireMediasAnswer> {
  const { organization, cards } = await galleryCards(db, organizationId, rawCodes, secret);
  const rows = await listMediaOfCards(
    db,
    cards.map((card) => card.id),
  );
  if (rows.length === 0) throw new ApiError(404, 'CARD_EMPTY_PHOTO');
  const answer: WireMediasAnswer = { error: false, message: 'OK', sold_medias: [], not_sold_medias: [], extras: [] };
  for (const row of rows) {
    if (row.kind === 'extra') answer.extras.push({ type: 'extra', ...listed(row, organization), sold: isSold(row, organization) });
    else if (isSold(row, organization)) answer.sold_medias.push(wireMedia(row, organization));
    else answer.not_sold_medias.push(wireMedia(row, organization));
  }
  return answer;
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
