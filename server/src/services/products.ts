import { cachedRead, transaction, type Db } from '../db.ts';
import type { PriceRange } from '@gallery/contract/price-table';
import { ProductsFile, type ProductsFileInput, type WireAllDigital, type WireProduct, type WireProductsAnswer } from '@gallery/contract/shop';
import { problems } from '@gallery/contract/schema';
import { ApiError } from '../errors.ts';
import { findOrganizationById, lockOrganization } from '../repositories/organizations.ts';
import {
  findProduct,
  listActiveProducts,
  listRanges,
  replaceProducts,
  type NewProduct,
  type PriceRangeRow,
  type ProductRow,
} from '../repositories/products.ts';

/** A product with its ranges in the shape the price table takes. */
export interface PricedProduct {
  row: ProductRow;
  ranges: PriceRange[];
  /** The package price for the all-digital product (its single range), else 0. */
  packagePrice: number;
}

function toRange(range: PriceRangeRow): PriceRange {
  return { min_photos: range.min_photos, max_photos: range.max_photos, price: range.price_cents };
}

/**
 * Products by id (archived ones too: an order keeps the prices it was made with), each kept by
 * the read cache: every order answer prices its lines with them.
 */
export async function pricedProducts(db: Db, ids: readonly number[]): Promise<Map<number, PricedProduct>> {
  const result = new Map<number, PricedProduct>();
  for (const id of ids) {
    const priced = await cachedRead(db, `priced-product:${id}`, ['products'], () => readPricedProduct(db, id));
    if (priced) result.set(id, priced);
  }
  return result;
}

async function readPricedProduct(db: Db, id: number): Promise<PricedProduct | undefined> {
  const row = await findProduct(db, id);
  if (!row) return undefined;
  const ranges = (await listRanges(db, [id])).map(toRange);
  return { row, ranges, packagePrice: row.unities === 0 ? (ranges[0]?.price ?? 0) : 0 };
}

export async function productsAnswer(db: Db, organizationId: number): Promise<WireProductsAnswer> {
  if (!(await findOrganizationById(db, organizationId))) throw new ApiError(404, 'ORGANIZATION_NOT_FOUND');
  const rows = await listActiveProducts(db, organizationId);
  const ranges = await listRanges(
    db,
    rows.map((row) => row.id),
  );
  const products: WireProduct[] = [];
  let allDigital: WireAllDigital | null = null;
  for (const row of rows) {
    const own = ranges.filter((range) => range.product_id === row.id);
    if (row.unities === 0) {
      allDigital ??= { id: row.id, price: own[0]?.price_cents ?? 0, description: row.description };
      continue;
    }
    products.push({
      id: row.id,
      unities: row.unities,
      is_video: row.is_video === 1,
      is_photo: row.is_photo === 1,
      description: row.description,
      ranges_price: own.map((range) => ({
        id: range.id,
        min_photos: range.min_photos,
        max_photos: range.max_photos,
        price: range.price_cents,
      })),
    });
  }
  return { error: false, message: 'OK', products, all_digital: allDigital };
}

// ---- The products file of `products:set`, checked before anything is written. ----

export type ProductsInputResult = { ok: true; products: NewProduct[] } | { ok: false; problems: string[] };

type ProductItem = ProductsFileInput['products'][number];
type Loose = Record<string, unknown>;

/** A whole number, or undefined for anything else (which the schema has named already). */
const whole = (value: unknown) => (Number.isSafeInteger(value) ? (value as number) : undefined);
const asObject = (value: unknown): Loose => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Loose) : {});

/**
 * What the schema cannot say: which fields go with which kind of product, and ranges that follow
 * each other. Reads the raw file (fields of a wrong type are skipped) so both kinds of problem are
 * named in one go.
 */
