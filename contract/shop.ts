import { Type, type Static } from 'typebox';
import { VISITOR_KEY_HEADER, VISITOR_KEY_PATTERN, ZIPCODE_PATTERN } from './rules.ts';
import { CardCode, Cents, Country, Cpf, Email, Id, Int, MediaId, ok, orNull, Phone, PositiveId, Str, Text } from './schema.ts';
import { MAX_CARDS, SecretQuery } from './media.ts';
import { LOCALES } from './locales.ts';

// Products, orders, customers and payments (spec sections 5 and 7), as they travel.
// Money is integer cents of BRL everywhere (2500 is R$ 25,00).

export const PriceRange = Type.Object({
  id: Type.Integer(),
  min_photos: Type.Integer(),
  /** null: open-ended. Beyond the last range's min_photos every item costs its price anyway. */
  max_photos: Type.Union([Type.Integer(), Type.Null()]),
  /** Cents per item in this range. */
  price: Type.Integer(),
});
export type WirePriceRange = Static<typeof PriceRange>;

export const Product = Type.Object({
  id: Type.Integer(),
  /** 0 only for the all-digital package, which is answered apart as `all_digital`. */
  unities: Type.Integer(),
  is_video: Type.Boolean(),
  is_photo: Type.Boolean(),
  description: Type.String(),
  ranges_price: Type.Array(PriceRange),
});
export type WireProduct = Static<typeof Product>;

export const AllDigital = Type.Object({
  id: Type.Integer(),
  /** Cents for every media of the order's cards. */
  price: Type.Integer(),
  description: Type.String(),
});
export type WireAllDigital = Static<typeof AllDigital>;

/** GET /api/v1/products/{orgId}/online. */
export const ProductsAnswer = Type.Object({ ...ok, products: Type.Array(Product), all_digital: Type.Union([AllDigital, Type.Null()]) });
export type WireProductsAnswer = Static<typeof ProductsAnswer>;

/** A range of a per-item product in the `products:set` file (their sequence is checked by the CLI). */
const RangeFile = Type.Object(
  {
    min_photos: Int({ minimum: 1, description: 'an integer of at least 1' }),
    max_photos: Type.Optional(Type.Union([Int({ minimum: 1 }), Type.Null()], { description: 'an integer of at least 1, or null' })),
    price: Cents,
  },
  { additionalProperties: false },
);

/**
 * A products file for the admin CLI's `products:set`: per-item products (`unities` 1 or more,
 * `ranges_price`) and at most one all-digital package (`unities` 0, `price`).
 */
