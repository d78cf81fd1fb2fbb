import type { TSchema } from 'typebox';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardAnswer, MediasAnswer } from '@gallery/contract/media';
import { OrderAnswer, PaymentAnswer, ProductsAnswer } from '@gallery/contract/shop';
import { addressFormSchema, customerFormSchema, customerInput, type CustomerFormValues } from '../../src/lib/checkout-forms.ts';
import { createTestApi, type TestApi } from './helpers.ts';
import { call, createOrder, loadShop, orderCall, type Shop } from './shop-helpers.ts';

// One contract for both sides: what the browser's checkout forms accept, the API accepts, and
// what the API answers is exactly what the contract's schemas say (no field more, none less).

let api: TestApi;
let shop: Shop;

beforeAll(async () => {
  api = await createTestApi();
  shop = await loadShop(api);
});
afterAll(() => api.close());

/** The schema with no unknown field allowed at any depth: an answer must be exactly the contract. */
function exact(schema: TSchema): TSchema {
  const node = schema as TSchema & { type?: string; properties?: Record<string, TSchema>; items?: TSchema; anyOf?: TSchema[] };
  if (node.type === 'object' && node.properties) {
    const properties = Object.fromEntries(Object.entries(node.properties).map(([key, value]) => [key, exact(value)]));
    return { ...node, properties, additionalProperties: false } as TSchema;
  }
  if (node.type === 'array' && node.items) return { ...node, items: exact(node.items) } as TSchema;
  if (node.anyOf) return { ...node, anyOf: node.anyOf.map(exact) } as TSchema;
  return node;
}

function expectContract(schema: TSchema, body: unknown): void {
  const errors = [...Value.Errors(exact(schema), body)].map((error) => `${error.instancePath} ${error.message}`);
  expect(errors).toEqual([]);
}

describe('the answers follow the contract exactly', () => {
  it('card, media lists, products, order and payment', async () => {
    expectContract(CardAnswer, (await api.app.inject(`/api/v1/card/DEMO00001/medias?organization_id=${shop.orgId}`)).json());
    const medias = await api.app.inject({ method: 'POST', url: `/api/v1/medias/${shop.orgId}/DEMO00001`, payload: { cards: ['DEMO00002'] } });
    expectContract(MediasAnswer, medias.json());
    expectContract(ProductsAnswer, (await api.app.inject(`/api/v1/products/${shop.orgId}/online`)).json());
    const order = await createOrder(api, shop, 'DEMO00001');
    await orderCall(api, 'POST', `/api/v1/order/${order.id}/product/${shop.photoProduct}/${shop.unsold[0]}`);
    await orderCall(api, 'POST', `/api/v1/order/${order.id}/customer`, {
      customer: customerInput({ ...validForm }),
      address: { street: 'Av. Paulista', street_number: '1000', zipcode: '01310-100', city: 'São Paulo', state: 'SP', country: 'br' },
    });
    expectContract(OrderAnswer, (await call(api, 'GET', `/api/v1/order/${order.id}`)).body);
    expectContract(PaymentAnswer, (await call(api, 'POST', `/api/v1/payment/checkout/${order.id}`, { pix: true })).body);
  });

  it('a field the service adds but the contract does not name never travels', async () => {
    // The serializer is the contract's schema: a strict copy would refuse what the API must drop.
    const loose = Type.Object({ error: Type.Literal(false), message: Type.String() });
    const app = (await import('fastify')).default();
    app.get('/x', { schema: { response: { 200: loose } } }, async () => ({ error: false, message: 'OK', cpf: '52998224725' }));
    expect((await app.inject('/x')).json()).toEqual({ error: false, message: 'OK' });
    await app.close();
  });
});

const validForm: CustomerFormValues = {
  name: 'Maria',
  email: 'maria@example.com',
  document_type: 'cpf',
  document: '529.982.247-25',
  country: 'br',
  phone: '(11) 91234-5678',
  accepted_terms: true,
};

describe('numbers in paths and queries', () => {
  it('are whole numbers as text: "1.5" or "true" is a 400, never read as 1', async () => {
    for (const query of ['1.5', 'true', '1e2', '']) {
      const res = await api.app.inject(`/api/v1/card/DEMO00001/medias?organization_id=${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().detail, query).toContain('querystring.organization_id must be a positive integer');
    }
    expect((await api.app.inject(`/api/v1/products/1.5/online`)).statusCode).toBe(400);
    expect((await api.app.inject(`/api/v1/card/DEMO00001/medias?organization_id=${shop.orgId}`)).statusCode).toBe(200);
  });
});

describe('the sentences of a 400 name what is wanted', () => {
  it('a union by its own words, not by each branch', async () => {
    const order = await createOrder(api, shop, 'DEMO00001');
    const both = await call(api, 'POST', `/api/v1/payment/checkout/${order.id}`, { pix: true, card_hash: 'x' });
    expect(both.body['detail']).toBe('the body must be { card_hash } (the encrypted card) or { pix: true }, not both');
  });
});

describe("the checkout's forms and the API take the same rules", () => {
  const cases: Array<[string, Partial<CustomerFormValues>]> = [
    ['a valid CPF with its mask', {}],
    ['a CPF with a slash', { document: '529/982.247-25' }],
    ['a CPF with a wrong check digit', { document: '529.982.247-26' }],
    ['an unknown country', { country: 'zz' }],
    ['an e-mail without a domain', { email: 'maria@example' }],
    ['an e-mail with a space', { email: 'ma ria@example.com' }],
    ['a short phone', { phone: '1234' }],
    ['a passport', { document_type: 'passport', document: 'AB123456' }],
    ['a document of 41 characters', { document_type: 'other', document: 'x'.repeat(41) }],
  ];

  it.each(cases)('the customer: %s', async (_label, change) => {
    const values = { ...validForm, ...change };
    const browser = customerFormSchema.isValidSync(values);
    const order = await createOrder(api, shop, 'DEMO00001');
    // What the browser would send; a form it refuses is sent anyway, as a hostile client would.
    const sent = customerInput(values);
    const res = await call(api, 'POST', `/api/v1/order/${order.id}/customer`, { customer: sent });
    expect(res.status === 200, `API for ${JSON.stringify(values)}`).toBe(browser);
  });

  const addresses: Array<[string, Record<string, string>]> = [
    ['a CEP with its dash', { zipcode: '01310-100' }],
    ['a CEP with a dot', { zipcode: '01310.100' }],
    ['a CEP of 7 digits', { zipcode: '0131010' }],
    ['a foreign postal code', { zipcode: 'SW1A 1AA', country: 'gb' }],
    ['a postal code with a hash', { zipcode: '#12', country: 'gb' }],
    ['a blank street', { street: ' ' }],
  ];

  it.each(addresses)('the address: %s', async (_label, change) => {
    const address = { street: 'Av. Paulista', street_number: '1000', zipcode: '01310-100', city: 'São Paulo', state: 'SP', country: 'br', ...change };
    const browser = addressFormSchema.isValidSync(address);
    const order = await createOrder(api, shop, 'DEMO00001');
    await orderCall(api, 'POST', `/api/v1/order/${order.id}/customer`, { customer: customerInput(validForm) });
    const res = await call(api, 'POST', `/api/v1/order/${order.id}/customer`, { address });
    expect(res.status === 200, `API for ${JSON.stringify(address)}`).toBe(browser);
  });
});
