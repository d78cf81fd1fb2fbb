import { describe, expect, it } from 'vitest';
import { originOf, pagePolicy, signedLinkOrigin } from '../../src/lib/page-policy.ts';

const s3 = {
  kind: 's3',
  endpoint: 'https://s3.eu-west-1.amazonaws.com',
  bucket: 'fotos',
  region: 'eu-west-1',
  accessKeyId: 'k',
  secretAccessKey: 's',
} as const;

describe("the pages' Content-Security-Policy", () => {
  it('names the addresses the build bakes in, by origin', () => {
    const { directives, styleDirective } = pagePolicy(
      {
        PUBLIC_API_URL: 'https://api.example.com/',
        PUBLIC_ANALYTICS_ENDPOINT: 'https://collector.example/g/collect',
        PUBLIC_SENTRY_DSN: 'https://key@o1.ingest.example/42',
      },
      { kind: 'local' },
    );
    expect(directives).toEqual([
      "default-src 'self'",
      "connect-src 'self' https://api.example.com https://collector.example https://o1.ingest.example",
      "img-src 'self' data: blob: https://api.example.com",
      "media-src 'self' blob: https://api.example.com",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
    ]);
    expect(styleDirective.resources).toContain("'unsafe-inline'");
  });

  it('adds the media storage only when downloads answer with signed links to it', () => {
    expect(signedLinkOrigin({ kind: 'local' })).toBeNull();
    expect(signedLinkOrigin({ ...s3, forcePathStyle: false, signedUrls: false })).toBeNull();
    expect(signedLinkOrigin({ ...s3, forcePathStyle: false, signedUrls: true })).toBe('https://fotos.s3.eu-west-1.amazonaws.com');
    expect(signedLinkOrigin({ ...s3, endpoint: 'http://127.0.0.1:9000', forcePathStyle: true, signedUrls: true })).toBe('http://127.0.0.1:9000');
    const { directives } = pagePolicy({ PUBLIC_API_URL: 'https://api.example.com' }, { ...s3, forcePathStyle: false, signedUrls: true });
    expect(directives).toContain("img-src 'self' data: blob: https://api.example.com https://fotos.s3.eu-west-1.amazonaws.com");
  });

  it('takes the origin of http(s) addresses only', () => {
    expect(originOf('http://banner.localhost:9/parque.svg')).toBe('http://banner.localhost:9');
    expect(originOf('javascript:alert(1)')).toBeNull();
    expect(originOf('not a url')).toBeNull();
    expect(originOf(null)).toBeNull();
  });
});