export const ProductsFile = Type.Object(
  {
    products: Type.Array(
      Type.Object(
        {
          unities: Int({ minimum: 0, description: 'an integer of 0 (all-digital package) or more' }),
          is_photo: Type.Optional(Type.Boolean()),
          is_video: Type.Optional(Type.Boolean()),
          description: Type.Optional(Str({ maxLength: 200, description: 'a text of at most 200 characters' })),
          ranges_price: Type.Optional(Type.Array(RangeFile, { minItems: 1, description: 'a non-empty list of { min_photos, max_photos, price }' })),
          price: Type.Optional(Cents),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, description: 'an object with a "products" list' },
);
export type ProductsFileInput = Static<typeof ProductsFile>;

const DocumentType = Type.Enum(['cpf', 'passport', 'other']);
export type DocumentType = Static<typeof DocumentType>;

/** An order's address as stored and answered: the checkout's, trimmed, a CEP as 8 digits. */
export const Address = Type.Object({
  street: Type.String(),
  street_number: Type.String(),
  zipcode: Type.String(),
  city: Type.String(),
  state: Type.String(),
  /** Lower-case ISO 3166 alpha-2, e.g. "br". */
  country: Type.String(),
});
export type WireAddress = Static<typeof Address>;

/** The address the checkout sends: in Brazil the zipcode is a CEP, elsewhere a postal code. */
const AddressInput = Type.Object(
  {
    street: Text(200),
    street_number: Text(20),
    zipcode: Str({ maxLength: 20, description: 'a postal code (a valid CEP in Brazil)' }),
    city: Text(100),
    state: Text(100),
    country: Country,
  },
  {
    if: { properties: { country: { pattern: '^[Bb][Rr]$' } }, required: ['country'] },
    then: { properties: { zipcode: { format: 'cep', description: 'a valid CEP' } } },
    else: { properties: { zipcode: { pattern: ZIPCODE_PATTERN.source, description: 'letters, digits, spaces and dashes' } } },
  },
);

/** The customer the checkout sends: the number sits in the field of its document type. */
const CustomerInput = Type.Object(
  {
    name: Type.Optional(orNull(Text(100))),
    lastname: Type.Optional(orNull(Text(100))),
    email: Email,
    document_type: DocumentType,
    cpf: Type.Optional(Cpf),
    passport: Type.Optional(Text(40)),
    other: Type.Optional(Text(40)),
    country: Country,
    phone: Phone,
    accepted_terms: Type.Literal(true, { description: 'true' }),
  },
  { allOf: ['cpf', 'passport', 'other'].map((type) => ({ if: { properties: { document_type: { const: type } } }, then: { required: [type] } })) },
);
export type WireCustomerFields = Static<typeof CustomerInput>;

/** POST /api/v1/order/{orderId}/customer: either part, or both. */
export const CustomerBody = Type.Object({ customer: Type.Optional(CustomerInput), address: Type.Optional(AddressInput) });
export type WireCustomerInput = Static<typeof CustomerBody>;

export const Customer = Type.Object({
  name: Type.Union([Type.String(), Type.Null()]),
  lastname: Type.Union([Type.String(), Type.Null()]),
  email: Type.String(),
  document_type: DocumentType,
  /** The number of the chosen document (the matching field below carries it too). */
  document: Type.String(),
  cpf: Type.Union([Type.String(), Type.Null()]),
  passport: Type.Union([Type.String(), Type.Null()]),
  other: Type.Union([Type.String(), Type.Null()]),
  country: Type.String(),
  /** Digits with an optional leading +. */
  phone: Type.String(),
  accepted_terms: Type.Literal(true),
  /** The order's address, when saved (at most one). */
  addresses: Type.Array(Address),
});
export type WireCustomer = Static<typeof Customer>;

const MediaRef = Type.Union([Type.Object({ photo: Type.Object({ id: Type.String() }) }), Type.Object({ video: Type.Object({ id: Type.String() }) })]);
export type WireOrderMediaRef = Static<typeof MediaRef>;

export const OrderLine = Type.Object({
  /** The product id: one line per product in the order. */
  id: Type.Integer(),
  product_id: Type.Integer(),
  product_type: Type.Object({ is_video: Type.Boolean(), is_photo: Type.Boolean() }),
  /** true for the all-digital line; its items are then every photo and video of the cards. */
  all_digital: Type.Boolean(),
  items: Type.Array(MediaRef),
  /** Cents: the price table's running sum for this many items, or the package price. */
  total: Type.Integer(),
});
export type WireOrderLine = Static<typeof OrderLine>;

const PaymentMethod = Type.Enum(['pix', 'creditCard']);
export type PaymentMethod = Static<typeof PaymentMethod>;

/** Normalised gateway statuses, upper-case on the wire. */
const PaymentStatus = Type.Enum(['PENDING', 'PROCESSING', 'PAID', 'REFUSED', 'CANCELED', 'EXPIRED', 'REFUNDED', 'CHARGEDBACK']);
export type WirePaymentStatus = Static<typeof PaymentStatus>;

export const OrderPayment = Type.Object({
  modality: PaymentMethod,
  status: PaymentStatus,
  /** Cents charged by this attempt. */
  amount: Type.Integer(),
  /** Cards only. */
  card_last4: Type.Union([Type.String(), Type.Null()]),
  card_brand: Type.Union([Type.String(), Type.Null()]),
});
export type WireOrderPayment = Static<typeof OrderPayment>;

/** 0 open, 1 paid, 2 canceled. */
const OrderStatus = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]);
export type OrderStatus = Static<typeof OrderStatus>;

/**
 * An order, whole only to its own browser (the call presents its visitor key, `VISITOR_KEY_HEADER`).
 * To any other call it keeps its state and totals but tells nothing of the buyer: `customer` null,
 * no cards or items (they lead to the buyer's photos), `card_code` empty, no card digits.
 */
export const Order = Type.Object({
  id: Type.String(),
  /** The first card's normalised code. */
  card_code: Type.String(),
  organization_id: Type.Integer(),
  cards: Type.Array(Type.Object({ card: Type.String() })),
  /** When the all-digital package is in the order, its line is the only one. */
  items: Type.Array(OrderLine),
  photos_count: Type.Integer(),
  videos_count: Type.Integer(),
  /** Cents to pay. */
  total: Type.Integer(),
  status: OrderStatus,
  /** true once paid. */
  completed: Type.Boolean(),
  /** Set by POST /api/v1/order/{orderId}/finish. */
  finished: Type.Boolean(),
  customer: Type.Union([Customer, Type.Null()]),
  payments: Type.Array(OrderPayment),
});
export type WireOrder = Static<typeof Order>;

export const OrderAnswer = Type.Object({ ...ok, order: Order });
export type WireOrderAnswer = Static<typeof OrderAnswer>;

/** The browser's own random key: whose order this is. */
const VisitorKey = Str({ pattern: VISITOR_KEY_PATTERN.source, description: "the browser's random key (22 to 64 URL-safe characters)" });

/** POST /api/v1/order/{firstCard}/{orgId}. */
export const CreateOrderBody = Type.Object({
  cards: Type.Optional(Type.Array(CardCode, { maxItems: MAX_CARDS })),
  /** The browser's own random key (at least 128 bits): whose order this is. */
  visitor_key: VisitorKey,
});
export const CreateOrderQuery = Type.Object({
  pdv: Type.Optional(Str({ maxLength: 255 })),
  tz: Type.Optional(Str({ maxLength: 64 })),
  ...SecretQuery.properties,
});

/** Every call on an existing order: the visitor key header (`VISITOR_KEY_HEADER`), when the browser has one. */
export const VisitorHeaders = Type.Object({ [VISITOR_KEY_HEADER]: Type.Optional(VisitorKey) });

/** The language the buyer pays in: the receipt's (pt when absent). */
const CheckoutLocale = Type.Enum([...LOCALES], { description: 'pt, en or es' });

/** POST /api/v1/payment/checkout/{orderId}: a card hash, or PIX, and the buyer's language. */
export const CheckoutBody = Type.Union(
  [
    Type.Object(
      { card_hash: Str({ pattern: '^[A-Za-z0-9+/]+=*$', maxLength: 4096, description: 'the base64 card hash' }), locale: Type.Optional(CheckoutLocale) },
      { additionalProperties: false },
    ),
    Type.Object({ pix: Type.Literal(true), locale: Type.Optional(CheckoutLocale) }, { additionalProperties: false }),
  ],
  { description: '{ card_hash } (the encrypted card) or { pix: true }, not both' },
);
export type CheckoutBody = Static<typeof CheckoutBody>;

export const PaymentAnswer = Type.Object({
  ...ok,
  status: PaymentStatus,
  /** The PIX "copia e cola" BR Code; null for cards. */
  pix_text: Type.Union([Type.String(), Type.Null()]),
});
export type WirePaymentAnswer = Static<typeof PaymentAnswer>;

export const PublicKeyAnswer = Type.Object({
  ...ok,
  /** SPKI PEM of the gateway's RSA key; encrypt card data with `encryptCardHash`. */
  public_key: Type.String(),
});
export type WirePublicKeyAnswer = Static<typeof PublicKeyAnswer>;

export const OrderParams = Type.Object({ orderId: Id });
export const ProductParams = Type.Object({ orderId: Id, productId: PositiveId });
export const OrderCardParams = Type.Object({ orderId: Id, card: CardCode });
export const OrderMediaParams = Type.Object({ orderId: Id, productId: PositiveId, mediaId: MediaId });
