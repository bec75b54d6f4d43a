/**
 * Store credit spent at checkout (a return is refunded through the acquirer or as store
 * credit, and a credit the shopper cannot spend is no refund), on real PostgreSQL and the sandbox acquirer:
 * - part of the total paid with credit: the acquirer is asked for the rest only, the ledger shows
 *   the spend, and a cancelled order gives the credit back;
 * - an order the credit pays whole is paid at once with method 'store-credit' (no acquirer), and a
 *   staff cancellation gives the credit back without refunding anything at the acquirer;
 * - 'store-credit' with a balance short of the total is a 409 and spends nothing, and so is a
 *   credit other than the one the shopper was shown (`storeCreditCents`);
 * - two orders at once cannot spend one balance twice (the buyer's row lock);
 * - a late-paid order reinstated spends its credit again, or is refused when the credit is gone;
 * - a return of an order paid partly with credit: the acquirer refunds what it charged, the rest
 *   goes back as credit.
 * Balances are given by writing a ledger entry, as a credited return does (returns.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_CREDIT_CHANGED_MESSAGE, STORE_CREDIT_SHORT_MESSAGE, formatBRL, orderSchema, storeCreditSchema, type OrderReturns } from '@prata/contracts';
import { orderServices } from '../src/modules/orders/index.ts';
import { SandboxPayment } from '../src/modules/orders/order.entities.ts';
import type { SandboxPaymentProvider } from '../src/modules/orders/sandbox-provider.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { sql } from './admin-fixtures.ts';
import { TestClock, createTestService, type TestService } from './helpers.ts';
import { CPF, createProduct, customer, orderMails, placeOrder, sandboxCard, stockOf } from './shop.ts';

const clock = new TestClock(Date.parse('2026-12-01T18:00:00Z'));
let service: TestService;
let admin: SignedIn;

beforeAll(async () => {
  service = await createTestService({ PAYMENT_SANDBOX_DELAY_MS: '0', ORDER_RATE_LIMIT_PER_MINUTE: '10000' }, clock);
  admin = await account(service, ['admin'], 'admin');
});
afterAll(async () => service?.close());

const call = (method: 'GET' | 'POST', url: string, who: SignedIn, payload?: object) => service.app.inject({ method, url, headers: bearer(who), ...(payload ? { payload } : {}) });

/** Gives `who` `cents` of store credit, as a credited return writes it. */
async function giveCredit(who: SignedIn, cents: number): Promise<void> {
  const [user] = await sql<{ id: string }>(service, 'select id from users where email = ?', [who.email]);
  await sql(service, `insert into store_credit_entries (id, user_id, amount_cents, reason, created_at) values (?, ?, ?, 'Devolução do pedido P925-TESTE', now())`, [randomUUID(), user!.id, cents]);
}

/** BRL as the plain-text e-mails write it ('R$ 1.234,56' with an ordinary space). */
const plainBRL = (cents: number) => formatBRL(cents).replace(/\s/g, ' ');
const balanceOf = async (who: SignedIn) => storeCreditSchema.parse((await call('GET', '/api/me/store-credit', who)).json());
const sandboxPaymentOf = (orderId: string) => service.db.orm.em.fork().findOne(SandboxPayment, { externalReference: orderId });

/** Places an order of one unit of a new product at `priceCents`, paid with `payment`, asking to use the credit. */
async function orderWithCredit(who: SignedIn, priceCents: number, payment: object, useStoreCredit = true) {
  const product = await createProduct(service, clock, 5, priceCents);
  const response = await placeOrder(service, who, { items: [{ productId: product.id, quantity: 1 }], customer: { ...customer, email: who.email }, payment, useStoreCredit });
  return { response, product };
}

