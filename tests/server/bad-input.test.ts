// The bad-input corpus: every field of every call's path, query and body, sent with what the
// databases cannot hold (a NUL character in text, a whole number past 2^31-1 for a 32-bit
// integer column) and with the wrong type. Each must be a 4xx in the API's one error shape,
// naming that field, and change nothing, on SQLite and on PostgreSQL alike (PostgreSQL's text
// refuses NUL and its integer columns end at 2^31-1: reaching the database, both were a 500).
import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorAnswer } from '@gallery/contract/errors';
import { HOLDS_NUL, MAX_INTEGER } from '@gallery/contract/schema';
import { buildApp } from '../../server/src/app.ts';
import type { Db } from '../../server/src/db.ts';
import { seedDemo } from '../../server/src/services/seed.ts';
import { createLocalStore } from '../../server/src/storage/local-store.ts';
import { closeTestDatabase, makeTempDir, openTestDatabase, rows } from './helpers.ts';
import { createOrder, loadShop, validAddress, validCustomer, VISITOR } from './shop-helpers.ts';
import { jpeg, mediaFiles, multipart, scratchFiles } from './visitor-helpers.ts';

const SECRET = 'a-shared-secret-of-at-least-32-characters';

type Part = 'params' | 'querystring' | 'body';
type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** A call the corpus spoils field by field: every field valid, so the spoiled one is the only fault. */
interface Baseline {
  params?: Record<string, string | number>;
  querystring?: Record<string, string | number>;
  body?: Json;
  /** Sent as multipart/form-data with one photo (the upload and the face search). */
  multipart?: true;
}

interface Route {
  method: string;
  url: string;
  schema: Partial<Record<Part, TSchema>>;
}

let dataDir: string;
let db: Db;
let app: FastifyInstance;
let photo: Buffer;
const routes: Route[] = [];
let baselines: Record<string, Baseline>;

