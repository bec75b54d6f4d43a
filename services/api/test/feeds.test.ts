/**
 * The catalogue feeds against real PostgreSQL, over the app's HTTP (inject): products and variants
 * created through the admin API appear in Google Merchant Center's XML and Meta's CSV, parsed with
 * fast-xml-parser and Papa Parse, with every attribute Google's product data specification requires
 * (support.google.com/merchants/answer/7052112) and the values the test set; drafts, deleted
 * products and products without an image are absent; a reserved last unit is out of stock; the
 * documents are stored (ETag, 304, Last-Modified) and a request does not rebuild them, while a
 * price change and a freight table edit reach them after their events and the debounced job; the admin's URLs; and the
 * migration matches the entity.
 */
import { randomUUID } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAZILIAN_STATES, CATALOGUE_FEED_PATHS, adminProductSchema, catalogueFeedsSchema, type AdminProduct } from '@prata/contracts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { sql } from './admin-fixtures.ts';
import { createTestService, TestClock, type TestService } from './helpers.ts';
import { META_COLUMNS } from '../src/modules/feeds/meta-catalogue.ts';

const clock = new TestClock();
let service: TestService;
let admin: SignedIn;
let shopper: SignedIn;
let imageKeys: string[];
let ring: AdminProduct;
let necklace: AdminProduct;
let reserved: AdminProduct;
let draft: AdminProduct;
let deleted: AdminProduct;
let bare: AdminProduct;

const tag = randomUUID().slice(0, 6);
const aro = { name: 'Aro', values: ['14', '16', '18'] };

/** Google's item, as fast-xml-parser reads it (repeated elements always arrays). */
type GoogleItem = Record<string, unknown> & { 'g:shipping'?: Record<string, string>[]; 'g:additional_image_link'?: string[] };

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false, isArray: (name) => ['item', 'g:shipping', 'g:additional_image_link'].includes(name) });

function call(method: 'POST' | 'PUT' | 'GET' | 'DELETE', url: string, payload?: object, who?: SignedIn, headers: Record<string, string> = {}) {
  return service.app.inject({ method, url, headers: { ...(who ? bearer(who) : {}), ...headers }, ...(payload ? { payload } : {}) });
}

async function create(body: object): Promise<AdminProduct> {
  const response = await call('POST', '/api/admin/products', { category: 'colares', imageKey: imageKeys[0], ...body }, admin);
  expect(response.statusCode, response.body).toBe(201);
  return adminProductSchema.parse(response.json());
}

async function googleFeed() {
  const response = await call('GET', CATALOGUE_FEED_PATHS.googleMerchant);
  expect(response.statusCode, response.body).toBe(200);
  const document = parser.parse(response.body) as { rss: { '@_version': string; '@_xmlns:g': string; channel: { item?: GoogleItem[] } } };
  return { response, document, items: document.rss.channel.item ?? [] };
}

