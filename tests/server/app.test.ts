import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from './helpers.ts';

describe('app basics and the error handler', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi({ seed: false });
    // A route that fails the way a bug would, to see what the client gets.
    api.app.get('/boom', async () => {
      throw new Error('secret detail /var/data/provider.sqlite');
    });
  });
  afterAll(() => api.close());

  it('answers the health check', async () => {
    const res = await api.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('answers NOT_FOUND for unknown routes', async () => {
    const res = await api.app.inject('/api/v1/nothing/here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: true, message: 'NOT_FOUND' });
  });

  it('hides 5xx details behind INTERNAL_ERROR', async () => {
    const res = await api.app.inject('/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: true, message: 'INTERNAL_ERROR' });
    expect(res.body).not.toContain('secret detail');
  });

  it('answers VALIDATION_ERROR for malformed JSON', async () => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/v1/medias/1/DEMO00001',
      headers: { 'content-type': 'application/json' },
      payload: '{"cards": [',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: true, message: 'VALIDATION_ERROR' });
  });

  it('refuses JSON bodies over 1 MiB', async () => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/v1/medias/1/DEMO00001',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ cards: ['x'.repeat(1024 * 1024)] }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: true, message: 'PAYLOAD_TOO_LARGE' });
  });

  it('allows cross-origin calls from tenant sites', async () => {
    const res = await api.app.inject({ url: '/healthz', headers: { origin: 'http://demo.localhost:4321' } });
    expect(res.headers['access-control-allow-origin']).toBe('http://demo.localhost:4321');
  });
});