describe('store credit at checkout', () => {
  it('pays part of a PIX order: the acquirer is asked for the rest, and a cancellation gives the credit back', async () => {
    const shopper = await account(service);
    await giveCredit(shopper, 5_000);
    const { response } = await orderWithCredit(shopper, 15_990, { method: 'pix' });
    expect(response.statusCode, response.body).toBe(201);
    const order = orderSchema.parse(response.json());
    const total = 15_990 + order.pricing.shippingCents;
    expect(order.pricing).toMatchObject({ totalCents: total, storeCreditCents: 5_000, amountDueCents: total - 5_000 });
    expect(order.payment.method).toBe('pix');
    expect(order.status).toBe('pending');
    // The acquirer's ledger holds the rest only.
    expect((await sandboxPaymentOf(order.id))!.amountCents).toBe(total - 5_000);
    expect(await balanceOf(shopper)).toMatchObject({ balanceCents: 0, entries: [{ amountCents: -5_000, reason: `Pedido ${order.number}` }, { amountCents: 5_000 }] });

    const received = (await orderMails(service, shopper.email, order.number)).find((mail) => mail.subject === `Pedido ${order.number} recebido`)!;
    expect(received.text).toContain(`(R$ 50,00 pagos com crédito na loja; a pagar: ${plainBRL(total - 5_000)})`);
    expect((await call('POST', `/api/orders/${order.id}/cancel`, shopper)).statusCode).toBe(200);
    expect((await orderMails(service, shopper.email, order.number)).at(-1)!.text).toContain('O crédito de R$ 50,00 usado no pedido voltou para o seu saldo em Minha conta.');
    const after = await balanceOf(shopper);
    expect(after.balanceCents).toBe(5_000);
    // (Same instant as the spend on the test clock: found by content, not position.)
    expect(after.entries).toContainEqual(expect.objectContaining({ amountCents: 5_000, reason: `Pedido ${order.number} cancelado` }));
    // Cancelling again gives nothing more.
    expect((await call('POST', `/api/orders/${order.id}/cancel`, shopper)).statusCode).toBe(409);
    expect((await balanceOf(shopper)).balanceCents).toBe(5_000);
  });

  it('pays a whole order: paid at once with method store-credit, no acquirer; a staff cancellation gives it back', async () => {
    const shopper = await account(service);
    await giveCredit(shopper, 100_000);
    // The card the shopper typed is not charged: nothing is left to charge.
    const { response, product } = await orderWithCredit(shopper, 12_000, await sandboxCard(service, shopper, '4111111111111111', 1));
    expect(response.statusCode, response.body).toBe(201);
    const order = orderSchema.parse(response.json());
    const total = 12_000 + order.pricing.shippingCents;
    expect(order.status).toBe('paid');
    expect(order.payment).toMatchObject({ method: 'store-credit', card: null, pix: null, boleto: null });
    expect(order.payment.paidAt).not.toBeNull();
    // One transaction placed and paid it: the timeline still reads placed, then paid.
    expect(order.timeline.map((entry) => entry.status)).toEqual(['pending', 'paid']);
    expect(order.pricing).toMatchObject({ totalCents: total, storeCreditCents: total, amountDueCents: 0 });
    expect(await sandboxPaymentOf(order.id)).toBeNull();
    expect((await balanceOf(shopper)).balanceCents).toBe(100_000 - total);
    expect(await stockOf(service, product.id)).toBe(4);
    expect((await orderMails(service, shopper.email, order.number)).map((mail) => mail.subject)).toContain(`Pagamento confirmado - pedido ${order.number}`);
    expect((await orderMails(service, shopper.email, order.number)).at(-1)!.text).toContain(`(${plainBRL(total)}, pago com crédito na loja) foi confirmado`);

    const cancelled = await call('POST', `/api/admin/orders/${order.id}/cancel`, admin, { note: 'Cliente desistiu' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', refundedCents: 0 });
    expect((await balanceOf(shopper)).balanceCents).toBe(100_000);
    expect(await stockOf(service, product.id)).toBe(5);
  });

  it("refuses 'store-credit' when the balance does not cover the total (409), spending nothing", async () => {
    const shopper = await account(service);
    await giveCredit(shopper, 1_000);
    const { response, product } = await orderWithCredit(shopper, 9_000, { method: 'store-credit' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'store_credit_short', message: STORE_CREDIT_SHORT_MESSAGE });
    expect((await balanceOf(shopper)).balanceCents).toBe(1_000);
    expect(await stockOf(service, product.id)).toBe(5);
  });

  it('refuses an order whose credit is not the one the shopper was shown (409), so the rest is never charged more', async () => {
    const shopper = await account(service);
    await giveCredit(shopper, 4_000);
    // The shopper saw R$ 60,00 of credit; another order spent R$ 20,00 of it meanwhile.
    const product = await createProduct(service, clock, 5, 9_000);
    const body = (storeCreditCents: number) => ({ items: [{ productId: product.id, quantity: 1 }], customer: { ...customer, email: shopper.email }, payment: { method: 'pix' }, useStoreCredit: true, storeCreditCents });
    const changed = await placeOrder(service, shopper, body(6_000));
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ error: 'store_credit_changed', message: STORE_CREDIT_CHANGED_MESSAGE });
    expect((await balanceOf(shopper)).balanceCents).toBe(4_000);
    expect(await stockOf(service, product.id)).toBe(5);
    // The figure the service would spend is accepted.
    const shown = await placeOrder(service, shopper, body(4_000));
    expect(shown.statusCode, shown.body).toBe(201);
    expect(orderSchema.parse(shown.json()).pricing.storeCreditCents).toBe(4_000);
  });

  it('leaves the balance alone without useStoreCredit, and charges the whole total', async () => {
    const shopper = await account(service);
    await giveCredit(shopper, 3_000);
    const { response } = await orderWithCredit(shopper, 8_000, { method: 'pix' }, false);
    const order = orderSchema.parse(response.json());
    expect(order.pricing).toMatchObject({ storeCreditCents: 0, amountDueCents: order.pricing.totalCents });
    expect((await sandboxPaymentOf(order.id))!.amountCents).toBe(order.pricing.totalCents);
    expect((await balanceOf(shopper)).balanceCents).toBe(3_000);
  });

  it('cannot spend one balance twice: two orders at once spend at most the balance', async () => {
    const shopper = await account(service);
    await giveCredit(shopper, 20_000);
    const [a, b] = await Promise.all([orderWithCredit(shopper, 15_000, { method: 'pix' }), orderWithCredit(shopper, 15_000, { method: 'pix' })]);
    const orders = [a, b].map(({ response }) => {
      expect(response.statusCode, response.body).toBe(201);
      return orderSchema.parse(response.json());
    });
    const spent = orders.map((order) => order.pricing.storeCreditCents).sort((x, y) => x - y);
    // One order took what it needed up to the balance, the other the rest.
    expect(spent[0]! + spent[1]!).toBe(20_000);
    expect(spent[1]).toBe(Math.min(20_000, orders[0]!.pricing.totalCents));
    expect((await balanceOf(shopper)).balanceCents).toBe(0);
    // The acquirer is asked for each order's rest; an order the credit paid whole never reaches it.
    for (const order of orders) {
      const due = order.pricing.totalCents - order.pricing.storeCreditCents;
      expect((await sandboxPaymentOf(order.id))?.amountCents ?? 0).toBe(due);
      expect(order.payment.method).toBe(due === 0 ? 'store-credit' : 'pix');
    }
  });

  it('reinstating a late-paid order spends its credit again, and refuses (409) when the credit went on another order', async () => {
    /** A boleto order paid partly with R$ 50,00 of credit, expired (credit back), then paid late at the acquirer (a boleto stays payable). */
    async function latePaid(shopper: SignedIn) {
      const { response } = await orderWithCredit(shopper, 9_000, { method: 'boleto', payerCpf: CPF });
      expect(response.statusCode, response.body).toBe(201);
      const order = orderSchema.parse(response.json());
      clock.advance(10 * 86_400_000);
      await orderServices(service.app).reconciliation.expireOverdue(service.db.orm.em.fork());
      expect((await balanceOf(shopper)).balanceCents).toBe(5_000);
      const [{ payment_reference: reference }] = (await sql<{ payment_reference: string }>(service, 'select payment_reference from orders where id = ?', [order.id])) as [{ payment_reference: string }];
      expect(await (service.app.payments as SandboxPaymentProvider).simulatePayment(reference)).toBe(true);
      await expect.poll(async () => (await sql<{ payment_alert: string | null }>(service, 'select payment_alert from orders where id = ?', [order.id]))[0]!.payment_alert).toBe('paid_after_expiry');
      return order;
    }
    const reinstate = (id: string) => call('POST', `/api/admin/orders/${id}/late-payment`, admin, { action: 'reinstate' });

    const shopper = await account(service);
    await giveCredit(shopper, 5_000);
    const order = await latePaid(shopper);
    const reinstated = await reinstate(order.id);
    expect(reinstated.statusCode, reinstated.body).toBe(200);
    expect(reinstated.json().status).toBe('paid');
    expect((await balanceOf(shopper)).balanceCents).toBe(0);

    const other = await account(service);
    await giveCredit(other, 5_000);
    const spentElsewhere = await latePaid(other);
    // The balance given back went on another order before the staff acted.
    const { response } = await orderWithCredit(other, 9_000, { method: 'pix' });
    expect(orderSchema.parse(response.json()).pricing.storeCreditCents).toBe(5_000);
    const refused = await reinstate(spentElsewhere.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'store_credit_spent' });
    expect((await sql<{ status: string }>(service, 'select status from orders where id = ?', [spentElsewhere.id]))[0]!.status).toBe('cancelled');
  });

  it('returns an order paid partly with credit: the acquirer refunds what it charged, the credit goes back as credit', async () => {
    const shopper = await account(service);
    await giveCredit(shopper, 5_000);
    const { response } = await orderWithCredit(shopper, 15_990, await sandboxCard(service, shopper, '4111111111111111', 1));
    expect(response.statusCode, response.body).toBe(201);
    const order = orderSchema.parse(response.json());
    expect(order.status).toBe('paid');
    const total = order.pricing.totalCents;
    expect((await call('POST', `/api/admin/orders/${order.id}/ship`, admin, { carrier: 'Correios', trackingCode: 'QB123456789BR' })).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/orders/${order.id}/deliver`, admin)).statusCode).toBe(200);
    const view: OrderReturns = (await call('GET', `/api/orders/${order.id}/returns`, shopper)).json();
    const asked = await call('POST', `/api/orders/${order.id}/returns`, shopper, { kind: 'return', reason: 'Não serviu no dedo', lines: [{ orderItemId: view.returnable[0]!.orderItemId, quantity: 1 }] });
    expect(asked.statusCode, asked.body).toBe(201);
    // Everything back within the right: the goods and the freight, i.e. the whole total.
    expect(asked.json().amountCents).toBe(total);
    expect((await call('POST', `/api/admin/returns/${asked.json().id}/receive`, admin)).statusCode).toBe(200);
    const refunded = await call('POST', `/api/admin/returns/${asked.json().id}/refund`, admin);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ status: 'refunded', refundedCents: total - 5_000, creditedCents: 5_000 });
    expect((await sandboxPaymentOf(order.id))!.refundedCents).toBe(total - 5_000);
    expect((await balanceOf(shopper)).balanceCents).toBe(5_000);
    // Both parts are out of the order's revenue.
    const [row] = await sql<{ refunded_cents: number; returned_credit_cents: number }>(service, 'select refunded_cents, returned_credit_cents from orders where id = ?', [order.id]);
    expect(row).toEqual({ refunded_cents: total - 5_000, returned_credit_cents: 5_000 });
    const mails = await orderMails(service, shopper.email, order.number);
    expect(mails.at(-1)!.text).toContain('pago com crédito na loja, voltou para o seu saldo');
  });
});
