import type { BrandingStem } from '@gallery/contract/branding-files';
import type { Locale } from '../i18n/index.ts';

/** A picture's size in pixels, as the build read it from its file. */
export interface ImageSize {
  width: number;
  height: number;
}

/** A branding picture whose shape the page needs before it loads: its URL, and its size (null when unreadable). */
export interface BrandingImage {
  url: string;
  size: ImageSize | null;
}

/** Site-relative URLs of a tenant's branding files; a missing one falls back to a default. */
export interface Branding {
  logo?: BrandingImage;
  banner?: Partial<Record<Locale, BrandingImage>>;
  background?: BrandingImage;
  favicon?: string;
  errorBanner?: string;
}

/** Builds the Branding of the files found, each named `<stem><ext>` and served from /branding/, with its size when read. */
export function brandingFrom(found: Array<{ stem: BrandingStem; file: string; size: ImageSize | null }>): Branding {
  const branding: Branding = {};
  for (const { stem, file, size } of found) {
    const url = `/branding/${file}`;
    if (stem === 'logo') branding.logo = { url, size };
    else if (stem === 'background') branding.background = { url, size };
    else if (stem === 'favicon') branding.favicon = url;
    else if (stem === 'error-banner') branding.errorBanner = url;
    else branding.banner = { ...branding.banner, [stem.slice('banner-'.length)]: { url, size } };
  }
  return branding;
}

/** The header's logo is this tall (CSS pixels). */
const LOGO_HEIGHT = 40;

/** The logo's <img> size: its width follows its file's ratio, so the header keeps its place while it loads (unknown: the height alone). */
export function logoSize({ size }: BrandingImage): { width?: number; height: number } {
  return size ? { width: Math.round((LOGO_HEIGHT * size.width) / size.height), height: LOGO_HEIGHT } : { height: LOGO_HEIGHT };
}

/** Up to this size (pixels, each side) a background is a tile that repeats; a larger one is a picture that covers the page. */
const BACKGROUND_TILE_MAX = 512;

/**
 * The page's background rule for a tenant's background file, as its size suggests: a small tile
 * (a pattern) repeats at its own size; a large picture, or one of unknown size, covers the
 * screen from its centre. Covering with a tile would blow one motif up to the whole screen.
 */
export function backgroundCss({ url, size }: BrandingImage): string {
  const tile = size !== null && size.width <= BACKGROUND_TILE_MAX && size.height <= BACKGROUND_TILE_MAX;
  return `body{background:url(${JSON.stringify(url)}) ${tile ? 'repeat' : 'center/cover fixed'}}`;
}

/**
 * The gallery banner's sources, in the order to try them: SITE_BANNER's URL when the organization
 * set one, then the tenant's banner file for the locale (pt when that locale has none); at most
 * SITE_BANNER's height. A source that cannot load gives way to the next, the last to nothing. The
 * size is the file's, when the file is what shows (SITE_BANNER's picture is known only once loaded).
 */
export function bannerFor(
  siteBanner: { url: string | null; height: number },
  files: Branding['banner'],
  locale: Locale,
): { sources: string[]; height: number; size: ImageSize | null } | null {
  const file = files?.[locale] ?? files?.pt;
  const sources = [siteBanner.url, file?.url].filter((src): src is string => Boolean(src));
  const size = siteBanner.url ? null : (file?.size ?? null);
  return sources.length ? { sources, height: siteBanner.height, size } : null;
}

/** A banner's sources per locale, and their ratio when the build knows the first one's size (Banner.astro). */
export type BannerSources = Record<Locale, { sources: string[]; ratio: number | null }>;

const ratioOf = (size: ImageSize | null | undefined) => (size ? size.width / size.height : null);

/** The home's hero: the tenant's banner file of each locale (pt when that locale has none). */
export function heroBanners(files: Branding['banner']): BannerSources {
  const of = (locale: Locale) => {
    const file = files?.[locale] ?? files?.pt;
    return { sources: file ? [file.url] : [], ratio: ratioOf(file?.size) };
  };
  return { pt: of('pt'), en: of('en'), es: of('es') };
}

/** The gallery's banner of each locale (bannerFor). */
export function galleryBanners(siteBanner: { url: string | null; height: number }, files: Branding['banner']): BannerSources {
  const of = (locale: Locale) => {
    const banner = bannerFor(siteBanner, files, locale);
    return { sources: banner?.sources ?? [], ratio: ratioOf(banner?.size) };
  };
  return { pt: of('pt'), en: of('en'), es: of('es') };
}
