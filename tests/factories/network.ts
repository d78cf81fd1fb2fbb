// A fake network under the real API client (src/lib/api/client.ts): stores run as in the browser,
// and a test says what the API answers, in its wire shapes, and reads back what was asked.
import type { WireError } from '@gallery/contract/errors';
import type { WireOrder, WireOrderLine } from '@gallery/contract/shop';
import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { vi } from 'vitest';
import type { Media } from '../../src/lib/api/types.ts';

/** One request the client made: method, path (no query), query and body (JSON parsed, else as sent). */
export interface Asked {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** Thrown by a route: the API's one error shape, with its status. */
export class Refusal {
  readonly code: string;
  readonly status: number;

  constructor(code: string, status: number) {
    this.code = code;
    this.status = status;
  }
}

/** The API's answer to a request; throw a Refusal for an API error, anything else for no answer at all. */
export type Route = (asked: Asked) => unknown;

/** Stubs the global fetch the shared client calls; answers every request through `route`. */
export function fakeNetwork(route: Route): Asked[] {
  const asked: Asked[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const { pathname, searchParams } = new URL(url);
    const request = {
      method: init.method ?? 'GET',
      path: pathname,
      query: searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    asked.push(request);
    try {
      return Response.json(await route(request));
    } catch (error) {
      if (!(error instanceof Refusal)) throw new TypeError('fetch failed');
      return Response.json({ error: true, message: error.code } satisfies WireError, { status: error.status });
    }
  });
  return asked;
}

/** The requests as "METHOD /path" lines, in order. */
export const lines = (asked: Asked[]) => asked.map(({ method, path }) => `${method} ${path}`);

/** An unsold photo of DEMO00001 as the app's stores hold it. */
export const photo = (id: string): Media => ({
  id,
  type: 'photo',
  filename: `${id}.jpg`,
  card: 'DEMO00001',
  thumbUrl: '',
  previewUrl: '',
  originalUrl: '',
  sold: false,
  width: 1920,
  height: 1280,
});

/** An open order of DEMO00001 as the API answers it to its own browser, with overrides. */
export function wireOrder(overrides: Partial<WireOrder> = {}): WireOrder {
  return {
    id: 'o1',
    card_code: 'DEMO00001',
    organization_id: 1,
    cards: [{ card: 'DEMO00001' }],
    items: [],
    photos_count: 0,
    videos_count: 0,
    total: 0,
    status: 0,
    completed: false,
    finished: false,
    customer: null,
    payments: [],
    ...overrides,
  };
}

/** An order line of photos of one product. */
export const photoLine = (productId: number, mediaIds: string[], total: number, allDigital = false): WireOrderLine => ({
  id: productId,
  product_id: productId,
  product_type: { is_video: false, is_photo: true },
  all_digital: allDigital,
  items: mediaIds.map((id) => ({ photo: { id } })),
  total,
});

/** The gateway's key pair: its public key as the API serves it, and the card a card_hash carries. */
export function cardGateway(): { publicKey: string; cardNumber: (cardHash: string) => string } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    cardNumber: (cardHash) =>
      (
        JSON.parse(
          privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(cardHash, 'base64')).toString('utf8'),
        ) as { card_number: string }
      ).card_number,
  };
}
