import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '../../src/lib/api/client.ts';
import type { WireMediasAnswer } from '../../src/lib/api/wire.ts';

function fakeFetch(status: number, body: unknown, seen: Request[] = []): typeof fetch {
  return async (input, init) => {
    seen.push(new Request(input as string, init));
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  };
}

const media = (id: string, card = 'DEMO00001') => ({
  id,
  type: 'photo' as const,
  filename: `${id}.jpg`,
  thumb_filename: `thumb_${id}.jpg`,
  preview_path: `/api/v1/photo/download/${id}/${id}.jpg?size=preview`,
  thumb_path: `/api/v1/photo/download/${id}/${id}.jpg?size=thumb`,
  card,
});

describe('the API client', () => {
  it('reshapes the medias answer and posts the cards with the secret', async () => {
    const answer: WireMediasAnswer = {
      error: false,
      message: '',
      sold_medias: [media('a')],
      not_sold_medias: [{ ...media('b'), selected: false }],
      extras: [],
    };
    const seen: Request[] = [];
    const client = createApiClient('http://api.test/', fakeFetch(200, answer, seen));
    const lists = await client.getMedias(7, ['DEMO00001', 'DEMO00002'], 'abc123');

    expect(lists.sold[0]).toMatchObject({ id: 'a', sold: true, thumbUrl: 'http://api.test/api/v1/photo/download/a/a.jpg?size=thumb' });
    expect(lists.notSold[0]).toMatchObject({ id: 'b', sold: false });
    expect(seen[0]?.url).toBe('http://api.test/api/v1/medias/7/DEMO00001?secret=abc123');
    expect(seen[0]?.method).toBe('POST');
    expect(await seen[0]?.json()).toEqual({ cards: ['DEMO00001', 'DEMO00002'] });
  });

  it('turns an error answer into ApiError with its code', async () => {
    const client = createApiClient('http://api.test', fakeFetch(404, { error: true, message: 'CARD_NOT_FOUND' }));
    await expect(client.getCard(1, 'ZZZZZZZZZ')).rejects.toMatchObject({ code: 'CARD_NOT_FOUND', status: 404 });
  });

  it('turns a network failure or an unreadable answer into readable codes', async () => {
    const down = createApiClient('http://api.test', async () => {
      throw new TypeError('fetch failed');
    });
    await expect(down.getCard(1, 'DEMO00001')).rejects.toBeInstanceOf(ApiError);
    await expect(down.getCard(1, 'DEMO00001')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });

    const broken = createApiClient('http://api.test', fakeFetch(502, '<html>Bad gateway</html>'));
    await expect(broken.getCard(1, 'DEMO00001')).rejects.toMatchObject({ code: 'UNKNOWN_ERROR', status: 502 });
  });
});
