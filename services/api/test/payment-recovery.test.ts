/**
 * Recovering unpaid PIX and boleto orders (orders/payment-recovery.service.ts) on the sandbox
 * acquirer and real PostgreSQL, the clock moved, never waited for:
 * - an expired PIX order gets 'Gerar novo PIX': the same order and price, its units taken again, a
 *   new code from the acquirer under a fresh key, and 'Simular pagamento' pays it;
 * - pieces gone since: a 409 naming every one, nothing changed; other buyers, anonymous callers and
 *   unsigned links are refused; the signed link's holder may renew (the code shown under the
 *   tracking page's rule); too early, too late and past the limit are refused;
 * - the reminder before a PIX expires is sent once, never for a paid order;
 * - the window after expiry is the owner's `paymentRenewalWindowDays` in the store's settings, as
 *   stored when the buyer asks (the staff's figures: recovery-report.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RECOVERY_SETTINGS, MAX_PAYMENT_RENEWALS, PIX_EXPIRY_MS } from '@prata/contracts';
import { SandboxPayment } from '../src/modules/payments/payment.entities.ts';
import { PIX_EXPIRY_GRACE_MS } from '../src/modules/orders/payment-deadlines.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { createTestService, TestClock, type TestService } from './helpers.ts';
import { CPF, createProduct, customer, offerFreeShipping, orderMails, placeOrder, stockOf } from './shop.ts';

const clock = new TestClock(Date.parse('2026-11-24T13:00:00Z'));
let service: TestService;
let staff: SignedIn;

beforeAll(async () => {
  service = await createTestService({ PAYMENT_SANDBOX_DELAY_MS: '0', ORDER_RATE_LIMIT_PER_MINUTE: '10000', ORDER_TRACKING_RATE_LIMIT_PER_MINUTE: '10000' }, clock);
  staff = await account(service, ['admin'], 'admin');
  await offerFreeShipping(service, staff);
});
afterAll(async () => service?.close());

const post = (url: string, who?: SignedIn) => service.app.inject({ method: 'POST', url, ...(who ? { headers: bearer(who) } : {}) });
const renew = (id: string, who?: SignedIn) => post(`/api/orders/${id}/renew-payment`, who);
const getOrder = async (id: string, who: SignedIn) => (await service.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: bearer(who) })).json();
const expire = async () => {
  clock.advance(PIX_EXPIRY_MS + PIX_EXPIRY_GRACE_MS + 1000);
  await service.app.orders.reconciliation.expireOverdue(service.db.orm.em.fork());
};

async function pixOrder(who: SignedIn, stock = 3, quantity = 1) {
  const product = await createProduct(service, clock, stock, 5000);
  const response = await placeOrder(service, who, { items: [{ productId: product.id, quantity }], customer: { ...customer, email: who.email }, payment: { method: 'pix' } });
  expect(response.statusCode, response.body).toBe(201);
  return { product, order: response.json() };
}

describe("'Gerar novo PIX' for an expired order", () => {
  it('takes the units again, issues a new code at the same price, and the new code pays the order', async () => {
    const buyer = await account(service);
    const { product, order } = await pixOrder(buyer, 3, 2);
    expect(await stockOf(service, product.id)).toBe(1);
    await expire();
    const expired = await getOrder(order.id, buyer);
    expect(expired.status).toBe('cancelled');
    expect(expired.cancellation.reason).toBe('payment_expired');
    expect(expired.paymentRenewal).toMatchObject({ renewals: 0 });
    expect(await stockOf(service, product.id)).toBe(3);
    const cancelledMail = (await orderMails(service, buyer.email, order.number)).at(-1)!;
    expect(cancelledMail.text).toContain('Gere um novo PIX para o mesmo pedido');

    const renewed = await renew(order.id, buyer);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const body = renewed.json();
    expect(body).toMatchObject({ id: order.id, number: order.number, status: 'pending', totalCents: order.totalCents, cancellation: null });
    expect(body.paymentRenewal.renewals).toBe(1);
    expect(body.payment.pix.payload).toBeTruthy();
    expect(Date.parse(body.payment.pix.expiresAt)).toBe(clock.now().getTime() + PIX_EXPIRY_MS);
    expect(await stockOf(service, product.id)).toBe(1);
    // A new payment at the acquirer, for the order's amount, under its own key.
    const payments = await service.db.orm.em.fork().find(SandboxPayment, { externalReference: order.id }, { orderBy: { createdAt: 'asc' } });
    expect(payments).toHaveLength(2);
    expect(payments[1]!.id).not.toBe(payments[0]!.id);
    expect(payments[1]!.amountCents).toBe(order.pricing.amountDueCents);
    const mails = await orderMails(service, buyer.email, order.number);
    expect(mails.at(-1)!.subject).toBe(`Pedido ${order.number} recebido`);
    expect(mails.at(-1)!.text).toContain(body.payment.pix.payload);

    const paid = await post(`/api/orders/${order.id}/simulate-payment`, buyer);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('paid');
    expect(paid.json().paymentRenewal).toBeNull();
    expect((await renew(order.id, buyer)).statusCode).toBe(409);
  });

  it('answers 409 naming every piece that is gone, and changes nothing', async () => {
    const buyer = await account(service);
    const other = await account(service);
    const first = await createProduct(service, clock, 1, 5000);
    const second = await createProduct(service, clock, 1, 7000);
    const placed = await placeOrder(service, buyer, {
      items: [{ productId: first.id, quantity: 1 }, { productId: second.id, quantity: 1 }],
      customer: { ...customer, email: buyer.email },
      payment: { method: 'pix' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    await expire();
    for (const product of [first, second]) {
      const bought = await placeOrder(service, other, { items: [{ productId: product.id, quantity: 1 }], customer: { ...customer, email: other.email }, payment: { method: 'pix' } });
      expect(bought.statusCode, bought.body).toBe(201);
    }
    const refused = await renew(placed.json().id, buyer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(first.name);
    expect(refused.json().message).toContain(second.name);
    expect(refused.json().message).toContain('não estão mais disponíveis');
    const after = await getOrder(placed.json().id, buyer);
    expect(after.status).toBe('cancelled');
    expect(after.paymentRenewal.renewals).toBe(0);
    expect(await stockOf(service, first.id)).toBe(0);
  });

  it('refuses other buyers (404), anonymous callers (401), unsigned links (404) and an expired window (409)', async () => {
    const buyer = await account(service);
    const other = await account(service);
    const { order } = await pixOrder(buyer);
    await expire();
    expect((await renew(order.id, other)).statusCode).toBe(404);
    expect((await renew(order.id)).statusCode).toBe(401);
    expect((await post(`/api/order-tracking/${'A'.repeat(72)}/renew-payment`)).statusCode).toBe(404);
    expect((await post('/api/order-tracking/short/renew-payment')).statusCode).toBe(400);
    clock.advance(DEFAULT_RECOVERY_SETTINGS.paymentRenewalWindowDays * 86_400_000);
    const late = await renew(order.id, buyer);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('not_renewable');
  });

  it("lets the holder of the order's signed link renew it, showing the new code only to a confirmed address", async () => {
    const buyer = await account(service);
    const { order } = await pixOrder(buyer);
    const lookup = await service.app.inject({ method: 'POST', url: '/api/order-tracking/lookup', payload: { orderNumber: order.number, email: buyer.email } });
    const token = lookup.json().token as string;
    await expire();
    const view = (await service.app.inject({ method: 'GET', url: `/api/order-tracking/${token}` })).json();
    expect(view.status).toBe('cancelled');
    expect(view.paymentRenewal).toMatchObject({ renewals: 0 });
    const renewed = await post(`/api/order-tracking/${token}/renew-payment`);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json()).toMatchObject({ status: 'pending', paymentCodeInAccount: false });
    expect(renewed.json().payment.pix.payload).toBeTruthy();

    // An order whose contact address is not the account's: the code stays in the account.
    const unproven = await placeOrder(service, buyer, { items: [{ productId: (await createProduct(service, clock, 2)).id, quantity: 1 }], customer: { ...customer, email: 'outra@example.com' }, payment: { method: 'pix' } });
    const other = (await service.app.inject({ method: 'POST', url: '/api/order-tracking/lookup', payload: { orderNumber: unproven.json().number, email: 'outra@example.com' } })).json().token as string;
    await expire();
    const hidden = await post(`/api/order-tracking/${other}/renew-payment`);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ status: 'pending', paymentCodeInAccount: true, payment: { pix: null } });
  });
});

describe("'Gerar novo PIX' before the code expires", () => {
  it(`is refused while the code is valid, allowed in its last minutes (the old code cancelled), at most ${MAX_PAYMENT_RENEWALS} times`, async () => {
    const buyer = await account(service);
    const { order } = await pixOrder(buyer);
    const early = await renew(order.id, buyer);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('payment_still_valid');
    for (let i = 1; i <= MAX_PAYMENT_RENEWALS; i += 1) {
      clock.advance(PIX_EXPIRY_MS - 5 * 60_000);
      const renewed = await renew(order.id, buyer);
      expect(renewed.statusCode, renewed.body).toBe(200);
      expect(renewed.json().paymentRenewal?.renewals ?? MAX_PAYMENT_RENEWALS).toBe(i);
    }
    const payments = await service.db.orm.em.fork().find(SandboxPayment, { externalReference: order.id }, { orderBy: { createdAt: 'asc' } });
    expect(payments.map((payment) => payment.status)).toEqual(['cancelled', 'cancelled', 'cancelled', 'pending']);
    clock.advance(PIX_EXPIRY_MS - 5 * 60_000);
    const limit = await renew(order.id, buyer);
    expect(limit.statusCode).toBe(409);
    expect(limit.json().error).toBe('renewal_limit');
  });

  it('works for a boleto too', async () => {
    const buyer = await account(service);
    const placed = await placeOrder(service, buyer, { items: [{ productId: (await createProduct(service, clock, 2)).id, quantity: 1 }], customer: { ...customer, email: buyer.email }, payment: { method: 'boleto', payerCpf: CPF } });
    expect(placed.statusCode, placed.body).toBe(201);
    clock.advance(10 * 86_400_000);
    await service.app.orders.reconciliation.expireOverdue(service.db.orm.em.fork());
    expect((await getOrder(placed.json().id, buyer)).status).toBe('cancelled');
    const renewed = await renew(placed.json().id, buyer);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().payment.boleto.line).toBeTruthy();
    // The first boleto was still payable (until its due date): it is cancelled, only the new one is open.
    const payments = await service.db.orm.em.fork().find(SandboxPayment, { externalReference: placed.json().id }, { orderBy: { createdAt: 'asc' } });
    expect(payments.map((payment) => payment.status)).toEqual(['cancelled', 'pending']);
  });
});

describe('the reminder before a PIX expires', () => {
  it('is sent once, with the signed tracking link, and never for a paid order', async () => {
    const buyer = await account(service);
    const { order } = await pixOrder(buyer);
    const payer = await account(service);
    const paid = await pixOrder(payer);
    expect((await post(`/api/orders/${paid.order.id}/simulate-payment`, payer)).json().status).toBe('paid');
    const reminders = async (to: string, number: string) => (await orderMails(service, to, number)).filter((mail) => mail.subject.includes('expira em breve'));

    await service.app.jobs.tick();
    expect(await reminders(buyer.email, order.number)).toHaveLength(0);
    clock.advance(PIX_EXPIRY_MS - 9 * 60_000);
    await service.app.jobs.tick();
    const [mail] = await reminders(buyer.email, order.number);
    expect(mail!.text).toContain(`${service.config.shellUrl}/pedido/`);
    clock.advance(60_000);
    await service.app.jobs.tick();
    expect(await reminders(buyer.email, order.number)).toHaveLength(1);
    expect(await reminders(payer.email, paid.order.number)).toHaveLength(0);
  });
});

describe("the owner's new-PIX window", () => {
  const setWindow = async (days: number) => {
    const saved = await service.app.inject({ method: 'PUT', url: '/api/admin/settings/recovery', headers: bearer(staff), payload: { ...DEFAULT_RECOVERY_SETTINGS, paymentRenewalWindowDays: days } });
    expect(saved.statusCode, saved.body).toBe(200);
  };

  it('is read from the store settings when the buyer asks: 2 days refuses on day 3 what the default 7 allowed, 10 days allows it on day 9', async () => {
    const buyer = await account(service);
    const first = await pixOrder(buyer);
    const second = await pixOrder(buyer);
    await expire();
    const expiredAt = Date.parse((await getOrder(second.order.id, buyer)).paymentRenewal.from);
    await setWindow(2);
    expect(Date.parse((await getOrder(second.order.id, buyer)).paymentRenewal.until) - expiredAt).toBe(2 * 86_400_000);
    clock.advance(2 * 86_400_000 + 60_000);
    const refused = await renew(first.order.id, buyer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('not_renewable');

    await setWindow(10);
    expect(Date.parse((await getOrder(second.order.id, buyer)).paymentRenewal.until) - expiredAt).toBe(10 * 86_400_000);
    clock.advance(6 * 86_400_000);
    expect((await renew(second.order.id, buyer)).statusCode).toBe(200);
    await setWindow(DEFAULT_RECOVERY_SETTINGS.paymentRenewalWindowDays);
  });
});

describe('schema', () => {
  it('the recovery migration matches the entities', async () => {
    const diff = await service.db.orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff).not.toMatch(/payment_re/);
  });
});
