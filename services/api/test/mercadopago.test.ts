/**
 * The Mercado Pago adapter (`PAYMENT_PROVIDER=mercadopago`) against a local HTTP double of the
 * documented endpoints and webhook signatures (test/mercadopago-double.ts), with the store
 * listening on a real port so the double's webhooks arrive over HTTP:
 * - card: the browser's token is charged with the order's idempotency key, amount as the exact
 *   decimal of the cents, brand and last 4 from the acquirer; refunds through the acquirer;
 * - PIX: the acquirer's BR Code; a signed webhook pays the order; a wrong signature is refused;
 *   the same webhook twice changes nothing; a late 'pending' never overwrites 'paid';
 * - expiry asks the acquirer first (a PIX paid at minute 29 whose webhook never came is paid,
 *   an unpaid one is cancelled at the acquirer), and a payment confirmed after expiry is raised
 *   (`PaymentConfirmedAfterExpiry`) and refunded by the staff;
 * - boleto: CPF and address go to the acquirer, the line comes back;
 * - an acquirer outage after the order was committed cancels it and returns its units;
 * - returns: each return's share refunded with its own idempotency key, the payment
 *   `refunded` only when everything is back, and that refund raising no alert.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../src/events/event-bus.ts';
import { Order } from '../src/modules/orders/order.entities.ts';
import { PaymentNotification } from '../src/modules/payments/payment.entities.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { createTestService, TestClock, type TestService } from './helpers.ts';
import { MercadoPagoDouble } from './mercadopago-double.ts';
import { CPF, createProduct, customer, offerFreeShipping, placeOrder, stockOf } from './shop.ts';

const clock = new TestClock(Date.parse('2026-11-24T13:00:00Z'));
const double = new MercadoPagoDouble();
let service: TestService;
let webhookUrl: string;
let buyer: SignedIn;
let staff: SignedIn;
const events: DomainEvent[] = [];

beforeAll(async () => {
  double.now = () => clock.now().getTime();
  await double.start();
  service = await createTestService(
    {
      ...double.storeEnv(),
      MERCADOPAGO_SDK_URL: `${double.sdkOrigin}/js/v2`,
      PUBLIC_API_URL: 'https://api.prata925.com.br',
      PAYMENT_TIMEOUT_MS: '2000',
      ORDER_RATE_LIMIT_PER_MINUTE: '10000',
    },
    clock,
  );
  await service.app.listen({ port: 0, host: '127.0.0.1' });
  webhookUrl = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}/api/payments/webhook`;
  service.app.events.subscribe('*', (event) => void events.push(event));
  buyer = await account(service);
  await offerFreeShipping(service, buyer);
  staff = await account(service, ['admin'], 'admin');
});
afterAll(async () => {
  await service?.close();
  await double.stop();
});

const orderRow = (id: string) => service.db.orm.em.fork().findOneOrFail(Order, { id });
const paymentCalls = () => double.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payments');
const eventsOf = (id: string) => events.filter((e) => e.aggregateId === id).map((e) => e.type);

async function pixOrder(stock = 3, priceCents = 12345) {
  const product = await createProduct(service, clock, stock, priceCents);
  const response = await placeOrder(service, buyer, { items: [{ productId: product.id, quantity: 1 }], customer, payment: { method: 'pix' } });
  expect(response.statusCode, response.body).toBe(201);
  return { product, order: response.json(), payment: double.paymentOf(response.json().id) };
}

describe('payment configuration', () => {
  it("gives the browser the acquirer's SDK (MERCADOPAGO_SDK_URL), card-token URL and public key; the sandbox tokeniser is off", async () => {
    const config = (await service.app.inject({ method: 'GET', url: '/api/payments/config' })).json();
    expect(config).toEqual({ provider: 'mercadopago', testMode: true, publicKey: double.publicKey, sdkUrl: `${double.sdkOrigin}/js/v2`, cardTokenUrl: `${double.url}/v1/card_tokens?public_key=${double.publicKey}`, simulation: false, credits: true });
    const sandbox = await service.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/card-tokens',
      headers: bearer(buyer),
      payload: { card_number: '4111111111111111', expiration_month: 12, expiration_year: 2030, security_code: '123', cardholder: { name: 'X' } },
    });
    expect(sandbox.statusCode).toBe(404);
  });
});

describe('cards', () => {
  it("refunds each return's share through the acquirer with its own key; the payment is refunded when everything is back", async () => {
    const product = await createProduct(service, clock, 5, 12_990);
    const token = await double.cardToken('5031433215406351');
    const placed = (await placeOrder(service, buyer, { items: [{ productId: product.id, quantity: 2 }], customer, payment: { method: 'credit-card', cardToken: token, cardBrand: 'master', installments: 1 } })).json();
    const staffPost = (url: string, payload: object = {}) => service.app.inject({ method: 'POST', url, headers: bearer(staff), payload });
    expect((await staffPost(`/api/admin/orders/${placed.id}/ship`, { carrier: 'Correios', trackingCode: 'QB123456789BR' })).statusCode).toBe(200);
    expect((await staffPost(`/api/admin/orders/${placed.id}/deliver`)).statusCode).toBe(200);
    const lineId = (await service.app.inject({ method: 'GET', url: `/api/orders/${placed.id}/returns`, headers: bearer(buyer) })).json().returnable[0].orderItemId as string;
    const payment = double.paymentOf(placed.id);
    for (const [index, status] of (['approved', 'refunded'] as const).entries()) {
      const asked = await service.app.inject({ method: 'POST', url: `/api/orders/${placed.id}/returns`, headers: bearer(buyer), payload: { kind: 'return', reason: 'Não serviu', lines: [{ orderItemId: lineId, quantity: 1 }] } });
      expect(asked.statusCode, asked.body).toBe(201);
      const id = asked.json().id as string;
      expect((await staffPost(`/api/admin/returns/${id}/receive`)).statusCode).toBe(200);
      const refunded = await staffPost(`/api/admin/returns/${id}/refund`);
      expect(refunded.json()).toMatchObject({ status: 'refunded', refundedCents: 12_990 });
      const calls = double.requests.filter((r) => r.path === `/v1/payments/${payment.id}/refunds`);
      expect(calls[index]!.body).toEqual({ amount: 129.9 });
      expect(calls[index]!.headers['x-idempotency-key']).toBe(`return-${id}`);
      expect(double.payments.get(payment.id)!.status).toBe(status);
    }
    expect((await orderRow(placed.id)).refundedCents).toBe(25_980);
    // The acquirer then reports the payment refunded: the store made that refund itself, no alert.
    expect((await double.notify(webhookUrl, payment.id)).status).toBe(200);
    expect((await orderRow(placed.id)).paymentAlert).toBeNull();
  });

  it('charges the token with the idempotency key and the exact amount; refunds through the acquirer', async () => {
    const product = await createProduct(service, clock, 5, 13657);
    const token = await double.cardToken('5031433215406351');
    const key = crypto.randomUUID();
    const response = await placeOrder(service, buyer, { items: [{ productId: product.id, quantity: 3 }], customer, payment: { method: 'credit-card', cardToken: token, cardBrand: 'master', installments: 3 } }, key);
    expect(response.statusCode, response.body).toBe(201);
    const placed = response.json();
    expect(placed.status).toBe('paid');
    expect(placed.payment.card).toEqual({ brand: 'Mastercard', last4: '6351', installments: 3, installmentAmounts: [13657, 13657, 13657] });
    const [call] = paymentCalls().slice(-1);
    expect(call!.headers['x-idempotency-key']).toBe(key);
    expect(call!.headers.authorization).toBe(`Bearer ${double.accessToken}`);
    expect(call!.body).toMatchObject({
      transaction_amount: 409.71,
      token,
      installments: 3,
      payment_method_id: 'master',
      external_reference: placed.id,
      notification_url: 'https://api.prata925.com.br/api/payments/webhook',
      payer: { email: customer.email },
    });
    expect(JSON.stringify(call!.body)).not.toContain('5031433215406351');
    expect(await stockOf(service, product.id)).toBe(2);

    const cancel = await service.app.inject({ method: 'POST', url: `/api/admin/orders/${placed.id}/cancel`, headers: bearer(staff), payload: { note: 'Cliente desistiu' } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'cancelled', cancellation: { reason: 'cancelled_by_admin', refundedCents: 40971 } });
    const refund = double.requests.find((r) => r.path === `/v1/payments/${double.paymentOf(placed.id).id}/refunds`);
    expect(refund?.body).toEqual({ amount: 409.71 });
    expect(refund?.headers['x-idempotency-key']).toBe(`refund-${placed.id}`);
    expect(await stockOf(service, product.id)).toBe(5);
    expect(eventsOf(placed.id)).toEqual(['OrderPlaced', 'OrderPaid', 'OrderCancelled', 'OrderRefunded']);
  });

  it('a declined card cancels the order and returns the units (402)', async () => {
    const product = await createProduct(service, clock, 1);
    const token = await double.cardToken('4000000000000002');
    const response = await placeOrder(service, buyer, { items: [{ productId: product.id, quantity: 1 }], customer, payment: { method: 'credit-card', cardToken: token, cardBrand: 'visa', installments: 1 } });
    expect(response.statusCode).toBe(402);
    expect(await stockOf(service, product.id)).toBe(1);
  });
});

describe('PIX webhooks', () => {
  it('pays the order on a signed webhook; a wrong signature is refused; the same webhook twice changes nothing', async () => {
    const { order, payment } = await pixOrder();
    expect(order.status).toBe('pending');
    expect(order.payment.pix.payload).toBe(payment.point_of_interaction!.transaction_data.qr_code);
    const pixCall = paymentCalls().at(-1)!;
    expect(pixCall.body).toMatchObject({ payment_method_id: 'pix', transaction_amount: 123.45, date_of_expiration: '2026-11-24T10:30:00.000-03:00' });

    double.setStatus(payment.id, 'approved');
    const forged = await double.notify(webhookUrl, payment.id, { secret: 'not-the-secret-of-this-store' });
    expect(forged.status).toBe(401);
    expect((await double.notify(webhookUrl, payment.id, { tamperSignature: true })).status).toBe(401);
    expect((await orderRow(order.id)).status).toBe('pending');

    const first = await double.notify(webhookUrl, payment.id, { notificationId: 'notif-1' });
    expect({ status: first.status, body: first.body }).toEqual({ status: 200, body: { received: true, outcome: 'paid' } });
    const again = await double.notify(webhookUrl, payment.id, { notificationId: 'notif-1', requestId: first.requestId, ts: first.ts });
    expect({ status: again.status, body: again.body }).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    expect((await orderRow(order.id)).status).toBe('paid');
    expect(eventsOf(order.id).filter((type) => type === 'OrderPaid')).toHaveLength(1);
    expect(await service.db.orm.em.fork().count(PaymentNotification, { notificationId: `req:${first.requestId}` })).toBe(1);

    // A late 'pending' (a stale read, or notifications out of order) never overwrites 'paid'.
    double.setStatus(payment.id, 'pending');
    expect((await double.notify(webhookUrl, payment.id)).body).toEqual({ received: true, outcome: 'ignored' });
    const after = await orderRow(order.id);
    expect([after.status, after.paymentStatus]).toEqual(['paid', 'approved']);
  });

  it('refuses a signature older than 5 minutes, and a replay with a fresh unsigned body id is a duplicate', async () => {
    const { order, payment } = await pixOrder();
    double.setStatus(payment.id, 'approved');
    const stale = await double.notify(webhookUrl, payment.id, { ts: String(Math.floor(clock.now().getTime() / 1000) - 6 * 60) });
    expect(stale.status).toBe(401);
    const ahead = await double.notify(webhookUrl, payment.id, { ts: String(clock.now().getTime() + 6 * 60_000) });
    expect(ahead.status).toBe(401);
    expect((await orderRow(order.id)).status).toBe('pending');

    const first = await double.notify(webhookUrl, payment.id, { ts: String(Math.floor(clock.now().getTime() / 1000) - 4 * 60) });
    expect(first.body).toEqual({ received: true, outcome: 'paid' });
    // The captured request again, with only the unsigned body id changed: still the same notification.
    const replay = await double.notify(webhookUrl, payment.id, { requestId: first.requestId, ts: first.ts, notificationId: 'a-fresh-unsigned-id' });
    expect(replay.body).toEqual({ received: true, outcome: 'duplicate' });
    // Replayed after the window: refused.
    clock.advance(6 * 60_000);
    expect((await double.notify(webhookUrl, payment.id, { requestId: first.requestId, ts: first.ts })).status).toBe(401);
  });

  it('asks the acquirer before expiring: a PIX paid at minute 29 whose webhook never came is paid, not cancelled', async () => {
    const { order, payment, product } = await pixOrder();
    clock.advance(29 * 60_000);
    double.setStatus(payment.id, 'approved');
    clock.advance(4 * 60_000);
    await service.app.orders.reconciliation.expireOverdue(service.db.orm.em.fork());
    const row = await orderRow(order.id);
    expect(row.status).toBe('paid');
    expect(await stockOf(service, product.id)).toBe(2);
  });

  it('cancels an unpaid PIX at the acquirer, then the order; a payment confirmed after that is raised and refunded', async () => {
    const { order, payment, product } = await pixOrder();
    clock.advance(33 * 60_000);
    expect(await service.app.orders.reconciliation.expireOverdue(service.db.orm.em.fork())).toBeGreaterThanOrEqual(1);
    expect(double.requests.some((r) => r.method === 'PUT' && r.path === `/v1/payments/${payment.id}` && r.body?.status === 'cancelled')).toBe(true);
    expect((await orderRow(order.id)).status).toBe('cancelled');
    expect(await stockOf(service, product.id)).toBe(3);

    // The shopper's bank still settled it (a race the acquirer lost): recorded, raised, never lost.
    double.setStatus(payment.id, 'approved');
    expect((await double.notify(webhookUrl, payment.id)).body).toEqual({ received: true, outcome: 'late_payment' });
    const detail = (await service.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}`, headers: bearer(staff) })).json();
    expect(detail.status).toBe('cancelled');
    expect(detail.paymentAlert).toMatchObject({ kind: 'paid_after_expiry', resolution: null });
    expect(eventsOf(order.id)).toContain('PaymentConfirmedAfterExpiry');
    const alerts = (await service.app.inject({ method: 'GET', url: '/api/admin/orders?alert=true', headers: bearer(staff) })).json();
    expect(alerts.items.map((o: { id: string }) => o.id)).toContain(order.id);

    const resolved = await service.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/late-payment`, headers: bearer(staff), payload: { action: 'refund' } });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().paymentAlert.resolution).toBe('refunded');
    expect(double.payments.get(payment.id)!.refunds).toEqual([expect.objectContaining({ amount: 123.45 })]);
    expect(eventsOf(order.id)).toContain('OrderRefunded');
  });
});

describe('boleto', () => {
  it('sends the payer CPF and address and keeps the line and due date', async () => {
    const product = await createProduct(service, clock, 2, 29990);
    const response = await placeOrder(service, buyer, { items: [{ productId: product.id, quantity: 1 }], customer, payment: { method: 'boleto', payerCpf: CPF } });
    expect(response.statusCode, response.body).toBe(201);
    const call = paymentCalls().at(-1)!;
    expect(call.body).toMatchObject({
      payment_method_id: 'bolbradesco',
      transaction_amount: 299.9,
      payer: { email: customer.email, first_name: 'Maria', last_name: 'Silva', identification: { type: 'CPF', number: '52998224725' }, address: { zip_code: '01310100', federal_unit: 'SP', city: 'São Paulo' } },
    });
    const boleto = response.json().payment.boleto;
    expect(boleto.line).toBe('23793381286000820000000000000000197890000029990');
    expect(boleto.url).toMatch(/\/ticket$/);
    expect(boleto.dueDate).toBe(String(call.body!.date_of_expiration).slice(0, 10));
  });
});

describe('acquirer outage after the order is committed', () => {
  it('cancels a PIX order whose charge failed and returns its units (502)', async () => {
    const product = await createProduct(service, clock, 2);
    double.failNextPayments = { status: 500, count: 1 };
    const response = await placeOrder(service, buyer, { items: [{ productId: product.id, quantity: 2 }], customer, payment: { method: 'pix' } });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe('Não foi possível processar o pagamento agora. O pedido foi cancelado e nada foi cobrado. Tente novamente em alguns instantes.');
    expect(await stockOf(service, product.id)).toBe(2);
    const [row] = await service.db.orm.em.fork().find(Order, { items: { product: product.id } });
    expect([row!.status, row!.cancelReason]).toEqual(['cancelled', 'payment_failed']);
  });

  it('keeps a card order with an unknown outcome pending; it expires after asking the acquirer', async () => {
    const product = await createProduct(service, clock, 1);
    const token = await double.cardToken('4111111111111111');
    double.failNextPayments = { status: 503, count: 1 };
    double.failSearch = 500;
    const response = await placeOrder(service, buyer, { items: [{ productId: product.id, quantity: 1 }], customer, payment: { method: 'credit-card', cardToken: token, cardBrand: 'visa', installments: 1 } });
    expect(response.statusCode).toBe(201);
    expect(response.json().status).toBe('pending');
    double.failSearch = null;
    clock.advance(16 * 60_000);
    await service.app.orders.reconciliation.expireOverdue(service.db.orm.em.fork());
    expect((await orderRow(response.json().id)).status).toBe('cancelled');
    expect(await stockOf(service, product.id)).toBe(1);
  });

  it('keeps an overdue order waiting while the acquirer is unreachable, for 2 hours at most; a payment confirmed later is raised', async () => {
    const product = await createProduct(service, clock, 1);
    const token = await double.cardToken('4111111111111111');
    double.failNextPayments = { status: 503, count: 1 };
    double.failSearch = 500;
    try {
      const response = await placeOrder(service, buyer, { items: [{ productId: product.id, quantity: 1 }], customer, payment: { method: 'credit-card', cardToken: token, cardBrand: 'visa', installments: 1 } });
      expect(response.json().status).toBe('pending');
      const id = response.json().id as string;
      const expiresAt = (await orderRow(id)).expiresAt!.getTime();
      const expire = () => service.app.orders.reconciliation.expireOverdue(service.db.orm.em.fork());

      // Past the deadline, acquirer down: it waits (stock still held) for the next run...
      clock.advance(expiresAt - clock.now().getTime() + 60_000);
      await expire();
      expect((await orderRow(id)).status).toBe('pending');
      expect(await stockOf(service, product.id)).toBe(0);
      clock.advance(2 * 60 * 60_000 - 2 * 60_000); // 1 h 59 min past the deadline
      await expire();
      expect((await orderRow(id)).status).toBe('pending');

      // ...until two hours past it: cancelled without the acquirer's word, units back, the reason in its history.
      clock.advance(60_000);
      await expire();
      const row = await orderRow(id);
      expect([row.status, row.cancelReason]).toEqual(['cancelled', 'payment_expired']);
      expect(await stockOf(service, product.id)).toBe(1);
      const detail = (await service.app.inject({ method: 'GET', url: `/api/admin/orders/${id}`, headers: bearer(staff) })).json();
      expect(JSON.stringify(detail)).toContain('Operadora de pagamento indisponível: pedido expirado sem a confirmação do pagamento');
    } finally {
      double.failSearch = null;
    }
  });
});
