import fs from 'node:fs/promises';
import type { DatabaseSync } from 'node:sqlite';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { ConfigError, loadConfig, readCorsOrigins } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/db.ts';
import { makeTempDir } from './helpers.ts';

let dataDir: string;
let db: DatabaseSync;
let app: FastifyInstance;

beforeAll(async () => {
  dataDir = await makeTempDir();
  db = openDatabase(dataDir);
  app = buildApp({ db, dataDir, rateLimit: { max: 3 }, corsOrigins: ['https://shop.example.com', '*.fotos.example'] });
});
afterAll(async () => {
  await app.close();
  db.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

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
    expect(readCorsOrigins({ CORS_ORIGINS: ' https://A.example.com/ , *.b.example ,' })).toEqual(['https://a.example.com', '*.b.example']);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://ok.example, ftp://x, https://a/b' })).toThrow(ConfigError);
    expect(() => loadConfig({ CORS_ORIGINS: 'ftp://x' })).toThrow(/CORS_ORIGINS entry "ftp:\/\/x"/);
    expect(() => readCorsOrigins({ CORS_ORIGINS: '*' })).toThrow(ConfigError);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://ok.example' })).not.toThrow();
  });
});
