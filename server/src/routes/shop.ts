import type { FastifyInstance } from 'fastify';
import type {
  WireCustomerInput,
  WireOrderAnswer,
  WirePaymentAnswer,
  WireProductsAnswer,
  WirePublicKeyAnswer,
} from '../../../src/lib/api/wire.ts';
import type { AppDeps } from '../app.ts';
import {
  addAllDigital,
  addCard,
  addMedia,
  createOrder,
  finishOrder,
  getOrder,
  removeAllDigital,
  removeCard,
  removeMedia,
  saveCustomer,
} from '../services/orders.ts';
import { checkout, handleWebhook, paymentStatus, pixQrCode } from '../services/payments/checkout.ts';
import type { PaymentGateway } from '../services/payments/gateway.ts';
import { productsAnswer } from '../services/products.ts';

export interface ShopDeps extends AppDeps {
  gateway: PaymentGateway;
}

const MAX_CARDS = 50;
const id = { type: 'string', minLength: 1, maxLength: 64 } as const;
const productId = { type: 'integer', minimum: 1 } as const;
const cardCode = { type: 'string', minLength: 1, maxLength: 32 } as const;
const secretQuery = { type: 'object', properties: { secret: { type: 'string', maxLength: 64 } } } as const;

function params<K extends string>(properties: Record<K, object>) {
  return { type: 'object', required: Object.keys(properties), properties } as const;
}

type OrderParams = { orderId: string };
type CardParams = OrderParams & { card: string };
type ProductParams = OrderParams & { productId: number };
type MediaParams = ProductParams & { mediaId: string };

