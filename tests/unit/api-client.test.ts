import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from '../../src/lib/api/client.ts';
import { allMedia, cellImage } from '../../src/lib/gallery.ts';
import type { Media } from '../../src/lib/api/types.ts';
import { wireOrder } from '../factories/network.ts';
import type { WireMediasAnswer } from '@gallery/contract/media';
import type { WireOrganization } from '@gallery/contract/organization';
import type { WireOrder, WireProductsAnswer } from '@gallery/contract/shop';

// The browser's localStorage, for every call that sends the visitor key.
beforeAll(() => useTestStorageEngine());

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
  width: 1280,
  height: 1920,
});

/** A medias answer of one page that holds only these sold photos. */
function soldOnly(...sold: WireMediasAnswer['sold_medias']): WireMediasAnswer {
  return {
    error: false,
    message: '',
    sold_medias: sold,
    not_sold_medias: [],
    extras: [],
    next: null,
    counts: { sold_photos: sold.length, sold_videos: 0, not_sold_photos: 0, not_sold_videos: 0, extras: 0 },
  };
}

describe('the API client', () => {
  it('reshapes the medias answer and posts the cards with the secret', async () => {
    const answer: WireMediasAnswer = {
      error: false,
      message: '',
      sold_medias: [media('a')],
      not_sold_medias: [
        { ...media('b'), selected: false },
        { ...media('v'), type: 'video', preview_clip_path: '/api/v1/video/download/v/v.mp4?size=clip&copy=watermarked', selected: false },
      ],
      extras: [],
      next: 'CURSOR2',
      counts: { sold_photos: 1, sold_videos: 0, not_sold_photos: 180, not_sold_videos: 1, extras: 0 },
    };
    const seen: Request[] = [];
    const client = createApiClient('http://api.test/', fakeFetch(200, answer, seen));
    const lists = await client.getMedias(7, ['DEMO00001', 'DEMO00002'], 'abc123', { after: 'CURSOR1', limit: 1000 });

    expect(lists.sold[0]).toMatchObject({
      id: 'a',
      sold: true,
      thumbUrl: 'http://api.test/api/v1/photo/download/a/a.jpg?size=thumb',
      width: 1280,
      height: 1920,
    });
    expect(lists.notSold[0]).toMatchObject({ id: 'b', sold: false });
    expect(lists.notSold[0]?.clipUrl).toBeUndefined();
    // An unsold video carries its preview clip, which the viewer plays.
    expect(lists.notSold[1]?.clipUrl).toBe('http://api.test/api/v1/video/download/v/v.mp4?size=clip&copy=watermarked');
    expect(seen[0]?.url).toBe('http://api.test/api/v1/medias/7/DEMO00001?secret=abc123');
    expect(seen[0]?.method).toBe('POST');
    expect(await seen[0]?.json()).toEqual({ cards: ['DEMO00001', 'DEMO00002'], after: 'CURSOR1', limit: 1000 });
    expect(lists.next).toBe('CURSOR2');
    expect(lists.counts).toEqual({ soldPhotos: 1, soldVideos: 0, notSoldPhotos: 180, notSoldVideos: 1, extras: 0 });
  });

  it("adopts the page script's first answer once, and only for the very URL it would ask for", async () => {
    const organization = { id: 7, web_name: 'demo' } as WireOrganization;
    const start = { ...soldOnly(media('a')), message: 'OK', organization };
    const early = (url: string) => ({ url, answer: Promise.resolve({ status: 200, text: JSON.stringify(start) }) });
    const url = 'http://api.test/api/v1/medias/7/DEMO00001/gallery?limit=80&cards=DEMO00002&secret=ABC123';
    const seen: Request[] = [];
    const client = createApiClient(
      'http://api.test',
      fakeFetch(200, start, seen),
      () => new XMLHttpRequest(),
      () => 'key',
      early(url),
    );
    // Other cards, another access code: not what the script asked for.
    expect(client.earlyMedias(7, ['DEMO00001'], 'ABC123')).toBeNull();
    expect(client.earlyMedias(7, ['DEMO00001', 'DEMO00002'], undefined)).toBeNull();
    const lists = await client.earlyMedias(7, ['DEMO00001', 'DEMO00002'], 'ABC123');
    expect(lists?.sold.map((m) => m.id)).toEqual(['a']);
    expect(client.earlyMedias(7, ['DEMO00001', 'DEMO00002'], 'ABC123')).toBeNull();
    expect(await client.earlyOrganization()).toEqual(organization);
    expect(client.earlyOrganization()).toBeNull();
    expect(seen).toEqual([]);
    // A refusal or a failure reads as any call's.
    const refused = createApiClient(
      'http://api.test',
      fakeFetch(200, {}),
      () => new XMLHttpRequest(),
      () => 'key',
      {
        url,
        answer: Promise.resolve({ status: 401, text: JSON.stringify({ error: true, message: 'CUSTOMER_CODE_NOT_FOUND' }) }),
      },
    );
    await expect(refused.earlyMedias(7, ['DEMO00001', 'DEMO00002'], 'ABC123')).rejects.toMatchObject({ code: 'CUSTOMER_CODE_NOT_FOUND', status: 401 });
    const down = createApiClient(
      'http://api.test',
      fakeFetch(200, {}),
      () => new XMLHttpRequest(),
      () => 'key',
      { url, answer: Promise.reject(new TypeError('Failed to fetch')) },
    );
    await expect(down.earlyOrganization()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });

  it("shows the gallery's first screen of media from the page's covers, by their place across the lists, and only those", async () => {
    const start = {
      error: false,
      message: 'OK',
      sold_medias: [media('s')],
      not_sold_medias: [media('a'), media('b'), media('c')],
      extras: [],
      next: null,
      counts: { sold_photos: 1, sold_videos: 0, not_sold_photos: 3, not_sold_videos: 0, extras: 0 },
      organization: { id: 7 } as WireOrganization,
    };
    const url = 'http://api.test/api/v1/medias/7/DEMO00001/gallery?limit=80';
    const covers = ['h=217', 'h=217&at=1', 'h=217&at=2'].map((query) => `http://api.test/api/v1/cover/7/DEMO00001?${query}`);
    const answer = Promise.resolve({ status: 200, text: JSON.stringify(start) });
    const client = createApiClient(
      'http://api.test',
      fakeFetch(200, start),
      () => new XMLHttpRequest(),
      () => 'key',
      { url, answer, covers },
    );
    const lists = await client.earlyMedias(7, ['DEMO00001'], undefined);
    expect(allMedia(lists!).map((m) => m.coverUrl)).toEqual([...covers, undefined]);
    // The lists asked later are the API's own.
    const later = await client.getMedias(7, ['DEMO00001'], undefined, { limit: 80 });
    expect(allMedia(later).every((m) => m.coverUrl === undefined)).toBe(true);
    // A first-screen cell loads its cover's URL, then the thumb should it fail; the others their thumbs and renditions.
    const [, second, third] = lists!.notSold;
    expect(cellImage(second!, true)).toEqual({ sources: [covers[2], second!.thumbUrl], loading: 'eager' });
    expect(cellImage(third!, true)).toMatchObject({ sources: [third!.thumbUrl], loading: 'eager' });
    expect(cellImage(third!, false)).toMatchObject({ sources: [third!.thumbUrl], loading: 'lazy' });
  });

  it("makes the renditions' srcsets absolute, and lists none where the API made none", async () => {
    const path = (size: string, w: number) => `/api/v1/photo/download/a/a%2C%20b.jpg?copy=clean&format=webp&size=${size}&w=${w}`;
    const answer = soldOnly(
      {
        ...media('a'),
        image_sources: [
          { type: 'image/webp', thumb_srcset: `${path('thumb', 240)} 240w, ${path('thumb', 360)} 360w`, preview_srcset: `${path('preview', 800)} 800w` },
        ],
      },
      media('b'),
    );
    const lists = await createApiClient('http://api.test/', fakeFetch(200, answer, [])).getMedias(7, ['DEMO00001'], undefined, { limit: 80 });
    expect(lists.sold[0]?.imageSources).toEqual([
      {
        type: 'image/webp',
        thumbSrcset: `http://api.test${path('thumb', 240)} 240w, http://api.test${path('thumb', 360)} 360w`,
        previewSrcset: `http://api.test${path('preview', 800)} 800w`,
      },
    ]);
    expect(lists.sold[1]?.imageSources).toBeUndefined();
  });

  it('reshapes the products: photo or video by flag, price ranges, the all-digital package apart', async () => {
    const answer: WireProductsAnswer = {
      error: false,
      message: '',
      products: [
        { id: 1, unities: 1, is_photo: true, is_video: false, description: 'Foto', ranges_price: [{ id: 9, min_photos: 1, max_photos: null, price: 2500 }] },
        { id: 2, unities: 1, is_photo: false, is_video: true, description: 'Vídeo', ranges_price: [] },
      ],
      all_digital: { id: 3, price: 9900, description: 'Tudo' },
    };
    const seen: Request[] = [];
    const products = await createApiClient('http://api.test', fakeFetch(200, answer, seen)).getProducts(7);
    expect(seen[0]?.url).toBe('http://api.test/api/v1/products/7/online');
    expect(products).toEqual({
      products: [
        { id: 1, kind: 'photo', ranges: [{ min_photos: 1, max_photos: null, price: 2500 }] },
        { id: 2, kind: 'video', ranges: [] },
      ],
      allDigital: { id: 3, price: 9900, description: 'Tudo' },
    });
    const none = await createApiClient('http://api.test', fakeFetch(200, { ...answer, products: [], all_digital: null })).getProducts(7);
    expect(none).toEqual({ products: [], allDigital: null });
  });

  it('turns an error answer into ApiError with its code', async () => {
    const client = createApiClient('http://api.test', fakeFetch(404, { error: true, message: 'CARD_NOT_FOUND' }));
    await expect(client.getCard(1, 'ZZZZZZZZZ')).rejects.toMatchObject({ code: 'CARD_NOT_FOUND', status: 404 });
  });

  it('gives up on a call left unanswered after 30 s, as on a lost network; a face search waits 120 s', async () => {
    vi.useFakeTimers();
    try {
      // A connection that stalls: nothing comes until the call gives up.
      const stalled = createApiClient('http://api.test', (_input, init) => {
        const { promise, reject } = Promise.withResolvers<Response>();
        init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
        return promise;
      });
      const order = expect(stalled.getOrder('o1')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
      let search: unknown = 'waiting';
      stalled.searchFaces(1, '2026-11-01', '2026-11-02', [new Blob(['x'])]).catch((error: unknown) => (search = error));
      await vi.advanceTimersByTimeAsync(30_000);
      await order;
      expect(search).toBe('waiting');
      await vi.advanceTimersByTimeAsync(90_000);
      expect(search).toMatchObject({ code: 'NETWORK_ERROR' });
    } finally {
      vi.useRealTimers();
    }
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

describe('the API client: gallery calls', () => {
  it('asks for a ZIP of the given media and answers its url', async () => {
    const seen: Request[] = [];
    const client = createApiClient('http://api.test', fakeFetch(200, { error: false, url: 'http://api.test/z/fotos.zip' }, seen));
    expect(await client.createZip(7, ['a', 'b'])).toBe('http://api.test/z/fotos.zip');
    expect(seen[0]?.url).toBe('http://api.test/api/v1/medias/zip?organization_id=7');
    expect(await seen[0]?.json()).toEqual({ media_ids: ['a', 'b'] });
    // Under two-factor the cards' access code goes along, as on every call that opens cards.
    await client.createZip(7, ['a'], 'ABC123');
    expect(seen[1]?.url).toBe('http://api.test/api/v1/medias/zip?organization_id=7&secret=ABC123');
  });

  it('deletes a media of the organization and reads refusals', async () => {
    const seen: Request[] = [];
    const client = createApiClient('http://api.test', fakeFetch(200, { error: false, message: 'OK' }, seen));
    await client.deleteMedia(7, 'abc');
    expect(seen[0]?.method).toBe('DELETE');
    expect(seen[0]?.url).toBe('http://api.test/api/v1/media/abc?organization_id=7');
    const refused = createApiClient('http://api.test', fakeFetch(403, { error: true, message: 'FORBIDDEN' }));
    await expect(refused.deleteMedia(7, 'abc')).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  const sent: Array<{ url: string; form: FormData }> = [];
  const fakeXhr =
    (status: number, body: string, fail = false) =>
    () => {
      const xhr = {
        status,
        responseText: body,
        upload: { onprogress: null as ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null },
        onload: null as (() => void) | null,
        onerror: null as (() => void) | null,
        url: '',
        open(_method: string, url: string) {
          xhr.url = url;
        },
        send(form: FormData) {
          sent.push({ url: xhr.url, form });
          xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
          if (fail) xhr.onerror?.();
          else xhr.onload?.();
        },
      };
      return xhr as unknown as XMLHttpRequest;
    };
  const files = [new File(['a'], 'a.jpg', { type: 'image/jpeg' }), new File(['b'], 'b.png', { type: 'image/png' })];

  it('uploads photos[] with progress to a new or the same card', async () => {
    const progress: number[] = [];
    const ok = createApiClient('http://api.test', fetch, fakeXhr(200, JSON.stringify({ error: false, card_code: 'ABCD23456' })));
    expect(await ok.uploadPhotos(7, files, { onProgress: (f) => progress.push(f) })).toEqual({ code: 'ABCD23456', secret: undefined });
    expect(sent[0]?.url).toBe('http://api.test/api/v1/photo/7');
    expect(sent[0]?.form.getAll('photos[]').map((f) => (f as File).name)).toEqual(['a.jpg', 'b.png']);
    expect(progress).toEqual([0.5, 1]);
    await ok.uploadPhotos(7, files, { cardCode: 'ABCD23456', mustEdit: true });
    expect(sent[1]?.url).toBe('http://api.test/api/v1/photo/7?card_code=ABCD23456&must_edit=True');
    // Under two-factor the answer carries the card's access code, and adding sends it.
    const guarded = createApiClient('http://api.test', fetch, fakeXhr(200, JSON.stringify({ error: false, card_code: 'ABCD23456', secret: 'XYZ234' })));
    expect(await guarded.uploadPhotos(7, files, { cardCode: 'ABCD23456', secret: 'XYZ234' })).toEqual({ code: 'ABCD23456', secret: 'XYZ234' });
    expect(sent[2]?.url).toBe('http://api.test/api/v1/photo/7?card_code=ABCD23456&secret=XYZ234');

    const invalid = createApiClient('http://api.test', fetch, fakeXhr(400, JSON.stringify({ error: true, message: 'INVALID_IMAGE' })));
    await expect(invalid.uploadPhotos(7, files)).rejects.toMatchObject({ code: 'INVALID_IMAGE' });
    const down = createApiClient('http://api.test', fetch, fakeXhr(0, '', true));
    await expect(down.uploadPhotos(7, files)).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });

  it('reads a refusal the same way whether it came by fetch, by the upload or with a file', async () => {
    const refusal = JSON.stringify({ error: true, message: 'MEDIA_NOT_SOLD', detail: 'not paid' });
    const expected = { code: 'MEDIA_NOT_SOLD', status: 403, message: 'MEDIA_NOT_SOLD: not paid' };
    const byFetch = createApiClient('http://api.test', async () => new Response(refusal, { status: 403 }), fakeXhr(403, refusal));
    await expect(byFetch.deleteMedia(7, 'a')).rejects.toMatchObject(expected);
    await expect(byFetch.uploadPhotos(7, files)).rejects.toMatchObject(expected);
    const lists = await createApiClient('http://api.test', fakeFetch(200, soldOnly(media('a')))).getMedias(7, ['DEMO00001'], undefined, { limit: 80 });
    await expect(byFetch.getOriginalFile(lists.sold[0] as Media)).rejects.toMatchObject(expected);
    // An answer that is not JSON: unknown when refused, a broken answer when it claimed success.
    const garbled = createApiClient('http://api.test', async () => new Response('<html>', { status: 200 }), fakeXhr(200, '<html>'));
    await expect(garbled.deleteMedia(7, 'a')).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 200 });
    await expect(garbled.uploadPhotos(7, files)).rejects.toMatchObject({ code: 'NETWORK_ERROR', status: 200 });
  });

  it('gives media an original address for downloads and video streaming', async () => {
    const client = createApiClient('http://api.test', fakeFetch(200, soldOnly(media('a'))));
    const lists = await client.getMedias(7, ['DEMO00001'], undefined, { limit: 80 });
    expect(lists.sold[0]?.originalUrl).toBe('http://api.test/api/v1/photo/download/a/a.jpg?size=original');
  });
});

describe('the API client: the order (cart)', () => {
  const cartOrder = (items: WireOrder['items']): WireOrder =>
    wireOrder({ id: 'Ord3r', organization_id: 7, cards: [{ card: 'DEMO00001' }, { card: 'DEMO00002' }], items, photos_count: 2, videos_count: 1, total: 8000 });
  const answer = (items: WireOrder['items']) => ({ error: false, message: 'OK', order: cartOrder(items) });
  const photoLine = {
    id: 1,
    product_id: 1,
    product_type: { is_photo: true, is_video: false },
    all_digital: false,
    items: [{ photo: { id: 'p1' } }, { photo: { id: 'p2' } }],
    total: 5000,
  };
  const videoLine = { ...photoLine, id: 2, product_id: 2, product_type: { is_photo: false, is_video: true }, items: [{ video: { id: 'v1' } }], total: 3000 };

  it("makes the visitor's order of the first card with the others and the visitor key in the body, the host, the time zone and the secret", async () => {
    const seen: Request[] = [];
    const visitorKey = 'visitor-0123456789abcdefghij';
    const client = createApiClient('http://api.test', fakeFetch(200, answer([photoLine, videoLine]), seen), undefined, () => visitorKey);
    const order = await client.createOrder(7, ['DEMO00001', 'DEMO00002'], {
      pdv: 'demo.example.com',
      tz: 'America/Sao_Paulo',
      secret: 'abc123',
    });
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.url).toBe('http://api.test/api/v1/order/DEMO00001/7?pdv=demo.example.com&tz=America%2FSao_Paulo&secret=abc123');
    expect(await seen[0]?.json()).toEqual({ cards: ['DEMO00002'], visitor_key: visitorKey });
    expect(order).toEqual({
      id: 'Ord3r',
      cards: ['DEMO00001', 'DEMO00002'],
      items: [
        { mediaId: 'p1', productId: 1 },
        { mediaId: 'p2', productId: 1 },
        { mediaId: 'v1', productId: 2 },
      ],
      allDigitalId: null,
      photos: 2,
      videos: 1,
      total: 8000,
      status: 0,
      completed: false,
      customer: null,
    });
  });

  it('reads the all-digital line as the package, not as media chosen one by one', async () => {
    const line = { ...photoLine, id: 3, product_id: 3, all_digital: true, product_type: { is_photo: true, is_video: true } };
    const order = await createApiClient('http://api.test', fakeFetch(200, answer([line]))).addAllDigital('Ord3r', 3);
    expect(order.allDigitalId).toBe(3);
    expect(order.items).toEqual([]);
  });

  it('adds and removes media, cards and the package at the paths of section 7', async () => {
    const seen: Request[] = [];
    const client = createApiClient('http://api.test', fakeFetch(200, answer([]), seen));
    await client.addOrderMedia('Ord3r', 1, 'p1');
    await client.removeOrderMedia('Ord3r', 1, 'p1');
    await client.addAllDigital('Ord3r', 3);
    await client.removeAllDigital('Ord3r', 3);
    await client.removeOrderCard('Ord3r', 'DEMO00002');
    expect(seen.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      'POST /api/v1/order/Ord3r/product/1/p1',
      'DELETE /api/v1/order/Ord3r/product/1/media/p1',
      'POST /api/v1/order/Ord3r/product/3',
      'DELETE /api/v1/order/Ord3r/product/3',
      'DELETE /api/v1/order/Ord3r/card/DEMO00002',
    ]);
  });

  it("proves the browser's own key on every order and checkout call, and keeps it in storage once made", async () => {
    try {
      const seen: Request[] = [];
      const client = createApiClient('http://api.test', fakeFetch(200, answer([]), seen));
      await client.createOrder(7, ['DEMO00001'], { pdv: 'demo.example.com', tz: 'UTC' });
      await client.getOrder('Ord3r');
      await client.addOrderCard('Ord3r', 'DEMO00002');
      await client.removeOrderCard('Ord3r', 'DEMO00002');
      await client.addOrderMedia('Ord3r', 1, 'p1');
      await client.removeOrderMedia('Ord3r', 1, 'p1');
      await client.addAllDigital('Ord3r', 3);
      await client.removeAllDigital('Ord3r', 3);
      await client.saveOrderCustomer('Ord3r', {
        email: 'a@b.com',
        document_type: 'other',
        other: 'X1',
        country: 'pt',
        phone: '912345678',
        accepted_terms: true,
      });
      await client.saveOrderAddress('Ord3r', { street: 'A', street_number: '1', zipcode: '1000-001', city: 'Lisboa', state: 'LX', country: 'pt' });
      await client.finishOrder('Ord3r');
      await client.payByPix('Ord3r');
      const key = getTestStorage()['visitorKey'];
      expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(await seen[0]?.json()).toMatchObject({ visitor_key: key });
      expect(seen).toHaveLength(12);
      for (const request of seen) expect(request.headers.get('x-visitor-key'), `${request.method} ${request.url}`).toBe(key);
    } finally {
      cleanTestStorage();
    }
  });

  it('refusals of an order change carry their code', async () => {
    const client = createApiClient('http://api.test', fakeFetch(409, { error: true, message: 'MEDIA_ALREADY_SOLD' }));
    await expect(client.addOrderMedia('Ord3r', 1, 'p1')).rejects.toMatchObject({ code: 'MEDIA_ALREADY_SOLD', status: 409 });
  });
});

describe('the API client: checkout and payment', () => {
  const order = wireOrder({ id: 'Ord3r', organization_id: 7 });

  it('saves the customer, then the address, then finishes, each at its path of section 7', async () => {
    const seen: Request[] = [];
    const client = createApiClient('http://api.test', fakeFetch(200, { error: false, message: 'OK', order }, seen));
    const customer = {
      email: 'a@b.com',
      document_type: 'cpf' as const,
      cpf: '52998224725',
      country: 'br',
      phone: '11912345678',
      accepted_terms: true as const,
    };
    const address = { street: 'A', street_number: '1', zipcode: '01310100', city: 'SP', state: 'SP', country: 'br' };
    await client.saveOrderCustomer('Ord3r', customer);
    await client.saveOrderAddress('Ord3r', address);
    await client.finishOrder('Ord3r');
    expect(seen.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'POST /api/v1/order/Ord3r/customer',
      'POST /api/v1/order/Ord3r/customer',
      'POST /api/v1/order/Ord3r/finish',
    ]);
    expect(await seen[0]?.json()).toEqual({ customer });
    expect(await seen[1]?.json()).toEqual({ address });
  });

  it('pays by card with the card hash and by PIX with pix: true, and reads the status and PIX text', async () => {
    const seen: Request[] = [];
    const client = createApiClient('http://api.test', fakeFetch(200, { error: false, message: 'OK', status: 'PENDING', pix_text: '000201...' }, seen));
    expect(await client.payByPix('Ord3r')).toEqual({ method: 'pix', status: 'PENDING', pixText: '000201...' });
    await client.payByCard('Ord3r', 'aGFzaA==', 'es');
    expect(await client.getPayment('Ord3r', 'pix')).toEqual({ method: 'pix', status: 'PENDING', pixText: '000201...' });
    expect(seen.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'POST /api/v1/payment/checkout/Ord3r',
      'POST /api/v1/payment/checkout/Ord3r',
      'GET /api/v1/payment/Ord3r',
    ]);
    expect(await seen[0]?.json()).toEqual({ pix: true });
    // The buyer's language travels with the payment: the receipt's.
    expect(await seen[1]?.json()).toEqual({ card_hash: 'aGFzaA==', locale: 'es' });
    expect(client.pixQrCodeUrl('Ord3r', 42)).toBe('http://api.test/api/v1/payment/Ord3r/pix_qrcode?timestamp=42');
  });

  it('reads the gateway key and a refused card', async () => {
    const key = createApiClient('http://api.test', fakeFetch(200, { error: false, message: 'OK', public_key: '-----BEGIN PUBLIC KEY-----' }));
    expect(await key.getPaymentKey()).toBe('-----BEGIN PUBLIC KEY-----');
    const refused = createApiClient('http://api.test', fakeFetch(402, { error: true, message: 'REFUSED' }));
    await expect(refused.payByCard('Ord3r', 'aGFzaA==')).rejects.toMatchObject({ code: 'REFUSED', status: 402 });
  });
});

describe('the API client: the facial search', () => {
  it('posts the photos as photos[] with the organization and the period, and reads the cards, how sure each is and the photos pending', async () => {
    const seen: Request[] = [];
    const answer = {
      error: false,
      message: 'OK',
      cards: [
        { card: 'DEMO00002', similarity: 0.93, medias: [media('s1', 'DEMO00002')] },
        { card: 'DEMO00001', similarity: 0.61, medias: [{ ...media('u1'), selected: false }] },
      ],
      pending: 3,
    };
    const client = createApiClient('http://api.test', fakeFetch(200, answer, seen));
    const { cards, pending } = await client.searchFaces(7, '2026-11-21', '2026-11-22', [
      new Blob(['a'], { type: 'image/jpeg' }),
      new Blob(['b'], { type: 'image/jpeg' }),
    ]);
    expect(seen[0]?.url).toBe('http://api.test/api/v1/card/search/photo?organization_id=7&from_date=2026-11-21&to_date=2026-11-22');
    const form = await seen[0]!.formData();
    expect(form.getAll('photos[]')).toHaveLength(2);
    expect(cards.map((card) => [card.code, card.similarity, card.medias.map((m) => [m.id, m.sold])])).toEqual([
      ['DEMO00002', 0.93, [['s1', true]]],
      ['DEMO00001', 0.61, [['u1', false]]],
    ]);
    expect(pending).toBe(3);
  });

  it('reads FACE_NOT_FOUND', async () => {
    const client = createApiClient('http://api.test', fakeFetch(422, { error: true, message: 'FACE_NOT_FOUND' }));
    await expect(client.searchFaces(7, '2026-11-21', '2026-11-22', [new Blob(['a'])])).rejects.toMatchObject({ code: 'FACE_NOT_FOUND' });
  });
});
