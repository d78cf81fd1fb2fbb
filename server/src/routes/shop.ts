import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import {
  CheckoutBody,
  CreateOrderBody,
  CreateOrderQuery,
  CustomerBody,
  OrderAnswer,
  OrderCardParams,
  OrderMediaParams,
  OrderParams,
  PaymentAnswer,
  ProductParams,
  ProductsAnswer,
  PublicKeyAnswer,
  VisitorHeaders,
} from '@gallery/contract/shop';
import { VISITOR_KEY_HEADER } from '@gallery/contract/rules';
import { SecretQuery } from '@gallery/contract/media';
import { CardCode, Id, PositiveId, Str } from '@gallery/contract/schema';
import type { AppDeps } from '../app-deps.ts';
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

const order = { response: { 200: OrderAnswer } };
/** A call on an existing order: its browser proves the order is its own with the visitor key header. */
const ownOrder = { headers: VisitorHeaders, ...order };

/**
 * Products, orders and payments (spec section 7). The contract's schemas validate each request
 * and serialize each answer (nothing outside the schema leaves); routes call one service and reply.
 */
export function shopRoutes(fastify: FastifyInstance, deps: ShopDeps): void {
  const { db } = deps;
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/v1/products/:orgId/online', { schema: { params: Type.Object({ orgId: PositiveId }), response: { 200: ProductsAnswer } } }, async (request) =>
    productsAnswer(db, request.params.orgId),
  );

  // ---- Orders ----

  app.post(
    '/api/v1/order/:firstCard/:orgId',
    {
      schema: {
        params: Type.Object({ firstCard: CardCode, orgId: PositiveId }),
        querystring: CreateOrderQuery,
        body: CreateOrderBody,
        ...order,
      },
    },
    async (request) => {
      const { pdv, tz, secret } = request.query;
      return await createOrder(db, {
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

  app.get('/api/v1/order/:orderId', { schema: { params: OrderParams, ...ownOrder } }, async (request) =>
    getOrder(db, request.params.orderId, request.headers[VISITOR_KEY_HEADER]),
  );

  app.post('/api/v1/order/:orderId/card/:card', { schema: { params: OrderCardParams, querystring: SecretQuery, ...ownOrder } }, async (request) =>
    addCard(db, request.params.orderId, request.headers[VISITOR_KEY_HEADER], request.params.card, request.query.secret),
  );

  app.delete('/api/v1/order/:orderId/card/:card', { schema: { params: OrderCardParams, ...ownOrder } }, async (request) =>
    removeCard(db, request.params.orderId, request.headers[VISITOR_KEY_HEADER], request.params.card),
  );

  app.post('/api/v1/order/:orderId/product/:productId/:mediaId', { schema: { params: OrderMediaParams, ...ownOrder } }, async (request) =>
    addMedia(db, request.params.orderId, request.headers[VISITOR_KEY_HEADER], request.params),
  );

  app.post(
    '/api/v1/order/:orderId/product/:productId/:type/:mediaId',
    {
      schema: {
        params: Type.Object({ ...OrderMediaParams.properties, type: Type.Enum(['photo', 'video']) }),
        ...ownOrder,
      },
    },
    async (request) => addMedia(db, request.params.orderId, request.headers[VISITOR_KEY_HEADER], request.params),
  );

  app.delete('/api/v1/order/:orderId/product/:productId/media/:mediaId', { schema: { params: OrderMediaParams, ...ownOrder } }, async (request) =>
    removeMedia(db, request.params.orderId, request.headers[VISITOR_KEY_HEADER], request.params),
  );

  app.post('/api/v1/order/:orderId/product/:productId', { schema: { params: ProductParams, ...ownOrder } }, async (request) =>
    addAllDigital(db, request.params.orderId, request.headers[VISITOR_KEY_HEADER], request.params.productId),
  );

  app.delete('/api/v1/order/:orderId/product/:productId', { schema: { params: ProductParams, ...ownOrder } }, async (request) =>
    removeAllDigital(db, request.params.orderId, request.headers[VISITOR_KEY_HEADER], request.params.productId),
  );

  app.post('/api/v1/order/:orderId/customer', { schema: { params: OrderParams, body: CustomerBody, ...ownOrder } }, async (request) =>
    saveCustomer(db, request.params.orderId, request.headers[VISITOR_KEY_HEADER], request.body),
  );

  app.post('/api/v1/order/:orderId/finish', { schema: { params: OrderParams, ...ownOrder } }, async (request) =>
    finishOrder(db, request.params.orderId, request.headers[VISITOR_KEY_HEADER]),
  );

  // ---- Payments ----

  app.get('/api/v1/payment/public_key', { schema: { response: { 200: PublicKeyAnswer } } }, async () => ({
    error: false as const,
    message: 'OK',
    public_key: await deps.gateway.publicKey(),
  }));

  app.post(
    '/api/v1/payment/checkout/:orderId',
    { schema: { params: OrderParams, headers: VisitorHeaders, body: CheckoutBody, response: { 200: PaymentAnswer } } },
    async (request) => checkout(deps, request.params.orderId, request.headers[VISITOR_KEY_HEADER], request.body),
  );

  // The gateway's own body: its adapter reads it (and may check a signature over the raw text).
  // Replaying it is harmless, so it carries no timestamp nor replay record: it only names a
  // charge, which is read again from the gateway and recorded as it stands (nothing when the
  // payment already has that status).
  app.post('/api/v1/payment/webhook', { schema: { response: { 200: PaymentAnswer } } }, async (request) => handleWebhook(deps, request.body, request.headers));

  app.get('/api/v1/payment/:id', { schema: { params: Type.Object({ id: Id }), response: { 200: PaymentAnswer } } }, async (request) =>
    paymentStatus(deps, request.params.id),
  );

  app.get(
    '/api/v1/payment/:orderId/pix_qrcode',
    {
      // `timestamp` only defeats caches in the browser.
      schema: { params: OrderParams, querystring: Type.Object({ timestamp: Type.Optional(Str({ maxLength: 64 })) }) },
    },
    async (request, reply) => {
      const png = await pixQrCode(deps, request.params.orderId);
      return reply.header('Content-Type', 'image/png').header('Cache-Control', 'no-store').send(png);
    },
  );
}
