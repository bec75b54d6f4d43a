/**
 * The product cards' real rating: every product DTO of the public lists carries its approved
 * reviews' average (one decimal) and count, or null without any; pending and rejected reviews do
 * not count; the cached lists (and their ETags) follow an approval and a withdrawal. Real
 * PostgreSQL, the sandbox acquirer, real HTTP injection; averages worked by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderReviewsSchema, orderSchema, productListSchema, productPageSchema, productSchema, type Product } from '@prata/contracts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { TestClock, createTestService, type TestService } from './helpers.ts';
import { createProduct, customer, placeOrder, sandboxCard } from './shop.ts';

const clock = new TestClock(Date.parse('2026-12-01T15:00:00Z'));
let service: TestService;
let admin: SignedIn;

beforeAll(async () => {
  service = await createTestService({ PAYMENT_SANDBOX_DELAY_MS: '0', ORDER_RATE_LIMIT_PER_MINUTE: '10000' }, clock);
  admin = await account(service, ['admin'], 'admin');
});
afterAll(async () => service?.close());

const call = (method: 'GET' | 'POST', url: string, who: SignedIn | null, payload?: object, headers: Record<string, string> = {}) =>
  service.app.inject({ method, url, headers: { ...(who ? bearer(who) : {}), ...headers }, ...(payload ? { payload } : {}) });

/** A new shopper buys one unit of `productId`, delivered now, and reviews it with `rating`; the review's id. */
async function reviewBy(productId: string, rating: number): Promise<string> {
  const buyer = await account(service);
  const placed = await placeOrder(service, buyer, {
    items: [{ productId, quantity: 1 }],
    customer: { ...customer, email: buyer.email },
    payment: await sandboxCard(service, buyer, '4111111111111111', 1),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const orderId = orderSchema.parse(placed.json()).id;
  expect((await call('POST', `/api/admin/orders/${orderId}/ship`, admin, { carrier: 'Correios', trackingCode: 'QB123456789BR' })).statusCode).toBe(200);
  expect((await call('POST', `/api/admin/orders/${orderId}/deliver`, admin)).statusCode).toBe(200);
  const [line] = orderReviewsSchema.parse((await call('GET', `/api/orders/${orderId}/reviews`, buyer)).json()).lines;
  const written = await call('POST', '/api/reviews', buyer, { orderItemId: line!.orderItemId, rating, text: 'Peça linda, chegou muito bem embalada.' });
  expect(written.statusCode, written.body).toBe(201);
  return written.json().id as string;
}

const moderate = async (id: string, action: 'approve' | 'reject') => {
  const response = await call('POST', `/api/admin/reviews/${id}/${action}`, admin, action === 'reject' ? { reason: 'Texto fora do tema da peça.' } : {});
  expect(response.statusCode, response.body).toBe(200);
};

/** The rating of each of `ids` in `GET /api/products?ids=`, and the list's ETag. */
async function listed(ids: string[]): Promise<{ ratings: (Product['rating'] | undefined)[]; etag: string }> {
  const response = await call('GET', `/api/products?ids=${ids.join(',')}`, null);
  expect(response.statusCode).toBe(200);
  const products = productListSchema.parse(response.json());
  return { ratings: ids.map((id) => products.find((product) => product.id === id)?.rating), etag: response.headers.etag as string };
}

describe('the rating on product cards', () => {
  it('is the approved reviews’ average and count, null without any, and follows moderation in the cached lists', async () => {
    const ring = await createProduct(service, clock, 10, 9_900);
    const bare = await createProduct(service, clock, 10, 9_900);
    const ids = [ring.id, bare.id];
    const five = await reviewBy(ring.id, 5);
    const four = await reviewBy(ring.id, 4);
    const pending = await reviewBy(ring.id, 4);
    const refused = await reviewBy(ring.id, 1);

    const before = await listed(ids);
    expect(before.ratings).toEqual([null, null]);

    await moderate(five, 'approve');
    await moderate(four, 'approve');
    await moderate(refused, 'reject');
    // (5 + 4) / 2 = 4.5; the pending 4 and the rejected 1 do not count.
    const approved = await listed(ids);
    expect(approved.ratings).toEqual([{ average: 4.5, count: 2 }, null]);
    expect(approved.etag).not.toBe(before.etag);
    expect((await call('GET', `/api/products?ids=${ids.join(',')}`, null, undefined, { 'if-none-match': before.etag })).statusCode).toBe(200);

    await moderate(pending, 'approve');
    // (5 + 4 + 4) / 3 = 4.333... -> 4.3.
    expect((await listed(ids)).ratings).toEqual([{ average: 4.3, count: 3 }, null]);
    const page = productPageSchema.parse((await call('GET', `/api/products/page?ids=${ids.join(',')}`, null)).json());
    expect(page.products.map((product) => product.rating)).toEqual([null, { average: 4.3, count: 3 }]);
    const bySlug = productSchema.parse((await call('GET', `/api/products/by-slug/${ring.slug}`, null)).json());
    expect(bySlug.rating).toEqual({ average: 4.3, count: 3 });

    // Withdrawing the 5: (4 + 4) / 2 = 4.0.
    await moderate(five, 'reject');
    expect((await listed(ids)).ratings).toEqual([{ average: 4, count: 2 }, null]);
  });
});
