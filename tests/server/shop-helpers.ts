import { sql } from 'kysely';
import { createHash } from 'node:crypto';
import type { Db } from '../../server/src/db.ts';
import { expect } from 'vitest';
import { encryptCardHash, type CardData } from '../../src/lib/card-hash.ts';
import type { WireMediasAnswer } from '@gallery/contract/media';
import { VISITOR_KEY_HEADER } from '@gallery/contract/rules';
import type { WireOrder, WireOrderAnswer, WireProductsAnswer, WirePublicKeyAnswer } from '@gallery/contract/shop';
import { findCard } from '../../server/src/repositories/cards.ts';
import { insertMedia, type MediaKind } from '../../server/src/repositories/media.ts';
import { newId } from '../../server/src/services/ids.ts';
import { validAddress, validCustomer } from '../support/customer.ts';
import { demoOrganizationId, rows, type TestApi } from './helpers.ts';
import { count } from './visitor-helpers.ts';

export interface Shop {
  orgId: number;
  photoProduct: number;
  videoProduct: number;
  allDigital: number;
  /** DEMO00001's six unsold photos, in gallery order. */
  unsold: string[];
  /** DEMO00002's photos sold at the venue. */
  soldAtVenue: string[];
}

export async function loadShop(api: TestApi): Promise<Shop> {
  const orgId = await demoOrganizationId(api);
  const products = (await api.app.inject(`/api/v1/products/${orgId}/online`)).json<WireProductsAnswer>();
  const medias = (
    await api.app.inject({ method: 'POST', url: `/api/v1/medias/${orgId}/DEMO00001`, payload: { cards: ['DEMO00002'] } })
  ).json<WireMediasAnswer>();
  return {
    orgId,
    photoProduct: products.products.find((product) => product.is_photo)?.id ?? 0,
    videoProduct: products.products.find((product) => product.is_video)?.id ?? 0,
    allDigital: products.all_digital?.id ?? 0,
    unsold: medias.not_sold_medias.map((media) => media.id),
    soldAtVenue: medias.sold_medias.map((media) => media.id),
  };
}

/** A media row without files: enough for orders, which never read the files. */
export async function addMediaRow(db: Db, orgId: number, cardCode: string, kind: MediaKind, n = 0): Promise<string> {
  const card = await findCard(db, orgId, cardCode);
  if (!card) throw new Error(`no card ${cardCode}`);
  const id = newId();
  await insertMedia(db, {
    id,
    organization_id: orgId,
    card_id: card.id,
    kind,
    filename: `${kind}${n}.${kind === 'video' ? 'mp4' : 'jpg'}`,
    mime: kind === 'video' ? 'video/mp4' : 'image/jpeg',
    width: 10,
    height: 10,
    bytes: 1,
    sha256: createHash('sha256').update(id).digest('hex'),
    captured_at: new Date(Date.now() - 1000 * (100 - n)).toISOString(),
    sold_at_venue: 0,
  });
  return id;
}

export type Method = 'GET' | 'POST' | 'DELETE';

/** The browser's random key: orders belong to the visitor who made them. */
export const VISITOR = 'visitor-one-0123456789abcdef';

/** Calls as the browser does, proving its visitor key in a header; null sends none. */
export async function call(api: TestApi, method: Method, url: string, payload?: unknown, visitor: string | null = VISITOR) {
  const headers = visitor === null ? {} : { [VISITOR_KEY_HEADER]: visitor };
  const res = await api.app.inject(payload === undefined ? { method, url, headers } : { method, url, headers, payload: payload as object });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>(), res };
}

/** Calls an order route that must succeed and answers the order. */
export async function orderCall(api: TestApi, method: Method, url: string, payload?: unknown, visitor?: string | null): Promise<WireOrder> {
  const { status, body } = await call(api, method, url, payload, visitor);
  expect(body, url).toMatchObject({ error: false });
  expect(status).toBe(200);
  return (body as unknown as WireOrderAnswer).order;
}

export async function expectError(
  api: TestApi,
  method: Method,
  url: string,
  status: number,
  message: string,
  payload?: unknown,
  visitor?: string | null,
): Promise<Record<string, unknown>> {
  const res = await call(api, method, url, payload, visitor);
  expect(res.body, url).toMatchObject({ error: true, message });
  expect(res.status).toBe(status);
  return res.body;
}

// The buyer lives in tests/support (the benches send it too); the order tests take it from here.
export { validAddress, validCustomer };

export function createOrder(api: TestApi, shop: Shop, firstCard = 'DEMO00001', cards: string[] = [], visitor = VISITOR): Promise<WireOrder> {
  return orderCall(api, 'POST', `/api/v1/order/${firstCard}/${shop.orgId}?pdv=demo.localhost&tz=America%2FSao_Paulo`, {
    cards,
    visitor_key: visitor,
  });
}

export async function withCustomer(api: TestApi, orderId: string): Promise<WireOrder> {
  await orderCall(api, 'POST', `/api/v1/order/${orderId}/customer`, { customer: validCustomer });
  return orderCall(api, 'POST', `/api/v1/order/${orderId}/customer`, { address: validAddress });
}

/** The card hash of the sandbox's approved card (or of `card`) with the gateway's public key. */
export function cardHashFor(publicKey: string, card: Partial<CardData> = {}): Promise<string> {
  return encryptCardHash(publicKey, {
    card_number: '4000000000000010',
    card_holder_name: 'MARIA SILVA',
    card_expiration_month: '12',
    card_expiration_year: String(new Date().getFullYear() + 3),
    card_cvv: '123',
    ...card,
  });
}

export async function cardHash(api: TestApi, card: Partial<CardData> = {}): Promise<string> {
  const { public_key: key } = (await api.app.inject('/api/v1/payment/public_key')).json<WirePublicKeyAnswer>();
  return cardHashFor(key, card);
}

/** `count` photo (or other) rows numbered 0, 1, ...: ids in that order. */
export async function addMediaRows(db: Db, orgId: number, cardCode: string, kind: MediaKind, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let n = 0; n < count; n++) ids.push(await addMediaRow(db, orgId, cardCode, kind, n));
  return ids;
}

/** Table row counts, to prove a refused request changed nothing. */
export async function snapshot(db: Db): Promise<Record<string, unknown>> {
  const tables = ['orders', 'order_cards', 'order_items', 'payments', 'sandbox_charges'];
  const counts = Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await count(db, table)])));
  const orders = await rows(db, sql`SELECT id, status, customer, address, finished_at, locale FROM orders ORDER BY id`);
  const items = await rows(db, sql`SELECT order_id, product_id, media_id FROM order_items ORDER BY id`);
  const sold = await rows(db, sql`SELECT id, sold_order_id FROM media WHERE sold_order_id IS NOT NULL ORDER BY id`);
  return { counts, orders, items, sold };
}
