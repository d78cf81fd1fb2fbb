import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadPixConfig, SANDBOX_PIX } from '../../server/src/config.ts';
import { parseProductsInput, productsAnswer } from '../../server/src/services/products.ts';
import { makeTempDir, runCli, openTestDatabase } from './helpers.ts';

let dataDir: string;
let work: string;

const cli = (...args: string[]) => runCli(dataDir, ...args);

async function writeJson(name: string, value: unknown): Promise<string> {
  const file = path.join(work, name);
  await fs.writeFile(file, JSON.stringify(value));
  return file;
}

const products = {
  products: [
    {
      unities: 1,
      is_photo: true,
      description: 'Foto',
      ranges_price: [
        { min_photos: 1, max_photos: 4, price: 1000 },
        { min_photos: 5, max_photos: null, price: 800 },
      ],
    },
    { unities: 0, description: 'Tudo', price: 5000 },
  ],
};

beforeAll(async () => {
  dataDir = await makeTempDir();
  work = await makeTempDir('provider-shop-cli-');
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(work, { recursive: true, force: true });
});

describe('products:set', () => {
  it('replaces the products of an organization', async () => {
    const org = await writeJson('org.json', { web_name: 'acme', name: 'Acme', has_online_sale: true });
    expect((await cli('org:upsert', org)).code).toBe(0);
    const result = await cli('products:set', '--org', 'acme', await writeJson('products.json', products));
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('Set 2 products for acme');
    const replaced = await cli('products:set', '--org', 'acme', await writeJson('products.json', products));
    expect(replaced.code).toBe(0);
    const db = await openTestDatabase(dataDir);
    try {
      const answer = await productsAnswer(db, 1);
      expect(answer.products).toHaveLength(1);
      expect(answer.products[0]).toMatchObject({ unities: 1, is_photo: true, is_video: false, description: 'Foto' });
      expect(answer.products[0]?.ranges_price.map((range) => range.price)).toEqual([1000, 800]);
      expect(answer.all_digital).toMatchObject({ price: 5000, description: 'Tudo' });
    } finally {
      await db.destroy();
    }
  });

  it('names every wrong field and writes nothing', async () => {
    const bad = {
      products: [
        { unities: 1, ranges_price: [{ min_photos: 2, max_photos: 1, price: 10.5 }], colour: 'red' },
        {
          unities: 1,
          is_video: true,
          ranges_price: [
            { min_photos: 1, max_photos: null, price: 1 },
            { min_photos: 3, price: 1 },
          ],
        },
        { unities: 0, price: -1 },
        { unities: 0, price: 100 },
        { unities: -2 },
      ],
    };
    const result = await cli('products:set', '--org', 'acme', await writeJson('bad.json', bad));
    expect(result.code).toBe(1);
    for (const field of [
      'products[0]: is_photo or is_video',
      'products[0].colour',
      'products[0].ranges_price[0].min_photos',
      'products[0].ranges_price[0].max_photos',
      'products[0].ranges_price[0].price',
      'products[1].ranges_price[0].max_photos',
      'products[2].price',
      'products[3].unities',
      'products[4].unities',
    ]) {
      expect(result.stderr).toContain(field);
    }
    const db = await openTestDatabase(dataDir);
    try {
      expect((await productsAnswer(db, 1)).all_digital?.price).toBe(5000);
    } finally {
      await db.destroy();
    }
    expect(parseProductsInput([]).ok).toBe(false);
    expect((await cli('products:set', '--org', 'nobody', await writeJson('p.json', products))).stderr).toContain('unknown organization');
    expect((await cli('products:set', 'x.json')).code).toBe(1);
  });

  it('lists the shop commands in the usage', async () => {
    const result = await cli('--help');
    expect(result.stdout).toContain('products:set --org <webName> <file.json>');
    expect(result.stdout).toContain('payment:confirm <orderId>');
  });
});

describe('PIX configuration', () => {
  it('has sandbox defaults and names a bad PIX variable', () => {
    expect(loadPixConfig({})).toEqual(SANDBOX_PIX);
    expect(loadPixConfig({ PIX_KEY: 'loja@example.com', PIX_MERCHANT_NAME: 'Loja', PIX_MERCHANT_CITY: 'Recife' })).toEqual({
      key: 'loja@example.com',
      merchantName: 'Loja',
      merchantCity: 'Recife',
    });
    expect(() => loadConfig({ PIX_KEY: 'not a key', PIX_MERCHANT_NAME: ' ' })).toThrow(ConfigError);
    expect(() => loadConfig({ PIX_KEY: 'not a key', PIX_MERCHANT_NAME: ' ' })).toThrow(/PIX_KEY[\s\S]*PIX_MERCHANT_NAME/);
  });
});
