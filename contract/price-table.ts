// Prices of a product by item count (spec section 9). Pure: the API totals orders with it and
// the gallery renders the prices table with it. Money is integer cents of BRL.

export interface PriceRange {
  min_photos: number;
  /** Ignored for pricing on the last range: every item beyond it costs the last range's price. */
  max_photos: number | null;
  /** Price of each item that falls in this range, in cents. */
  price: number;
}

export interface AllDigitalPrice {
  price: number;
  description?: string;
}

export type PriceTableRow = { kind: 'count'; count: number; total: number } | { kind: 'all_digital'; total: number; description: string };

function sorted(ranges: readonly PriceRange[]): PriceRange[] {
  return [...ranges].sort((a, b) => a.min_photos - b.min_photos);
}

/** The price of the n-th item (1-based): the last range starting at or before n, else the first. */
function unitPrice(ranges: readonly PriceRange[], n: number): number {
  let chosen = ranges[0];
  for (const range of ranges) {
    if (range.min_photos <= n) chosen = range;
    else break;
  }
  return chosen?.price ?? 0;
}

/**
 * What n items of one product cost: the running sum of each item's range price, so with
 * 1-2 at 2500, 3-5 at 2000 and 6+ at 1500, three items cost 2500 + 2500 + 2000 = 7000.
 * Zero or negative counts, and a product without ranges, cost 0.
 */
export function priceForCount(ranges: readonly PriceRange[], n: number): number {
  const ordered = sorted(ranges);
  let total = 0;
  for (let i = 1; i <= Math.floor(n); i++) total += unitPrice(ordered, i);
  return total;
}

/**
 * The prices table: one row per count from 1 to `rows`, then the all-digital row when the
 * package exists and costs more than 0.
 */
export function priceTable(ranges: readonly PriceRange[], rows: number, allDigital: AllDigitalPrice | null): PriceTableRow[] {
  const ordered = sorted(ranges);
  const table: PriceTableRow[] = [];
  let total = 0;
  for (let count = 1; count <= Math.floor(rows) && ordered.length > 0; count++) {
    total += unitPrice(ordered, count);
    table.push({ kind: 'count', count, total });
  }
  if (allDigital && allDigital.price > 0) {
    table.push({ kind: 'all_digital', total: allDigital.price, description: allDigital.description ?? '' });
  }
  return table;
}

/** How many count rows show every range at least once: up to the last range's first item. */
export function defaultPriceTableRows(ranges: readonly PriceRange[]): number {
  return Math.max(0, ...ranges.map((range) => range.min_photos));
}

/** What each item beyond the table's rows costs: the last range's price (null without ranges). */
export function additionalItemPrice(ranges: readonly PriceRange[]): number | null {
  return sorted(ranges).at(-1)?.price ?? null;
}
