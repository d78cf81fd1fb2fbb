// The provider API's answers exactly as they travel (section 7 of the spec, snake_case).
// The server builds these; the client in ./client.ts reshapes them into the app's own types.

export type ErrorCode =
  | 'CARD_NOT_FOUND'
  | 'CARD_EMPTY_MEDIA'
  | 'CARD_EMPTY_PHOTO'
  | 'CUSTOMER_NOT_FOUND'
  | 'CUSTOMER_CODE_NOT_FOUND'
  | 'CARD_NOT_FROM_CUSTOMER'
  | 'ORGANIZATION_NOT_FOUND'
  | 'MEDIA_NOT_FOUND'
  | 'MEDIA_NOT_SOLD'
  | 'VALIDATION_ERROR'
  | 'NOT_FOUND'
  | 'PAYLOAD_TOO_LARGE'
  | 'RATE_LIMITED'
  | 'FORBIDDEN'
  | 'INVALID_IMAGE'
  | 'INTERNAL_ERROR'
  // The shop (orders and payments).
  | 'ORDER_NOT_FOUND'
  | 'ORDER_CLOSED'
  | 'PRODUCT_NOT_FOUND'
  | 'MEDIA_ALREADY_SOLD'
  | 'REFUSED'
  | 'PAYMENT_NOT_FOUND'
  // The all-digital package where it saves nothing (nothing unsold, or it costs more); an order buying nothing.
  | 'ALL_DIGITAL_NOT_OFFERED'
  | 'NOTHING_TO_BUY'
  // The cart changed while a charge was being made: it was undone (canceled or refunded).
  | 'ORDER_CHANGED'
  // The facial search: none of the visitor's photos shows a face; the organization uses two-factor.
  | 'FACE_NOT_FOUND'
  | 'TWO_FACTOR_REQUIRED';

/** Every failed call answers this, with a 4xx or 5xx status. */
export interface WireError {
  error: true;
  message: ErrorCode | string;
  /** For VALIDATION_ERROR: which field is wrong and why, in English. */
  detail?: string;
}

// The organization's shapes are the contract's (section 3); the browser takes only the types.
export type {
  CustomerField,
  InitialForm,
  WireOrganization,
  WireOrganizationAnswer,
  WireOrganizationList,
} from '../../../contract/organization.ts';

export type MediaType = 'photo' | 'video';

export interface WireMedia {
  id: string;
  type: MediaType;
  filename: string;
  thumb_filename: string;
  /** API path (no host) of the preview image: watermarked unless the media is sold or free. */
  preview_path: string;
  /** API path (no host) of the thumbnail: watermarked unless the media is sold or free. */
  thumb_path: string;
  /** The card code (normalised) the media belongs to. */
  card: string;
  /** Only on unsold media. */
  selected?: boolean;
}

export interface WireExtra {
  id: string;
  type: 'extra';
  filename: string;
  thumb_filename: string;
  preview_path: string;
  thumb_path: string;
  card: string;
  /** Whether its clean files are the visitor's (an extra follows the sold rule like any media). */
  sold: boolean;
}

export interface WireCard {
  id: string;
  /** Normalised 9-character code. */
  card: string;
  medias_count: number;
}

export interface WireCardAnswer {
  error: false;
  message: string;
  card: WireCard;
  medias_count: number;
}

export interface WireMediasAnswer {
  error: false;
  message: string;
  sold_medias: WireMedia[];
  not_sold_medias: WireMedia[];
  extras: WireExtra[];
}

// ---- The shop. Money is integer cents of BRL everywhere (2500 is R$ 25,00). ----

export interface WirePriceRange {
  id: number;
  min_photos: number;
  /** null: open-ended. Beyond the last range's min_photos every item costs its price anyway. */
  max_photos: number | null;
  /** Cents per item in this range. */
  price: number;
}

export interface WireProduct {
  id: number;
  /** 0 only for the all-digital package, which is answered apart as `all_digital`. */
  unities: number;
  is_video: boolean;
  is_photo: boolean;
  description: string;
  ranges_price: WirePriceRange[];
}

export interface WireAllDigital {
  id: number;
  /** Cents for every media of the order's cards. */
  price: number;
  description: string;
}

export interface WireProductsAnswer {
  error: false;
  message: string;
  products: WireProduct[];
  all_digital: WireAllDigital | null;
}

export type DocumentType = 'cpf' | 'passport' | 'other';

export interface WireAddress {
  street: string;
  street_number: string;
  zipcode: string;
  city: string;
  state: string;
  /** Lower-case ISO 3166 alpha-2, e.g. "br". */
  country: string;
}

