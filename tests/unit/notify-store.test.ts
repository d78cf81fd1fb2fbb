// "E-mail me when my photos arrive": the store asks the API only with an address and consent, in
// the visitor's language, for the card found empty (the home's modal) or for the days the facial
// search looked at while some of their photos were still being processed.
import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as facial from '../../src/stores/facial.ts';
import { $arrivalNotice, requestArrivalNotice, resetArrivalNotice } from '../../src/stores/notify.ts';
import { type Asked, fakeNetwork, Refusal } from '../factories/network.ts';

afterEach(() => {
  cleanStores($arrivalNotice, facial.$faceSearch, facial.$facialPeriod, facial.$facialNoticePeriod);
  vi.unstubAllGlobals();
});

describe('the arrival notice', () => {
  it('sends the address, the consent and the language for the card found empty, and keeps the address to show', async () => {
    const asked: Asked[] = fakeNetwork(({ path }) => {
      if (path === '/api/v1/notify/7/NOTIFY001') return { error: false, message: 'OK' };
      throw new Refusal('NOT_FOUND', 404);
    });
    resetArrivalNotice();
    const card = { card: 'NOTIFY001' };
    expect(await requestArrivalNotice(7, card, ' ana@example.com ', false, 'es')).toBe(false);
    expect($arrivalNotice.get().error).toBe('VALIDATION_ERROR');
    expect(await requestArrivalNotice(7, card, 'not an address', true, 'es')).toBe(false);
    expect(asked).toEqual([]);
    expect(await requestArrivalNotice(7, card, ' ana@example.com ', true, 'es')).toBe(true);
    expect(asked.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/api/v1/notify/7/NOTIFY001', body: { email: 'ana@example.com', consent: true, locale: 'es' } },
    ]);
    expect($arrivalNotice.get()).toMatchObject({ data: 'ana@example.com', error: null });
  });

  it('says so when the API refuses (too many requests for the address)', async () => {
    fakeNetwork(() => {
      throw new Refusal('RATE_LIMITED', 429);
    });
    resetArrivalNotice();
    expect(await requestArrivalNotice(7, { card: 'NOTIFY002' }, 'bia@example.com', true, 'pt')).toBe(false);
    expect($arrivalNotice.get()).toMatchObject({ data: null, error: 'RATE_LIMITED' });
  });

  it('from the facial search: offered only while photos of the days searched are pending, and asked for those days', async () => {
    let pending = 0;
    const asked: Asked[] = fakeNetwork(({ path }) => {
      if (path === '/api/v1/card/search/photo') return { error: false, message: 'OK', cards: [], pending };
      if (path === '/api/v1/notify/7') return { error: false, message: 'OK' };
      throw new Refusal('NOT_FOUND', 404);
    });
    const photo = new Blob(['x'], { type: 'image/jpeg' });
    facial.startFacial(false);
    // One day picked: the search (and so the notice) covers it and the next, as the search asks.
    facial.pickFacialPeriod({ start: '2026-11-21', end: '' });
    await facial.searchFaces(7, [photo]);
    expect(facial.$facialNoticePeriod.get()).toBeNull();

    pending = 3;
    await facial.searchFaces(7, [photo]);
    const period = facial.$facialNoticePeriod.get();
    expect(period).toEqual({ start: '2026-11-21', end: '2026-11-22' });
    resetArrivalNotice();
    expect(await requestArrivalNotice(7, { period: period! }, 'caio@example.com', true, 'en')).toBe(true);
    expect(asked.filter(({ path }) => path.startsWith('/api/v1/notify/')).map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      {
        method: 'POST',
        path: '/api/v1/notify/7',
        body: { email: 'caio@example.com', consent: true, locale: 'en', from_date: '2026-11-21', to_date: '2026-11-22' },
      },
    ]);
  });
});
