/**
 * The dashboard card 'Recuperação' (`GET /api/admin/recovery?days=`, reports/recovery-report.ts)
 * on a store of its own (its own database, so every figure is known exactly), real PostgreSQL,
 * the sandbox acquirer and the job queue ticked after moving the test clock:
 * - cart reminders e-mailed and payment reminders e-mailed are counted per channel;
 * - a cart whose reminder link led to an order counts once that order is paid; an order paid after
 *   its payment reminder, or after 'Gerar novo PIX', is an order recovered; an order paid with no
 *   reminder recovers nothing;
 * - the revenue is the recovered orders' totals, and an order cancelled (refunded) after it was
 *   paid leaves both the count and the revenue;
 * - only admins; a bad period is a pt-BR 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_RECOVERY_PATH, PIX_EXPIRY_MS, recoveryReportSchema, type RecoveryReport } from '@prata/contracts';
import { PIX_EXPIRY_GRACE_MS } from '../src/modules/orders/payment-deadlines.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { sql } from './admin-fixtures.ts';
import { TestClock, createTestService, type TestService } from './helpers.ts';
import { createProduct, customer, offerFreeShipping, placeOrder } from './shop.ts';

const clock = new TestClock(Date.parse('2026-12-02T12:00:00Z'));
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let service: TestService;
let admin: SignedIn;

beforeAll(async () => {
  service = await createTestService({ PAYMENT_SANDBOX_DELAY_MS: '0', ORDER_RATE_LIMIT_PER_MINUTE: '10000' }, clock);
  admin = await account(service, ['admin'], 'admin');
  await offerFreeShipping(service, admin);
});
afterAll(async () => service?.close());

function call(method: 'GET' | 'PUT' | 'POST', url: string, who?: SignedIn, payload?: object) {
  return service.app.inject({ method, url, headers: who ? bearer(who) : {}, ...(payload ? { payload } : {}) });
}

async function report(days = 30): Promise<RecoveryReport> {
  const response = await call('GET', `/api/admin/recovery?days=${days}`, admin);
  expect(response.statusCode, response.body).toBe(200);
  return recoveryReportSchema.parse(response.json());
}

const pay = async (id: string, who: SignedIn) => expect((await call('POST', `/api/orders/${id}/simulate-payment`, who)).json().status).toBe('paid');

async function pixOrder(who: SignedIn, priceCents: number, productId?: string): Promise<{ id: string; totalCents: number }> {
  const id = productId ?? (await createProduct(service, clock, 5, priceCents)).id;
  const placed = await placeOrder(service, who, { items: [{ productId: id, quantity: 1 }], customer: { ...customer, email: who.email }, payment: { method: 'pix' } });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json();
}

/**
 * A shopper who agreed to cart reminders, got the first one, followed its link and ordered the
 * cart by PIX: not a recovered cart while unpaid, then paid.
 */
async function recoveredCart(priceCents: number) {
  const who = await account(service);
  const product = await createProduct(service, clock, 5, priceCents);
  expect((await call('PUT', '/api/cart/recovery-consent', who, { consent: true })).statusCode).toBe(200);
  expect((await call('PUT', '/api/cart', who, { lines: [{ productId: product.id, quantity: 1 }] })).statusCode).toBe(200);
  clock.advance(HOUR + 5 * MINUTE);
  await service.app.jobs.tick();
  const [mail] = await sql<{ link: string }>(service, `select link from outbox_emails where "to" = ? and link like ?`, [who.email.toLowerCase(), `%${CART_RECOVERY_PATH}/%`]);
  const token = mail!.link.split(`${CART_RECOVERY_PATH}/`)[1]!;
  expect((await call('POST', '/api/cart/recover', undefined, { token })).statusCode).toBe(200);
  const order = await pixOrder(who, priceCents, product.id);
  const before = await report();
  await service.app.jobs.tick();
  expect((await report()).cartsRecovered).toBe(before.cartsRecovered);
  await pay(order.id, who);
  expect((await report()).cartsRecovered).toBe(before.cartsRecovered + 1);
  return { who, order };
}