export interface WireCustomer {
  name: string | null;
  lastname: string | null;
  email: string;
  document_type: DocumentType;
  /** The number of the chosen document (the matching field below carries it too). */
  document: string;
  cpf: string | null;
  passport: string | null;
  other: string | null;
  country: string;
  /** Digits with an optional leading +. */
  phone: string;
  accepted_terms: true;
  /** The order's address, when saved (at most one). */
  addresses: WireAddress[];
}

/** What `POST /api/v1/order/:orderId/customer` takes: either part, or both. */
export interface WireCustomerInput {
  customer?: {
    name?: string | null;
    lastname?: string | null;
    email: string;
    document_type: DocumentType;
    cpf?: string | null;
    passport?: string | null;
    other?: string | null;
    country: string;
    phone: string;
    accepted_terms: boolean;
  };
  address?: WireAddress;
}

export type WireOrderMediaRef = { photo: { id: string } } | { video: { id: string } };

export interface WireOrderLine {
  /** The product id: one line per product in the order. */
  id: number;
  product_id: number;
  product_type: { is_video: boolean; is_photo: boolean };
  /** true for the all-digital line; its items are then every photo and video of the cards. */
  all_digital: boolean;
  items: WireOrderMediaRef[];
  /** Cents: the price table's running sum for this many items, or the package price. */
  total: number;
}

export type PaymentMethod = 'pix' | 'creditCard';

/** Normalised gateway statuses, upper-case on the wire. */
export type WirePaymentStatus =
  | 'PENDING'
  | 'PROCESSING'
  | 'PAID'
  | 'REFUSED'
  | 'CANCELED'
  | 'EXPIRED'
  | 'REFUNDED'
  | 'CHARGEDBACK';

export interface WireOrderPayment {
  modality: PaymentMethod;
  status: WirePaymentStatus;
  /** Cents charged by this attempt. */
  amount: number;
  /** Cards only. */
  card_last4: string | null;
  card_brand: string | null;
}

/** 0 open, 1 paid, 2 canceled. */
export type OrderStatus = 0 | 1 | 2;

export interface WireOrder {
  id: string;
  /** The first card's normalised code. */
  card_code: string;
  organization_id: number;
  cards: Array<{ card: string }>;
  /** When the all-digital package is in the order, its line is the only one. */
  items: WireOrderLine[];
  photos_count: number;
  videos_count: number;
  /** Cents to pay. */
  total: number;
  status: OrderStatus;
  /** true once paid. */
  completed: boolean;
  /** Set by POST /api/v1/order/:orderId/finish. */
  finished: boolean;
  customer: WireCustomer | null;
  payments: WireOrderPayment[];
}

export interface WireOrderAnswer {
  error: false;
  message: string;
  order: WireOrder;
}

export interface WirePaymentAnswer {
  error: false;
  message: string;
  status: WirePaymentStatus;
  /** The PIX "copia e cola" BR Code; null for cards. */
  pix_text: string | null;
}

export interface WirePublicKeyAnswer {
  error: false;
  message: string;
  /** SPKI PEM of the gateway's RSA key; encrypt card data with `encryptCardHash`. */
  public_key: string;
}

/** POST /api/v1/medias/zip: an absolute, unguessable link valid for one hour. */
export interface WireZipAnswer {
  error: false;
  url: string;
}

/** GET /api/v1/card/customer/external_id/{credentialId}: the credential's cards that have media. */
export interface WireCredentialCardsAnswer {
  error: false;
  cards: WireCard[];
}

/** POST /api/v1/customer/card/medias: the customer's most recent card with media. */
export interface WireCustomerCardAnswer {
  error: false;
  card: WireCard;
  medias_count: number;
}

/** POST /api/v1/photo/{org}: the (normalised) code of the card the photos went to. */
export interface WireUploadAnswer {
  error: false;
  card_code: string;
  /** Under two-factor: the card's access code (a new card gets its own), needed to open it. */
  secret?: string;
}

/** DELETE /api/v1/media/{id}. */
export interface WireDeleteAnswer {
  error: false;
  message: string;
}

/** The branding files the API stores for an organization (names like `logo.svg`). */
export interface WireBrandingList {
  error: false;
  files: string[];
}

/** POST /api/v1/card/search/photo: the cards with photos of the visitor, best match first. */
export interface WireFaceSearchAnswer {
  error: false;
  message: string;
  /** Each card with the matching photos (as the gallery lists them), best match first. */
  cards: Array<{ card: string; medias: WireMedia[] }>;
}
