import fs from 'node:fs/promises';
import type { Db } from '../../server/src/db.ts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { ConfigError } from '@gallery/contract/env';
import { loadConfig, RATE_LIMIT_STORES } from '../../server/src/config.ts';
import { makeTempDir, openTestDatabase } from './helpers.ts';
import { multipart } from './visitor-helpers.ts';

let dataDir: string;
let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  dataDir = await makeTempDir();
  db = await openTestDatabase(dataDir);
  app = buildApp({ db, dataDir, rateLimit: { max: 3 }, corsOrigins: ['https://shop.example.com', '*.fotos.example'] });
});
afterAll(async () => {
  await app.close();
  await db.destroy();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe.each(RATE_LIMIT_STORES)('rate limits counted in %s', (store) => {
  // Its own app: the counters start from nothing, in the instance or in the database.
  let app: FastifyInstance;
  beforeAll(() => {
    app = buildApp({ db, dataDir, rateLimit: { max: 3 }, rateLimitStore: store });
  });
  afterAll(() => app.close());

  describe('rate limits', () => {
    it('answers 429 RATE_LIMITED once a client passes the budget on the look-ups', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await app.inject('/api/v1/card/NOSUCH999/medias?organization_id=1')).statusCode);
      expect(statuses).toEqual([404, 404, 404, 429]);
      const limited = await app.inject('/api/v1/card/customer/external_id/X');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ error: true, message: 'RATE_LIMITED' });
      expect(limited.headers['retry-after']).toBeDefined();
      // Another client address has its own budget; other calls are never limited.
      const other = await app.inject({ url: '/api/v1/card/customer/external_id/X', remoteAddress: '10.0.0.9' });
      expect(other.statusCode).toBe(404);
      expect((await app.inject('/healthz')).statusCode).toBe(200);
    });
  });

  describe('rate limits on every card oracle and every costly call', () => {
    const file = multipart([{ field: 'photos[]', filename: 'a.jpg', contentType: 'image/jpeg', data: 'not an image' }]);
    const calls: Record<string, InjectOptions> = {
      'order creation': { method: 'POST', url: '/api/v1/order/NOSUCH999/1', payload: { cards: ['NOSUCH998'], visitor_key: 'visitor-0123456789abcdefghij' } },
      'adding a card to an order': { method: 'POST', url: '/api/v1/order/NOSUCHORDER/card/NOSUCH999' },
      'upload to a card_code': { method: 'POST', url: '/api/v1/photo/1?card_code=NOSUCH999', ...file },
      'face search': { method: 'POST', url: '/api/v1/card/search/photo?organization_id=1&from_date=2024-01-01&to_date=2024-01-02', ...file },
      'ZIP link': { method: 'POST', url: '/api/v1/medias/zip?organization_id=1', payload: { media_ids: ['x'] } },
      'ZIP download': { method: 'GET', url: `/api/v1/medias/zip/${'A'.repeat(43)}/fotos.zip` },
      'card look-up by HEAD': { method: 'HEAD', url: '/api/v1/card/NOSUCH999/medias?organization_id=1' },
      "the gallery's first call": { method: 'GET', url: '/api/v1/medias/1/NOSUCH999/gallery' },
      "the gallery's cover": { method: 'GET', url: '/api/v1/cover/1/NOSUCH999?h=217' },
      'notify me': { method: 'POST', url: '/api/v1/notify/1/NOSUCH999', payload: { email: 'a@example.com', consent: true } },
    };

    it('answers 429 RATE_LIMITED past the budget, per client address', async () => {
      for (const [i, [name, call]] of Object.entries(calls).entries()) {
        const remoteAddress = `10.1.0.${i + 1}`;
        for (let n = 0; n < 3; n++) expect((await app.inject({ ...call, remoteAddress })).statusCode, name).not.toBe(429);
        const limited = await app.inject({ ...call, remoteAddress });
        expect(limited.statusCode, name).toBe(429);
        expect(limited.headers['retry-after'], name).toBeDefined();
        if (call.method !== 'HEAD') expect(limited.json(), name).toEqual({ error: true, message: 'RATE_LIMITED' });
      }
    });

    it('counts every card oracle against one budget, so spreading guesses gains nothing', async () => {
      const remoteAddress = '10.2.0.1';
      await app.inject({ url: '/api/v1/card/NOSUCH999/medias?organization_id=1', remoteAddress });
      await app.inject({ ...calls['order creation'], remoteAddress });
      await app.inject({ ...calls['adding a card to an order'], remoteAddress });
      const limited = await app.inject({ ...calls['upload to a card_code'], remoteAddress });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ error: true, message: 'RATE_LIMITED' });
    });
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    app.inject({ method: 'OPTIONS', url: '/api/v1/organizations', headers: { origin, 'access-control-request-method': 'GET' } });

  it('reflects localhost tenant sites and the configured origins', async () => {
    for (const origin of ['http://demo.localhost:4321', 'https://acme.localhost', 'https://shop.example.com', 'https://a.fotos.example']) {
      const res = await app.inject({ url: '/healthz', headers: { origin } });
      expect(res.headers['access-control-allow-origin'], origin).toBe(origin);
      expect((await preflight(origin)).headers['access-control-allow-origin']).toBe(origin);
    }
  });

  it('lets the sites send every method the API has, DELETE included', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/media/abc',
      headers: { origin: 'http://demo.localhost:4321', 'access-control-request-method': 'DELETE' },
    });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['access-control-allow-methods']).split(/,\s*/)).toContain('DELETE');
  });

  it('gives other origins no CORS headers', async () => {
    for (const origin of ['https://evil.example', 'http://localhost.evil.com', 'https://fotos.example', 'null']) {
      const res = await app.inject({ url: '/healthz', headers: { origin } });
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect((await preflight(origin)).headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('checks CORS_ORIGINS at start-up', () => {
    expect(loadConfig({ CORS_ORIGINS: ' https://A.example.com/ , *.b.example ,' }).corsOrigins).toEqual(['https://a.example.com', '*.b.example']);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://ok.example, ftp://x, https://a/b' })).toThrow(ConfigError);
    expect(() => loadConfig({ CORS_ORIGINS: 'ftp://x' })).toThrow(/CORS_ORIGINS entry "ftp:\/\/x"/);
    expect(() => loadConfig({ CORS_ORIGINS: '*' })).toThrow(ConfigError);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://ok.example' })).not.toThrow();
  });
});
