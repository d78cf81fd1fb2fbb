import net, { type AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from './helpers.ts';

/** `{ error: true, message: CODE }`, with at most a `detail` string besides. */
function expectOneShape(body: Record<string, unknown>, label: string): void {
  const { error, message, detail, ...rest } = body;
  expect({ error, rest }, label).toEqual({ error: true, rest: {} });
  expect(message, label).toMatch(/^[A-Z_]+$/);
  if (detail !== undefined) expect(typeof detail, label).toBe('string');
}

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
    expect(res.json()).toEqual({ error: true, message: 'PAYLOAD_TOO_LARGE', detail: `the body may have at most ${1024 * 1024} bytes` });
  });

  it('answers every malformed request with a 4xx in the one error shape', async () => {
    const multipartBody = { 'content-type': 'multipart/form-data; boundary=cut' };
    const requests: InjectOptions[] = [
      { url: '/api/v1/card/%E0%A4%A/medias?organization_id=1' },
      { url: '/api/v1/organization/%' },
      { url: '/api/v1/%E0%A4%A' },
      { url: `/api/v1/card/${'A'.repeat(10_000)}/medias?organization_id=1` },
      { url: `/api/v1/order/${'x'.repeat(10_000)}` },
      { url: '/api/v1/card/X/medias?organization_id=%E0%A4%A' },
      { method: 'POST', url: '/api/v1/medias/1/DEMO00001', headers: { 'content-type': 'application/json' }, payload: '{"cards": [' },
      { method: 'POST', url: '/api/v1/medias/1/DEMO00001', headers: { 'content-type': 'application/xml' }, payload: '<cards/>' },
      { method: 'POST', url: '/api/v1/medias/1/DEMO00001', headers: multipartBody, payload: '--cut\r\n' },
      { method: 'POST', url: '/api/v1/photo/1', headers: multipartBody, payload: '--cut\r\n' },
    ];
    for (const request of requests) {
      // From a tenant site: the site must be able to read the refusal (CORS), however early it came.
      const origin = 'http://demo.localhost:4321';
      const res = await api.app.inject({ ...request, headers: { ...request.headers, origin } });
      const label = `${request.method ?? 'GET'} ${String(request.url).slice(0, 60)}`;
      expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, label).toBeLessThan(500);
      expectOneShape(res.json(), label);
      expect(res.headers['access-control-allow-origin'], label).toBe(origin);
    }
  });

  it('answers a request Node cannot even parse in the same shape', async () => {
    await api.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = api.app.server.address() as AddressInfo;
    const send = (request: string) =>
      new Promise<string>((resolve) => {
        let answer = '';
        const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
        // The server answers, then closes (possibly with a reset): whatever arrived is the answer.
        socket
          .setEncoding('utf8')
          .on('data', (chunk: string) => (answer += chunk))
          .on('close', () => resolve(answer))
          .on('error', () => undefined);
      });
    const cases: Array<[string, string]> = [
      ['GET /healthz HTTP/1.1\r\nHost: x\r\nnot a header line\r\n\r\n', 'HTTP/1.1 400 Bad Request'],
      [`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 'HTTP/1.1 431 Request Header Fields Too Large'],
    ];
    for (const [request, statusLine] of cases) {
      const answer = await send(request);
      expect(answer.split('\r\n')[0]).toBe(statusLine);
      expectOneShape(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>, statusLine);
    }
  });

  it('serves a media whose stored name is as long as names get', async () => {
    const res = await api.app.inject(`/api/v1/photo/download/NOSUCHMEDIA/${'a'.repeat(100)}.jpeg`);
    expect(res.json()).toEqual({ error: true, message: 'MEDIA_NOT_FOUND' });
  });

  it('allows cross-origin calls from tenant sites', async () => {
    const res = await api.app.inject({ url: '/healthz', headers: { origin: 'http://demo.localhost:4321' } });
    expect(res.headers['access-control-allow-origin']).toBe('http://demo.localhost:4321');
  });
});
