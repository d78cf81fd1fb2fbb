import { api } from '../lib/api/index.ts';
import type { Card, CustomerSearch } from '../lib/api/types.ts';
import { galleryPath } from '../lib/routes.ts';
import type { CustomerField } from '../tenant/organization.ts';
import { asyncStore, runner } from './async-state.ts';
import { showHomeError, type OpenOutcome } from './home.ts';

/** The card the home's customer search found. */
export const $customerCard = asyncStore<Card>();

const run = runner($customerCard);

/** Only the organization's fields travel, trimmed. */
function customerSearchBody(fields: readonly CustomerField[], values: Partial<Record<CustomerField, string>>): CustomerSearch {
  const body: CustomerSearch = {};
  for (const field of fields) body[field] = (values[field] ?? '').trim();
  return body;
}

/** Searches the customer; found, the answer is their card's gallery; errors open their modal. */
export async function searchCustomer(
  organizationId: number,
  fields: readonly CustomerField[],
  values: Partial<Record<CustomerField, string>>,
): Promise<OpenOutcome> {
  const card = await run(() => api.findCustomerCard(organizationId, customerSearchBody(fields, values)));
  if (card) return { kind: 'gallery', path: galleryPath(card.code) };
  const code = $customerCard.get().error ?? 'UNKNOWN_ERROR';
  showHomeError(code, 'customer');
  return { kind: 'failed', code };
}

export function clearCustomerSearch(): void {
  run.reset();
}

/** The visitor edits the form: the answer to the earlier search (not found) no longer applies. */
export function editCustomerSearch(): void {
  const { loading, error } = $customerCard.get();
  if (error && !loading) clearCustomerSearch();
}
