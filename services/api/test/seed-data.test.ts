/**
 * The seeded catalogue is what the data files say (the catalogue is data, not code): a fresh
 * database holds one product per entry of `src/seeding/data/catalogue.json` with the same fields,
 * creation dates `ageDays` apart, and each product's image is, byte for byte, the file
 * `src/seeding/data/art/<slug>.svg`; the fallback image is `data/fallback.svg`. The data files are
 * read here directly (not through the seeding module), so a loader that drops or alters a field
 * fails this test.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListSchema, type Product } from '@prata/contracts';
import { createTestService, type TestService } from './helpers.ts';

const DATA = new URL('../src/seeding/data/', import.meta.url);
const DAY_MS = 86_400_000;

interface FileProduct {
  slug: string;
  name: string;
  category: string;
  priceCents: number;
  description: string;
  isNew: boolean;
  isBestseller: boolean;
  isFeatured: boolean;
  stock: number;
  ageDays: number;
}

let service: TestService;
let fileProducts: FileProduct[];
const bySlug = new Map<string, Product>();

beforeAll(async () => {
  fileProducts = JSON.parse(await readFile(new URL('catalogue.json', DATA), 'utf8')) as FileProduct[];
  service = await createTestService();
  const response = await service.app.inject({ method: 'GET', url: '/api/products' });
  for (const product of productListSchema.parse(response.json())) {
    const slug = /\/products\/([a-z0-9-]+)\.svg$/.exec(product.imageUrl ?? '')?.[1];
    if (slug) bySlug.set(slug, product);
  }
});
afterAll(async () => service?.close());

describe('seeded catalogue = data files', () => {
  it('seeds exactly the products of catalogue.json (36), each with its own image', () => {
    expect(fileProducts).toHaveLength(36);
    expect([...bySlug.keys()].sort()).toEqual(fileProducts.map((product) => product.slug).sort());
  });

  it('copies every field of every product', () => {
    for (const { slug, ageDays: _ageDays, ...fields } of fileProducts) {
      expect(bySlug.get(slug), slug).toMatchObject(fields);
    }
  });

  it('has a known product with its fields (pt-BR text, BRL cents)', () => {
    expect(bySlug.get('anel-solitario-zirconia')).toMatchObject({
      name: 'Anel Solitário Zircônia',
      category: 'aneis',
      priceCents: 14990,
      isNew: false,
      isBestseller: true,
      isFeatured: true,
      stock: 28,
    });
  });

  it('dates the products ageDays apart', () => {
    const [first, ...rest] = fileProducts;
    const firstTime = Date.parse(bySlug.get(first!.slug)!.createdAt);
    for (const product of rest) {
      const time = Date.parse(bySlug.get(product.slug)!.createdAt);
      expect(firstTime - time, product.slug).toBe((product.ageDays - first!.ageDays) * DAY_MS);
    }
  });

  it('stores each art file byte for byte as the product image, and the fallback', async () => {
    for (const product of fileProducts) {
      const file = new URL(`art/${product.slug}.svg`, DATA);
      expect(existsSync(file), product.slug).toBe(true);
      const served = await service.app.inject({ method: 'GET', url: new URL(bySlug.get(product.slug)!.imageUrl!).pathname });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(await readFile(file)), product.slug).toBe(true);
    }
    const fallback = await service.app.inject({ method: 'GET', url: '/storage/product-images/fallback.svg' });
    expect(fallback.rawPayload.equals(await readFile(new URL('fallback.svg', DATA)))).toBe(true);
  });
});
