// The branding files an organization may have (tenant folders, `branding:set`): one rule for the
// API, which stores and serves them, and the site build, which places them.

/** File stems in tenants/<webName>/branding/, mapped to where they land in the built site. */
export const BRANDING_FILES = ['logo', 'banner-pt', 'banner-en', 'banner-es', 'background', 'favicon', 'error-banner'] as const;
export const BRANDING_EXTENSIONS = ['.svg', '.png', '.jpg', '.jpeg', '.webp', '.ico'] as const;

export type BrandingStem = (typeof BRANDING_FILES)[number];

/** The stem of a valid branding file name (`logo.svg` is `logo`), or null for any other name. */
export function brandingStem(fileName: string): BrandingStem | null {
  const dot = fileName.lastIndexOf('.');
  const stem = fileName.slice(0, dot);
  const extension = fileName.slice(dot).toLowerCase();
  const known = (BRANDING_FILES as readonly string[]).includes(stem) && (BRANDING_EXTENSIONS as readonly string[]).includes(extension);
  return dot > 0 && known ? (stem as BrandingStem) : null;
}
