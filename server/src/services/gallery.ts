import type { DatabaseSync } from 'node:sqlite';
import { isValidCardCode, normalizeCardCode, normalizeSecret } from '../../../src/lib/card-code.ts';
import type {
  WireCardAnswer,
  WireExtra,
  WireMedia,
  WireMediasAnswer,
  WireOrganization,
} from '../../../src/lib/api/wire.ts';
import { ApiError } from '../errors.ts';
import { findCard, type CardRow } from '../repositories/cards.ts';
import { countMediaOfCard, listMediaOfCards, type CardMediaRow } from '../repositories/media.ts';
import { findOrganizationById } from '../repositories/organizations.ts';
import { isSold } from './sold.ts';

/**
 * Finds the cards a visitor asks for, all or none: a malformed code, a card unknown to the
 * organization, or an unknown organization all read as CARD_NOT_FOUND so nothing leaks about
 * which cards exist elsewhere. Under two-factor every card must carry the given secret.
 */
function openCards(
  db: DatabaseSync,
  organizationId: number,
  rawCodes: readonly string[],
  secret: string | undefined,
): { organization: WireOrganization; cards: CardRow[] } {
  const codes = [...new Set(rawCodes.map(normalizeCardCode))];
  const organization = findOrganizationById(db, organizationId);
  if (!organization || !codes.every(isValidCardCode)) throw new ApiError(404, 'CARD_NOT_FOUND');
  const cards = codes.map((code) => findCard(db, organizationId, code));
  if (!cards.every((card) => card !== undefined)) throw new ApiError(404, 'CARD_NOT_FOUND');
  if (organization.features_organization.two_factor_authentication) {
    const given = secret === undefined ? undefined : normalizeSecret(secret);
    // A card without a secret cannot be opened while two-factor is on.
    if (!cards.every((card) => card.secret !== null && card.secret === given)) {
      throw new ApiError(401, 'CUSTOMER_CODE_NOT_FOUND');
    }
  }
  return { organization, cards };
}

export function cardMediasAnswer(
  db: DatabaseSync,
  organizationId: number,
  rawCode: string,
  secret: string | undefined,
): WireCardAnswer {
  const { cards } = openCards(db, organizationId, [rawCode], secret);
  const [card] = cards;
  if (!card) throw new ApiError(404, 'CARD_NOT_FOUND');
  const count = countMediaOfCard(db, card.id);
  if (count === 0) throw new ApiError(404, 'CARD_EMPTY_MEDIA');
  return { error: false, message: 'OK', card: { id: card.id, card: card.code, medias_count: count }, medias_count: count };
}

function stem(filename: string): string {
  return filename.replace(/\.[^.]*$/, '');
}

/**
 * The fields every listed media shares, photo, video or extra. Its file paths name the copy they
 * serve (`copy=clean` or `copy=watermarked`): a media bought meanwhile gets new URLs, so no
 * browser or CDN cache can show its watermarked copy again.
 */
function listed(row: CardMediaRow, organization: WireOrganization): Omit<WireExtra, 'type' | 'sold'> {
  const base = `/api/v1/${row.kind}/download/${row.id}/${encodeURIComponent(row.filename)}`;
  const copy = isSold(row, organization) ? 'clean' : 'watermarked';
  return {
    id: row.id,
    filename: row.filename,
    thumb_filename: `thumb_${stem(row.filename)}.jpg`,
    preview_path: `${base}?size=preview&copy=${copy}`,
    thumb_path: `${base}?size=thumb&copy=${copy}`,
    card: row.card_code,
  };
}

export function mediasAnswer(
  db: DatabaseSync,
  organizationId: number,
  rawCodes: readonly string[],
  secret: string | undefined,
): WireMediasAnswer {
  const { organization, cards } = openCards(db, organizationId, rawCodes, secret);
  const rows = listMediaOfCards(db, cards.map((card) => card.id));
  if (rows.length === 0) throw new ApiError(404, 'CARD_EMPTY_PHOTO');
  const answer: WireMediasAnswer = { error: false, message: 'OK', sold_medias: [], not_sold_medias: [], extras: [] };
  for (const row of rows) {
    if (row.kind === 'extra') answer.extras.push({ type: 'extra', ...listed(row, organization), sold: isSold(row, organization) });
    else if (isSold(row, organization)) answer.sold_medias.push(wireMedia(row, organization));
    else answer.not_sold_medias.push(wireMedia(row, organization));
  }
  return answer;
}

/** A photo or video (not an extra) as the gallery lists it; unsold ones carry the cart's `selected` flag. */
export function wireMedia(row: CardMediaRow, organization: WireOrganization): WireMedia {
  const item: WireMedia = { type: row.kind === 'video' ? 'video' : 'photo', ...listed(row, organization) };
  return isSold(row, organization) ? item : { ...item, selected: false };
}
