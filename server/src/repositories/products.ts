import type { Selectable } from 'kysely';
import { now, type Db, type Schema } from '../db.ts';

export type ProductRow = Omit<Selectable<Schema['products']>, 'created_at'>;

export type PriceRangeRow = Selectable<Schema['product_price_ranges']>;

export interface NewProduct {
  unities: number;
  is_photo: boolean;
  is_video: boolean;
  description: string;
  ranges: Array<{ min_photos: number; max_photos: number | null; price_cents: number }>;
}

const COLUMNS = ['id', 'organization_id', 'unities', 'is_photo', 'is_video', 'description', 'position', 'active'] as const;

/** The products on sale now, in the operator's order. */
export function listActiveProducts(db: Db, organizationId: number): Promise<ProductRow[]> {
  return db
    .selectFrom('products')
    .select(COLUMNS)
    .where('organization_id', '=', organizationId)
    .where('active', '=', 1)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Any product, archived or not: orders keep pricing with the product they were made with. */
export function findProduct(db: Db, id: number): Promise<ProductRow | undefined> {
  return db.selectFrom('products').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function listRanges(db: Db, productIds: readonly number[]): Promise<PriceRangeRow[]> {
  if (!productIds.length) return [];
  return db
    .selectFrom('product_price_ranges')
    .select(['id', 'product_id', 'min_photos', 'max_photos', 'price_cents'])
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('min_photos')
    .execute();
}

/** Archives the organization's current products and inserts the new ones (caller wraps it in a transaction). */
export async function replaceProducts(db: Db, organizationId: number, products: readonly NewProduct[]): Promise<number[]> {
  await db.updateTable('products').set({ active: 0 }).where('organization_id', '=', organizationId).where('active', '=', 1).execute();
  const ids: number[] = [];
  for (const [position, product] of products.entries()) {
    const { id } = await db
      .insertInto('products')
      .values({
        organization_id: organizationId,
        unities: product.unities,
        is_photo: product.is_photo ? 1 : 0,
        is_video: product.is_video ? 1 : 0,
        description: product.description,
        position,
        created_at: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (product.ranges.length) {
      await db
        .insertInto('product_price_ranges')
        .values(product.ranges.map((range) => ({ product_id: id, ...range })))
        .execute();
    }
    ids.push(id);
  }
  return ids;
}
