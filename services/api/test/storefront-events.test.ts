/**
 * The events that tell the shell's host which cached pages changed: `ProductAvailabilityChanged`
 * only when what shoppers see of a product's stock moves (first listed, sold out, back, the
 * low-stock line), recorded once even with two service instances watching; `ContentChanged` and
 * `StoreSettingsChanged` on the panel's saves; `GET /api/remotes` saying whether a canary runs.
 * Real PostgreSQL, two app instances on one database.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRY_CANARIES_HEADER, type Product } from '@prata/contracts';
import { buildApp } from '../src/app.ts';
import { openDatabase, type OpenDatabase } from '../src/bootstrap/open-database.ts';
import { availabilitySignature } from '../src/modules/catalogue/availability-watch.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { createTestService, silentLog, type TestService } from './helpers.ts';

let service: TestService;
let second: { app: FastifyInstance; db: OpenDatabase };
let admin: SignedIn;
let shoppers: SignedIn[];

beforeAll(async () => {
  service = await createTestService({ LOW_STOCK_THRESHOLD: '3' });
  const db = await openDatabase(service.config, silentLog);
  const app = await buildApp({ config: service.config, orm: db.orm, storage: db.storage });
  await app.ready();
  second = { app, db };
  admin = await account(service, ['admin'], 'admin');
  shoppers = [await account(service), await account(service)];
});
afterAll(async () => {
  await second?.app.close();
  await second?.db.close();
  await service?.close();
});

interface EventRow {
  type: string;
  aggregate_id: string;
  payload: Record<string, unknown>;
}

async function events(type: string, aggregateId?: string): Promise<EventRow[]> {
  return service.db.orm.em
    .fork()
    .getConnection()
    .execute<EventRow[]>(`select type, aggregate_id, payload from domain_events where type = ? ${aggregateId ? 'and aggregate_id = ?' : ''} order by created_at`, aggregateId ? [type, aggregateId] : [type]);
}

/** Polls until `condition` holds (events are relayed and checks debounced after the request returns), at most ~5 s. */
async function eventually<T>(read: () => Promise<T>, condition: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 100 && !condition(value); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

async function storedState(productId: string): Promise<string | undefined> {
  const rows = await service.db.orm.em.fork().getConnection().execute<{ state: string }[]>('select state from product_availability_states where product_id = ?', [productId]);
  return rows[0]?.state;
}

describe('availability signature', () => {
  it('is the product level then each variant by id: out at 0, low at or below the line, else in', () => {
    const variant = (id: string, available: number) => ({ id, available }) as Product['variants'][number];
    expect(availabilitySignature({ available: 0, variants: [] }, 3)).toBe('out');
    expect(availabilitySignature({ available: 3, variants: [] }, 3)).toBe('low');
    expect(availabilitySignature({ available: 4, variants: [] }, 3)).toBe('in');
    expect(availabilitySignature({ available: 5, variants: [variant('b', 5), variant('a', 0)] }, 3)).toBe('in|a:out|b:in');
  });
});

describe('ProductAvailabilityChanged', () => {
  it('is recorded once per visible change, by one of two instances, and not for moves nobody sees', async () => {
    const created = await service.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: bearer(admin),
      payload: { name: 'Brinco Disponibilidade', category: 'brincos', priceCents: 12_990, stock: 5 },
    });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as Product).id;
    // First seen: it now shows in the lists.
    expect(await eventually(() => storedState(id), (state) => state === 'in')).toBe('in');
    expect((await eventually(() => events('ProductAvailabilityChanged', id), (rows) => rows.length > 0)).map((row) => row.payload)).toEqual([{ productId: id, state: 'in' }]);

    // 5 -> 4 available: still 'in' (above the line of 3): nothing a page shows moved.
    expect((await service.app.inject({ method: 'POST', url: '/api/reservations', headers: bearer(shoppers[0]!), payload: { productId: id } })).statusCode).toBe(201);
    // 4 -> 3: at the line, 'low', heard by both instances (each checks), recorded once.
    expect((await second.app.inject({ method: 'POST', url: '/api/reservations', headers: bearer(shoppers[1]!), payload: { productId: id } })).statusCode).toBe(201);
    const low = await eventually(() => events('ProductAvailabilityChanged', id), (rows) => rows.length >= 2);
    // Both instances have had time to check the same change.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await events('ProductAvailabilityChanged', id)).toEqual(low);
    expect(low.map((row) => row.payload)).toEqual([{ productId: id, state: 'in' }, { productId: id, state: 'low' }]);

    // The stock set to 2 with 2 held: sold out.
    const product = (await service.app.inject({ method: 'GET', url: `/api/products/${id}` })).json() as Product;
    const edit = { name: product.name, category: product.category, priceCents: product.priceCents, description: product.description, isNew: false, isBestseller: false, isFeatured: false, stock: 2 };
    expect((await service.app.inject({ method: 'PUT', url: `/api/admin/products/${id}`, headers: bearer(admin), payload: edit })).statusCode).toBe(200);
    const out = await eventually(() => events('ProductAvailabilityChanged', id), (rows) => rows.length >= 3);
    expect(out.map((row) => row.payload['state'])).toEqual(['in', 'low', 'out']);
  });
});

describe('ContentChanged and StoreSettingsChanged', () => {
  it("are recorded by the panel's saves, naming the section or the setting", async () => {
    const section = await service.app.inject({ method: 'PUT', url: '/api/admin/content/about_us', headers: bearer(admin), payload: { title: 'Sobre Nós', content: 'Uma história de prata.' } });
    expect(section.statusCode).toBe(200);
    const links = await service.app.inject({
      method: 'PUT',
      url: '/api/admin/social-links',
      headers: bearer(admin),
      payload: { links: [{ platform: 'instagram', link1: 'https://instagram.com/prata925', link2: null, link3: null, link4: null }] },
    });
    expect(links.statusCode).toBe(200);
    expect((await events('ContentChanged')).map((row) => row.payload)).toEqual([{ key: 'about_us' }, { key: 'social-links' }]);

    expect((await service.app.inject({ method: 'PUT', url: '/api/admin/settings/pix-discount', headers: bearer(admin), payload: { percent: 5 } })).statusCode).toBe(200);
    expect((await service.app.inject({ method: 'PUT', url: '/api/admin/settings/low-stock', headers: bearer(admin), payload: { threshold: 2 } })).statusCode).toBe(200);
    expect((await events('StoreSettingsChanged')).map((row) => row.payload)).toEqual([{ setting: 'pix-discount' }, { setting: 'low-stock' }]);
  });
});

describe('GET /api/remotes', () => {
  it('says which remotes run a canary when asked without a client id (none here)', async () => {
    const response = await service.app.inject({ method: 'GET', url: '/api/remotes' });
    expect(response.statusCode).toBe(200);
    expect(response.headers[REGISTRY_CANARIES_HEADER]).toBe('');
    expect((await service.app.inject({ method: 'GET', url: '/api/remotes?client=abcdefgh-1234' })).headers[REGISTRY_CANARIES_HEADER]).toBeUndefined();
  });
});
