/**
 * The events that tell the shell's host which cached pages changed, whoever made the change (the
 * panel or SQL behind the service's back): `ProductListingChanged` when what the store shows of a
 * product moves (listed, a field, sold out, back, the low-stock line; not a move within a level),
 * recorded once even with two service instances watching; `ContentChanged` and
 * `StoreSettingsChanged` naming what changed; `GET /api/remotes` saying whether a canary runs.
 * Real PostgreSQL, two app instances on one database.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRY_CANARIES_HEADER, type Product } from '@prata/contracts';
import { buildApp } from '../src/app.ts';
import { openDatabase, type OpenDatabase } from '../src/bootstrap/open-database.ts';
import { availabilityLevel, listingSignature } from '../src/modules/catalogue/listing-watch.ts';
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

async function storedState(key: string): Promise<string | undefined> {
  const rows = await service.db.orm.em.fork().getConnection().execute<{ state: string }[]>('select state from shown_states where key = ?', [key]);
  return rows[0]?.state;
}

async function sql(query: string, params: unknown[] = []): Promise<void> {
  await service.db.orm.em.fork().getConnection().execute(query, params);
}

describe('listing signature', () => {
  it('levels units: out at 0, low at or below the line, else in; a move within a level keeps the signature', () => {
    expect([0, 1, 3, 4].map((units) => availabilityLevel(units, 3))).toEqual(['out', 'low', 'low', 'in']);
    const product = { id: 'p', name: 'Anel', priceCents: 100, stock: 9, available: 9, variants: [] } as unknown as Product;
    expect(listingSignature({ ...product, stock: 5, available: 4 }, 3)).toBe(listingSignature(product, 3));
    expect(listingSignature({ ...product, available: 3 }, 3)).not.toBe(listingSignature(product, 3));
    expect(listingSignature({ ...product, priceCents: 101 }, 3)).not.toBe(listingSignature(product, 3));
  });
});

describe('ProductListingChanged', () => {
  it('is recorded once per visible change, by one of two instances, also for SQL written behind the service, and not for moves nobody sees', async () => {
    const created = await service.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: bearer(admin),
      payload: { name: 'Brinco Vitrine', category: 'brincos', priceCents: 12_990, stock: 5 },
    });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as Product).id;
    const listing = () => events('ProductListingChanged', id);
    // Listed: it now shows in the lists.
    expect((await eventually(listing, (rows) => rows.length >= 1)).map((row) => row.payload)).toEqual([{ productId: id, listed: true }]);
    expect(await storedState(`product:${id}`)).toBeDefined();

    // 5 -> 4 available: still 'in' (above the line of 3): nothing a page shows moved.
    expect((await service.app.inject({ method: 'POST', url: '/api/reservations', headers: bearer(shoppers[0]!), payload: { productId: id } })).statusCode).toBe(201);
    // 4 -> 3: at the line, 'low', heard by both instances (each checks), recorded once.
    expect((await second.app.inject({ method: 'POST', url: '/api/reservations', headers: bearer(shoppers[1]!), payload: { productId: id } })).statusCode).toBe(201);
    const low = await eventually(listing, (rows) => rows.length >= 2);
    // Both instances have had time to check the same change.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await listing()).toEqual(low);
    expect(low).toHaveLength(2);

    // A price changed in SQL, behind the service's back (the table's trigger tells the watch).
    await sql('update products set price_cents = 13990 where id = ?', [id]);
    expect(await eventually(listing, (rows) => rows.length >= 3)).toHaveLength(3);
    // Withdrawn (a draft): it left the public catalogue.
    await sql(`update products set status = 'draft' where id = ?`, [id]);
    const withdrawn = await eventually(listing, (rows) => rows.length >= 4);
    expect(withdrawn.at(-1)!.payload).toEqual({ productId: id, listed: false });
    expect(await storedState(`product:${id}`)).toBeUndefined();
  });
});

describe('ContentChanged and StoreSettingsChanged', () => {
  /** The payloads of `type` recorded after the first `skip`, once there are `count` of them (or after ~5 s). */
  const newEvents = async (type: string, skip: number, count: number) =>
    (await eventually(() => events(type), (rows) => rows.length >= skip + count)).slice(skip).map((row) => row.payload);
  // A fresh store's defaults, inserted while the watches started, may have been seen as changes.
  const settled = async (type: string) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    return (await events(type)).length;
  };

  it("name the section or the setting that changed, from the panel's saves or in SQL", async () => {
    let before = await settled('ContentChanged');
    const section = await service.app.inject({ method: 'PUT', url: '/api/admin/content/about_us', headers: bearer(admin), payload: { title: 'Sobre Nós', content: 'Uma história de prata.' } });
    expect(section.statusCode).toBe(200);
    expect(await newEvents('ContentChanged', before, 1)).toEqual([{ key: 'about_us' }]);
    before += 1;
    const links = await service.app.inject({
      method: 'PUT',
      url: '/api/admin/social-links',
      headers: bearer(admin),
      payload: { links: [{ platform: 'instagram', link1: 'https://instagram.com/prata925.vitrine', link2: null, link3: null, link4: null }] },
    });
    expect(links.statusCode).toBe(200);
    expect(await newEvents('ContentChanged', before, 1)).toEqual([{ key: 'social-links' }]);
    before += 1;
    await sql(`update content_sections set content = 'Trocas em até 7 dias.' where section_key = 'exchange_policy'`);
    expect(await newEvents('ContentChanged', before, 1)).toEqual([{ key: 'exchange_policy' }]);
    // Nothing else moved.
    expect(await settled('ContentChanged')).toBe(before + 1);

    let settings = await settled('StoreSettingsChanged');
    expect((await service.app.inject({ method: 'PUT', url: '/api/admin/settings/pix-discount', headers: bearer(admin), payload: { percent: 5 } })).statusCode).toBe(200);
    expect(await newEvents('StoreSettingsChanged', settings, 1)).toEqual([{ setting: 'pix-discount' }]);
    settings += 1;
    await sql('update store_settings set low_stock_threshold = 2');
    expect(await newEvents('StoreSettingsChanged', settings, 1)).toEqual([{ setting: 'low-stock' }]);
    settings += 1;
    // The instalment rules the product page, the cart and the checkout show.
    await sql('update store_settings set max_installments = 10, interest_free_installments = 10');
    expect(await newEvents('StoreSettingsChanged', settings, 1)).toEqual([{ setting: 'installments' }]);
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
