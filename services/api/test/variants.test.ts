/**
 * Variants against real PostgreSQL: the admin saves options and variants (validation in
 * pt-BR, SKUs unique store-wide, update by id, removal refused once ordered, admin only); the
 * public payload carries them with the product's stock and availability as their sums; an order
 * takes units of the chosen variant only, at its price, and a cancellation gives them back; a race
 * on a variant's last unit sells it once; reservations hold a variant; the sales report and low
 * stock are per variant; an expired order returns units to its variant and a reinstated late
 * payment takes them again; and the migration matches the entities.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderSchema, dashboardSchema, orderSchema, productSchema, salesReportSchema, type Product } from '@prata/contracts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { sql } from './admin-fixtures.ts';
import { createTestService, TestClock, type TestService } from './helpers.ts';
import { Notification } from '../src/modules/notifications/notification.entities.ts';
import { orderServices } from '../src/modules/orders/index.ts';
import { Order } from '../src/modules/orders/order.entities.ts';
import type { SandboxPaymentProvider } from '../src/modules/orders/sandbox-provider.ts';
import { CPF, customer, offerFreeShipping, sandboxCard } from './shop.ts';

const clock = new TestClock();
let service: TestService;
let admin: SignedIn;
let developer: SignedIn;
let shopper: SignedIn;

const aro = { name: 'Aro', values: ['14', '16', '18'] };
let skuSeq = 0;
const sku = (prefix = 'AN') => `${prefix}-${(skuSeq += 1)}-${randomUUID().slice(0, 6)}`;

function ringBody(stock: [number, number, number] = [2, 5, 1], extra: object = {}) {
  return {
    name: `Anel Solitário ${randomUUID().slice(0, 6)}`,
    category: 'aneis',
    priceCents: 18_990,
    options: [aro],
    variants: aro.values.map((value, index) => ({ sku: sku(), options: { Aro: value }, stock: stock[index]!, priceCents: value === '18' ? 19_990 : null })),
    ...extra,
  };
}

function call(method: 'POST' | 'PUT' | 'GET', url: string, payload?: object, who?: SignedIn) {
  return service.app.inject({ method, url, headers: who ? bearer(who) : {}, ...(payload ? { payload } : {}) });
}

async function createRing(stock?: [number, number, number]): Promise<Product> {
  const response = await call('POST', '/api/admin/products', ringBody(stock), admin);
  expect(response.statusCode, response.body).toBe(201);
  return productSchema.parse(response.json());
}

const variantOf = (product: Product, value: string) => product.variants.find((variant) => variant.options.Aro === value)!;
const read = async (id: string) => productSchema.parse((await call('GET', `/api/products/${id}`)).json());

function order(who: SignedIn, items: object[]) {
  return service.app.inject({ method: 'POST', url: '/api/orders', headers: { ...bearer(who), 'idempotency-key': randomUUID() }, payload: { items, customer, payment: { method: 'pix' } } });
}

beforeAll(async () => {
  service = await createTestService({}, clock);
  admin = await account(service, ['admin'], 'admin');
  await offerFreeShipping(service, admin);
  developer = await account(service, ['developer'], 'dev');
  shopper = await account(service);
});
afterAll(async () => service?.close());

describe('schema', () => {
  it('the variants migration matches the entities', async () => {
    const diff = await service.db.orm.schema.getUpdateSchemaSQL({ wrap: false });
    // The ORM re-creates every trigger in any diff (the notify triggers are compared elsewhere); tables and columns must not differ.
    const changes = diff.split('\n').filter((line) => !/trigger|_notify_fn/.test(line));
    expect(changes.filter((line) => /product_variants|order_items|product_reservations|"products"/.test(line))).toEqual([]);
  });
});

describe('admin: options and variants', () => {
  it('creates a ring with aros 14/16/18: stock and availability are the sums, a variant price or the product price', async () => {
    const ring = await createRing([2, 5, 1]);
    expect(ring.options).toEqual([aro]);
    expect(ring.variants.map((variant) => [variant.options.Aro, variant.stock, variant.available, variant.priceCents])).toEqual([
      ['14', 2, 2, 18_990],
      ['16', 5, 5, 18_990],
      ['18', 1, 1, 19_990],
    ]);
    expect([ring.stock, ring.available, ring.priceCents]).toEqual([8, 8, 18_990]);
    const [row] = await sql<{ stock: number }>(service, 'select stock from products where id = ?', [ring.id]);
    expect(row!.stock).toBe(8);
    const listed = productSchema.array().parse((await call('GET', `/api/products?ids=${ring.id}`)).json());
    expect(listed[0]!.variants).toHaveLength(3);
    const bySlug = productSchema.parse((await call('GET', `/api/products/by-slug/${ring.slug}`)).json());
    expect(bySlug.variants.map((variant) => variant.sku)).toEqual(ring.variants.map((variant) => variant.sku));
  });

  it.each([
    ['a repeated SKU', (body: ReturnType<typeof ringBody>) => ({ ...body, variants: body.variants.map((variant) => ({ ...variant, sku: 'MESMO-SKU' })) }), 'SKU duplicado'],
    ['a repeated combination', (body: ReturnType<typeof ringBody>) => ({ ...body, variants: body.variants.map((variant) => ({ ...variant, options: { Aro: '14' } })) }), 'Combinação de opções repetida'],
    ['a missing value', (body: ReturnType<typeof ringBody>) => ({ ...body, variants: [{ ...body.variants[0]!, options: {} }] }), 'Cada variante precisa de um valor para cada opção'],
    ['a value that is not an option value', (body: ReturnType<typeof ringBody>) => ({ ...body, variants: [{ ...body.variants[0]!, options: { Aro: '15' } }] }), 'Cada variante precisa de um valor para cada opção'],
    ['options without variants', (body: ReturnType<typeof ringBody>) => ({ ...body, variants: [] }), 'Cadastre ao menos uma variante para as opções'],
    ['variants without options (a simple product)', (body: ReturnType<typeof ringBody>) => ({ ...body, options: [] }), 'Variantes exigem ao menos uma opção'],
  ])('refuses %s with a pt-BR message', async (_case, change, message) => {
    const response = await call('POST', '/api/admin/products', change(ringBody()), admin);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues.map((issue: { message: string }) => issue.message)).toContain(message);
  });

  it("refuses another product's SKU (409 'SKU duplicado'), case-insensitively", async () => {
    const ring = await createRing();
    const body = ringBody();
    body.variants[0]!.sku = ring.variants[0]!.sku.toLowerCase();
    const response = await call('POST', '/api/admin/products', body, admin);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'duplicate_sku', message: expect.stringContaining('SKU duplicado') });
  });

  it('lets only admins save variants (401 anonymous, 403 customer and developer)', async () => {
    expect((await call('POST', '/api/admin/products', ringBody())).statusCode).toBe(401);
    expect((await call('POST', '/api/admin/products', ringBody(), shopper)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/products', ringBody(), developer)).statusCode).toBe(403);
    const ring = await createRing();
    expect((await call('PUT', `/api/admin/products/${ring.id}`, ringBody(), developer)).statusCode).toBe(403);
  });

  it('updates variants by id, adds new ones, deletes removed ones, keeps the stock sum, and audits it', async () => {
    const ring = await createRing([2, 5, 1]);
    const [v14, v16] = [variantOf(ring, '14'), variantOf(ring, '16')];
    const body = {
      name: ring.name,
      category: 'aneis',
      priceCents: ring.priceCents,
      options: [{ name: 'Aro', values: ['14', '16', '20'] }],
      variants: [
        { id: v16.id, sku: v16.sku, options: { Aro: '16' }, stock: 7, priceCents: null },
        { id: v14.id, sku: v14.sku, options: { Aro: '14' }, stock: 2, priceCents: 17_990 },
        { sku: sku(), options: { Aro: '20' }, stock: 3, priceCents: null },
      ],
    };
    const response = await call('PUT', `/api/admin/products/${ring.id}`, body, admin);
    expect(response.statusCode, response.body).toBe(200);
    const saved = productSchema.parse(response.json());
    expect(saved.variants.map((variant) => [variant.id === v16.id || variant.id === v14.id, variant.options.Aro, variant.stock, variant.priceCents])).toEqual([
      [true, '16', 7, 18_990],
      [true, '14', 2, 17_990],
      [false, '20', 3, 18_990],
    ]);
    expect(saved.stock).toBe(12);
    const [row] = await sql<{ stock: number }>(service, 'select stock from products where id = ?', [ring.id]);
    expect(row!.stock).toBe(12);
    const [log] = await sql<{ details: { after: { variants: { deleted: string[] } } } }>(service, `select details from admin_logs where action = 'product_updated' and details->>'productId' = ?`, [ring.id]);
    expect(log!.details.after.variants.deleted).toEqual([variantOf(ring, '18').sku]);
    const unknown = await call('PUT', `/api/admin/products/${ring.id}`, { ...body, variants: [{ ...body.variants[0]!, id: randomUUID() }] }, admin);
    expect(unknown.statusCode).toBe(400);
  });

  it('refuses to delete a variant that order lines reference, and turns a product back into a simple one otherwise', async () => {
    const shopper = await account(service);
    const ring = await createRing([2, 5, 1]);
    const v14 = variantOf(ring, '14');
    expect((await order(shopper, [{ productId: ring.id, variantId: v14.id, quantity: 1 }])).statusCode).toBe(201);
    const keepOnly16 = { name: ring.name, category: 'aneis', priceCents: ring.priceCents, options: [aro], variants: [{ ...variantOf(ring, '16'), priceCents: null }] };
    const refused = await call('PUT', `/api/admin/products/${ring.id}`, keepOnly16, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'variant_ordered', message: expect.stringContaining(v14.sku) });
    expect((await read(ring.id)).variants).toHaveLength(3);

    const plain = await createRing([1, 1, 1]);
    const simple = await call('PUT', `/api/admin/products/${plain.id}`, { name: plain.name, category: 'aneis', priceCents: 9_990, stock: 4 }, admin);
    expect(simple.statusCode).toBe(200);
    expect(productSchema.parse(simple.json())).toMatchObject({ options: [], variants: [], stock: 4, available: 4 });
  });
});

describe('orders of a variant', () => {
  it('an order of aro 16 takes units of aro 16 only, priced from the server, with the snapshot; cancelling gives them back', async () => {
    const shopper = await account(service);
    const ring = await createRing([2, 5, 1]);
    const [v16, v18] = [variantOf(ring, '16'), variantOf(ring, '18')];
    const response = await order(shopper, [{ productId: ring.id, variantId: v16.id, quantity: 2 }, { productId: ring.id, variantId: v18.id, quantity: 1 }]);
    expect(response.statusCode, response.body).toBe(201);
    const placed = orderSchema.parse(response.json());
    expect(placed.items.map((item) => [item.variantId, item.sku, item.variantLabel, item.quantity, item.unitPriceCents])).toEqual([
      [v16.id, v16.sku, 'Aro 16', 2, 18_990],
      [v18.id, v18.sku, 'Aro 18', 1, 19_990],
    ]);
    expect(placed.totalCents).toBe(2 * 18_990 + 19_990);
    const after = await read(ring.id);
    expect(after.variants.map((variant) => variant.stock)).toEqual([2, 3, 0]);
    expect(after.stock).toBe(5);

    const cancelled = await service.app.inject({ method: 'POST', url: `/api/orders/${placed.id}/cancel`, headers: bearer(shopper) });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const back = await read(ring.id);
    expect(back.variants.map((variant) => variant.stock)).toEqual([2, 5, 1]);
    expect(back.stock).toBe(8);
    const [row] = await sql<{ stock: number }>(service, 'select stock from products where id = ?', [ring.id]);
    expect(row!.stock).toBe(8);
  });

  it("requires a variant of a product with options ('Escolha uma opção') and refuses one for a simple product", async () => {
    const shopper = await account(service);
    const ring = await createRing();
    const missing = await order(shopper, [{ productId: ring.id, quantity: 1 }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'variant_required', message: expect.stringContaining('Escolha uma opção') });
    const foreign = await createRing();
    expect((await order(shopper, [{ productId: ring.id, variantId: foreign.variants[0]!.id, quantity: 1 }])).json().error).toBe('variant_required');
    const simple = productSchema.parse((await call('POST', '/api/admin/products', { name: 'Colar Simples', category: 'colares', priceCents: 5_000, stock: 3 }, admin)).json());
    expect(simple).toMatchObject({ options: [], variants: [] });
    const refused = await order(shopper, [{ productId: simple.id, variantId: ring.variants[0]!.id, quantity: 1 }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('variant_not_allowed');
    expect((await order(shopper, [{ productId: simple.id, quantity: 1 }])).statusCode).toBe(201);
    expect((await read(ring.id)).stock).toBe(8);
  });

  it('refuses more units than the variant has, even when the product has more in other sizes', async () => {
    const other = await account(service);
    const ring = await createRing([2, 5, 1]);
    const response = await order(other, [{ productId: ring.id, variantId: variantOf(ring, '18').id, quantity: 2 }]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'insufficient_stock', message: expect.stringContaining('Aro 18') });
    expect((await read(ring.id)).variants.map((variant) => variant.stock)).toEqual([2, 5, 1]);
  });

  it('sells the last unit of a variant once when two shoppers order it at the same time (real HTTP)', async () => {
    const [shopper, other] = [await account(service), await account(service)];
    const ring = await createRing([3, 3, 1]);
    const v18 = variantOf(ring, '18');
    const url = await service.app.listen({ port: 0, host: '127.0.0.1' });
    const post = (who: SignedIn) =>
      fetch(`${url}/api/orders`, {
        method: 'POST',
        headers: { ...bearer(who), 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ items: [{ productId: ring.id, variantId: v18.id, quantity: 1 }], customer, payment: { method: 'pix' } }),
      });
    const statuses = (await Promise.all([post(shopper), post(other)])).map((response) => response.status).sort();
    expect(statuses).toEqual([201, 409]);
    const [row] = await sql<{ stock: number }>(service, 'select stock from product_variants where id = ?', [v18.id]);
    expect(row!.stock).toBe(0);
    expect((await read(ring.id)).stock).toBe(6);
  });
});

describe('idempotency of an order (security review 2026-11-29 #17)', () => {
  it('answers 422 for a key reused with another variant, coupon, store-credit choice or delivery option; the same body gets the order', async () => {
    const buyer = await account(service);
    const ring = await createRing([3, 3, 3]);
    const key = randomUUID();
    const post = (payload: object) => service.app.inject({ method: 'POST', url: '/api/orders', headers: { ...bearer(buyer), 'idempotency-key': key }, payload });
    const line = { productId: ring.id, variantId: variantOf(ring, '14').id, quantity: 1 };
    const body = { items: [line], customer, payment: { method: 'pix' } };
    const first = await post(body);
    expect(first.statusCode, first.body).toBe(201);
    const others: [string, object][] = [
      ['another variant', { ...body, items: [{ ...line, variantId: variantOf(ring, '16').id }] }],
      ['the line split over two variants', { ...body, items: [line, { ...line, variantId: variantOf(ring, '18').id }] }],
      ['a coupon', { ...body, couponCode: 'PRATA10' }],
      ['store credit', { ...body, useStoreCredit: true }],
      ['a delivery option', { ...body, shipping: { serviceId: 'pac', priceCents: 0 } }],
    ];
    for (const [what, other] of others) {
      const response = await post(other);
      expect(response.statusCode, what).toBe(422);
      expect(response.json(), what).toMatchObject({ error: 'idempotency_key_reused' });
    }
    const same = await post(body);
    expect([same.statusCode, same.json().id]).toEqual([201, first.json().id]);
    expect((await read(ring.id)).variants.map((variant) => variant.stock)).toEqual([2, 3, 3]);
  });

  it('answers an order stored with the fingerprint of before (items per product only) to a retry of the same body', async () => {
    const buyer = await account(service);
    const ring = await createRing([3, 3, 3]);
    const key = randomUUID();
    const body = { items: [{ productId: ring.id, variantId: variantOf(ring, '16').id, quantity: 1 }], customer, payment: { method: 'pix' } };
    const post = () => service.app.inject({ method: 'POST', url: '/api/orders', headers: { ...bearer(buyer), 'idempotency-key': key }, payload: body });
    const first = await post();
    expect(first.statusCode, first.body).toBe(201);
    // The fingerprint as orders placed before the change stored it, computed here independently.
    const parsed = createOrderSchema.parse(body);
    const sorted = (value: object) => Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
    const legacy = createHash('sha256').update(JSON.stringify({ items: [[ring.id, 1]], customer: sorted(parsed.customer), payment: sorted(parsed.payment) })).digest('hex');
    await sql(service, 'update orders set request_fingerprint = ? where id = ?', [legacy, first.json().id]);
    const retried = await post();
    expect([retried.statusCode, retried.json().id]).toEqual([201, first.json().id]);
  });
});

describe('reservations of a variant', () => {
  it('holds one unit of the chosen variant only, requires a variant, and keeps the held unit from other buyers', async () => {
    const [shopper, other] = [await account(service), await account(service)];
    const ring = await createRing([2, 5, 1]);
    const v18 = variantOf(ring, '18');
    const missing = await call('POST', '/api/reservations', { productId: ring.id }, other);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('variant_required');
    const held = await call('POST', '/api/reservations', { productId: ring.id, variantId: v18.id }, other);
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json()).toMatchObject({ productId: ring.id, variantId: v18.id, sku: v18.sku, variantLabel: 'Aro 18', product: { priceCents: 19_990 } });
    const after = await read(ring.id);
    expect(after.variants.map((variant) => variant.available)).toEqual([2, 5, 0]);
    expect([after.stock, after.available]).toEqual([8, 7]);
    const refused = await order(shopper, [{ productId: ring.id, variantId: v18.id, quantity: 1 }]);
    expect(refused.statusCode).toBe(409);
    expect((await order(shopper, [{ productId: ring.id, variantId: variantOf(ring, '14').id, quantity: 1 }])).statusCode).toBe(201);
  });
});

describe('sales report per variant', () => {
  it('lists a paid variant among the top products as "<name> — Aro 14" with its SKU', async () => {
    const buyer = await account(service);
    const ring = await createRing([4, 4, 4]);
    const v14 = variantOf(ring, '14');
    const paid = await service.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...bearer(buyer), 'idempotency-key': randomUUID() },
      payload: { items: [{ productId: ring.id, variantId: v14.id, quantity: 3 }], customer, payment: await sandboxCard(service, buyer, '4111111111111111', 1) },
    });
    expect(orderSchema.parse(paid.json()).status).toBe('paid');
    const report = salesReportSchema.parse((await call('GET', '/api/admin/sales?period=all', undefined, admin)).json());
    expect(report.topProducts.find((row) => row.productId === ring.id)).toEqual({ productId: ring.id, name: `${ring.name} — Aro 14`, units: 3, revenueCents: 3 * 18_990, variantLabel: 'Aro 14', sku: v14.sku });
  });
});

describe('low stock per variant', () => {
  it('lists a variant at or below the threshold as "<name> — Aro 18" on the dashboard', async () => {
    // Threshold 0: only sold-out pieces (earlier tests left other rows low), at most a few rows.
    expect((await call('PUT', '/api/admin/settings/low-stock', { threshold: 0 }, admin)).statusCode).toBe(200);
    const ring = await createRing([9, 9, 0]);
    const response = await call('GET', '/api/admin/dashboard', undefined, admin);
    expect(response.statusCode, response.body).toBe(200);
    const alerts = dashboardSchema.parse(response.json()).pending.lowStock.filter((row) => row.id === ring.id);
    expect(alerts).toEqual([{ id: ring.id, name: `${ring.name} — Aro 18`, stock: 0, variantId: variantOf(ring, '18').id, sku: variantOf(ring, '18').sku, variantLabel: 'Aro 18' }]);
    // The bell too, per variant: aro 18 is sold out, aro 14 and 16 are not low.
    await service.app.notifications.checkStock([ring.id]);
    const bell = await service.db.orm.em.fork().find(Notification, { title: 'Estoque baixo', description: { $like: `${ring.name}%` } });
    expect(bell.map((notification) => notification.description)).toEqual([`${ring.name} — Aro 18 está sem estoque.`]);
  });
});

// Last: it moves the shared clock ten days on.
describe('expiry and a late payment of a variant', () => {
  it('an expired boleto gives its units back to the variant; reinstating the late payment takes them again', async () => {
    const buyer = await account(service);
    const ring = await createRing([2, 5, 1]);
    const v16 = variantOf(ring, '16');
    const placed = await service.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...bearer(buyer), 'idempotency-key': randomUUID() },
      payload: { items: [{ productId: ring.id, variantId: v16.id, quantity: 2 }], customer, payment: { method: 'boleto', payerCpf: CPF } },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = placed.json().id as string;
    expect((await read(ring.id)).variants.map((variant) => variant.stock)).toEqual([2, 3, 1]);

    clock.advance(10 * 86_400_000);
    await orderServices(service.app).reconciliation.expireOverdue(service.db.orm.em.fork());
    const expired = await service.db.orm.em.fork().findOneOrFail(Order, { id });
    expect(expired.status).toBe('cancelled');
    expect((await read(ring.id)).variants.map((variant) => variant.stock)).toEqual([2, 5, 1]);

    expect(await (service.app.payments as SandboxPaymentProvider).simulatePayment(expired.paymentReference!)).toBe(true);
    await expect.poll(async () => (await service.db.orm.em.fork().findOneOrFail(Order, { id })).paymentAlert).toBe('paid_after_expiry');
    const reinstated = await call('POST', `/api/admin/orders/${id}/late-payment`, { action: 'reinstate' }, admin);
    expect(reinstated.statusCode, reinstated.body).toBe(200);
    const after = await read(ring.id);
    expect(after.variants.map((variant) => variant.stock)).toEqual([2, 3, 1]);
    expect(after.stock).toBe(6);
  });
});