beforeAll(async () => {
  dataDir = await makeTempDir();
  db = await openTestDatabase(dataDir);
  await seedDemo(db, createLocalStore(dataDir));
  // No budget runs out under the corpus; the change webhook is on, so its body is checked.
  app = buildApp({ db, dataDir, rateLimit: { max: 1_000_000 }, webhookSecret: SECRET });
  app.addHook('onRoute', ({ method, url, schema }) => {
    const parts = Object.fromEntries((['params', 'querystring', 'body'] as const).flatMap((part) => (schema?.[part] ? [[part, schema[part]]] : [])));
    for (const one of [method].flat()) if (one !== 'HEAD' && Object.keys(parts).length) routes.push({ method: one, url, schema: parts });
  });
  photo = await jpeg();
  const api = { app, db, dataDir, store: createLocalStore(dataDir), close: async () => undefined };
  const shop = await loadShop(api);
  const order = await createOrder(api, shop);
  const org = shop.orgId;
  const mediaId = shop.unsold[0]!;
  const card = 'DEMO00001';
  baselines = {
    'GET /api/v1/organizations': { querystring: { changed_since: '2026-01-01T00:00:00.000Z' } },
    'GET /api/v1/organization/:webName': { params: { webName: 'demo' } },
    'GET /api/v1/branding/:webName': { params: { webName: 'demo' } },
    'GET /api/v1/branding/:webName/:file': { params: { webName: 'demo', file: 'logo.svg' } },
    'GET /api/v1/card/:card/medias': { params: { card }, querystring: { organization_id: org, secret: 'ABCDEF' } },
    'POST /api/v1/medias/:org/:firstCard': {
      params: { org, firstCard: card },
      querystring: { secret: 'ABCDEF' },
      body: { cards: ['DEMO00002'], after: 'WzEsIjIwMjYiLCJhIl0', limit: 80 },
    },
    'GET /api/v1/medias/:org/:firstCard/gallery': { params: { org, firstCard: card }, querystring: { cards: 'DEMO00002', secret: 'ABCDEF', limit: 80 } },
    'GET /api/v1/cover/:org/:card': { params: { org, card }, querystring: { h: 217, at: 1, secret: 'ABCDEF' } },
    'GET /api/v1/:type/download/:id/:filename': {
      params: { type: 'photo', id: mediaId, filename: 'photo.jpg' },
      querystring: { size: 'thumb', copy: 'watermarked', format: 'webp', w: 240 },
    },
    'POST /api/v1/medias/zip': { querystring: { organization_id: org, secret: 'ABCDEF' }, body: { media_ids: [shop.soldAtVenue[0]!] } },
    'GET /api/v1/medias/zip/:token/fotos.zip': { params: { token: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } },
    'GET /api/v1/card/customer/external_id/:credentialId': { params: { credentialId: 'DEMOCRED' }, querystring: { organization_id: org } },
    'POST /api/v1/customer/card/medias': {
      body: { organization_id: org, name: 'Maria', lastname: 'Silva', external_id: 'DEMOCRED', cpf: '123.456.789-09', password: 'demo1234' },
    },
    'DELETE /api/v1/media/:id': { params: { id: mediaId }, querystring: { organization_id: org } },
    'GET /api/v1/video/download/:id/:filename': {
      params: { id: mediaId, filename: 'video.mp4' },
      querystring: { size: 'thumb', copy: 'clean', format: 'webp', w: 240 },
    },
    'GET /api/v1/products/:orgId/online': { params: { orgId: org } },
    'POST /api/v1/order/:firstCard/:orgId': {
      params: { firstCard: card, orgId: org },
      querystring: { pdv: 'demo.localhost', tz: 'America/Sao_Paulo', secret: 'ABCDEF' },
      body: { cards: ['DEMO00002'], visitor_key: VISITOR },
    },
    'GET /api/v1/order/:orderId': { params: { orderId: order.id } },
    'POST /api/v1/order/:orderId/card/:card': { params: { orderId: order.id, card: 'DEMO00002' }, querystring: { secret: 'ABCDEF' } },
    'DELETE /api/v1/order/:orderId/card/:card': { params: { orderId: order.id, card: 'DEMO00002' } },
    'POST /api/v1/order/:orderId/product/:productId/:mediaId': { params: { orderId: order.id, productId: shop.photoProduct, mediaId } },
    'POST /api/v1/order/:orderId/product/:productId/:type/:mediaId': { params: { orderId: order.id, productId: shop.photoProduct, type: 'photo', mediaId } },
    'DELETE /api/v1/order/:orderId/product/:productId/media/:mediaId': { params: { orderId: order.id, productId: shop.photoProduct, mediaId } },
    'POST /api/v1/order/:orderId/product/:productId': { params: { orderId: order.id, productId: shop.allDigital } },
    'DELETE /api/v1/order/:orderId/product/:productId': { params: { orderId: order.id, productId: shop.allDigital } },
    'POST /api/v1/order/:orderId/customer': {
      params: { orderId: order.id },
      // The other documents too, so their fields are spoiled as well.
      body: { customer: { ...validCustomer, passport: 'AB123456', other: 'RG 12.345.678-9' }, address: validAddress },
    },
    'POST /api/v1/order/:orderId/finish': { params: { orderId: order.id } },
    'POST /api/v1/payment/checkout/:orderId': { params: { orderId: order.id }, body: { card_hash: 'AAAA' } },
    'GET /api/v1/payment/:id': { params: { id: order.id } },
    'GET /api/v1/payment/:orderId/pix_qrcode': { params: { orderId: order.id }, querystring: { timestamp: '1700000000' } },
    'POST /api/v1/organizations/changed': { body: { web_name: 'demo' } },
    'POST /api/v1/photo/:org': { params: { org }, querystring: { card_code: card, secret: 'ABCDEF', must_edit: 'True' }, multipart: true },
    'GET /api/v1/mail/unsubscribe/:token': { params: { token: 'AAAAAAAAAAAAAAAAAAAAAA' }, querystring: { lang: 'pt' } },
    'POST /api/v1/mail/unsubscribe/:token': { params: { token: 'AAAAAAAAAAAAAAAAAAAAAA' }, querystring: { lang: 'pt' } },
    'POST /api/v1/notify/:org/:card': {
      params: { org, card: 'DEMO00003' },
      querystring: { secret: 'ABCDEF' },
      body: { email: 'maria@example.com', consent: true, locale: 'pt' },
    },
    'POST /api/v1/notify/:org': {
      params: { org },
      body: { email: 'maria@example.com', consent: true, locale: 'pt', from_date: '2026-01-01', to_date: '2026-01-03' },
    },
    'POST /api/v1/card/search/photo': { querystring: { organization_id: org, from_date: '2026-01-01', to_date: '2026-01-03' }, multipart: true },
  };
});

afterAll(async () => {
  await app.close();
  await closeTestDatabase(db, dataDir);
});

