/**
 * The catalogue's pages, `GET /api/products/page`, against real PostgreSQL: the seeded catalogue
 * (data/catalogue.json) paged newest first with its total count, every filter of the list with
 * pages of its own, a page past the last, drafts never counted, and the query's validation.
 * Expected orders come from the seed file itself (each product's distinct age in days).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_PAGE_SIZE, productListSchema, productPageSchema, type ProductPage } from '@prata/contracts';
import { SEED_CATALOGUE } from '../src/seeding/seed-catalogue.ts';
import { createTestService, type TestService } from './helpers.ts';

let service: TestService;
/** A seeded product made a draft before any request: the public pages never count it. */
const DRAFT = SEED_CATALOGUE[5]!.name;
/** The seeded active products' names (unique in the seed), newest first (the smallest age first). */
const newestFirst = SEED_CATALOGUE.filter((product) => product.name !== DRAFT)
  .toSorted((a, b) => a.ageDays - b.ageDays)
  .map((product) => product.name);

async function page(query: string): Promise<ProductPage> {
  const response = await service.app.inject({ method: 'GET', url: `/api/products/page${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return productPageSchema.parse(response.json());
}

/** The product names of every page of `filter` (a query string without `page`), in order, and the first page's answer. */
async function allPages(filter: string, pageSize: number): Promise<{ names: string[]; first: ProductPage }> {
  const first = await page(`?${filter}&pageSize=${pageSize}&page=1`);
  const names = first.products.map((product) => product.name);
  for (let number = 2; number <= first.pageCount; number += 1) {
    const next = await page(`?${filter}&pageSize=${pageSize}&page=${number}`);
    expect(next.total).toBe(first.total);
    expect(next.products.length).toBeLessThanOrEqual(pageSize);
    names.push(...next.products.map((product) => product.name));
  }
  return { names, first };
}

beforeAll(async () => {
  service = await createTestService();
  const updated = await service.db.orm.em.fork().getConnection().execute(`update products set status = 'draft' where name = ? returning id`, [DRAFT]);
  expect(updated).toHaveLength(1);
});
afterAll(async () => service?.close());

describe('GET /api/products/page', () => {
  it('answers the first page of the whole catalogue, newest first, with the total and the page count', async () => {
    const first = await page('');
    expect(first.page).toBe(1);
    expect(first.pageSize).toBe(CATALOGUE_PAGE_SIZE);
    expect(first.total).toBe(SEED_CATALOGUE.length - 1);
    expect(first.pageCount).toBe(Math.ceil((SEED_CATALOGUE.length - 1) / CATALOGUE_PAGE_SIZE));
    expect(first.products.map((product) => product.name)).toEqual(newestFirst.slice(0, CATALOGUE_PAGE_SIZE));
  });

  it('splits the catalogue into pages that together list each active product once, in order; the last page holds the rest', async () => {
    const { names, first } = await allPages('', 5);
    expect(first.pageCount).toBe(Math.ceil(newestFirst.length / 5));
    expect(names).toEqual(newestFirst);
    expect(names).not.toContain(DRAFT);
    const last = await page(`?pageSize=5&page=${first.pageCount}`);
    expect(last.products).toHaveLength(newestFirst.length - 5 * (first.pageCount - 1));
  });

  it('answers a page past the last with no products and the same total', async () => {
    const past = await page('?page=40');
    expect(past).toEqual({ products: [], total: newestFirst.length, page: 40, pageSize: CATALOGUE_PAGE_SIZE, pageCount: Math.ceil(newestFirst.length / CATALOGUE_PAGE_SIZE) });
  });

  it('pages a category: its seeded products, newest first', async () => {
    const expected = newestFirst.filter((name) => SEED_CATALOGUE.find((product) => product.name === name)!.category === 'colares');
    const { names, first } = await allPages('category=colares', 4);
    expect(first.total).toBe(expected.length);
    expect(names).toEqual(expected);
  });

  it('pages a search in the order of the search (best match first), as GET /api/products lists it', async () => {
    const response = await service.app.inject({ method: 'GET', url: '/api/products?search=prata%20anel' });
    const ranked = productListSchema.parse(response.json()).map((product) => product.name);
    expect(ranked.length).toBeGreaterThan(3);
    const { names, first } = await allPages('search=prata%20anel', 3);
    expect(first.total).toBe(ranked.length);
    expect(names).toEqual(ranked);
  });

  it('pages the given products only (the shopper\'s favourites), a search among them too', async () => {
    const all = await page('?pageSize=48');
    const favourites = all.products.filter((_, index) => index % 4 === 0);
    const ids = favourites.map((product) => product.id).join(',');
    const { names, first } = await allPages(`ids=${ids}`, 2);
    expect(first.total).toBe(favourites.length);
    expect(names).toEqual(favourites.map((product) => product.name));
    const rings = await page(`?ids=${ids}&search=anel&pageSize=48`);
    expect(rings.products.every((product) => favourites.some((favourite) => favourite.id === product.id))).toBe(true);
    expect(rings.total).toBe(rings.products.length);
  });

  it('refuses a page or a page size out of range with the pt-BR messages', async () => {
    for (const [query, message] of [
      ['?page=0', 'Página inválida'],
      ['?page=1.5', 'Página inválida'],
      ['?page=dois', 'Página inválida'],
      ['?pageSize=0', 'Tamanho de página inválido'],
      ['?pageSize=49', 'Tamanho de página inválido'],
    ] as const) {
      const response = await service.app.inject({ method: 'GET', url: `/api/products/page${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().issues[0].message, query).toBe(message);
    }
  });
});
