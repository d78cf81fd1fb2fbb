import type { Generated } from 'kysely';
import type { ChargeStatus, PaymentMethod } from './services/payments/gateway.ts';

// The tables as both databases hold them (migrations/sqlite and migrations/postgres). Timestamps
// are ISO-8601 UTC text, flags are 0/1 integers and JSON is text, in both: answers read the same.
// Generated<> marks a column the database fills when an insert leaves it out.

type Flag = 0 | 1;
type Timestamp = Generated<string>;

/** An order's `status` column: a visitor's cart is open until paid (canceled is kept for old rows). */
export const ORDER_STATUS = { open: 0, paid: 1, canceled: 2 } as const;
type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

export interface Schema {
  /** Kysely's Migrator's record of the migration files applied (db.ts). */
  kysely_migration: { name: string; timestamp: string };
  organizations: {
    id: Generated<number>;
    web_name: string;
    name: string;
    /** JSON of every WireOrganization field but id, web_name and name. */
    profile: string;
    created_at: Timestamp;
    updated_at: Timestamp;
    removed_at: string | null;
    faces_generation: Generated<number>;
  };
  cards: {
    id: string;
    organization_id: number;
    /** Normalised 9-character code. */
    code: string;
    /** Normalised two-factor secret, when the card has one. */
    secret: string | null;
    captured_at: string | null;
    created_at: Timestamp;
    customer_id: number | null;
    origin: Generated<'import' | 'upload'>;
  };
  media: {
    id: string;
    organization_id: number;
    card_id: string;
    kind: 'photo' | 'video' | 'extra';
    /** The original's sanitised base name, e.g. "sample1.jpg". */
    filename: string;
    mime: string;
    width: number;
    height: number;
    bytes: number;
    sha256: string;
    captured_at: string;
    /** 1 when the venue already sold it. */
    sold_at_venue: Generated<Flag>;
    created_at: Timestamp;
    must_edit: Generated<Flag>;
    /** The paid order that covers it (set at payment time), or null. */
    sold_order_id: string | null;
    /** The rendition set its WebP files were made with (services/renditions.ts); 0: none yet, the JPEGs only. */
    renditions: Generated<number>;
  };
  customers: {
    id: Generated<number>;
    organization_id: number;
    name: Generated<string>;
    lastname: Generated<string>;
    /** Folded for search: lower case, no accents, single spaces. */
    name_key: Generated<string>;
    lastname_key: Generated<string>;
    external_id: string | null;
    /** 11 digits. */
    cpf: string | null;
    email: string | null;
    phone: string | null;
    password_hash: string | null;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  zip_downloads: {
    token: string;
    organization_id: number;
    /** JSON list of media ids. */
    media_ids: string;
    expires_at: string;
    created_at: Timestamp;
  };
  products: {
    id: Generated<number>;
    organization_id: number;
    unities: number;
    is_photo: Flag;
    is_video: Flag;
    description: Generated<string>;
    position: Generated<number>;
    active: Generated<Flag>;
    created_at: Timestamp;
  };
  product_price_ranges: {
    id: Generated<number>;
    product_id: number;
    min_photos: number;
    max_photos: number | null;
    price_cents: number;
  };
  orders: {
    id: string;
    organization_id: number;
    first_card_id: string;
    status: Generated<OrderStatus>;
    pdv: string | null;
    tz: string | null;
    /** JSON of the saved customer, or null. */
    customer: string | null;
    /** JSON of the saved address, or null. */
    address: string | null;
    finished_at: string | null;
    paid_at: string | null;
    created_at: Timestamp;
    updated_at: Timestamp;
    visitor_key: string | null;
    /** The language the order was paid in (pt, en or es); null on orders paid before it was recorded. */
    locale: string | null;
  };
  order_cards: { order_id: string; card_id: string; position: number };
  order_items: {
    id: Generated<number>;
    order_id: string;
    product_id: number;
    media_id: string | null;
    created_at: Timestamp;
  };
  payments: {
    /**
     * Insertion order, which breaks ties between attempts made in the same millisecond:
     * SQLite's implicit rowid, an identity column of that name in PostgreSQL.
     */
    rowid: Generated<number>;
    id: string;
    order_id: string;
    method: PaymentMethod;
    gateway: string;
    charge_id: string | null;
    idempotency_key: string;
    amount_cents: number;
    status: ChargeStatus;
    pix_text: string | null;
    /** PIX only: the charge's random txid (unique), by which a bank statement names it. */
    pix_txid: string | null;
    card_last4: string | null;
    card_brand: string | null;
    /** JSON list of the media the attempt sells, fixed at checkout (`amount_cents` is its total). */
    media_ids: Generated<string>;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  sandbox_charges: {
    id: string;
    order_id: string;
    method: PaymentMethod;
    amount_cents: number;
    status: ChargeStatus;
    idempotency_key: string;
    pix_text: string | null;
    /** PIX only: the charge's random txid (unique), by which a bank statement names it. */
    pix_txid: string | null;
    card_last4: string | null;
    card_brand: string | null;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  media_face_index: { media_id: string; faces: number; indexed_at: Timestamp };
  media_faces: {
    id: Generated<number>;
    organization_id: number;
    media_id: string;
    /** 128 float32: a BLOB in SQLite, bytea in PostgreSQL. */
    descriptor: Uint8Array;
  };
  face_jobs: { media_id: string; organization_id: number; queued_at: Timestamp; claim_token: string | null; lease_expires_at_ms: number | null };
  /** Messages to send (services/mail-outbox.ts); times in ms since the epoch end in _ms. */
  mail_outbox: {
    id: string;
    organization_id: number;
    kind: 'receipt' | 'arrival' | 'faces';
    /** The order of a receipt, the card of an arrival notice, the period (`<from>/<to>`) of a facial search's notice. */
    subject_id: string;
    site_origin: string | null;
    address: string;
    locale: string;
    created_at: string;
    attempts: Generated<number>;
    next_attempt_at_ms: number;
    last_error: string | null;
    sent_at: string | null;
    claim_token: string | null;
    lease_expires_at_ms: number | null;
  };
  notify_subscriptions: {
    id: string;
    organization_id: number;
    card_id: string;
    address: string;
    locale: string;
    site_origin: string | null;
    created_at: string;
  };
  /** A facial search's "e-mail me": the photos captured from `captured_from` until `captured_to` (ISO instants) left to index. */
  notify_face_subscriptions: {
    id: string;
    organization_id: number;
    captured_from: string;
    captured_to: string;
    address: string;
    locale: string;
    site_origin: string | null;
    created_at: string;
  };
  mail_recipients: { organization_id: number; address: string; token: string; unsubscribed_at: string | null };
  rendition_jobs: { media_id: string; organization_id: number; queued_at: string; claim_token: string | null; lease_expires_at_ms: number | null };
  /** Milliseconds since the epoch, by the callers' clocks. */
  rate_limit_hits: { key: string; window_started_ms: number; hits: number };
  order_locks: { order_id: string; holder: string; expires_at_ms: number };
  /** The change webhook's signatures taken, until they go stale (milliseconds since the epoch). */
  webhook_signatures: { signature: string; expires_at_ms: number };
  /** A folder `media:import` is still queueing: its jobs wait until the row goes; the lease (ms since the epoch) says its process lives. */
  import_batches: { id: string; lease_expires_at_ms: number };
  import_jobs: {
    id: string;
    batch_id: string;
    organization_id: number;
    card_id: string;
    kind: 'photo' | 'extra' | 'video';
    /** The file's name in the imported folder. */
    file_name: string;
    captured_at: string;
    sold_at_venue: Flag;
    queued_at: string;
    claim_token: string | null;
    lease_expires_at_ms: number | null;
    media_id: string | null;
    attempts: Generated<number>;
    error: string | null;
  };
  branding_files: {
    organization_id: number;
    /** A valid branding file name (`logo.svg`), see src/tenant/branding.ts. */
    name: string;
    /** The file's content: a BLOB in SQLite, bytea in PostgreSQL. */
    bytes: Uint8Array;
  };
}