/** The text and integer fields a schema names (lists by their first item, unions by every branch), as paths. */
function schemaFields(schema: TSchema, at: string[] = []): Array<{ path: string[]; node: Record<string, unknown> }> {
  const node = schema as Record<string, unknown> & { properties?: Record<string, TSchema>; items?: TSchema; anyOf?: TSchema[] };
  if (node.properties) return Object.entries(node.properties).flatMap(([key, value]) => schemaFields(value, [...at, key]));
  if (node.items) return schemaFields(node.items, [...at, '0']);
  if (node.anyOf) {
    const found = node.anyOf.flatMap((branch) => schemaFields(branch, at));
    return found.filter((field, i) => found.findIndex((other) => other.path.join('.') === field.path.join('.')) === i);
  }
  return node['type'] === 'string' || node['type'] === 'integer' ? [{ path: at, node }] : [];
}

/** Every text and integer leaf of a baseline's value, as paths. */
function valueFields(value: Json | undefined, at: string[] = []): string[][] {
  if (Array.isArray(value)) return value.length ? valueFields(value[0], [...at, '0']) : [];
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => valueFields(inner, [...at, key]));
  return typeof value === 'string' || typeof value === 'number' ? [at] : [];
}

/** The schema of the field at `path` (a union: the branch that has the field). */
function fieldSchema(schema: TSchema, path: readonly string[]): TSchema {
  let node = schema as TSchema & { properties?: Record<string, TSchema>; items?: TSchema; anyOf?: TSchema[] };
  for (const key of path) {
    const holder = node.anyOf?.find((branch) => (branch as { properties?: Record<string, TSchema> }).properties?.[key]) ?? node;
    node = (/^\d+$/.test(key) ? (holder as typeof node).items : (holder as typeof node).properties?.[key]) as typeof node;
  }
  return node;
}

function setAt(value: Json, path: readonly string[], leaf: Json): Json {
  const copy = structuredClone(value) as Record<string, Json>;
  let node: Record<string, Json> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, Json>;
  node[path[path.length - 1]!] = leaf;
  return copy;
}

const getAt = (value: Json | undefined, path: readonly string[]): Json | undefined =>
  path.reduce<Json | undefined>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, Json>)[key] : undefined), value);

/** What the corpus puts in a text field or an integer field of the given kind of part. */
function spoiled(original: string | number, part: Part): Json[] {
  const nul = typeof original === 'string' ? [`${original}\u0000`, `\u0000${original}`, 'a\u0000b', '\u0000'] : ['\u0000', `${original}\u0000`];
  const big = [2 ** 31, 2 ** 32 + 1, Number.MAX_SAFE_INTEGER, 1e21];
  if (typeof original === 'string') return part === 'body' ? [...nul, 12, null, { text: original }] : nul;
  if (part === 'body') return [...big, -(2 ** 31) - 1, 1.5, String(original), null];
  // In a path or query a number is text: past 32 bits (past what a double holds exactly, too), or no number at all.
  return [...big.slice(0, 3).map(String), '99999999999999999999999', ...nul];
}

interface Case {
  label: string;
  field: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

function request(route: Route, baseline: Baseline, part: Part, path: string[], bad: Json): Case {
  const params = part === 'params' ? { ...baseline.params, [path[0]!]: bad as string } : baseline.params;
  const query = part === 'querystring' ? { ...baseline.querystring, [path[0]!]: bad as string } : baseline.querystring;
  const url =
    route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name]))) +
    (query ? `?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString()}` : '');
  // As the 400's detail names it: a list's item by its list.
  const field = part === 'body' ? path.filter((key) => !/^\d+$/.test(key)).join('.') : `${part}.${path[0]}`;
  const label = `${route.method} ${route.url} ${field}=${JSON.stringify(bad)}`;
  if (baseline.multipart) {
    const form = multipart([{ field: 'photos[]', filename: 'selfie.jpg', contentType: 'image/jpeg', data: photo }]);
    return { label, field, method: route.method, url, headers: form.headers, payload: form.payload };
  }
  if (baseline.body === undefined) return { label, field, method: route.method, url, headers: {} };
  const body = JSON.stringify(part === 'body' ? setAt(baseline.body, path, bad) : baseline.body);
  // Signed as the change webhook wants (the other calls ignore it), so its body is looked at.
  const at = String(Math.floor(Date.now() / 1000));
  const signature = { 'x-signature-timestamp': at, 'x-signature': `sha256=${createHmac('sha256', SECRET).update(`${at}.${body}`).digest('hex')}` };
  return { label, field, method: route.method, url, headers: { 'content-type': 'application/json', ...signature }, payload: body };
}

