// The routing rules of section 2, in one place: the preview server applies them and the build
// writes them out for static hosts (_redirects, and nginx's block).

import { formatCardCode } from './card-code.ts';

export type SiteRoute = { kind: 'file'; file: string } | { kind: 'redirect'; location: '/' };

const HOME: SiteRoute = { kind: 'redirect', location: '/' };

/**
 * Maps a request path to a file of the site folder: `/` exact, `/gallery` and `/gallery/{code}`
 * serve the gallery page, existing pages and assets serve themselves, anything else goes home.
 */
export function routeSitePath(pathname: string, hasFile: (file: string) => boolean): SiteRoute {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return HOME;
  }
  if (path.includes('\0') || path.split('/').some((segment) => segment === '..' || segment === '.')) return HOME;
  if (path === '/' || path === '/index.html') return { kind: 'file', file: 'index.html' };
  if (path === '/gallery' || path.startsWith('/gallery/')) return { kind: 'file', file: 'gallery/index.html' };

  const relative = path.replace(/^\/+/, '').replace(/\/+$/, '');
  if (relative && hasFile(relative)) return { kind: 'file', file: relative };
  const page = `${relative}/index.html`;
  if (relative && hasFile(page)) return { kind: 'file', file: page };
  return HOME;
}

/**
 * The gallery of several cards (the facial search's choice, an order's cards): the first in the
 * path, the others in ?cards=. The site links to it and the API's e-mails do.
 */
export function galleryPathOfCards(codes: readonly string[]): string {
  const [first = '', ...others] = codes;
  const path = `/gallery/${formatCardCode(first)}`;
  return others.length ? `${path}?cards=${others.map(formatCardCode).join(',')}` : path;
}

/**
 * Where a link to cards sent outside the site (the API's e-mails) leads: their gallery; under
 * two-factor, the home with the first card filled in (`?card=`, never submitted by itself there),
 * which asks its access code: such a link never opens what only the code may.
 */
export function cardsLinkPath(codes: readonly string[], twoFactor: boolean): string {
  return twoFactor ? `/?card=${formatCardCode(codes[0] ?? '')}` : galleryPathOfCards(codes);
}

/** The same rules for Netlify / Cloudflare Pages style hosts, where existing files win. */
export function redirectsFile(): string {
  return ['/gallery /gallery/index.html 200', '/gallery/* /gallery/index.html 200', '/* / 302', ''].join('\n');
}

/** The web name a request is for: the first label of `<webName>.localhost`, else the default. */
export function tenantFromHost(host: string | undefined, fallback: string): string {
  const hostname = (host ?? '').replace(/:\d+$/, '').toLowerCase();
  const labels = hostname.split('.');
  if (labels.length >= 2 && labels.at(-1) === 'localhost' && labels[0]) return labels[0];
  return fallback;
}

// Headers, one rule for every place that serves a site: _headers (Netlify, Cloudflare Pages), the
// preview server, nginx's block (docs/nginx-site.conf) and the CDN upload (Cache-Control, the one
// header an object carries). Astro's hashed assets never change, everything else must be
// re-checked; no page may be framed (the checkout least of all), no file sniffed into another
// type, no card code leak into another origin's Referer. The pages' own policy (their scripts by
// hash, the API, analytics, Sentry) is each page's <meta> (src/lib/page-policy.ts), written by the
// build that bakes those addresses; this one holds what a <meta> cannot (frame-ancestors).
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SITE_POLICY = "frame-ancestors 'none'; base-uri 'none'; object-src 'none'; form-action 'self'";
/** A tenant's branding file opened on its own draws but runs nothing (as the API serves it). */
const BRANDING_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";

type Headers = Readonly<Record<string, string>>;

/** What every file of a site is served with... */
const EVERY_FILE: Headers = {
  'Content-Security-Policy': SITE_POLICY,
  'Referrer-Policy': 'same-origin',
  'X-Content-Type-Options': 'nosniff',
};
/** ...and what differs, by folder. */
const BY_FOLDER: Readonly<Record<string, Headers>> = {
  '_astro/': { 'Cache-Control': IMMUTABLE },
  'branding/': { 'Content-Security-Policy': BRANDING_POLICY },
};

/** The headers of a file of the site folder, by its path relative to the folder (`/` separated). */
export function siteHeadersOf(file: string): Headers {
  const folder = Object.keys(BY_FOLDER).find((prefix) => file.startsWith(prefix));
  return { 'Cache-Control': REVALIDATE, ...EVERY_FILE, ...(folder ? BY_FOLDER[folder] : {}) };
}

/** The Cache-Control of a file of the site folder (what the CDN upload sets on each object). */
export function cacheControlOf(file: string): string {
  return siteHeadersOf(file)['Cache-Control'] as string;
}

/**
 * The rule for static hosts. Cache-Control is written for /_astro/* alone: a header two matching
 * rules set is joined into one list on Cloudflare Pages ("no-cache, ... immutable"), and both
 * hosts already answer everything else with max-age=0, must-revalidate, which is no-cache.
 */
export function headersFile(): string {
  const block = (pattern: string, headers: Headers) => [pattern, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)];
  return [...block('/*', EVERY_FILE), ...Object.entries(BY_FOLDER).flatMap(([folder, headers]) => block(`/${folder}*`, headers)), ''].join('\n');
}

/** Files of a site folder that are rules for hosts or the publisher's, not pages: nginx never serves them. */
const HOST_FILES = ['_redirects', '_headers', '_release.json'] as const;

/**
 * The nginx server block's body for one site folder (`root .../dist/sites/<webName>;`): the
 * routing of routeSitePath and the headers of siteHeadersOf. docs/nginx-site.conf and the README
 * hold this text (tests/build/nginx.test.ts checks both and runs it in nginx).
 */
export function nginxSiteBlock(): string {
  // A location with its own add_header drops the server's, so each one lists all of its file's.
  const headers = (file: string, indent: string) => Object.entries(siteHeadersOf(file)).map(([name, value]) => `${indent}add_header ${name} "${value}";`);
  const folders = Object.keys(BY_FOLDER).flatMap((folder) => [`location /${folder} {`, ...headers(`${folder}x`, '  '), '  try_files $uri @home;', '}']);
  return [
    '# One site folder, as contract/site-routing.ts serves it (generated by nginxSiteBlock()).',
    ...headers('index.html', ''),
    'location = / { try_files /index.html =404; }',
    'location = /gallery { try_files /gallery/index.html =404; }',
    'location /gallery/ { try_files /gallery/index.html =404; }',
    ...folders,
    ...HOST_FILES.map((file) => `location = /${file} { return 404; }`),
    'location / { try_files $uri $uri/index.html @home; }',
    'location @home { return 302 /; }',
    '',
  ].join('\n');
}
