/**
 * Public catalogue lists served from memory: ETag and 304, caching headers, and the
 * cache following every change that alters a list: an admin's product edit, a reservation (and
 * its expiry, which publishes nothing), a change made in SQL behind the service's back (table
 * triggers' NOTIFY), and a change made through another service instance on the same database
 * (outbox + LISTEN/NOTIFY). Real PostgreSQL, real HTTP injection.
 */
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESERVATION_DURATION_MS, productListSchema, type Product } from '@prata/contracts';
import { buildApp } from '../src/app.ts';
import { openDatabase, type OpenDatabase } from '../src/bootstrap/open-database.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { createTestService, silentLog, TestClock, type TestService } from './helpers.ts';

const clock = new TestClock();
let service: TestService;
let admin: SignedIn;
let shopper: SignedIn;

beforeAll(async () => {
  service = await createTestService({}, clock);
  admin = await account(service, ['admin'], 'admin');
  shopper = await account(service);
});
afterAll(async () => {
  await service?.close();
});

async function get(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers });
}

async function listed(app: FastifyInstance, id: string, url = '/api/products'): Promise<Product | undefined> {
  const response = await get(app, url);
  expect(response.statusCode).toBe(200);
  return productListSchema.parse(response.json()).find((product) => product.id === id);
}