/** Every spoiled request of the corpus. */
function corpus(): Case[] {
  const cases: Case[] = [];
  for (const route of routes) {
    const baseline = baselines[`${route.method} ${route.url}`]!;
    for (const part of ['params', 'querystring', 'body'] as const) {
      if (!route.schema[part]) continue;
      const value = (part === 'body' ? baseline.body : baseline[part]) as Json | undefined;
      for (const path of valueFields(value)) {
        const field = fieldSchema(route.schema[part]!, path);
        for (const bad of spoiled(getAt(value, path) as string | number, part)) {
          // A wrong type the field takes after all (null where it is nullable) is no bad input.
          if (part === 'body' && Value.Check(field, bad)) continue;
          cases.push(request(route, baseline, part, path, bad));
        }
      }
    }
  }
  // The payment gateway's webhook has no schema of ours: the gateway's adapter reads its body.
  const webhook = { method: 'POST', url: '/api/v1/payment/webhook', schema: {} };
  for (const bad of spoiled('ch_AAAA', 'body')) cases.push({ ...request(webhook, { body: { charge_id: 'ch_AAAA' } }, 'body', ['charge_id'], bad), field: '' });
  return cases;
}

/** Everything a call could change: every table's rows, the media files, the scratch. */
async function everything(): Promise<string> {
  // Kysely's own tables (its record of migrations) are left out of the introspection.
  const tables = (await db.introspection.getTables()).map((table) => table.name).sort();
  const contents = await Promise.all(
    tables.map(async (table) => {
      const all = await rows(db, sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)}`);
      return `${table}: ${all
        .map((one) => JSON.stringify(one, (_, value: unknown) => (value instanceof Uint8Array ? Buffer.from(value).toString('hex') : value)))
        .sort()
        .join('\n')}`;
    }),
  );
  return [...contents, `media: ${(await mediaFiles(dataDir)).join(',')}`, `scratch: ${(await scratchFiles(dataDir)).join(',')}`].join('\n');
}

describe('the bad-input corpus', () => {
  it('has a valid baseline naming every text and integer field of every call', async () => {
    await app.ready();
    expect(routes.length).toBeGreaterThan(25);
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const baseline = baselines[key];
      expect(baseline, key).toBeDefined();
      for (const part of ['params', 'querystring', 'body'] as const) {
        const schema = route.schema[part];
        if (!schema) continue;
        const value = (part === 'body' ? baseline?.body : baseline?.[part]) as Json | undefined;
        const named = valueFields(value).map((path) => path.join('.'));
        for (const { path } of schemaFields(schema)) expect(named, `${key} ${part}`).toContain(path.join('.'));
        expect(
          [...Value.Errors(schema, value)].map((error) => `${error.instancePath} ${error.message}`),
          `${key} ${part}`,
        ).toEqual([]);
      }
    }
  });

  it("takes every call's text and whole numbers by the contract's one rule (Str and Int)", async () => {
    await app.ready();
    const loose: string[] = [];
    for (const route of routes) {
      for (const [part, schema] of Object.entries(route.schema)) {
        for (const { path, node } of schemaFields(schema)) {
          const name = `${route.method} ${route.url} ${part}.${path.join('.')}`;
          if (node['type'] === 'string' && node['const'] === undefined && JSON.stringify(node['not']) !== JSON.stringify(HOLDS_NUL))
            loose.push(`${name} takes NUL`);
          if (node['type'] === 'integer' && !(Number(node['maximum']) <= MAX_INTEGER && Number(node['minimum']) >= -MAX_INTEGER - 1))
            loose.push(`${name} is unbounded`);
        }
      }
    }
    expect(loose).toEqual([]);
  });

  it('answers each bad input with a 4xx in the one error shape naming its field, and changes nothing', async () => {
    await app.ready();
    const before = await everything();
    const cases = corpus();
    expect(cases.length).toBeGreaterThan(400);
    const wrong: string[] = [];
    for (const one of cases) {
      const res = await app.inject({
        method: one.method as 'GET',
        url: one.url,
        headers: one.headers,
        ...(one.payload === undefined ? {} : { payload: one.payload }),
      });
      const body = (res.headers['content-type'] ?? '').startsWith('application/json') ? res.json<{ detail?: string }>() : undefined;
      if (res.statusCode < 400 || res.statusCode >= 500 || !Value.Check(ErrorAnswer, body) || !(body?.detail ?? '').includes(one.field)) {
        wrong.push(`${one.label}: ${res.statusCode} ${body ? JSON.stringify(body).slice(0, 200) : res.headers['content-type']}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await everything()).toBe(before);
  }, 120_000);
});
