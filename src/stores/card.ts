import { api } from '../lib/api/index.ts';
import type { Card } from '../lib/api/types.ts';
import { asyncStore, runner } from './async-state.ts';

/** The card a visitor entered on the home page. */
export const $card = asyncStore<Card>();

const run = runner($card);

export function loadCard(organizationId: number, code: string, secret?: string): Promise<Card | null> {
  return run(() => api.getCard(organizationId, code, secret));
}

export function clearCard(): void {
  run.reset();
}
