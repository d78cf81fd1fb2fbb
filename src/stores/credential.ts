import { api } from '../lib/api/index.ts';
import type { Card } from '../lib/api/types.ts';
import { normalizeCredential } from '@gallery/contract/rules';
import { galleryPath } from '../lib/routes.ts';
import { asyncStore, runner } from './async-state.ts';
import { openHomeModal, showHomeError, type OpenOutcome } from './home.ts';

/** The cards (with media) of the credential the visitor scanned or typed. */
const $credentialCards = asyncStore<Card[]>();

const run = runner($credentialCards);

/**
 * Looks the credential up: cards found open the gallery of the most recent one with
 * `?credential=`; no cards opens the not-found modal; an unknown credential its own modal.
 */
export async function openCredential(organizationId: number, raw: string): Promise<OpenOutcome> {
  const credential = normalizeCredential(raw);
  if (!credential) return { kind: 'invalid' };
  const cards = await run(() => api.getCredentialCards(organizationId, credential));
  if (!cards) {
    const code = $credentialCards.get().error ?? 'UNKNOWN_ERROR';
    showHomeError(code, 'credential');
    return { kind: 'failed', code };
  }
  const [first] = cards;
  if (!first) {
    openHomeModal('credentialEmpty');
    return { kind: 'failed', code: 'CARD_EMPTY_MEDIA' };
  }
  return { kind: 'gallery', path: galleryPath(first.code, credential) };
}
