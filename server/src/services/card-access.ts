import type { Db } from '../db.ts';
import { isValidCardCode, normalizeCardCode, normalizeSecret } from '@gallery/contract/card-code';
import type { WireOrganization } from '@gallery/contract/organization';
import { ApiError } from '../errors.ts';
import { findCard, type CardRow } from '../repositories/cards.ts';

/** Two-factor (spec section 6): a card opens only with its access code. */
export function requiresAccessCode(organization: WireOrganization): boolean {
  return organization.features_organization.two_factor_authentication;
}

/**
 * The one rule for opening cards, asked by every call that hands out a card's media or acts on
 * them (card look-up, media lists, order creation and add-card, ZIP). All or none: a malformed
 * code or a card unknown to the organization is CARD_NOT_FOUND, so nothing tells which cards
 * exist elsewhere; under two-factor every card must carry the given secret (401
 * CUSTOMER_CODE_NOT_FOUND), and a card without one cannot be opened at all.
 */
export async function openCards(db: Db, organization: WireOrganization, rawCodes: readonly string[], secret: string | undefined): Promise<CardRow[]> {
  const codes = [...new Set(rawCodes.map(normalizeCardCode))];
  if (!codes.every(isValidCardCode)) throw new ApiError(404, 'CARD_NOT_FOUND');
  const cards = await Promise.all(codes.map((code) => findCard(db, organization.id, code)));
  return assertCardsOpen(organization, cards, secret);
}

/** The rule of openCards on cards already read (undefined: none of that code), for callers that read them otherwise. */
export function assertCardsOpen<Card extends Pick<CardRow, 'secret'>>(
  organization: WireOrganization,
  cards: Array<Card | undefined>,
  secret: string | undefined,
): Card[] {
  if (!cards.every((card) => card !== undefined)) throw new ApiError(404, 'CARD_NOT_FOUND');
  if (requiresAccessCode(organization)) {
    const given = secret === undefined ? undefined : normalizeSecret(secret);
    if (!cards.every((card) => card.secret !== null && card.secret === given)) {
      throw new ApiError(401, 'CUSTOMER_CODE_NOT_FOUND');
    }
  }
  return cards;
}
