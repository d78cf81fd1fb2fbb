import { describe, expect, it } from 'vitest';
import { isValidPeriod, nextDay } from '../../src/lib/facial.ts';
import { cardCodesFromQuery, galleryPathOfCards } from '../../src/lib/routes.ts';

describe('the facial search period (sections 5 and 9)', () => {
  it('defaults the end to the day after the start, across months and years', () => {
    expect(nextDay('2026-11-22')).toBe('2026-11-23');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('')).toBe('');
    expect(nextDay('22/11/2026')).toBe('');
  });

  it('needs at least 2 days: the end on or after the day after the start', () => {
    expect(isValidPeriod('2026-11-21', '2026-11-22')).toBe(true);
    expect(isValidPeriod('2026-11-01', '2026-11-22')).toBe(true);
    expect(isValidPeriod('2026-11-22', '2026-11-22')).toBe(false);
    expect(isValidPeriod('2026-11-22', '2026-11-21')).toBe(false);
    expect(isValidPeriod('', '2026-11-22')).toBe(false);
    expect(isValidPeriod('2026-11-21', 'tomorrow')).toBe(false);
  });
});

describe('the gallery of several cards', () => {
  it('puts the first card in the path and the others in ?cards=, formatted', () => {
    expect(galleryPathOfCards(['DEMO00001'])).toBe('/gallery/DE-MO00-001');
    expect(galleryPathOfCards(['DEMO00001', 'DEMO00002', 'DECART001'])).toBe('/gallery/DE-MO00-001?cards=DE-MO00-002,DE-CART-001');
  });

  it('reads ?cards= back, dropping what is not a card code and repeats', () => {
    expect(cardCodesFromQuery('DE-MO00-002,DE-CART-001')).toEqual(['DEMO00002', 'DECART001']);
    expect(cardCodesFromQuery('demo00002,,<script>,DE-MO00-002,short')).toEqual(['DEMO00002']);
    expect(cardCodesFromQuery(null)).toEqual([]);
  });
});
