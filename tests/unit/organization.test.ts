import { describe, expect, it } from 'vitest';
import { isWebName } from '@gallery/contract/rules';
import { toOrganization } from '../../src/tenant/organization-schema.ts';
import { backgroundCss, bannerFor, logoSize } from '../../src/tenant/branding.ts';
import { pageTitle } from '../../src/tenant/organization.ts';
import { wireOrganization } from '../factories/organization.ts';

describe('the organization schema', () => {
  it('reshapes a valid organization and reads SITE_BANNER from the config string', () => {
    const org = toOrganization(
      wireOrganization({
        features_organization: {
          two_factor_authentication: true,
          webapp_initial_form: 'customer',
          config: '{"SITE_BANNER":{"URL":"https://x.test/b.png","HEIGHT":120}}',
        },
      }),
      'parque',
    );
    expect(org).toMatchObject({ webName: 'parque', twoFactor: true, initialForm: 'customer', banner: { url: 'https://x.test/b.png', height: 120 } });
  });

  it('defaults the banner height to 80 px', () => {
    expect(toOrganization(wireOrganization(), 'parque').banner).toEqual({ url: null, height: 80 });
  });

  it('names the tenant and the wrong field', () => {
    const bad = wireOrganization();
    (bad.features.site as Record<string, unknown>)['free_photos'] = 'yes';
    expect(() => toOrganization(bad, 'parque')).toThrow(/tenant "parque": features\.site\.free_photos/);
    expect(() => toOrganization({ ...wireOrganization(), web_name: 'Bad Name' }, 'x')).toThrow(/web_name/);
    // Every wrong field at once, in the contract's words (the same schema as the API and the CLI).
    expect(() => toOrganization({ ...wireOrganization(), id: 0, has_online_sale: 'yes' }, 'x')).toThrow(
      'tenant "x": id must be a positive integer of at most 2147483647; has_online_sale must be true or false',
    );
    expect(() =>
      toOrganization(wireOrganization({ features_organization: { two_factor_authentication: false, webapp_initial_form: 'card', config: '{oops' } }), 'x'),
    ).toThrow(/tenant "x": features_organization.config is not valid JSON/);
  });

  it('titles pages with the capitalised name, plus " - Galeria" on the gallery', () => {
    expect(pageTitle({ name: 'parque' })).toBe('Parque');
    expect(pageTitle({ name: 'parque' }, true)).toBe('Parque - Galeria');
  });
});

describe('the gallery banner', () => {
  const files = { pt: { url: '/branding/banner-pt.svg', size: { width: 1200, height: 100 } }, en: { url: '/branding/banner-en.svg', size: null } };
  it("takes SITE_BANNER's URL first, at most its height, with the tenant's file behind it; its size is known only once loaded", () => {
    expect(bannerFor({ url: 'https://cdn.test/b.png', height: 120 }, files, 'pt')).toEqual({
      sources: ['https://cdn.test/b.png', '/branding/banner-pt.svg'],
      height: 120,
      size: null,
    });
    expect(bannerFor({ url: 'https://cdn.test/b.png', height: 120 }, undefined, 'en')).toEqual({
      sources: ['https://cdn.test/b.png'],
      height: 120,
      size: null,
    });
  });
  it("else the tenant's file for the locale, pt when the locale has none, with the file's size", () => {
    expect(bannerFor({ url: null, height: 80 }, files, 'en')).toEqual({ sources: ['/branding/banner-en.svg'], height: 80, size: null });
    expect(bannerFor({ url: null, height: 80 }, files, 'es')).toEqual({ sources: ['/branding/banner-pt.svg'], height: 80, size: { width: 1200, height: 100 } });
  });
  it('shows none without either', () => {
    expect(bannerFor({ url: null, height: 80 }, undefined, 'pt')).toBeNull();
  });
});

describe('the page background', () => {
  it('repeats a small tile at its own size', () => {
    expect(backgroundCss({ url: '/branding/background.png', size: { width: 48, height: 48 } })).toBe('body{background:url("/branding/background.png") repeat}');
    expect(backgroundCss({ url: '/branding/background.svg', size: { width: 512, height: 256 } })).toContain(' repeat}');
  });
  it('covers the screen from the centre with a large picture, or one of unknown size', () => {
    expect(backgroundCss({ url: '/branding/background.svg', size: { width: 1600, height: 1000 } })).toBe(
      'body{background:url("/branding/background.svg") center/cover fixed}',
    );
    expect(backgroundCss({ url: '/branding/background.jpg', size: { width: 400, height: 900 } })).toContain('center/cover');
    expect(backgroundCss({ url: '/branding/background.webp', size: null })).toContain('center/cover');
  });
});

describe('the header logo', () => {
  it("is 40 px high and as wide as its file's ratio makes it, so the header keeps its place while it loads", () => {
    expect(logoSize({ url: '/branding/logo.svg', size: { width: 190, height: 40 } })).toEqual({ width: 190, height: 40 });
    expect(logoSize({ url: '/branding/logo.png', size: { width: 1000, height: 300 } })).toEqual({ width: 133, height: 40 });
  });

  it('keeps its height alone when the build could not read its size', () => {
    expect(logoSize({ url: '/branding/logo.ico', size: null })).toEqual({ height: 40 });
  });
});

describe('the web-name rule (one for the API, the CLI and the build)', () => {
  it('takes 1-63 lower-case letters, digits or dashes, not starting with a dash', () => {
    for (const name of ['demo', 'parque-2', 'a', 'x'.repeat(63)]) expect(isWebName(name), name).toBe(true);
    for (const name of ['', '-demo', 'Demo', 'de mo', 'demo.com', 'x'.repeat(64), '../etc']) expect(isWebName(name), name).toBe(false);
  });
});
