import { createHash } from 'node:crypto';
import type { MediaStoreSetting } from '@gallery/contract/s3-settings';

// The Content-Security-Policy of every page, in its <meta>: Astro's security.csp writes it with
// the hashes of the inline scripts it emits, so no other inline script runs. It names the
// addresses the same build bakes into the pages (read from the build's environment, as they
// are): the API (calls, photos, videos), the analytics collector, Sentry, and the media
// storage when downloads answer with signed links to it. What a <meta> cannot hold
// (frame-ancestors) and what every file shares are the headers of contract/site-routing.ts.
// astro.config.mjs reads it at build time; the pages add their banner's origin (originOf).

/** The origin of an http(s) address; null for anything else. */
export function originOf(url: string | undefined | null): string | null {
  if (!url) return null;
  try {
    const { protocol, origin } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? origin : null;
  } catch {
    return null;
  }
}

/** Where the browser fetches media when the API answers with signed links to the storage; null when it streams them itself. */
export function signedLinkOrigin(store: MediaStoreSetting): string | null {
  if (store.kind !== 's3' || !store.signedUrls) return null;
  const endpoint = originOf(store.endpoint);
  if (!endpoint || store.forcePathStyle) return endpoint;
  const { protocol, host } = new URL(endpoint);
  return `${protocol}//${store.bucket}.${host}`;
}

/** Astro's `security.csp` for the build's environment (PUBLIC_API_URL, PUBLIC_ANALYTICS_ENDPOINT, PUBLIC_SENTRY_DSN) and media store (MEDIA_*). */
export function pagePolicy(env: NodeJS.ProcessEnv, store: MediaStoreSetting) {
  const sources = (...urls: Array<string | null>) => [...new Set(urls.filter((url): url is string => Boolean(url)))].join(' ');
  const api = originOf(env['PUBLIC_API_URL']);
  const media = signedLinkOrigin(store);
  return {
    directives: [
      "default-src 'self'",
      `connect-src ${sources("'self'", api, media, originOf(env['PUBLIC_ANALYTICS_ENDPOINT']), originOf(env['PUBLIC_SENTRY_DSN']))}`,
      `img-src ${sources("'self'", 'data:', 'blob:', api, media)}`,
      `media-src ${sources("'self'", 'blob:', api, media)}`,
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
    ],
    // React's style attributes and the theme's <style> vary by page and tenant: styles are not
    // where scripts hide.
    styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
  };
}

/** The hash that lets one inline script run under the page's policy (`Astro.csp.insertScriptHash`). */
export function inlineScriptHash(source: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(source).digest('base64')}`;
}
