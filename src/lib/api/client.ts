import type {
  ApiErrorCode,
  ArrivalTarget,
  Card,
  FaceSearchResult,
  Media,
  MediaCounts,
  MediaLists,
  Order,
  Payment,
  Products,
  UploadedCard,
  UploadOptions,
} from './types.ts';
import type { Locale } from '@gallery/contract/locales';
import type { WireNotifyBody, WireNotifyFacesBody } from '@gallery/contract/notify';
import type {
  WireCardAnswer,
  WireDeleteAnswer,
  WireError,
  WireExtra,
  WireFaceSearchAnswer,
  WireMedia,
  WireGalleryStartAnswer,
  WireMediaCounts,
  WireMediasAnswer,
  WireAddress,
  WireCustomerInput,
  WireOrder,
  WireOrderAnswer,
  WireOrganization,
  WireOrganizationAnswer,
  WirePaymentAnswer,
  WirePublicKeyAnswer,
  WireProductsAnswer,
  WireUploadAnswer,
  WireZipAnswer,
} from './wire.ts';
import type { CustomerSearch } from './types.ts';
import type { WireCard, WireCredentialCardsAnswer, WireCustomerCardAnswer } from './wire.ts';
import { VISITOR_KEY_HEADER } from '@gallery/contract/rules';
import { visitorKey as browserVisitorKey } from '../order-memory.ts';
import { toProducts } from '@gallery/contract/products';
import { FIRST_PAGE_SIZE } from '@gallery/contract/rules';
import { galleryStartPath, readEarlyGallery, type EarlyGallery } from '../gallery-early.ts';

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

/**
 * The one reading of an answer, whichever way it came (fetch or the upload's XMLHttpRequest):
 * its body when the call succeeded, else the ApiError it carries (UNKNOWN_ERROR when it carries none).
 */
function decodeAnswer<T>(status: number, text: string): T {
  const ok = status >= 200 && status < 300;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(ok ? 'NETWORK_ERROR' : 'UNKNOWN_ERROR', status, 'unreadable answer');
  }
  if (isWireError(body)) throw new ApiError(body.message as ApiErrorCode, status, body.detail);
  if (!ok) throw new ApiError('UNKNOWN_ERROR', status);
  return body as T;
}

/** How long a call may wait for its whole answer; a face search, which sends photos, waits longer. */
export const ANSWER_TIMEOUT_MS = 30_000;
const FACE_SEARCH_TIMEOUT_MS = 120_000;

/** A call that never got an answer. */
const networkError = (error: unknown) => new ApiError('NETWORK_ERROR', 0, error instanceof Error ? error.message : String(error));

/** fetch, with a failure to reach the API as an ApiError. */
async function reach(fetchImpl: typeof fetch, url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetchImpl(url, init);
  } catch (error) {
    throw networkError(error);
  }
}

