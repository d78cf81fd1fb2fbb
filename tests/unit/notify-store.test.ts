// The empty-card modal's "e-mail me when my photos arrive": the store asks the API only with an
// address and consent, for the card just found empty, in the visitor's language.
import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it } from 'vitest';
import { $emptyCard } from '../../src/stores/home.ts';
import { $arrivalNotice, requestArrivalNotice, resetArrivalNotice } from '../../src/stores/notify.ts';
import { type Asked, fakeNetwork, Refusal } from '../factories/network.ts';

afterEach(() => cleanStores($arrivalNotice, $emptyCard));

describe('the arrival notice', () => {
  it('sends the address, the consent and the language for the card found empty, and keeps the address to show', async () => {
    const asked: Asked[] = fakeNetwork(({ path }) => {
      if (path === '/api/v1/notify/7/NOTIFY001') return { error: false, message: 'OK' };
      throw new Refusal('NOT_FOUND', 404);
    });
    $emptyCard.set('NOTIFY001');
    resetArrivalNotice();
    expect(await requestArrivalNotice(7, ' ana@example.com ', false, 'es')).toBe(false);
    expect($arrivalNotice.get().error).toBe('VALIDATION_ERROR');
    expect(await requestArrivalNotice(7, 'not an address', true, 'es')).toBe(false);
    expect(asked).toEqual([]);
    expect(await requestArrivalNotice(7, ' ana@example.com ', true, 'es')).toBe(true);
    expect(asked.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/api/v1/notify/7/NOTIFY001', body: { email: 'ana@example.com', consent: true, locale: 'es' } },
    ]);
    expect($arrivalNotice.get()).toMatchObject({ data: 'ana@example.com', error: null });
  });

  it('says so when the API refuses (too many requests for the address)', async () => {
    fakeNetwork(() => {
      throw new Refusal('RATE_LIMITED', 429);
    });
    $emptyCard.set('NOTIFY002');
    resetArrivalNotice();
    expect(await requestArrivalNotice(7, 'bia@example.com', true, 'pt')).toBe(false);
    expect($arrivalNotice.get()).toMatchObject({ data: null, error: 'RATE_LIMITED' });
  });
});
