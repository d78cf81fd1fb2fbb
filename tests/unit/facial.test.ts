import { describe, expect, it } from 'vitest';
import {
  canSearchFaces,
  cardsToOpen,
  LIKELY_SIMILARITY,
  matchConfidence,
  withCode,
  dateOfDay,
  dayOfDate,
  firstFacialStep,
  formatDay,
  fullDayName,
  isValidPeriod,
  nextDay,
  periodOfRange,
  searchPeriod,
} from '../../src/lib/facial.ts';
import { findsByCredential } from '../../src/tenant/organization.ts';
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
    expect(isValidPeriod('2026-12-31', '2027-01-01')).toBe(true);
    expect(isValidPeriod('2026-02-30', '2026-03-02')).toBe(false);
  });

  it('needs the terms too, and at least one date', () => {
    expect(canSearchFaces(true, { start: '2026-11-21', end: '2026-11-22' })).toBe(true);
    expect(canSearchFaces(false, { start: '2026-11-21', end: '2026-11-22' })).toBe(false);
    expect(canSearchFaces(true, { start: '', end: '' })).toBe(false);
  });

  it('one date picked is that day and the next: the end defaults to the start plus 1 day', () => {
    expect(searchPeriod({ start: '2026-11-21', end: '' })).toEqual({ start: '2026-11-21', end: '2026-11-22' });
    expect(searchPeriod({ start: '2026-11-21', end: '2026-11-21' })).toEqual({ start: '2026-11-21', end: '2026-11-22' });
    expect(searchPeriod({ start: '2026-12-31', end: '' })).toEqual({ start: '2026-12-31', end: '2027-01-01' });
    expect(searchPeriod({ start: '2026-11-21', end: '2026-11-25' })).toEqual({ start: '2026-11-21', end: '2026-11-25' });
    expect(searchPeriod({ start: '', end: '' })).toEqual({ start: '', end: '' });
    expect(canSearchFaces(true, { start: '2026-11-21', end: '' })).toBe(true);
    expect(canSearchFaces(true, { start: '2026-11-21', end: '2026-11-21' })).toBe(true);
  });
});

describe('the calendar (section 2)', () => {
  for (const zone of ['Asia/Tokyo', 'America/Sao_Paulo']) {
    it(`turns the calendar's local days into the API's days and back (${zone})`, () => {
      const before = process.env['TZ'];
      process.env['TZ'] = zone;
      try {
        // Local midnight: toISOString() would give the day before east of Greenwich.
        expect(dayOfDate(new Date(2026, 10, 1))).toBe('2026-11-01');
        // Late evening: toISOString() would give the day after west of Greenwich.
        expect(dayOfDate(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-31');
        expect(dateOfDay('2026-11-01')).toEqual(new Date(2026, 10, 1));
        expect(dateOfDay('')).toBeUndefined();
        expect(dateOfDay('01/11/2026')).toBeUndefined();
      } finally {
        if (before === undefined) delete process.env['TZ'];
        else process.env['TZ'] = before;
      }
    });
  }

  it('a range of one day (first click, or the same day twice) searches that day and the next; two days are the period', () => {
    const day = (d: number) => new Date(2026, 10, d);
    expect(periodOfRange(undefined)).toEqual({ start: '', end: '' });
    expect(periodOfRange({ from: day(21), to: undefined })).toEqual({ start: '2026-11-21', end: '' });
    const single = periodOfRange({ from: day(21), to: day(21) });
    expect(searchPeriod(single)).toEqual({ start: '2026-11-21', end: '2026-11-22' });
    const two = periodOfRange({ from: day(21), to: day(22) });
    expect(two).toEqual({ start: '2026-11-21', end: '2026-11-22' });
    expect(isValidPeriod(two.start, two.end)).toBe(true);
  });

  it("writes a day in the visitor's language: day/month/year in pt-BR and es", () => {
    expect(formatDay('2026-11-21', 'pt-BR')).toBe('21/11/2026');
    expect(formatDay('2026-11-21', 'es-ES')).toBe('21/11/2026');
    expect(formatDay('2026-11-21', 'en-US')).toBe('11/21/2026');
    expect(formatDay('', 'pt-BR')).toBe('');
  });

  it("names a day with its number as the button shows it (the button's name contains its text)", () => {
    expect(fullDayName(new Date(2026, 10, 1), 'en-US')).toBe('Sunday, November 1, 2026');
    expect(fullDayName(new Date(2026, 10, 1), 'pt-BR')).toBe('domingo, 1 de novembro de 2026');
    expect(fullDayName(new Date(2026, 10, 1), 'es-ES')).toBe('domingo, 1 de noviembre de 2026');
  });

  it('credential mode (an organization that finds visitors by credential) starts at the QR step', () => {
    const organization = (findCustomerWithCredential: boolean, initialForm: 'card' | 'customer' | 'credential') => ({
      findCustomerWithCredential,
      initialForm,
    });
    expect(findsByCredential(organization(false, 'credential'))).toBe(true);
    expect(findsByCredential(organization(true, 'card'))).toBe(true);
    expect(findsByCredential(organization(false, 'card'))).toBe(false);
    expect(firstFacialStep(true)).toBe('qrcode');
    expect(firstFacialStep(false)).toBe('period');
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

describe('the cards found', () => {
  it('read "very likely" from LIKELY_SIMILARITY up, "possibly" below', () => {
    expect(matchConfidence(1)).toBe('likely');
    expect(matchConfidence(LIKELY_SIMILARITY)).toBe('likely');
    expect(matchConfidence(LIKELY_SIMILARITY - 0.01)).toBe('possible');
    expect(matchConfidence(0.5)).toBe('possible');
  });

  it('open in the order found, without the dropped and the unticked ones', () => {
    const cards = [{ code: 'A' }, { code: 'B' }, { code: 'C' }];
    expect(cardsToOpen(cards, { dropped: [], unticked: [] })).toEqual(['A', 'B', 'C']);
    expect(cardsToOpen(cards, { dropped: ['B'], unticked: ['C'] })).toEqual(['A']);
    expect(cardsToOpen(cards, { dropped: ['A', 'B', 'C'], unticked: [] })).toEqual([]);
  });

  it('keep each code once in a choice list', () => {
    expect(withCode(['A'], 'A', true)).toEqual(['A']);
    expect(withCode(['A', 'B'], 'A', false)).toEqual(['B']);
    expect(withCode([], 'A', true)).toEqual(['A']);
  });
});
