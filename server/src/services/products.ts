import type { DatabaseSync } from 'node:sqlite';
import type { PriceRange } from '../../../src/lib/price-table.ts';
import type { WireAllDigital, WireProduct, WireProductsAnswer } from '../../../src/lib/api/wire.ts';
import { ApiError } from '../errors.ts';
import { findOrganizationById } from '../repositories/organizations.ts';
import {
  findProduct,
  listActiveProducts,
  listRanges,
  replaceProducts,
  type NewProduct,
  type PriceRangeRow,
  type ProductRow,
} from '../repositories/products.ts';
import { atomically } from '../db.ts';

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

/** Products by id (archived ones too: an order keeps the prices it was made with). */
export function pricedProducts(db: DatabaseSync, ids: readonly number[]): Map<number, PricedProduct> {
  const result = new Map<number, PricedProduct>();
  const ranges = listRanges(db, ids);
  for (const id of ids) {
    const row = findProduct(db, id);
    if (!row) continue;
    const own = ranges.filter((range) => range.product_id === id).map(toRange);
    result.set(id, { row, ranges: own, packagePrice: row.unities === 0 ? (own[0]?.price ?? 0) : 0 });
  }
  return result;
}

export function productsAnswer(db: DatabaseSync, organizationId: number): WireProductsAnswer {
  if (!findOrganizationById(db, organizationId)) throw new ApiError(404, 'ORGANIZATION_NOT_FOUND');
  const rows = listActiveProducts(db, organizationId);
  const ranges = listRanges(db, rows.map((row) => row.id));
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

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCents = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const PRODUCT_FIELDS = new Set(['unities', 'is_photo', 'is_video', 'description', 'ranges_price', 'price']);
const RANGE_FIELDS = new Set(['min_photos', 'max_photos', 'price']);
const MAX_DESCRIPTION = 200;

function unknownFields(source: Json, allowed: Set<string>, prefix: string, problems: string[]): void {
  for (const key of Object.keys(source)) if (!allowed.has(key)) problems.push(`${prefix}${key} is not a known field`);
}

function parseRanges(value: unknown, prefix: string, problems: string[]): NewProduct['ranges'] {
  if (!Array.isArray(value) || value.length === 0) {
    problems.push(`${prefix} must be a non-empty list of { min_photos, max_photos, price }`);
    return [];
  }
  const ranges: NewProduct['ranges'] = [];
  value.forEach((raw: unknown, index) => {
    const at = `${prefix}[${index}]`;
    if (!isObject(raw)) {
      problems.push(`${at} must be an object`);
      return;
    }
    unknownFields(raw, RANGE_FIELDS, `${at}.`, problems);
    const min = raw['min_photos'];
    const max = raw['max_photos'] ?? null;
    const price = raw['price'];
    const last = index === value.length - 1;
    const previous = ranges[ranges.length - 1];
    if (!Number.isSafeInteger(min) || (min as number) < 1) problems.push(`${at}.min_photos must be an integer of at least 1`);
    else if (index === 0 && min !== 1) problems.push(`${at}.min_photos must be 1 (the first range starts at one item)`);
    else if (previous && previous.max_photos !== null && min !== previous.max_photos + 1) {
      problems.push(`${at}.min_photos must be ${previous.max_photos + 1} (ranges follow each other without gaps)`);
    }
    if (max === null) {
      if (!last) problems.push(`${at}.max_photos may be null only on the last range`);
    } else if (!Number.isSafeInteger(max) || (Number.isSafeInteger(min) && (max as number) < (min as number))) {
      problems.push(`${at}.max_photos must be an integer not below min_photos, or null`);
    }
    if (!isCents(price)) problems.push(`${at}.price must be a whole number of cents (0 or more)`);
    ranges.push({
      min_photos: Number(min),
      max_photos: max === null ? null : Number(max),
      price_cents: Number(price),
    });
  });
  return ranges;
}

/**
 * `{ "products": [...] }`: per-item products `{ unities >= 1, is_photo, is_video, description?,
 * ranges_price: [{ min_photos, max_photos, price }] }` and at most one all-digital package
 * `{ unities: 0, description?, price }`. Prices are cents. Every wrong field is named.
 */
export function parseProductsInput(input: unknown): ProductsInputResult {
  const problems: string[] = [];
  if (!isObject(input) || !Array.isArray(input['products'])) {
    return { ok: false, problems: ['the file must be an object with a "products" list'] };
  }
  unknownFields(input, new Set(['products']), '', problems);
  const products: NewProduct[] = [];
  let packages = 0;
  (input['products'] as unknown[]).forEach((raw, index) => {
    const at = `products[${index}]`;
    if (!isObject(raw)) {
      problems.push(`${at} must be an object`);
      return;
    }
    unknownFields(raw, PRODUCT_FIELDS, `${at}.`, problems);
    const unities = raw['unities'];
    const description = raw['description'] ?? '';
    if (typeof description !== 'string' || description.length > MAX_DESCRIPTION) {
      problems.push(`${at}.description must be text of at most ${MAX_DESCRIPTION} characters`);
    }
    for (const flag of ['is_photo', 'is_video']) {
      if (raw[flag] !== undefined && typeof raw[flag] !== 'boolean') problems.push(`${at}.${flag} must be true or false`);
    }
    if (!Number.isSafeInteger(unities) || (unities as number) < 0) {
      problems.push(`${at}.unities must be an integer of 0 (all-digital package) or more`);
      return;
    }
    if (unities === 0) {
      packages++;
      if (packages > 1) problems.push(`${at}.unities: only one all-digital package (unities 0) is allowed`);
      if (raw['ranges_price'] !== undefined) problems.push(`${at}.ranges_price: the all-digital package takes "price", not ranges`);
      if (!isCents(raw['price'])) problems.push(`${at}.price must be a whole number of cents (0 or more)`);
      products.push({
        unities: 0,
        is_photo: true,
        is_video: true,
        description: String(description),
        ranges: [{ min_photos: 1, max_photos: null, price_cents: Number(raw['price']) }],
      });
      return;
    }
    if (raw['price'] !== undefined) problems.push(`${at}.price: per-item products take "ranges_price"`);
    const isPhoto = raw['is_photo'] === true;
    const isVideo = raw['is_video'] === true;
    if (!isPhoto && !isVideo) problems.push(`${at}: is_photo or is_video must be true`);
    products.push({
      unities: Number(unities),
      is_photo: isPhoto,
      is_video: isVideo,
      description: String(description),
      ranges: parseRanges(raw['ranges_price'], `${at}.ranges_price`, problems),
    });
  });
  return problems.length ? { ok: false, problems } : { ok: true, products };
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

/** Replaces an organization's products (archiving the old ones) in one transaction. */
export function setProducts(db: DatabaseSync, organizationId: number, products: readonly NewProduct[]): number[] {
  return atomically(db, () => replaceProducts(db, organizationId, products));
}
