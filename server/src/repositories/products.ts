import type { DatabaseSync } from 'node:sqlite';

export interface ProductRow {
  id: number;
  organization_id: number;
  unities: number;
  is_photo: number;
  is_video: number;
  description: string;
  position: number;
  active: number;
}

export interface PriceRangeRow {
  id: number;
  product_id: number;
  min_photos: number;
  max_photos: number | null;
  price_cents: number;
}

export interface NewProduct {
  unities: number;
  is_photo: boolean;
  is_video: boolean;
  description: string;
  ranges: Array<{ min_photos: number; max_photos: number | null; price_cents: number }>;
}

const COLUMNS = 'id, organization_id, unities, is_photo, is_video, description, position, active';

/** The products on sale now, in the operator's order. */
export function listActiveProducts(db: DatabaseSync, organizationId: number): ProductRow[] {
  return db
    .prepare(`SELECT ${COLUMNS} FROM products WHERE organization_id = ? AND active = 1 ORDER BY position, id`)
    .all(organizationId) as unknown as ProductRow[];
}

/** Any product, archived or not: orders keep pricing with the product they were made with. */
export function findProduct(db: DatabaseSync, id: number): ProductRow | undefined {
  return db.prepare(`SELECT ${COLUMNS} FROM products WHERE id = ?`).get(id) as ProductRow | undefined;
}

export function listRanges(db: DatabaseSync, productIds: readonly number[]): PriceRangeRow[] {
  return db
    .prepare(
      `SELECT id, product_id, min_photos, max_photos, price_cents FROM product_price_ranges
       WHERE product_id IN (SELECT value FROM json_each(?)) ORDER BY product_id, min_photos`,
    )
    .all(JSON.stringify(productIds)) as unknown as PriceRangeRow[];
}

/** Archives the organization's current products and inserts the new ones (caller wraps it in a transaction). */
export function replaceProducts(db: DatabaseSync, organizationId: number, products: readonly NewProduct[]): number[] {
  db.prepare('UPDATE products SET active = 0 WHERE organization_id = ? AND active = 1').run(organizationId);
  const insertProduct = db.prepare(
    `INSERT INTO products (organization_id, unities, is_photo, is_video, description, position)
     VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const insertRange = db.prepare(
    'INSERT INTO product_price_ranges (product_id, min_photos, max_photos, price_cents) VALUES (?, ?, ?, ?)',
  );
  return products.map((product, position) => {
    const { id } = insertProduct.get(
      organizationId,
      product.unities,
      product.is_photo ? 1 : 0,
      product.is_video ? 1 : 0,
      product.description,
      position,
    ) as { id: number };
    for (const range of product.ranges) insertRange.run(id, range.min_photos, range.max_photos, range.price_cents);
    return id;
  });
}
