import type { Product, Products } from '@gallery/contract/products';
import type { ErrorCode, MediaType, OrderStatus, PaymentMethod, WireCustomer, WirePaymentStatus } from './wire.ts';

export type { Product, Products };

/** The app's own shapes; the client builds them from the wire answers. */
export interface Card {
  id: string;
  code: string;
  mediaCount: number;
}

export interface Media {
  id: string;
  type: MediaType | 'extra';
  filename: string;
  card: string;
  /** Absolute URLs, ready for <img src>. */
  thumbUrl: string;
  previewUrl: string;
  /** The untouched original (clean; the API refuses it for unsold media). Bought videos stream from it. */
  originalUrl: string;
  /** An unsold video's short watermarked preview clip, which the viewer plays instead. */
  clipUrl?: string;
  /** Modern formats of the thumb and preview, once the API has made them: `srcset`s of absolute URLs, the same copy as thumbUrl and previewUrl. */
  imageSources?: ImageSource[];
  /** Set on the gallery's first screen of media when the page's script started their covers: the same file as the thumb, at that URL. */
  coverUrl?: string;
  sold: boolean;
  /** The original's size in pixels: the grid lays the thumbnail out at this ratio. */
  width: number;
  height: number;
}

interface ImageSource {
  /** Mime type, for `<source type>`. */
  type: string;
  thumbSrcset: string;
  previewSrcset: string;
}

/** Options of a visitor upload (POST /api/v1/photo/{org}). */
export interface UploadOptions {
  /** Adds the photos to this card (one an earlier upload made) instead of a new one. */
  cardCode?: string | undefined;
  /** That card's access code, under two-factor. */
  secret?: string | undefined;
  mustEdit?: boolean | undefined;
  /** Called with the fraction (0..1) of bytes sent. */
  onProgress?: ((fraction: number) => void) | undefined;
}

/** The card an upload went to, with its access code under two-factor. */
export interface UploadedCard {
  code: string;
  secret: string | undefined;
}

/** How many media each list holds in all, loaded or not. */
export interface MediaCounts {
  soldPhotos: number;
  soldVideos: number;
  notSoldPhotos: number;
  notSoldVideos: number;
  extras: number;
}

/** The gallery's lists as loaded so far (a page at a time), with the counts of the whole. */
export interface MediaLists {
  sold: Media[];
  notSold: Media[];
  extras: Media[];
  counts: MediaCounts;
  /** The cursor of the next page; null once every media is loaded. */
  next: string | null;
}

/** 'NETWORK_ERROR' when the API could not be reached or answered something unreadable. */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'UNKNOWN_ERROR';

/** The home's customer search: only the organization's customer_form_fields are sent. */
export type CustomerSearch = Partial<Record<'name' | 'lastname' | 'external_id' | 'cpf' | 'password', string>>;

/** A media chosen for the cart, under the product that sells its kind. */
interface OrderItem {
  mediaId: string;
  productId: number;
}

/** The visitor's open order (the cart): the API answers it whole after every change. */
export interface Order {
  id: string;
  /** Normalised card codes, the first card first. */
  cards: string[];
  /** The media chosen one by one; empty while the all-digital package is in the order. */
  items: OrderItem[];
  /** The all-digital package's product id when the order holds it: it then covers every media. */
  allDigitalId: number | null;
  photos: number;
  videos: number;
  /** Cents to pay. */
  total: number;
  status: OrderStatus;
  completed: boolean;
  /** Saved by the checkout's first two steps (the address is `customer.addresses[0]`). */
  customer: WireCustomer | null;
}

/** A payment attempt's state: the PIX code to pay while it is pending. */
export interface Payment {
  method: PaymentMethod;
  status: WirePaymentStatus;
  pixText: string | null;
}

/** A card the facial search found, with the photos of the visitor on it. */
export interface FaceCard {
  code: string;
  /** How sure the match is, 0 to 1 (see matchConfidence). */
  similarity: number;
  medias: Media[];
}

/** What a facial search found, and how many photos of the period it could not look at yet. */
export interface FaceSearchResult {
  cards: FaceCard[];
  pending: number;
}

/**
 * What an "e-mail me when my photos arrive" waits for: a card's first photos (the empty card just
 * looked up), or, from the facial search, the photos of the days searched still to be indexed
 * (YYYY-MM-DD, as searched): those are nobody's card yet.
 */
export type ArrivalTarget = { card: string; secret?: string | undefined } | { period: { start: string; end: string } };
