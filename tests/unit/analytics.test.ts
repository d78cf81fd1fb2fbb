import { describe, expect, it } from 'vitest';
import { createAnalytics } from '../../src/lib/analytics.ts';
import { missingIntlFeatures } from '../../src/lib/intl-polyfills.ts';

function memorySession() {
  const values = new Map<string, string>();
  return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v) };
}

describe('analytics', () => {
  it('sends nothing when no measurement id is configured', () => {
    const sent: string[] = [];
    const analytics = createAnalytics({ endpoint: 'https://collect.test' }, (_url, body) => sent.push(body), memorySession());
    analytics.pageView('/', 'Demo');
    analytics.organizationKnown({ id: 1, name: 'Demo' });
    analytics.event('card_loaded');
    expect(analytics.enabled).toBe(false);
    expect(sent).toEqual([]);
  });

  it('reports page views, the organization once per session, and named events', () => {
    const sent: Array<{ url: string; body: { measurement_id: string; client_id: string; events: Array<{ name: string; params: object }> } }> = [];
    const session = memorySession();
    const analytics = createAnalytics(
      { measurementId: 'G-TEST', endpoint: 'https://collect.test/g' },
      (url, body) => sent.push({ url, body: JSON.parse(body) }),
      session,
    );
    analytics.pageView('/gallery/DE-MO00-001', 'Demo - Galeria');
    analytics.organizationKnown({ id: 7, name: 'Demo' });
    analytics.organizationKnown({ id: 7, name: 'Demo' });
    analytics.event('card_loaded', { media_count: 6 });

    expect(sent.map((s) => s.body.events[0]?.name)).toEqual(['page_view', 'organization_loaded', 'card_loaded']);
    expect(sent[0]).toMatchObject({
      url: 'https://collect.test/g',
      body: { measurement_id: 'G-TEST', events: [{ params: { page_path: '/gallery/DE-MO00-001' } }] },
    });
    expect(sent[1]?.body.events[0]?.params).toEqual({ organization_id: 7, organization_name: 'Demo' });
    expect(new Set(sent.map((s) => s.body.client_id)).size).toBe(1);
  });
});

describe('Intl polyfills', () => {
  it('asks for nothing in a modern browser', () => {
    expect(missingIntlFeatures(Intl)).toEqual([]);
  });

  it('asks for each missing feature, dependencies first', () => {
    expect(missingIntlFeatures(undefined)).toEqual(['getcanonicallocales', 'locale', 'pluralrules', 'numberformat']);
    const oldNumberFormat = function NumberFormat() {};
    expect(
      missingIntlFeatures({
        ...Intl,
        getCanonicalLocales: Intl.getCanonicalLocales,
        Locale: Intl.Locale,
        PluralRules: Intl.PluralRules,
        NumberFormat: oldNumberFormat,
      }),
    ).toEqual(['numberformat']);
  });
});