function productRules(products: readonly unknown[]): string[] {
  const problems: string[] = [];
  let packages = 0;
  products.map(asObject).forEach((product, index) => {
    const at = `products[${index}]`;
    const unities = whole(product['unities']);
    if (unities === undefined) return;
    if (unities === 0) {
      if (++packages > 1) problems.push(`${at}.unities: only one all-digital package (unities 0) is allowed`);
      if (product['ranges_price'] !== undefined) problems.push(`${at}.ranges_price: the all-digital package takes "price", not ranges`);
      if (product['price'] === undefined) problems.push(`${at}.price must be a whole number of cents (0 or more)`);
      return;
    }
    if (product['price'] !== undefined) problems.push(`${at}.price: per-item products take "ranges_price"`);
    if (product['is_photo'] !== true && product['is_video'] !== true) problems.push(`${at}: is_photo or is_video must be true`);
    const ranges = product['ranges_price'];
    if (ranges === undefined) problems.push(`${at}.ranges_price must be a non-empty list of { min_photos, max_photos, price }`);
    if (Array.isArray(ranges)) problems.push(...rangeRules(ranges.map(asObject), `${at}.ranges_price`));
  });
  return problems;
}

function rangeRules(ranges: readonly Loose[], prefix: string): string[] {
  const problems: string[] = [];
  ranges.forEach((range, index) => {
    const at = `${prefix}[${index}]`;
    const min = whole(range['min_photos']);
    const max = range['max_photos'] ?? null;
    const previous = index > 0 ? whole(ranges[index - 1]?.['max_photos']) : undefined;
    if (index === 0 && min !== undefined && min !== 1) problems.push(`${at}.min_photos must be 1 (the first range starts at one item)`);
    else if (previous !== undefined && min !== undefined && min !== previous + 1) {
      problems.push(`${at}.min_photos must be ${previous + 1} (ranges follow each other without gaps)`);
    }
    if (max === null && index < ranges.length - 1) problems.push(`${at}.max_photos may be null only on the last range`);
    const maxWhole = whole(max);
    if (maxWhole !== undefined && min !== undefined && maxWhole < min) {
      problems.push(`${at}.max_photos must be an integer not below min_photos, or null`);
    }
  });
  return problems;
}

/**
 * `{ "products": [...] }` checked against the contract's `ProductsFile`, then against the rules
 * above; every wrong field is named. Prices are cents.
 */
export function parseProductsInput(input: unknown): ProductsInputResult {
  const list = asObject(input)['products'];
  const found = [...problems(ProductsFile, input, 'the file'), ...(Array.isArray(list) ? productRules(list) : [])];
  if (found.length) return { ok: false, problems: found };
  const products = (input as ProductsFileInput).products;
  return {
    ok: true,
    products: products.map((product: ProductItem) =>
      product.unities === 0
        ? {
            unities: 0,
            is_photo: true,
            is_video: true,
            description: product.description ?? '',
            ranges: [{ min_photos: 1, max_photos: null, price_cents: product.price ?? 0 }],
          }
        : {
            unities: product.unities,
            is_photo: product.is_photo === true,
            is_video: product.is_video === true,
            description: product.description ?? '',
            ranges: (product.ranges_price ?? []).map((range) => ({
              min_photos: range.min_photos,
              max_photos: range.max_photos ?? null,
              price_cents: range.price,
            })),
          },
    ),
  };
}

/** The demo shop: photos at 25,00 / 20,00 / 15,00 each by quantity, videos at 30,00, everything at 99,00. */
export const DEMO_PRODUCTS: NewProduct[] = [
  {
    unities: 1,
    is_photo: true,
    is_video: false,
    description: 'Foto digital',
    ranges: [
      { min_photos: 1, max_photos: 2, price_cents: 2500 },
      { min_photos: 3, max_photos: 5, price_cents: 2000 },
      { min_photos: 6, max_photos: null, price_cents: 1500 },
    ],
  },
  {
    unities: 1,
    is_photo: false,
    is_video: true,
    description: 'Vídeo digital',
    ranges: [{ min_photos: 1, max_photos: null, price_cents: 3000 }],
  },
  {
    unities: 0,
    is_photo: true,
    is_video: true,
    description: 'Todas as fotos e vídeos',
    ranges: [{ min_photos: 1, max_photos: null, price_cents: 9900 }],
  },
];

/** Replaces an organization's products (archiving the old ones) in one transaction; two at once run one after the other. */
export async function setProducts(db: Db, organizationId: number, products: readonly NewProduct[]): Promise<number[]> {
  return transaction(db, async (db) => {
    await lockOrganization(db, organizationId);
    return replaceProducts(db, organizationId, products);
  });
}