/** Products, orders and payments (spec section 7). Routes only validate, call one service and reply. */
export function shopRoutes(app: FastifyInstance, deps: ShopDeps): void {
  const { db } = deps;

  app.get<{ Params: { orgId: number } }>(
    '/api/v1/products/:orgId/online',
    { schema: { params: params({ orgId: { type: 'integer', minimum: 1 } }) } },
    async (request): Promise<WireProductsAnswer> => productsAnswer(db, request.params.orgId),
  );

  // ---- Orders ----

  app.post<{
    Params: { firstCard: string; orgId: number };
    Querystring: { pdv?: string; tz?: string; secret?: string };
    Body: { cards?: string[]; visitor_key: string };
  }>(
    '/api/v1/order/:firstCard/:orgId',
    {
      schema: {
        params: params({ firstCard: cardCode, orgId: { type: 'integer', minimum: 1 } }),
        querystring: {
          type: 'object',
          properties: {
            pdv: { type: 'string', maxLength: 255 },
            tz: { type: 'string', maxLength: 64 },
            secret: { type: 'string', maxLength: 64 },
          },
        },
        body: {
          type: 'object',
          required: ['visitor_key'],
          properties: {
            cards: { type: 'array', maxItems: MAX_CARDS, items: cardCode },
            // The browser's own random key (at least 128 bits): whose order this is.
            visitor_key: { type: 'string', pattern: '^[A-Za-z0-9_-]{22,64}$' },
          },
        },
      },
    },
    async (request): Promise<WireOrderAnswer> => {
      const { pdv, tz, secret } = request.query;
      return createOrder(db, {
        organizationId: request.params.orgId,
        firstCard: request.params.firstCard,
        cards: request.body.cards ?? [],
        visitorKey: request.body.visitor_key,
        ...(pdv === undefined ? {} : { pdv }),
        ...(tz === undefined ? {} : { tz }),
        ...(secret === undefined ? {} : { secret }),
      });
    },
  );

  app.get<{ Params: OrderParams }>(
    '/api/v1/order/:orderId',
    { schema: { params: params({ orderId: id }) } },
    async (request): Promise<WireOrderAnswer> => getOrder(db, request.params.orderId),
  );

  app.post<{ Params: CardParams; Querystring: { secret?: string } }>(
    '/api/v1/order/:orderId/card/:card',
    { schema: { params: params({ orderId: id, card: cardCode }), querystring: secretQuery } },
    async (request): Promise<WireOrderAnswer> =>
      addCard(db, request.params.orderId, request.params.card, request.query.secret),
  );

  app.delete<{ Params: CardParams }>(
    '/api/v1/order/:orderId/card/:card',
    { schema: { params: params({ orderId: id, card: cardCode }) } },
    async (request): Promise<WireOrderAnswer> => removeCard(db, request.params.orderId, request.params.card),
  );

  app.post<{ Params: MediaParams }>(
    '/api/v1/order/:orderId/product/:productId/:mediaId',
    { schema: { params: params({ orderId: id, productId, mediaId: id }) } },
    async (request): Promise<WireOrderAnswer> => addMedia(db, request.params),
  );

  app.post<{ Params: MediaParams & { type: 'photo' | 'video' } }>(
    '/api/v1/order/:orderId/product/:productId/:type/:mediaId',
    { schema: { params: params({ orderId: id, productId, type: { enum: ['photo', 'video'] }, mediaId: id }) } },
    async (request): Promise<WireOrderAnswer> => addMedia(db, request.params),
  );

  app.delete<{ Params: MediaParams }>(
    '/api/v1/order/:orderId/product/:productId/media/:mediaId',
    { schema: { params: params({ orderId: id, productId, mediaId: id }) } },
    async (request): Promise<WireOrderAnswer> => removeMedia(db, request.params),
  );

  app.post<{ Params: ProductParams }>(
    '/api/v1/order/:orderId/product/:productId',
    { schema: { params: params({ orderId: id, productId }) } },
    async (request): Promise<WireOrderAnswer> => addAllDigital(db, request.params.orderId, request.params.productId),
  );

  app.delete<{ Params: ProductParams }>(
    '/api/v1/order/:orderId/product/:productId',
    { schema: { params: params({ orderId: id, productId }) } },
    async (request): Promise<WireOrderAnswer> =>
      removeAllDigital(db, request.params.orderId, request.params.productId),
  );

  app.post<{ Params: OrderParams; Body: WireCustomerInput }>(
    '/api/v1/order/:orderId/customer',
    {
      schema: {
        params: params({ orderId: id }),
        // Field checks live in the service so that every wrong field is named at once.
        body: { type: 'object', properties: { customer: { type: 'object' }, address: { type: 'object' } } },
      },
    },
    async (request): Promise<WireOrderAnswer> => saveCustomer(db, request.params.orderId, request.body),
  );

  app.post<{ Params: OrderParams }>(
    '/api/v1/order/:orderId/finish',
    { schema: { params: params({ orderId: id }) } },
    async (request): Promise<WireOrderAnswer> => finishOrder(db, request.params.orderId),
  );

  // ---- Payments ----

  app.get('/api/v1/payment/public_key', async (): Promise<WirePublicKeyAnswer> => ({
    error: false,
    message: 'OK',
    public_key: await deps.gateway.publicKey(),
  }));

  app.post<{ Params: OrderParams; Body: unknown }>(
    '/api/v1/payment/checkout/:orderId',
    // The body is read by the service (card_hash or pix), never coerced.
    { schema: { params: params({ orderId: id }) } },
    async (request): Promise<WirePaymentAnswer> => checkout(deps, request.params.orderId, request.body),
  );

  app.post('/api/v1/payment/webhook', async (request): Promise<WirePaymentAnswer> =>
    handleWebhook(deps, request.body, request.headers),
  );

  app.get<{ Params: { id: string } }>(
    '/api/v1/payment/:id',
    { schema: { params: params({ id }) } },
    async (request): Promise<WirePaymentAnswer> => paymentStatus(deps, request.params.id),
  );

  app.get<{ Params: OrderParams; Querystring: { timestamp?: string } }>(
    '/api/v1/payment/:orderId/pix_qrcode',
    {
      schema: {
        params: params({ orderId: id }),
        // `timestamp` only defeats caches in the browser.
        querystring: { type: 'object', properties: { timestamp: { type: 'string', maxLength: 64 } } },
      },
    },
    async (request, reply) => {
      const png = await pixQrCode(deps, request.params.orderId);
      return reply.header('Content-Type', 'image/png').header('Cache-Control', 'no-store').send(png);
    },
  );
}