export interface ApiClient {
  /** The organization of a web name, as the API holds it now. */
  getOrganization(webName: string): Promise<WireOrganization>;
  getCard(organizationId: number, code: string, secret?: string): Promise<Card>;
  /** A page of the media of these cards: the first without `after`, else the one after that cursor. */
  getMedias(organizationId: number, cards: string[], secret: string | undefined, page: MediaPageRequest): Promise<MediaLists>;
  /**
   * The first page of these cards as the page's inline script already asked for it, when it asked
   * for exactly these cards with this access code (once; null otherwise: then ask getMedias).
   */
  earlyMedias(organizationId: number, cards: string[], secret: string | undefined): Promise<MediaLists> | null;
  /** The organization as the page's inline script got it with the gallery's first page (once; null when it asked nothing). */
  earlyOrganization(): Promise<WireOrganization> | null;
  /** The address of a ZIP of these (owned) media; the browser then downloads it. Under two-factor, their cards' access code. */
  createZip(organizationId: number, mediaIds: string[], secret?: string): Promise<string>;
  deleteMedia(organizationId: number, mediaId: string): Promise<void>;
  /** Sends the visitor's photos; answers the (normalised) code of the card they went to, and its access code. */
  uploadPhotos(organizationId: number, files: File[], options?: UploadOptions): Promise<UploadedCard>;
  /** The original of a sold or free media as a File (for the Web Share API). */
  getOriginalFile(media: Media): Promise<File>;
  /** The cards with media of the customer holding this credential (external id); [] when none. */
  getCredentialCards(organizationId: number, credentialId: string): Promise<Card[]>;
  /** The home's customer search: the customer's most recent card with media. */
  findCustomerCard(organizationId: number, search: CustomerSearch): Promise<Card>;
  /** The products sold online and the all-digital package, with their prices. */
  getProducts(organizationId: number): Promise<Products>;
  /** This browser's open order of the first card (made once per visitor key, then answered again), holding these cards. */
  createOrder(organizationId: number, cards: string[], context: OrderContext): Promise<Order>;
  addOrderCard(orderId: string, card: string, secret?: string): Promise<Order>;
  removeOrderCard(orderId: string, card: string): Promise<Order>;
  addOrderMedia(orderId: string, productId: number, mediaId: string): Promise<Order>;
  removeOrderMedia(orderId: string, productId: number, mediaId: string): Promise<Order>;
  addAllDigital(orderId: string, productId: number): Promise<Order>;
  removeAllDigital(orderId: string, productId: number): Promise<Order>;
  getOrder(orderId: string): Promise<Order>;
  saveOrderCustomer(orderId: string, customer: NonNullable<WireCustomerInput['customer']>): Promise<Order>;
  saveOrderAddress(orderId: string, address: WireAddress): Promise<Order>;
  /** Closes the cart: the API checks it has something to pay, a customer and an address. */
  finishOrder(orderId: string): Promise<Order>;
  /** The gateway's key that card data is encrypted with (`encryptCardHash`). */
  getPaymentKey(): Promise<string>;
  /** "E-mail me when my photos arrive" on an empty card: one e-mail, in `locale`, when its first photos land. */
  /** "E-mail me when my photos arrive": for a card's first photos, or (facial search) a period's photos still to index. */
  notifyOnArrival(organizationId: number, target: ArrivalTarget, email: string, locale: Locale): Promise<void>;
  /** `locale`: the language the buyer pays in, the receipt's (the API's default when absent). */
  payByCard(orderId: string, cardHash: string, locale?: Locale): Promise<Payment>;
  /** Makes (or answers again) the order's PIX charge: its copy-and-paste code. */
  payByPix(orderId: string, locale?: Locale): Promise<Payment>;
  /** The order's latest payment attempt, re-read from the gateway while pending. */
  getPayment(orderId: string, method: Payment['method']): Promise<Payment>;
  /** The address of the live PIX charge's QR code image; `stamp` defeats caches. */
  pixQrCodeUrl(orderId: string, stamp: number): string;
  /** The cards with photos of the people in these photos, captured between the two days (YYYY-MM-DD). */
  searchFaces(organizationId: number, fromDate: string, toDate: string, photos: Blob[]): Promise<FaceSearchResult>;
}

interface MediaPageRequest {
  after?: string | undefined;
  limit: number;
}

/** Where the order is made: the site's host (pdv), the visitor's time zone and the card's access code. */
interface OrderContext {
  pdv: string;
  tz: string;
  secret?: string | undefined;
}

function toOrder(order: WireOrder): Order {
  const allDigital = order.items.find((line) => line.all_digital);
  return {
    id: order.id,
    cards: order.cards.map((card) => card.card),
    items: allDigital
      ? []
      : order.items.flatMap((line) => line.items.map((ref) => ({ mediaId: 'photo' in ref ? ref.photo.id : ref.video.id, productId: line.product_id }))),
    allDigitalId: allDigital ? allDigital.product_id : null,
    photos: order.photos_count,
    videos: order.videos_count,
    total: order.total,
    status: order.status,
    completed: order.completed,
    customer: order.customer,
  };
}

/** Uploads use XMLHttpRequest: fetch cannot report upload progress. Injectable for tests. */
export type XhrFactory = () => XMLHttpRequest;

/** A `srcset` of API paths with absolute URLs (the paths hold no ", ": file names are URL-encoded). */
export function absoluteSrcset(base: string, srcset: string): string {
  return srcset
    .split(', ')
    .map((candidate) => base + candidate)
    .join(', ');
}