describe("the 'Recuperação' card", () => {
  it('counts messages per channel, carts and orders recovered, and the revenue net of orders cancelled after payment', async () => {
    expect(await report()).toMatchObject({ messagesSent: { cartEmails: 0, paymentEmails: 0, paymentWhatsApp: 0, total: 0 }, cartsRecovered: 0, ordersRecovered: 0, revenueRecoveredCents: 0 });

    // Two carts recovered by their reminder's link (each counted once its order is paid).
    const kept = await recoveredCart(30_000);
    const undone = await recoveredCart(20_000);
    let figures = await report();
    expect(figures.messagesSent).toEqual({ cartEmails: 2, paymentEmails: 0, paymentWhatsApp: 0, total: 2 });
    expect(figures.cartsRecovered).toBe(2);
    expect(figures.revenueRecoveredCents).toBe(kept.order.totalCents + undone.order.totalCents);

    // A PIX order paid after its reminder; another whose code expired, renewed and paid; one paid with no reminder.
    const reminded = await account(service);
    const afterReminder = await pixOrder(reminded, 7_000);
    const renewedBuyer = await account(service);
    const renewed = await pixOrder(renewedBuyer, 9_000);
    const direct = await account(service);
    const paidAtOnce = await pixOrder(direct, 11_000);
    await pay(paidAtOnce.id, direct);
    clock.advance(PIX_EXPIRY_MS - 9 * MINUTE);
    await service.app.jobs.tick();
    await pay(afterReminder.id, reminded);
    clock.advance(9 * MINUTE + PIX_EXPIRY_GRACE_MS + 1000);
    await service.app.orders.reconciliation.expireOverdue(service.db.orm.em.fork());
    expect((await call('POST', `/api/orders/${renewed.id}/renew-payment`, renewedBuyer)).statusCode).toBe(200);
    await pay(renewed.id, renewedBuyer);

    figures = await report();
    expect(figures.messagesSent).toEqual({ cartEmails: 2, paymentEmails: 2, paymentWhatsApp: 0, total: 4 });
    expect(figures.ordersRecovered).toBe(2);
    expect(figures.cartsRecovered).toBe(2);
    expect(figures.revenueRecoveredCents).toBe(kept.order.totalCents + undone.order.totalCents + afterReminder.totalCents + renewed.totalCents);

    // Cancelled by the staff after payment (the payment refunded): out of the count and the revenue.
    const cancelled = await call('POST', `/api/admin/orders/${undone.order.id}/cancel`, admin, { note: 'Cliente desistiu' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const cancelledPayment = await call('POST', `/api/admin/orders/${renewed.id}/cancel`, admin, { note: 'Cliente desistiu' });
    expect(cancelledPayment.statusCode, cancelledPayment.body).toBe(200);
    figures = await report();
    expect(figures.cartsRecovered).toBe(1);
    expect(figures.ordersRecovered).toBe(1);
    expect(figures.revenueRecoveredCents).toBe(kept.order.totalCents + afterReminder.totalCents);
    expect(figures.messagesSent.total).toBe(4);

    // A period that ends before all of this holds nothing.
    clock.advance(3 * 86_400_000);
    expect(await report(1)).toMatchObject({ messagesSent: { total: 0 }, cartsRecovered: 0, ordersRecovered: 0, revenueRecoveredCents: 0 });
  }, 120_000);

  it('answers admins only, and a bad period with a pt-BR 400', async () => {
    const shopper = await account(service);
    expect((await call('GET', '/api/admin/recovery')).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/recovery', shopper)).statusCode).toBe(403);
    const bad = await call('GET', '/api/admin/recovery?days=0', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([{ path: 'querystring.days', message: 'O período deve ter ao menos 1 dia' }]);
  });
});
