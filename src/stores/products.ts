import { api } from '../lib/api/index.ts';
import type { Products } from '../lib/api/types.ts';
import { asyncStore, runner } from './async-state.ts';

/** What the organization sells online and for how much (the prices table). */
export const $products = asyncStore<Products>();
const run = runner($products);

/** Fetched once a page; again only after a failure. */
export function loadProducts(organizationId: number): Promise<Products | null> {
  const { data, loading } = $products.get();
  if (data || loading) return Promise.resolve(data);
  return run(() => api.getProducts(organizationId));
}
