// A body too large for its call is refused before it is read: by its Content-Length when that
// already says so, else the moment a photo passes its limit. The client below claims a large
// body, sends a little of it and then waits: the 413 must come without the rest.
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_FILE_BYTES } from '../../server/src/services/visitor-upload.ts';
import { createTestApi, type TestApi } from './helpers.ts';
import { loadShop } from './shop-helpers.ts';
import { scratchFiles } from './visitor-helpers.ts';

const MB = 1_000_000;
/** How long a refusal may take: it needs none of the bytes still owed, so anything near this means it waited for them. */
const ANSWER_WITHIN_MS = 20_000;

let api: TestApi;
let origin: string;
let orgId: number;

beforeAll(async () => {
  api = await createTestApi({ rateLimit: { max: 1000 } });
  orgId = (await loadShop(api)).orgId;
  await api.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
});
afterAll(() => api.close());

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** Whether the server closed the connection after answering (so the rest is never read). */
  closed: Promise<unknown>;
}

/** POSTs a request claiming `claimed` bytes, sends only `sent`, and waits for the answer without sending more. */
async function claim(path: string, contentType: string, claimed: number, sent: Buffer): Promise<Answer> {
  const request = http.request(`${origin}${path}`, { method: 'POST', headers: { 'content-type': contentType, 'content-length': String(claimed) } });
  request.on('error', () => undefined);
  const closed = new Promise((resolve) => request.once('socket', (socket) => socket.once('close', resolve)));
  request.write(sent);
  let timer: NodeJS.Timeout | undefined;
  try {
    const [response] = (await Promise.race([
      once(request, 'response'),
      new Promise(
        (_, reject) =>
          (timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms: the server waits for the body`)), ANSWER_WITHIN_MS)),
      ),
    ])) as [http.IncomingMessage];
    let text = '';
    for await (const chunk of response.setEncoding('utf8')) text += chunk as string;
    return { status: response.statusCode ?? 0, headers: response.headers, body: JSON.parse(text) as Record<string, unknown>, closed };
  } finally {
    clearTimeout(timer);
    request.destroy();
  }
}

const BOUNDARY = 'limits0123456789';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const fileHead = (name: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="photos[]"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`);

describe('a body too large for its call', () => {
  it.each([
    ['an upload claiming more than 20 photos at their limit', `/api/v1/photo/${'ORG'}`, MULTIPART, 600 * MB],
    ['a face search claiming 200 MB', `/api/v1/card/search/photo?organization_id=${'ORG'}&from_date=2026-01-01&to_date=2026-01-03`, MULTIPART, 200 * MB],
    ['a JSON body claiming 200 MB', `/api/v1/medias/zip?organization_id=${'ORG'}`, 'application/json', 200 * MB],
  ])('is refused by its Content-Length at once: %s', async (_label, path, contentType, claimed) => {
    const answer = await claim(path.replace('ORG', String(orgId)), contentType, claimed, fileHead('big.jpg'));
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ error: true, message: 'PAYLOAD_TOO_LARGE', detail: expect.stringMatching(/^the body may have at most \d+ bytes$/) });
    expect(answer.headers.connection).toBe('close');
    await answer.closed;
  });

  it('is refused the moment its photo passes the limit, the rest never read', async () => {
    // One photo of 200 MB: the first 25 MiB and a little more are sent, then the client waits.
    const sent = Buffer.concat([fileHead('huge.jpg'), Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(UPLOAD_MAX_FILE_BYTES + 64 * 1024)]);
    const answer = await claim(`/api/v1/photo/${orgId}`, MULTIPART, 200 * MB, sent);
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ error: true, message: 'PAYLOAD_TOO_LARGE', detail: `each photo may have at most ${UPLOAD_MAX_FILE_BYTES} bytes` });
    expect(answer.headers.connection).toBe('close');
    await answer.closed;
    expect(await scratchFiles(api.dataDir)).toEqual([]);
  });
});
