import type { ApiErrorCode, Card, Media, MediaLists } from './types.ts';
import type { WireCardAnswer, WireError, WireExtra, WireMedia, WireMediasAnswer } from './wire.ts';

/** The one error every failed call becomes, carrying the API's code. */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly status: number;

  constructor(code: ApiErrorCode, status: number, detail?: string) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
  }
}

function isWireError(body: unknown): body is WireError {
  return typeof body === 'object' && body !== null && (body as { error?: unknown }).error === true;
}

export interface ApiClient {
  getCard(organizationId: number, code: string, secret?: string): Promise<Card>;
  getMedias(organizationId: number, cards: string[], secret?: string): Promise<MediaLists>;
}

/** Every call to the provider API goes through here; answers are reshaped into the app's types. */
export function createApiClient(baseUrl: string, fetchImpl: typeof fetch = (...args) => fetch(...args)): ApiClient {
  const base = baseUrl.replace(/\/+$/, '');

  async function call<T>(path: string, init?: RequestInit): Promise<T> {
    let response: Response;
    try {
      response = await fetchImpl(base + path, init);
    } catch (error) {
      throw new ApiError('NETWORK_ERROR', 0, error instanceof Error ? error.message : String(error));
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new ApiError(response.ok ? 'NETWORK_ERROR' : 'UNKNOWN_ERROR', response.status, 'unreadable answer');
    }
    if (isWireError(body)) throw new ApiError(body.message as ApiErrorCode, response.status, body.detail);
    if (!response.ok) throw new ApiError('UNKNOWN_ERROR', response.status);
    return body as T;
  }

  const toMedia = (item: WireMedia | WireExtra, sold: boolean): Media => ({
    id: item.id,
    type: item.type,
    filename: item.filename,
    card: item.card,
    thumbUrl: base + item.thumb_path,
    previewUrl: base + item.preview_path,
    sold,
  });

  const secretQuery = (secret?: string) => (secret ? `&secret=${encodeURIComponent(secret)}` : '');

  return {
    async getCard(organizationId, code, secret) {
      const answer = await call<WireCardAnswer>(
        `/api/v1/card/${encodeURIComponent(code)}/medias?organization_id=${organizationId}${secretQuery(secret)}`,
      );
      return { id: answer.card.id, code: answer.card.card, mediaCount: answer.medias_count };
    },

    async getMedias(organizationId, cards, secret) {
      const [first = ''] = cards;
      const query = secret ? `?secret=${encodeURIComponent(secret)}` : '';
      const answer = await call<WireMediasAnswer>(`/api/v1/medias/${organizationId}/${encodeURIComponent(first)}${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ cards }),
      });
      return {
        sold: answer.sold_medias.map((m) => toMedia(m, true)),
        notSold: answer.not_sold_medias.map((m) => toMedia(m, false)),
        extras: answer.extras.map((m) => toMedia(m, true)),
      };
    },
  };
}