/** The lists with their first media (by the API's one order, as the page's covers are placed) shown from the page's covers. */
function withCovers(lists: MediaLists, covers: readonly string[] = []): MediaLists {
  let position = 0;
  const cover = (list: Media[]) =>
    list.map((media) => {
      const coverUrl = covers[position++];
      return coverUrl ? { ...media, coverUrl } : media;
    });
  return { ...lists, sold: cover(lists.sold), notSold: cover(lists.notSold), extras: cover(lists.extras) };
}

/**
 * Every call to the provider API goes through here; answers are reshaped into the app's types.
 * Orders are the browser's own: its visitor key makes them, and proves them its own on every later
 * call (the API answers the buyer's data, and takes changes and payments, only with it).
 */
export function createApiClient(
  baseUrl: string,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
  createXhr: XhrFactory = () => new XMLHttpRequest(),
  visitorKey: () => string = browserVisitorKey,
  early: Omit<EarlyGallery, 'firstScreen'> | undefined = readEarlyGallery(),
): ApiClient {
  const base = baseUrl.replace(/\/+$/, '');

  async function call<T>(path: string, init?: RequestInit, timeoutMs = ANSWER_TIMEOUT_MS): Promise<T> {
    // A call left unanswered (a stalled connection) fails as a lost network does: no button waits forever.
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), timeoutMs);
    const response = await reach(fetchImpl, base + path, { ...init, signal: timeout.signal });
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw networkError(error);
    } finally {
      clearTimeout(timer);
    }
    return decodeAnswer<T>(response.status, text);
  }

  const toMedia = (item: WireMedia | WireExtra, sold: boolean): Media => ({
    id: item.id,
    type: item.type,
    filename: item.filename,
    card: item.card,
    thumbUrl: base + item.thumb_path,
    previewUrl: base + item.preview_path,
    originalUrl: base + item.preview_path.replace(/([?&])size=preview\b/, '$1size=original'),
    ...('preview_clip_path' in item && item.preview_clip_path !== undefined && { clipUrl: base + item.preview_clip_path }),
    ...(item.image_sources && {
      imageSources: item.image_sources.map((source) => ({
        type: source.type,
        thumbSrcset: absoluteSrcset(base, source.thumb_srcset),
        previewSrcset: absoluteSrcset(base, source.preview_srcset),
      })),
    }),
    sold,
    width: item.width,
    height: item.height,
  });

  const toCounts = (counts: WireMediaCounts): MediaCounts => ({
    soldPhotos: counts.sold_photos,
    soldVideos: counts.sold_videos,
    notSoldPhotos: counts.not_sold_photos,
    notSoldVideos: counts.not_sold_videos,
    extras: counts.extras,
  });

  const toLists = (answer: WireMediasAnswer): MediaLists => ({
    sold: answer.sold_medias.map((m) => toMedia(m, true)),
    notSold: answer.not_sold_medias.map((m) => toMedia(m, false)),
    extras: answer.extras.map((m) => toMedia(m, m.sold)),
    counts: toCounts(answer.counts),
    next: answer.next,
  });

  // The page script's answer, read once whichever store asks first; each store takes it once.
  const earlyAnswer =
    early &&
    early.answer.then(
      ({ status, text }) => decodeAnswer<WireGalleryStartAnswer>(status, text),
      (error: unknown) => Promise.reject(networkError(error)),
    );
  let earlyMediasTaken = false;
  let earlyOrganizationTaken = false;

  const toCard = (card: WireCard): Card => ({ id: card.id, code: card.card, mediaCount: card.medias_count });

  /** A call on the browser's own order: its visitor key, and the body as JSON. */
  const ownCall = (method: 'GET' | 'POST' | 'DELETE', body?: unknown): RequestInit =>
    body === undefined
      ? { method, headers: { [VISITOR_KEY_HEADER]: visitorKey() } }
      : { method, headers: { [VISITOR_KEY_HEADER]: visitorKey(), 'content-type': 'application/json' }, body: JSON.stringify(body) };

  /** A plain POST of a JSON body (no visitor key: `ownCall` adds it for the visitor's own order). */
  const postJson = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  /** Every order call answers the whole order. */
  const orderCall = async (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<Order> =>
    toOrder((await call<WireOrderAnswer>(path, ownCall(method, body))).order);
  const orderPath = (...parts: Array<string | number>) => `/api/v1/order/${parts.map(encodeURIComponent).join('/')}`;

  const paymentCall = async (method: Payment['method'], orderId: string, body: unknown): Promise<Payment> => {
    const answer = await call<WirePaymentAnswer>(`/api/v1/payment/checkout/${encodeURIComponent(orderId)}`, ownCall('POST', body));
    return { method, status: answer.status, pixText: answer.pix_text };
  };

  const secretQuery = (secret?: string) => (secret ? `&secret=${encodeURIComponent(secret)}` : '');

  return {
    async getOrganization(webName) {
      return (await call<WireOrganizationAnswer>(`/api/v1/organization/${encodeURIComponent(webName)}`)).organization;
    },

    async getCard(organizationId, code, secret) {
      const answer = await call<WireCardAnswer>(`/api/v1/card/${encodeURIComponent(code)}/medias?organization_id=${organizationId}${secretQuery(secret)}`);
      return { id: answer.card.id, code: answer.card.card, mediaCount: answer.medias_count };
    },

    async getMedias(organizationId, cards, secret, { after, limit }) {
      const [first = ''] = cards;
      const query = secret ? `?secret=${encodeURIComponent(secret)}` : '';
      const answer = await call<WireMediasAnswer>(`/api/v1/medias/${organizationId}/${encodeURIComponent(first)}${query}`, postJson({ cards, after, limit }));
      return toLists(answer);
    },

    earlyMedias(organizationId, cards, secret) {
      if (!early || !earlyAnswer || earlyMediasTaken || early.url !== base + galleryStartPath(organizationId, cards, secret, FIRST_PAGE_SIZE)) return null;
      earlyMediasTaken = true;
      return earlyAnswer.then((answer) => withCovers(toLists(answer), early.covers));
    },

    earlyOrganization() {
      if (!earlyAnswer || earlyOrganizationTaken) return null;
      earlyOrganizationTaken = true;
      return earlyAnswer.then((answer) => answer.organization);
    },

    async createZip(organizationId, mediaIds, secret) {
      const answer = await call<WireZipAnswer>(`/api/v1/medias/zip?organization_id=${organizationId}${secretQuery(secret)}`, postJson({ media_ids: mediaIds }));
      return answer.url;
    },

    async deleteMedia(organizationId, mediaId) {
      await call<WireDeleteAnswer>(`/api/v1/media/${encodeURIComponent(mediaId)}?organization_id=${organizationId}`, {
        method: 'DELETE',
      });
    },

    uploadPhotos(organizationId, files, options = {}) {
      const query = new URLSearchParams();
      if (options.cardCode) query.set('card_code', options.cardCode);
      if (options.secret) query.set('secret', options.secret);
      if (options.mustEdit) query.set('must_edit', 'True');
      const search = query.size ? `?${query}` : '';
      const form = new FormData();
      for (const file of files) form.append('photos[]', file, file.name);
      return new Promise<UploadedCard>((resolve, reject) => {
        const xhr = createXhr();
        xhr.open('POST', `${base}/api/v1/photo/${organizationId}${search}`);
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
        };
        xhr.onerror = () => reject(new ApiError('NETWORK_ERROR', 0, 'upload failed'));
        xhr.onload = () => {
          try {
            const answer = decodeAnswer<WireUploadAnswer>(xhr.status, xhr.responseText);
            options.onProgress?.(1);
            resolve({ code: answer.card_code, secret: answer.secret });
          } catch (error) {
            reject(error as ApiError);
          }
        };
        xhr.send(form);
      });
    },

    async getCredentialCards(organizationId, credentialId) {
      const answer = await call<WireCredentialCardsAnswer>(
        `/api/v1/card/customer/external_id/${encodeURIComponent(credentialId.trim())}?organization_id=${organizationId}`,
      );
      return answer.cards.map(toCard);
    },

    async findCustomerCard(organizationId, search) {
      const answer = await call<WireCustomerCardAnswer>('/api/v1/customer/card/medias', postJson({ ...search, organization_id: organizationId }));
      return toCard(answer.card);
    },

    getProducts: async (organizationId) => toProducts(await call<WireProductsAnswer>(`/api/v1/products/${organizationId}/online`)),

    createOrder(organizationId, cards, { pdv, tz, secret }) {
      const [first = '', ...rest] = cards;
      const query = new URLSearchParams({ pdv, tz });
      if (secret) query.set('secret', secret);
      return orderCall('POST', `/api/v1/order/${encodeURIComponent(first)}/${organizationId}?${query}`, {
        cards: rest,
        visitor_key: visitorKey(),
      });
    },

    addOrderCard: (orderId, card, secret) => orderCall('POST', `${orderPath(orderId, 'card', card)}${secret ? `?secret=${encodeURIComponent(secret)}` : ''}`),

    removeOrderCard: (orderId, card) => orderCall('DELETE', orderPath(orderId, 'card', card)),
    addOrderMedia: (orderId, productId, mediaId) => orderCall('POST', orderPath(orderId, 'product', productId, mediaId)),
    removeOrderMedia: (orderId, productId, mediaId) => orderCall('DELETE', orderPath(orderId, 'product', productId, 'media', mediaId)),
    addAllDigital: (orderId, productId) => orderCall('POST', orderPath(orderId, 'product', productId)),
    removeAllDigital: (orderId, productId) => orderCall('DELETE', orderPath(orderId, 'product', productId)),
    getOrder: (orderId) => orderCall('GET', orderPath(orderId)),
    saveOrderCustomer: (orderId, customer) => orderCall('POST', orderPath(orderId, 'customer'), { customer }),
    saveOrderAddress: (orderId, address) => orderCall('POST', orderPath(orderId, 'customer'), { address }),
    finishOrder: (orderId) => orderCall('POST', orderPath(orderId, 'finish')),

    getPaymentKey: async () => (await call<WirePublicKeyAnswer>('/api/v1/payment/public_key')).public_key,
    notifyOnArrival: async (organizationId, target, email, locale) => {
      const body: WireNotifyBody = { email, consent: true, locale };
      if ('card' in target)
        await call(
          `/api/v1/notify/${organizationId}/${encodeURIComponent(target.card)}${target.secret ? `?secret=${encodeURIComponent(target.secret)}` : ''}`,
          postJson(body),
        );
      else
        await call(
          `/api/v1/notify/${organizationId}`,
          postJson({ ...body, from_date: target.period.start, to_date: target.period.end } satisfies WireNotifyFacesBody),
        );
    },
    payByCard: (orderId, cardHash, locale) => paymentCall('creditCard', orderId, { card_hash: cardHash, locale }),
    payByPix: (orderId, locale) => paymentCall('pix', orderId, { pix: true, locale }),
    // The status poll needs no key (it answers nothing of the buyer): a plain GET, no CORS preflight each time.
    async getPayment(orderId, method) {
      const answer = await call<WirePaymentAnswer>(`/api/v1/payment/${encodeURIComponent(orderId)}`);
      return { method, status: answer.status, pixText: answer.pix_text };
    },
    async searchFaces(organizationId, fromDate, toDate, photos) {
      const form = new FormData();
      photos.forEach((photo, n) => form.append('photos[]', photo, `selfie-${n + 1}.jpg`));
      const query = new URLSearchParams({ organization_id: String(organizationId), from_date: fromDate, to_date: toDate });
      const answer = await call<WireFaceSearchAnswer>(`/api/v1/card/search/photo?${query}`, { method: 'POST', body: form }, FACE_SEARCH_TIMEOUT_MS);
      // As in the gallery's lists, only unsold media carry the cart's `selected` flag.
      return {
        cards: answer.cards.map((card) => ({
          code: card.card,
          similarity: card.similarity,
          medias: card.medias.map((m) => toMedia(m, m.selected === undefined)),
        })),
        pending: answer.pending,
      };
    },

    pixQrCodeUrl: (orderId, stamp) => `${base}/api/v1/payment/${encodeURIComponent(orderId)}/pix_qrcode?timestamp=${stamp}`,

    async getOriginalFile(media) {
      const response = await reach(fetchImpl, media.originalUrl);
      if (!response.ok) decodeAnswer(response.status, await response.text().catch(() => ''));
      const blob = await response.blob();
      return new File([blob], media.filename, { type: blob.type || 'application/octet-stream' });
    },
  };
}
