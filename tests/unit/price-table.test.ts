import { describe, expect, it } from 'vitest';
import { additionalItemPrice, defaultPriceTableRows, priceForCount, priceTable, type PriceRange } from '@gallery/contract/price-table';

const demo: PriceRange[] = [
  { min_photos: 3, max_photos: 5, price: 2000 },
  { min_photos: 1, max_photos: 2, price: 2500 },
  { min_photos: 6, max_photos: null, price: 1500 },
];

describe('priceForCount', () => {
  it('sums each item at its range price (ranges in any order)', () => {
    expect([0, 1, 2, 3, 5, 6, 8].map((n) => priceForCount(demo, n))).toEqual([0, 2500, 5000, 7000, 11000, 12500, 15500]);
  });

  it('prices items beyond the last range at its price, even when it has a max', () => {
    const closed: PriceRange[] = [
      { min_photos: 1, max_photos: 1, price: 1000 },
      { min_photos: 2, max_photos: 3, price: 800 },
    ];
    expect(priceForCount(closed, 3)).toBe(2600);
    expect(priceForCount(closed, 5)).toBe(4200);
  });

  it('costs nothing without ranges or items', () => {
    expect(priceForCount([], 4)).toBe(0);
    expect(priceForCount(demo, -1)).toBe(0);
  });

  it('uses the first range for items before it starts', () => {
    expect(priceForCount([{ min_photos: 3, max_photos: null, price: 100 }], 2)).toBe(200);
  });
});

describe('priceTable', () => {
  it('lists the running sums and the all-digital row when it costs more than 0', () => {
    expect(priceTable(demo, defaultPriceTableRows(demo), { price: 9900, description: 'Tudo' })).toEqual([
      { kind: 'count', count: 1, total: 2500 },
      { kind: 'count', count: 2, total: 5000 },
      { kind: 'count', count: 3, total: 7000 },
      { kind: 'count', count: 4, total: 9000 },
      { kind: 'count', count: 5, total: 11000 },
      { kind: 'count', count: 6, total: 12500 },
      { kind: 'all_digital', total: 9900, description: 'Tudo' },
    ]);
  });

  it('leaves out a free or missing all-digital package and rows without ranges', () => {
    expect(priceTable(demo, 2, { price: 0 })).toHaveLength(2);
    expect(priceTable(demo, 2, null)).toHaveLength(2);
    expect(priceTable([], 3, { price: 500 })).toEqual([{ kind: 'all_digital', total: 500, description: '' }]);
    expect(defaultPriceTableRows([])).toBe(0);
  });
});

describe('additionalItemPrice', () => {
  it("is the last range's price, whatever order the ranges come in", () => {
    expect(additionalItemPrice(demo)).toBe(1500);
    expect(additionalItemPrice([{ min_photos: 1, max_photos: null, price: 3000 }])).toBe(3000);
    expect(additionalItemPrice([])).toBeNull();
  });
});
