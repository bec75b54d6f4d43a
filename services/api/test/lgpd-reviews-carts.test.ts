/**
 * LGPD (Lei 13.709/2018 art. 18) for what selling more keeps about a shopper, over real HTTP on
 * real PostgreSQL and real storage:
 * - `GET /api/me/export` lists the cart kept on the server, the consent to cart reminders and the
 *   reminders e-mailed, the reviews the shopper wrote (with their photos' URLs) and each order's
 *   WhatsApp opt-in;
 * - deleting the account deletes the reviews it wrote (docs/security.md says why deleted), their
 *   photos in the bucket, and the product's card rating and page follow (`ProductReviewsChanged`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderReviewsSchema, orderSchema, personalDataExportSchema, productListSchema } from '@prata/contracts';
import { PRODUCT_IMAGES_BUCKET } from '../src/storage/object-storage.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { imageFile, sql } from './admin-fixtures.ts';
import { TestClock, createTestService, type TestService } from './helpers.ts';
import { createProduct, customer, placeOrder, sandboxCard } from './shop.ts';

const clock = new TestClock(Date.parse('2026-12-02T13:00:00Z'));
let service: TestService;
let baseUrl: string;
let admin: SignedIn;

beforeAll(async () => {
  service = await createTestService({ PAYMENT_SANDBOX_DELAY_MS: '0', ORDER_RATE_LIMIT_PER_MINUTE: '10000' }, clock);
  baseUrl = await service.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await account(service, ['admin'], 'admin');
});
afterAll(async () => service?.close());

/** A request over real HTTP as `who`; the status and the JSON body. */
async function http(who: SignedIn, method: string, path: string, body?: unknown): Promise<{ status: number; json: { id?: string } & Record<string, unknown> }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...bearer(who), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as { id?: string } & Record<string, unknown>) : {} };
}

/** The rating the public list gives `productId`. */
async function cardRating(productId: string) {
  const response = await fetch(`${baseUrl}/api/products?ids=${productId}`);
  return productListSchema.parse(await response.json())[0]!.rating;
}

/**
 * A shopper with everything selling more keeps: a delivered card order asked on WhatsApp, an
 * approved 4-star review with a photo of that order's piece, a server cart of 2 units of another
 * piece with the reminder consent, and one reminder e-mailed.
 */
async function shopperWithHistory() {
  const shopper = await account(service);
  const bought = await createProduct(service, clock, 10, 9_900);
  const inCart = await createProduct(service, clock, 10, 4_900);
  const placed = await placeOrder(service, shopper, {
    items: [{ productId: bought.id, quantity: 1 }],
    customer: { ...customer, email: shopper.email },
    payment: await sandboxCard(service, shopper, '4111111111111111', 1),
    whatsappOptIn: true,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const orderId = orderSchema.parse(placed.json()).id;
  expect((await http(admin, 'POST', `/api/admin/orders/${orderId}/ship`, { carrier: 'Correios', trackingCode: 'QB123456789BR' })).status).toBe(200);
  expect((await http(admin, 'POST', `/api/admin/orders/${orderId}/deliver`, {})).status).toBe(200);

  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await imageFile('png'))], { type: 'image/png' }), 'anel.png');
  const upload = await fetch(`${baseUrl}/api/reviews/photos`, { method: 'POST', headers: bearer(shopper), body: form });
  expect(upload.status).toBe(201);
  const photo = (await upload.json()) as { key: string; url: string };
  const [line] = orderReviewsSchema.parse((await http(shopper, 'GET', `/api/orders/${orderId}/reviews`)).json).lines;
  const written = await http(shopper, 'POST', '/api/reviews', { orderItemId: line!.orderItemId, rating: 4, text: 'Anel lindo, brilho perfeito.', photoKeys: [photo.key] });
  expect(written.status, JSON.stringify(written.json)).toBe(201);
  expect((await http(admin, 'POST', `/api/admin/reviews/${written.json.id}/approve`, {})).status).toBe(200);

  expect((await http(shopper, 'PUT', '/api/cart', { lines: [{ productId: inCart.id, quantity: 2 }] })).status).toBe(200);
  expect((await http(shopper, 'PUT', '/api/cart/recovery-consent', { consent: true })).status).toBe(200);
  await sql(service, `insert into cart_recovery_messages (id, user_id, step, cart_value_cents, sent_at) values (gen_random_uuid(), ?, 1, 9800, ?)`, [
    shopper.userId,
    new Date(clock.now().getTime() + 3_600_000),
  ]);
  return { shopper, bought, inCart, photo };
}

describe('the personal-data export', () => {
  it('includes the server cart, the reminder consent and reminders, the reviews written and the WhatsApp opt-ins', async () => {
    const { shopper, bought, inCart, photo } = await shopperWithHistory();
    const exported = await http(shopper, 'GET', '/api/me/export');
    expect(exported.status).toBe(200);
    const data = personalDataExportSchema.parse(exported.json);
    expect(data.orders.map((order) => order.whatsappOptIn)).toEqual([true]);
    expect(data.cart).toEqual({ items: [{ item: inCart.name, quantity: 2 }], updatedAt: clock.now().toISOString(), reminderConsent: true, reminderConsentAt: clock.now().toISOString() });
    expect(data.cartReminders).toEqual([{ step: 1, sentAt: new Date(clock.now().getTime() + 3_600_000).toISOString(), openedAt: null }]);
    expect(data.reviews).toEqual([
      { productName: bought.name, rating: 4, text: 'Anel lindo, brilho perfeito.', status: 'approved', photos: [photo.url], reply: null, createdAt: clock.now().toISOString() },
    ]);
  });
});

describe('erasing the account', () => {
  it('deletes the reviews it wrote and their photos, and the card rating follows', async () => {
    const { shopper, bought, photo } = await shopperWithHistory();
    const other = await account(service);
    expect(await cardRating(bought.id)).toEqual({ average: 4, count: 1 });
    expect(await service.db.storage.exists(PRODUCT_IMAGES_BUCKET, photo.key)).toBe(true);

    const deleted = await http(shopper, 'DELETE', '/api/me', { currentPassword: shopper.password });
    expect(deleted.status, JSON.stringify(deleted.json)).toBe(200);

    expect(await sql(service, 'select id from reviews where user_id = ?', [shopper.userId])).toEqual([]);
    expect(await service.db.storage.exists(PRODUCT_IMAGES_BUCKET, photo.key)).toBe(false);
    expect(await cardRating(bought.id)).toBeNull();
    const events = await sql<{ type: string }>(service, "select type from domain_events where aggregate_id = ? and type = 'ProductReviewsChanged'", [bought.id]);
    // One for the approval, one for the erasure.
    expect(events).toHaveLength(2);
    expect(await sql(service, 'select user_id from carts where user_id = ?', [shopper.userId])).toEqual([]);
    // Another account's export still works and lists nothing of them.
    expect(personalDataExportSchema.parse((await http(other, 'GET', '/api/me/export')).json).reviews).toEqual([]);
  });
});
