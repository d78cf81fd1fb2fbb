import { describe, expect, it } from 'vitest';
import { contentTypeOf } from '@gallery/contract/content-types';
import { inLocale } from '@gallery/contract/locales';
import { cardCodeFromGalleryPath, cardCodesFromQuery, galleryPath, withAddedCards } from '../../src/lib/routes.ts';
import { cacheControlOf, cardsLinkPath, headersFile, redirectsFile, routeSitePath, siteHeadersOf, tenantFromHost } from '@gallery/contract/site-routing';

describe('gallery paths', () => {
  it('builds /gallery/{code}, keeping the credential', () => {
    expect(galleryPath('DEMO00001')).toBe('/gallery/DE-MO00-001');
    expect(galleryPath('DEMO00001', 'ABC DEF')).toBe('/gallery/DE-MO00-001?credential=ABC%20DEF');
  });

  it('reads the code back, and nothing else', () => {
    expect(cardCodeFromGalleryPath('/gallery/DE-MO00-001')).toBe('DEMO00001');
    expect(cardCodeFromGalleryPath('/gallery/demo00001/')).toBe('DEMO00001');
    expect(cardCodeFromGalleryPath('/gallery/')).toBeNull();
    expect(cardCodeFromGalleryPath('/gallery/DEMO')).toBeNull();
    expect(cardCodeFromGalleryPath('/gallery/%E0%A4%A')).toBeNull();
    expect(cardCodeFromGalleryPath('/terms')).toBeNull();
  });

  it('keeps the added cards in ?cards=, with the other parameters, and reads them back', () => {
    const base = 'http://demo.localhost:4321/gallery/DE-MO00-001';
    expect(withAddedCards(base, ['DEMO00002', 'DEMO00003'])).toBe(`${base}?cards=DE-MO00-002,DE-MO00-003`);
    expect(withAddedCards(`${base}?credential=ABC&cards=DE-MO00-009`, ['DEMO00002'])).toBe(`${base}?credential=ABC&cards=DE-MO00-002`);
    expect(withAddedCards(`${base}?cards=DE-MO00-002&send=1`, [])).toBe(`${base}?send=1`);
    expect(withAddedCards(`${base}?cards=DE-MO00-002`, [])).toBe(base);
    const query = new URL(withAddedCards(base, ['DEMO00002', 'DEMO00003'])).searchParams.get('cards');
    expect(cardCodesFromQuery(query)).toEqual(['DEMO00002', 'DEMO00003']);
  });
});

describe('links to cards from outside the site (e-mails)', () => {
  it("open the gallery; under two-factor, the home asking the first card's access code", () => {
    expect(cardsLinkPath(['DEMO00001', 'DEMO00002'], false)).toBe('/gallery/DE-MO00-001?cards=DE-MO00-002');
    expect(cardsLinkPath(['COFREE001', 'COFREE002'], true)).toBe('/?card=CO-FREE-001');
  });

  it('open in the language the e-mail is in', () => {
    expect(inLocale('/gallery/DE-MO00-001', 'es')).toBe('/gallery/DE-MO00-001?lang=es');
    expect(inLocale('/gallery/DE-MO00-001?cards=DE-MO00-002', 'en')).toBe('/gallery/DE-MO00-001?cards=DE-MO00-002&lang=en');
  });
});

describe('site routing rules (section 2)', () => {
  const files = new Set(['index.html', 'gallery/index.html', 'terms/index.html', '_astro/app.1234.js', 'favicon.svg']);
  const route = (p: string) => routeSitePath(p, (f) => files.has(f));

  it('serves home, gallery pages, other pages and assets', () => {
    expect(route('/')).toEqual({ kind: 'file', file: 'index.html' });
    expect(route('/gallery')).toEqual({ kind: 'file', file: 'gallery/index.html' });
    expect(route('/gallery/DE-MO00-001')).toEqual({ kind: 'file', file: 'gallery/index.html' });
    expect(route('/terms')).toEqual({ kind: 'file', file: 'terms/index.html' });
    expect(route('/terms/')).toEqual({ kind: 'file', file: 'terms/index.html' });
    expect(route('/_astro/app.1234.js')).toEqual({ kind: 'file', file: '_astro/app.1234.js' });
  });

  it('sends anything else, and any traversal, home', () => {
    expect(route('/nope')).toEqual({ kind: 'redirect', location: '/' });
    expect(route('/galleryx')).toEqual({ kind: 'redirect', location: '/' });
    expect(route('/../../etc/passwd')).toEqual({ kind: 'redirect', location: '/' });
    expect(route('/%2e%2e/secret')).toEqual({ kind: 'redirect', location: '/' });
    expect(route('/%E0%A4%A')).toEqual({ kind: 'redirect', location: '/' });
  });

  it('writes the same rules for static hosts', () => {
    expect(redirectsFile()).toContain('/gallery/* /gallery/index.html 200');
    expect(redirectsFile().trim().split('\n').at(-1)).toBe('/* / 302');
  });

  it('caches hashed assets for a year and re-checks everything else', () => {
    expect(cacheControlOf('_astro/app.abc123.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlOf('gallery/index.html')).toBe('no-cache');
    expect(cacheControlOf('branding/logo.svg')).toBe('no-cache');
  });

  it('serves every file unframable, unsniffable, with no Referer for other origins; branding runs nothing', () => {
    expect(siteHeadersOf('gallery/index.html')).toEqual({
      'Cache-Control': 'no-cache',
      'Content-Security-Policy': "frame-ancestors 'none'; base-uri 'none'; object-src 'none'; form-action 'self'",
      'Referrer-Policy': 'same-origin',
      'X-Content-Type-Options': 'nosniff',
    });
    expect(siteHeadersOf('_astro/app.abc123.js')).toMatchObject({ 'X-Content-Type-Options': 'nosniff', 'Cache-Control': cacheControlOf('_astro/x.js') });
    expect(siteHeadersOf('branding/logo.svg')['Content-Security-Policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'",
    );
  });

  it('writes the same headers for static hosts', () => {
    const file = headersFile();
    expect(file).toBe(
      [
        '/*',
        `  Content-Security-Policy: ${siteHeadersOf('index.html')['Content-Security-Policy']}`,
        '  Referrer-Policy: same-origin',
        '  X-Content-Type-Options: nosniff',
        '/_astro/*',
        `  Cache-Control: ${cacheControlOf('_astro/x.js')}`,
        '/branding/*',
        `  Content-Security-Policy: ${siteHeadersOf('branding/logo.svg')['Content-Security-Policy']}`,
        '',
      ].join('\n'),
    );
  });

  it('picks the tenant from <webName>.localhost', () => {
    expect(tenantFromHost('demo.localhost:4321', 'x')).toBe('demo');
    expect(tenantFromHost('Parque.LOCALHOST', 'x')).toBe('parque');
    expect(tenantFromHost('localhost:4321', 'demo')).toBe('demo');
    expect(tenantFromHost('127.0.0.1:4321', 'demo')).toBe('demo');
    expect(tenantFromHost(undefined, 'demo')).toBe('demo');
  });
});

describe('content types', () => {
  it('names the type of every static file the product serves', () => {
    expect(contentTypeOf('/x/index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('_astro/app.1234.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('LOGO.SVG')).toBe('image/svg+xml');
    expect(contentTypeOf('_redirects')).toBe('application/octet-stream');
  });
});
