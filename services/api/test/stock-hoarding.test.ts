/**
 * Stock hoarding: the review's scenario, two confirmed accounts each
 * sending 3 unpaid boleto orders of the whole catalogue at 99 units, can no longer mark the
 * catalogue sold out for a week:
 * - at most ORDER_MAX_UNITS_PER_PRODUCT (default 5) units of a product per order, and
 *   ACCOUNT_MAX_UNPAID_UNITS_PER_PRODUCT (default 10) across one account's unpaid orders (409);
 * - an unpaid boleto order gives its units back at the end of BOLETO_HOLD_BUSINESS_DAYS (default 1
 *   business day after issue) while the boleto stays payable at the acquirer; paying it later
 *   raises the staff's paid-after-expiry alert.
 * Defaults are the ones under test (no override).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderServices } from '../src/modules/orders/index.ts';
import { Order } from '../src/modules/orders/order.entities.ts';
import type { SandboxPaymentProvider } from '../src/modules/orders/sandbox-provider.ts';
import { account, type SignedIn } from './accounts.ts';
import { createTestService, TestClock, type TestService } from './helpers.ts';
import { CPF, createProduct, customer, placeOrder, stockOf } from './shop.ts';

// A Monday morning in São Paulo, so "1 business day" is Tuesday.
const clock = new TestClock(Date.parse('2026-11-23T13:00:00Z'));
let service: TestService;

beforeAll(async () => {
  service = await createTestService({ PAYMENT_SANDBOX_DELAY_MS: '0', ORDER_RATE_LIMIT_PER_MINUTE: '10000', ORDER_MAX_UNITS_PER_PRODUCT: '', ACCOUNT_MAX_UNPAID_UNITS_PER_PRODUCT: '', BOLETO_HOLD_BUSINESS_DAYS: '' }, clock);
});
afterAll(async () => service?.close());

const boleto = (who: SignedIn, items: { productId: string; quantity: number }[]) => placeOrder(service, who, { items, customer, payment: { method: 'boleto', payerCpf: CPF } });

describe('stock hoarding', () => {
  it("cannot empty the catalogue: the review's 2 accounts x 3 boleto orders x 99 units are capped per order and per account", async () => {
    const catalogue = await Promise.all([createProduct(service, clock, 120), createProduct(service, clock, 120), createProduct(service, clock, 120)]);
    const [first, second] = [await account(service), await account(service)];

    // The review's order: every product at 99 units.
    const greedy = await boleto(first, catalogue.map((product) => ({ productId: product.id, quantity: 99 })));
    expect(greedy.statusCode).toBe(409);
    expect(greedy.json().error).toBe('unit_limit');
    expect(greedy.json().message).toMatch(/^Limite de 5 unidades de .+ por pedido\.$/);

    // At the cap: 5 per order, 10 per account in unpaid orders; the third order is refused.
    const codes: number[] = [];
    for (const who of [first, second]) {
      for (let i = 0; i < 3; i += 1) codes.push((await boleto(who, catalogue.map((product) => ({ productId: product.id, quantity: 5 })))).statusCode);
    }
    expect(codes).toEqual([201, 201, 409, 201, 201, 409]);
    for (const product of catalogue) expect(await stockOf(service, product.id)).toBe(100);
  });

  it('gives the units of an unpaid boleto back after 1 business day; the boleto stays payable and a late payment is raised to the staff', async () => {
    const product = await createProduct(service, clock, 10);
    const buyer = await account(service);
    const placed = await boleto(buyer, [{ productId: product.id, quantity: 3 }]);
    expect(placed.statusCode).toBe(201);
    const order = placed.json();
    expect(await stockOf(service, product.id)).toBe(7);
    const row = await service.db.orm.em.fork().findOneOrFail(Order, { id: order.id });
    // Monday 10:00 in São Paulo: held until the end of Tuesday there (03:00 UTC on Wednesday, minus 1 ms).
    expect(row.expiresAt!.toISOString()).toBe('2026-11-25T02:59:59.999Z');

    const { reconciliation } = orderServices(service.app);
    clock.advance(20 * 3_600_000); // Tuesday morning: still held
    await reconciliation.expireOverdue(service.db.orm.em.fork());
    expect(await stockOf(service, product.id)).toBe(7);
    clock.advance(24 * 3_600_000); // Wednesday: the hold ended
    await reconciliation.expireOverdue(service.db.orm.em.fork());
    expect(await stockOf(service, product.id)).toBe(10);
    const expired = await service.db.orm.em.fork().findOneOrFail(Order, { id: order.id });
    expect(expired.status).toBe('cancelled');

    // The boleto was not cancelled at the acquirer: the shopper pays it before its due date.
    const sandbox = service.app.payments as SandboxPaymentProvider;
    expect(await sandbox.simulatePayment(expired.paymentReference!)).toBe(true);
    await expect.poll(async () => (await service.db.orm.em.fork().findOneOrFail(Order, { id: order.id })).paymentAlert).toBe('paid_after_expiry');
  });
});