async function metaFeed() {
  const response = await call('GET', CATALOGUE_FEED_PATHS.metaCatalogue);
  expect(response.statusCode, response.body).toBe(200);
  const parsed = Papa.parse<Record<string, string>>(response.body, { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return { response, fields: parsed.meta.fields ?? [], rows: parsed.data };
}

const byId = <T>(items: T[], key: (item: T) => unknown, id: string) => items.filter((item) => key(item) === id);

beforeAll(async () => {
  service = await createTestService({ CATALOGUE_FEED_DEBOUNCE_SECONDS: '0' }, clock);
  admin = await account(service, ['admin'], 'admin');
  shopper = await account(service);
  imageKeys = (await sql<{ image_key: string }>(service, `select image_key from products where image_key is not null order by image_key limit 2`)).map((row) => row.image_key);
  expect(imageKeys).toHaveLength(2);

  ring = await create({
    name: `Anel Solitário ${tag}`,
    category: 'aneis',
    description: 'Anel de prata 925, aro fino.',
    priceCents: 18_990,
    options: [aro],
    variants: aro.values.map((value, index) => ({ sku: `FEED-AN-${tag}-${value}`, options: { Aro: value }, stock: [2, 0, 1][index]!, priceCents: value === '18' ? 19_990 : null })),
  });
  const gallery = await call('PUT', `/api/admin/products/${ring.id}/images`, { images: imageKeys.map((key, index) => ({ key, alt: `Anel, foto ${index + 1}` })) }, admin);
  expect(gallery.statusCode, gallery.body).toBe(200);
  necklace = await create({ name: `Colar Ponto de Luz ${tag}`, description: 'Corrente veneziana, 45 cm; fecho "lagosta",\nbanho de ródio.', priceCents: 14_990, stock: 3 });
  reserved = await create({ name: `Pulseira Única ${tag}`, category: 'pulseiras', priceCents: 9_990, stock: 1 });
  const hold = await call('POST', '/api/reservations', { productId: reserved.id }, shopper);
  expect(hold.statusCode, hold.body).toBe(201);
  draft = await create({ name: `Brinco Rascunho ${tag}`, category: 'brincos', priceCents: 5_990, stock: 4, status: 'draft' });
  deleted = await create({ name: `Brinco Apagado ${tag}`, category: 'brincos', priceCents: 6_990, stock: 4 });
  expect((await call('DELETE', `/api/admin/products/${deleted.id}`, undefined, admin)).statusCode).toBe(200);
  bare = await create({ name: `Colar Sem Foto ${tag}`, priceCents: 7_990, stock: 2, imageKey: null });
});
afterAll(async () => service?.close());

describe('schema', () => {
  it('the catalogue_feeds migration matches the entity', async () => {
    const diff = await service.db.orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff.split('\n').filter((line) => line.includes('catalogue_feeds'))).toEqual([]);
  });
});

describe('Google Merchant Center feed', () => {
  it('is RSS 2.0 with the g: namespace, and every item has the required attributes', async () => {
    const { response, document, items } = await googleFeed();
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(document.rss['@_version']).toBe('2.0');
    expect(document.rss['@_xmlns:g']).toBe('http://base.google.com/ns/1.0');
    expect(items.length).toBeGreaterThan(5);
    for (const item of items) {
      for (const attribute of ['g:id', 'g:title', 'g:description', 'g:link', 'g:image_link', 'g:availability', 'g:price', 'g:condition', 'g:google_product_category']) {
        expect(String(item[attribute] ?? ''), `${String(item['g:id'])} ${attribute}`).not.toBe('');
      }
      expect(item['g:brand'] === 'Prata 925' || item['g:identifier_exists'] === 'no').toBe(true);
      expect(item['g:identifier_exists']).toBe('no');
      expect(item['g:condition']).toBe('new');
      expect(['in_stock', 'out_of_stock']).toContain(item['g:availability']);
      expect(String(item['g:price'])).toMatch(/^\d+\.\d{2} BRL$/);
      expect(String(item['g:link'])).toMatch(new RegExp(`^${service.config.shellUrl}/produtos/`));
      expect(String(item['g:image_link'])).toMatch(/^https?:\/\//);
      // No payment-method discount passes for a sale price.
      expect(item['g:sale_price']).toBeUndefined();
      expect(String(item['g:title']).length).toBeLessThanOrEqual(150);
    }
    // Ids are unique: one item per variant.
    expect(new Set(items.map((item) => item['g:id'])).size).toBe(items.length);
  });

  it("lists one item per variant, grouped by the product, at the prices and availability the test set", async () => {
    const { items } = await googleFeed();
    const variants = byId(items, (item) => item['g:item_group_id'], ring.id);
    expect(variants.map((item) => [item['g:id'], item['g:title'], item['g:price'], item['g:availability']])).toEqual([
      [`FEED-AN-${tag}-14`, `Anel Solitário ${tag} - Aro 14`, '189.90 BRL', 'in_stock'],
      [`FEED-AN-${tag}-16`, `Anel Solitário ${tag} - Aro 16`, '189.90 BRL', 'out_of_stock'],
      [`FEED-AN-${tag}-18`, `Anel Solitário ${tag} - Aro 18`, '199.90 BRL', 'in_stock'],
    ]);
    for (const item of variants) {
      expect(item['g:link']).toBe(`${service.config.shellUrl}/produtos/${ring.slug}`);
      expect(item['g:description']).toBe('Anel de prata 925, aro fino.');
      expect(item['g:google_product_category']).toBe('Apparel & Accessories > Jewelry > Rings');
      expect(String(item['g:image_link'])).toContain(imageKeys[0]!);
      expect(item['g:additional_image_link']).toHaveLength(1);
      expect(item['g:additional_image_link']![0]).toContain(imageKeys[1]!);
    }
  });

  it('lists a product without variants as one item without a group, and prices its freight per state', async () => {
    const { items } = await googleFeed();
    const [item, ...more] = byId(items, (entry) => entry['g:id'], necklace.id);
    expect(more).toEqual([]);
    expect(item).toMatchObject({ 'g:title': `Colar Ponto de Luz ${tag}`, 'g:price': '149.90 BRL', 'g:availability': 'in_stock', 'g:brand': 'Prata 925' });
    expect(item!['g:item_group_id']).toBeUndefined();
    expect(item!['g:description']).toBe('Corrente veneziana, 45 cm; fecho "lagosta",\nbanho de ródio.');
    const shipping = item!['g:shipping']!;
    expect(shipping.map((entry) => entry['g:region']).sort()).toEqual([...BRAZILIAN_STATES].sort());
    const rates = await sql<{ region: string; service: string; base_cents: number }>(service, `select region, service, base_cents from freight_rates order by base_cents, service`);
    const sp = shipping.find((entry) => entry['g:region'] === 'SP')!;
    const cheapestSe = rates.find((rate) => rate.region === 'SE')!;
    expect(sp['g:country']).toBe('BR');
    expect(sp['g:service']).toBe(cheapestSe.service);
    expect(sp['g:price']).toBe(`${(cheapestSe.base_cents / 100).toFixed(2)} BRL`);
  });

  it('leaves out drafts, deleted products and products without an image; a reserved last unit is out of stock', async () => {
    const { items } = await googleFeed();
    const ids = new Set(items.map((item) => item['g:id']));
    for (const absent of [draft, deleted, bare]) expect(ids.has(absent.id), absent.name).toBe(false);
    expect(byId(items, (item) => item['g:id'], reserved.id)[0]?.['g:availability']).toBe('out_of_stock');
  });

  it('serves the stored document with its ETag and Last-Modified: a matching If-None-Match gets 304', async () => {
    const first = await call('GET', CATALOGUE_FEED_PATHS.googleMerchant);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers['last-modified']).toBeTruthy();
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const again = await call('GET', CATALOGUE_FEED_PATHS.googleMerchant, undefined, undefined, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });
});

describe("Meta's catalogue feed", () => {
  it("is a CSV with Meta's columns, and the same items and values", async () => {
    const { response, fields, rows } = await metaFeed();
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(fields).toEqual([...META_COLUMNS]);
    const { items } = await googleFeed();
    expect(rows.map((row) => row.id)).toEqual(items.map((item) => item['g:id']));
    for (const row of rows) {
      for (const column of ['id', 'title', 'description', 'availability', 'condition', 'price', 'link', 'image_link', 'brand', 'google_product_category']) expect(row[column], `${row.id} ${column}`).not.toBe('');
      expect(['in stock', 'out of stock']).toContain(row.availability);
      expect(row.sale_price).toBe('');
    }
    expect(byId(rows, (row) => row.item_group_id, ring.id).map((row) => [row.id, row.price, row.availability])).toEqual([
      [`FEED-AN-${tag}-14`, '189.90 BRL', 'in stock'],
      [`FEED-AN-${tag}-16`, '189.90 BRL', 'out of stock'],
      [`FEED-AN-${tag}-18`, '199.90 BRL', 'in stock'],
    ]);
    const necklaceRow = byId(rows, (row) => row.id, necklace.id)[0]!;
    // A description with a comma, quotes and a line break survives the CSV.
    expect(necklaceRow).toMatchObject({ title: `Colar Ponto de Luz ${tag}`, price: '149.90 BRL', brand: 'Prata 925', condition: 'new', item_group_id: '', description: 'Corrente veneziana, 45 cm; fecho "lagosta",\nbanho de ródio.' });
  });
});

describe('regeneration', () => {
  it('a price change reaches both feeds after its event and the job, not by the request', async () => {
    const before = await googleFeed();
    const update = await call('PUT', `/api/admin/products/${necklace.id}`, { name: necklace.name, category: 'colares', description: necklace.description, imageKey: imageKeys[0], priceCents: 15_490, stock: 3 }, admin);
    expect(update.statusCode, update.body).toBe(200);

    // The request serves the stored document: no job has run yet (JOBS_POLL_INTERVAL_MS=0).
    const stale = await googleFeed();
    expect(byId(stale.items, (item) => item['g:id'], necklace.id)[0]?.['g:price']).toBe('149.90 BRL');
    expect(stale.response.headers.etag).toBe(before.response.headers.etag);

    // Poll the stored row (not the route, which is rate-limited per address) while the jobs run.
    const version = async () => (await sql<{ version: number }>(service, `select version from catalogue_feeds where kind = 'google-merchant'`))[0]!.version;
    const start = await version();
    for (let attempt = 0; attempt < 200 && (await version()) === start; attempt += 1) {
      await service.app.jobs.tick();
      if ((await version()) === start) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await version()).toBeGreaterThan(start);
    expect(byId((await googleFeed()).items, (item) => item['g:id'], necklace.id)[0]?.['g:price']).toBe('154.90 BRL');
    const after = await googleFeed();
    expect(after.response.headers.etag).not.toBe(before.response.headers.etag);
    expect(byId((await metaFeed()).rows, (row) => row.id, necklace.id)[0]?.price).toBe('154.90 BRL');
  });

  it("a freight table edit in the panel reaches g:shipping after its event and the job", async () => {
    const table = await call('GET', '/api/admin/shipping/freight-rates', undefined, admin);
    expect(table.statusCode, table.body).toBe(200);
    const rows = table.json() as { region: string; service: string; baseCents: number }[];
    // Every South-East rate at R$ 7,77 and R$ 8,88: the cheapest, shown for SP, is R$ 7,77.
    const edited = rows.map((row, index) => (row.region === 'SE' ? { ...row, baseCents: index % 2 === 0 ? 777 : 888 } : row));
    const cheapestSe = edited.filter((row) => row.region === 'SE').sort((a, b) => a.baseCents - b.baseCents)[0]!;
    const saved = await call('PUT', '/api/admin/shipping/freight-rates', edited, admin);
    expect(saved.statusCode, saved.body).toBe(200);

    const version = async () => (await sql<{ version: number }>(service, `select version from catalogue_feeds where kind = 'google-merchant'`))[0]!.version;
    /** Ticks the jobs until the stored feed's version moves past `start`, then the shipping shown for SP. */
    const nextSpShipping = async (start: number) => {
      for (let attempt = 0; attempt < 200 && (await version()) === start; attempt += 1) {
        await service.app.jobs.tick();
        if ((await version()) === start) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await version()).toBeGreaterThan(start);
      const sp = byId((await googleFeed()).items, (item) => item['g:id'], necklace.id)[0]!['g:shipping']!.find((entry) => entry['g:region'] === 'SP')!;
      return [sp['g:service'], sp['g:price']];
    };
    expect(await nextSpShipping(await version())).toEqual([cheapestSe.service, '7.77 BRL']);
    // Behind the service's back (SQL): the table's trigger and the shipping module's watch announce it too.
    const start = await version();
    await sql(service, `update freight_rates set base_cents = 666 where region = 'SE' and service = ?`, [cheapestSe.service]);
    expect(await nextSpShipping(start)).toEqual([cheapestSe.service, '6.66 BRL']);
  });
});

describe('admin: the feeds panel', () => {
  it("answers both feeds' absolute URLs, when generated and their items; admins only", async () => {
    const response = await call('GET', '/api/admin/catalogue-feeds', undefined, admin);
    expect(response.statusCode, response.body).toBe(200);
    const { feeds } = catalogueFeedsSchema.parse(response.json());
    expect(feeds.map((feed) => [feed.kind, feed.url])).toEqual([
      ['googleMerchant', `${service.config.publicUrl}/feeds/google-merchant.xml`],
      ['metaCatalogue', `${service.config.publicUrl}/feeds/meta-catalogue.csv`],
    ]);
    const { items } = await googleFeed();
    for (const feed of feeds) {
      expect(feed.generatedAt).not.toBeNull();
      expect(feed.items).toBe(items.length);
    }
    expect((await call('GET', '/api/admin/catalogue-feeds')).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/catalogue-feeds', undefined, shopper)).statusCode).toBe(403);
  });
});

describe('debounce', () => {
  it('changes within CATALOGUE_FEED_DEBOUNCE_SECONDS queue one rebuild, starting when the window ends; none before the first generation', async () => {
    const debounced = await createTestService({ CATALOGUE_FEED_DEBOUNCE_SECONDS: '60' }, new TestClock());
    try {
      const owner = await account(debounced, ['admin'], 'admin');
      // Every event of the product relayed and dispatched to its subscribers (polled: dispatch follows the commit's notification).
      const settled = async (productId: string, count: number) => {
        for (let attempt = 0; attempt < 200; attempt += 1) {
          await debounced.app.events.relay();
          const [row] = await sql<{ done: number; pending: number }>(debounced, `select count(*) filter (where dispatched_at is not null)::int as done, count(*) filter (where dispatched_at is null)::int as pending from domain_events where aggregate_id = ? and type = 'ProductUpdated'`, [productId]);
          if (row!.done >= count && row!.pending === 0) return;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        throw new Error(`the ProductUpdated events of ${productId} were not dispatched`);
      };
      const queued = () => sql<{ wait: number }>(debounced, `select extract(epoch from start_after - now())::int as wait from pgboss.job where name = 'catalogue-feeds-regenerate'`);
      const create = async (name: string) => {
        const response = await debounced.app.inject({ method: 'POST', url: '/api/admin/products', headers: bearer(owner), payload: { name, category: 'aneis', priceCents: 9_990, stock: 2, imageKey: imageKeys[0] } });
        expect(response.statusCode, response.body).toBe(201);
        return adminProductSchema.parse(response.json());
      };
      const first = await create(`Anel Antes ${tag}`);
      const early = await debounced.app.inject({ method: 'PUT', url: `/api/admin/products/${first.id}`, headers: bearer(owner), payload: { name: first.name, category: 'aneis', imageKey: imageKeys[0], priceCents: 9_490, stock: 2 } });
      expect(early.statusCode, early.body).toBe(200);
      await settled(first.id, 1);
      expect(await queued()).toEqual([]);

      expect((await debounced.app.inject({ method: 'GET', url: CATALOGUE_FEED_PATHS.googleMerchant })).statusCode).toBe(200);
      for (const priceCents of [10_990, 11_990, 12_990]) {
        const response = await debounced.app.inject({ method: 'PUT', url: `/api/admin/products/${first.id}`, headers: bearer(owner), payload: { name: first.name, category: 'aneis', imageKey: imageKeys[0], priceCents, stock: 2 } });
        expect(response.statusCode, response.body).toBe(200);
      }
      await settled(first.id, 4);
      const jobs = await queued();
      expect(jobs).toHaveLength(1);
      expect(jobs[0]!.wait).toBeGreaterThan(45);
    } finally {
      await debounced.close();
    }
  });
});
