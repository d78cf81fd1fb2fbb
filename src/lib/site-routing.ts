// The routing rules of section 2, in one place: the preview server applies them and the build
// writes them out for static hosts (_redirects).

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

// Caching, one rule for every place that serves a site (_headers, the preview server, the CDN
// upload): Astro's hashed assets never change, everything else must be re-checked.
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** The Cache-Control of a file of the site folder, by its path relative to the folder (`/` separated). */
export function cacheControlOf(file: string): string {
  return file.startsWith('_astro/') ? IMMUTABLE : REVALIDATE;
}

/** The caching rule for static hosts. */
export function headersFile(): string {
  return ['/_astro/*', `  Cache-Control: ${IMMUTABLE}`, '/*', `  Cache-Control: ${REVALIDATE}`, ''].join('\n');
}
