// What the browser keeps in localStorage (the language, the visitor key, its orders, the privacy
// notice), through @nanostores/persistent and its own test storage: under the keys the site
// stored before, and with storage that refuses to keep anything.
import { cleanTestStorage, getTestStorage, setPersistentEngine, setTestStorageKey, useTestStorageEngine } from '@nanostores/persistent';
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readOrderId, saveOrderId, visitorKey } from '../../src/lib/order-memory.ts';
import { $locale, chooseLocale } from '../../src/stores/locale.ts';
import { $privacyAccepted, acceptPrivacy } from '../../src/stores/privacy.ts';

beforeEach(() => useTestStorageEngine());

afterEach(() => {
  cleanTestStorage();
  cleanStores($locale, $privacyAccepted);
  vi.unstubAllGlobals();
});

/** Storage that throws on every write, as a full one or Safari's old private mode does. */
function refuseWrites(): void {
  const refused = () => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
  const events = { addEventListener() {}, removeEventListener() {} };
  setPersistentEngine(new Proxy<Record<string, string>>({}, { set: refused, deleteProperty: refused }), events);
}

describe('the language', () => {
  it('starts as the choice stored under "locale" (what the page script reads), pt when none or unknown', () => {
    expect($locale.get()).toBe('pt');
    cleanStores($locale);
    setTestStorageKey('locale', 'es');
    expect($locale.get()).toBe('es');
    cleanStores($locale);
    setTestStorageKey('locale', 'fr');
    expect($locale.get()).toBe('pt');
  });

  it('is stored when chosen, and the page reloads in it', () => {
    const reload = vi.fn();
    vi.stubGlobal('window', { location: { reload } });
    chooseLocale('en');
    expect(getTestStorage()).toEqual({ locale: 'en' });
    expect(reload).toHaveBeenCalledOnce();
  });

  it('still reloads when storage refuses the choice', () => {
    const reload = vi.fn();
    vi.stubGlobal('window', { location: { reload } });
    refuseWrites();
    chooseLocale('en');
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe('the visitor key', () => {
  it('is the one stored under "visitorKey" before', () => {
    setTestStorageKey('visitorKey', 'stored-before-0123456789abcdef');
    expect(visitorKey()).toBe('stored-before-0123456789abcdef');
  });

  it('is made once and stored when there is none or the stored one is not a key', () => {
    setTestStorageKey('visitorKey', 'short');
    const key = visitorKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(getTestStorage()).toEqual({ visitorKey: key });
    expect(visitorKey()).toBe(key);
  });

  it('stays the same for the page when storage refuses to keep it', () => {
    refuseWrites();
    const key = visitorKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
    expect(visitorKey()).toBe(key);
  });
});

describe("the browser's orders", () => {
  it('are found under the keys stored before ("order:<organization>:<first card>")', () => {
    setTestStorageKey('order:7:DEMO00001', 'Ord3r');
    expect(readOrderId(7, 'demo-00001')).toBe('Ord3r');
    expect(readOrderId(8, 'DEMO00001')).toBeNull();
    saveOrderId(8, 'DEMO00002', 'Ord4r');
    expect(getTestStorage()).toMatchObject({ 'order:7:DEMO00001': 'Ord3r', 'order:8:DEMO00002': 'Ord4r' });
    expect(readOrderId(8, 'demo00002')).toBe('Ord4r');
  });

  it('are simply not remembered when storage refuses them', () => {
    refuseWrites();
    expect(() => saveOrderId(7, 'DEMO00001', 'Ord3r')).not.toThrow();
    expect(readOrderId(7, 'DEMO00001')).toBeNull();
  });
});

describe('the privacy notice', () => {
  it('is accepted once "privacyAccepted" holds "true", and accepting stores that', () => {
    expect($privacyAccepted.get()).toBe(false);
    acceptPrivacy();
    expect(getTestStorage()).toEqual({ privacyAccepted: 'true' });
    cleanStores($privacyAccepted);
    expect($privacyAccepted.get()).toBe(true);
  });
});
