import type { Locale } from '../i18n/index.ts';

/** Site-relative URLs of a tenant's branding files; a missing one falls back to a default. */
export interface Branding {
  logo?: string;
  banner?: Partial<Record<Locale, string>>;
  background?: string;
  favicon?: string;
  errorBanner?: string;
}

/** File stems in tenants/<webName>/branding/, mapped to where they land in the built site. */
export const BRANDING_FILES = ['logo', 'banner-pt', 'banner-en', 'banner-es', 'background', 'favicon', 'error-banner'] as const;
export const BRANDING_EXTENSIONS = ['.svg', '.png', '.jpg', '.jpeg', '.webp', '.ico'] as const;

/** Builds the Branding of the files found, each named `<stem><ext>` and served from /branding/. */
export function brandingFrom(found: Array<{ stem: (typeof BRANDING_FILES)[number]; file: string }>): Branding {
  const branding: Branding = {};
  for (const { stem, file } of found) {
    const url = `/branding/${file}`;
    if (stem === 'logo') branding.logo = url;
    else if (stem === 'background') branding.background = url;
    else if (stem === 'favicon') branding.favicon = url;
    else if (stem === 'error-banner') branding.errorBanner = url;
    else branding.banner = { ...branding.banner, [stem.slice('banner-'.length)]: url };
  }
  return branding;
}

/**
 * The gallery banner's sources, in the order to try them: SITE_BANNER's URL when the organization
 * set one, then the tenant's banner file for the locale (pt when that locale has none); always at
 * SITE_BANNER's height. A source that cannot load gives way to the next, the last to nothing.
 */
export function bannerFor(
  siteBanner: { url: string | null; height: number },
  files: Branding['banner'],
  locale: Locale,
): { sources: string[]; height: number } | null {
  const file = files?.[locale] ?? files?.pt;
  const sources = [siteBanner.url, file].filter((src): src is string => Boolean(src));
  return sources.length ? { sources, height: siteBanner.height } : null;
}

export type BrandingStem = (typeof BRANDING_FILES)[number];

/** The stem of a valid branding file name (`logo.svg` is `logo`), or null for any other name. */
export function brandingStem(fileName: string): BrandingStem | null {
  const dot = fileName.lastIndexOf('.');
  const stem = fileName.slice(0, dot);
  const extension = fileName.slice(dot).toLowerCase();
  const known = (BRANDING_FILES as readonly string[]).includes(stem) && (BRANDING_EXTENSIONS as readonly string[]).includes(extension);
  return dot > 0 && known ? (stem as BrandingStem) : null;
}