describe('public catalogue lists', () => {
  it('carry an ETag, revalidate in browsers, let CDNs serve stale while revalidating, and answer 304 on a match', async () => {
    for (const url of ['/api/products', '/api/products/featured', '/api/products?category=aneis']) {
      const first = await get(service.app, url);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[A-Za-z0-9+/=]{27,28}"$/);
      expect(first.headers['cache-control']).toBe('public, no-cache');
      expect(first.headers['cdn-cache-control']).toBe('public, max-age=5, stale-while-revalidate=60');
      expect(productListSchema.parse(first.json()).length).toBeGreaterThan(0);
      const again = await get(service.app, url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const other = await get(service.app, url, { 'if-none-match': '"outra"' });
      expect(other.statusCode).toBe(200);
      expect(other.body).toBe(first.body);
    }
    const filtered = productListSchema.parse((await get(service.app, '/api/products?category=aneis')).json());
    expect(filtered.every((product) => product.category === 'aneis')).toBe(true);
  });

  it("show an admin's product edit on the next request, with a new ETag", async () => {
    const product = (await listed(service.app, productListSchema.parse((await get(service.app, '/api/products')).json())[0]!.id))!;
    const before = await get(service.app, '/api/products');
    const input = { name: `${product.name} Edição`, category: product.category, priceCents: product.priceCents + 100, description: product.description, isNew: product.isNew, isBestseller: product.isBestseller, isFeatured: product.isFeatured, stock: product.stock };
    const edit = await service.app.inject({ method: 'PUT', url: `/api/admin/products/${product.id}`, headers: bearer(admin), payload: input });
    expect(edit.statusCode).toBe(200);
    const after = await get(service.app, '/api/products', { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(productListSchema.parse(after.json()).find((p) => p.id === product.id)).toMatchObject({ name: input.name, priceCents: input.priceCents });
  });

  it("follow a reservation at once and its expiry (no event) when the hold's time is up", async () => {
    const create = await service.app.inject({ method: 'POST', url: '/api/admin/products', headers: bearer(admin), payload: { name: 'Colar Reserva Cache', category: 'colares', priceCents: 15_990, stock: 2 } });
    expect(create.statusCode, create.body).toBe(201);
    const product = create.json<Product>();
    expect((await listed(service.app, product.id))?.available).toBe(2);
    const reserve = await service.app.inject({ method: 'POST', url: '/api/reservations', headers: bearer(shopper), payload: { productId: product.id } });
    expect(reserve.statusCode).toBe(201);
    expect((await listed(service.app, product.id))?.available).toBe(1);
    // The shopper's unfavourite shows at once.
    const release = await service.app.inject({ method: 'DELETE', url: `/api/reservations/${product.id}`, headers: bearer(shopper) });
    expect(release.statusCode).toBe(200);
    expect((await listed(service.app, product.id))?.available).toBe(2);
    // Reserved by another shopper (the first may not hold it again so soon), then the hold runs out: no event, the list's own validity ends with it.
    const second = await account(service);
    expect((await service.app.inject({ method: 'POST', url: '/api/reservations', headers: bearer(second), payload: { productId: product.id } })).statusCode).toBe(201);
    expect((await listed(service.app, product.id))?.available).toBe(1);
    clock.advance(RESERVATION_DURATION_MS + 1000);
    expect((await listed(service.app, product.id))?.available).toBe(2);
  });
});

describe('writes behind the service', () => {
  it('a price changed in SQL reaches the cached list (trigger NOTIFY), without any event', async () => {
    const product = productListSchema.parse((await get(service.app, '/api/products')).json())[0]!;
    const sql = new pg.Client({ connectionString: service.config.databaseUrl! });
    await sql.connect();
    try {
      await sql.query('update products set price_cents = price_cents + 3 where id = $1', [product.id]);
    } finally {
      await sql.end();
    }
    // The notification arrives a moment after the commit: wait for it (at most ~5 s), then check.
    for (let i = 0; i < 100 && (await listed(service.app, product.id))?.priceCents === product.priceCents; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await listed(service.app, product.id))?.priceCents).toBe(product.priceCents + 3);
  });

  it("a variant's stock changed in SQL reaches the cached list (product_variants trigger)", async () => {
    const created = await service.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: bearer(admin),
      payload: { name: 'Anel Cache Aro', category: 'aneis', priceCents: 9_990, options: [{ name: 'Aro', values: ['14', '16'] }], variants: [{ sku: 'CACHE-14', options: { Aro: '14' }, stock: 2 }, { sku: 'CACHE-16', options: { Aro: '16' }, stock: 3 }] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as Product).id;
    expect((await listed(service.app, id))?.variants.map((variant) => variant.stock)).toEqual([2, 3]);
    const sql = new pg.Client({ connectionString: service.config.databaseUrl! });
    await sql.connect();
    try {
      await sql.query(`update product_variants set stock = 7 where sku = 'CACHE-16'`);
    } finally {
      await sql.end();
    }
    for (let i = 0; i < 100 && (await listed(service.app, id))?.variants[1]?.stock === 3; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await listed(service.app, id))?.variants.map((variant) => variant.stock)).toEqual([2, 7]);
  });
});

describe('across service instances', () => {
  let second: { app: FastifyInstance; db: OpenDatabase } | undefined;

  beforeAll(async () => {
    const db = await openDatabase(service.config, silentLog);
    const app = await buildApp({ config: service.config, orm: db.orm, storage: db.storage, clock });
    await app.ready();
    second = { app, db };
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.db.close();
  });

  it("drops another instance's cached list when this one changes a product", async () => {
    const other = second!.app;
    const product = productListSchema.parse((await get(other, '/api/products/featured')).json())[0]!;
    expect((await listed(other, product.id, '/api/products/featured'))?.priceCents).toBe(product.priceCents);
    const input = { name: product.name, category: product.category, priceCents: product.priceCents + 7, description: product.description, isNew: product.isNew, isBestseller: product.isBestseller, isFeatured: true, stock: product.stock };
    expect((await service.app.inject({ method: 'PUT', url: `/api/admin/products/${product.id}`, headers: bearer(admin), payload: input })).statusCode).toBe(200);
    // The other instance hears of it through NOTIFY: wait for the delivery (at most ~5 s), then check.
    for (let i = 0; i < 100 && (await listed(other, product.id, '/api/products/featured'))?.priceCents !== input.priceCents; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await listed(other, product.id, '/api/products/featured'))?.priceCents).toBe(input.priceCents);
  });
});
