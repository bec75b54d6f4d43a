/**
 * 'Parcelamento sem cartão' (payment method 'mercadopago-credits', Mercado Pago's Linha de Crédito):
 * - Mercado Pago: placing the order creates a preference at the local double of the documented
 *   `POST /checkout/preferences` (purpose `onboarding_credits`, one item whose total is the order's
 *   server-side amount due whatever the client sends, `external_reference` = the order id,
 *   `back_urls` to the order's page, `notification_url`, the idempotency key), the order answers its
 *   `init_point` and stays pending; the payment made there (`consumer_credits`) pays it through the
 *   signed webhook; a checkout nobody pays expires like a card without an answer (units back); a
 *   rejected attempt leaves the order payable until then;
 * - the sandbox: its checkout page approves the payment, the sandbox's webhook pays the order (units
 *   kept) and the shopper goes back to the order's page;
 * - `PAYMENT_CREDITS=off`: the configuration says so and the method is refused with a 400 in Portuguese.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDITS_UNAVAILABLE_MESSAGE } from '@prata/contracts';
import { CARD_ANSWER_TIMEOUT_MS } from '../src/modules/orders/payment-deadlines.ts';
import { Order } from '../src/modules/orders/order.entities.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { createTestService, TestClock, type TestService } from './helpers.ts';
import { MercadoPagoDouble } from './mercadopago-double.ts';
import { createProduct, customer, orderMails, placeOrder, stockOf } from './shop.ts';

const credits = { method: 'mercadopago-credits' } as const;

describe('with Mercado Pago', () => {
  const clock = new TestClock(Date.parse('2026-12-01T13:00:00Z'));
  const double = new MercadoPagoDouble();
  let service: TestService;
  let webhookUrl: string;
  let buyer: SignedIn;

  beforeAll(async () => {
    double.now = () => clock.now().getTime();
    await double.start();
    service = await createTestService(
      {
        ...double.storeEnv(),
        PUBLIC_API_URL: 'https://api.prata925.com.br',
        PAYMENT_TIMEOUT_MS: '2000',
        ORDER_RATE_LIMIT_PER_MINUTE: '10000',
      },
      clock,
    );
    await service.app.listen({ port: 0, host: '127.0.0.1' });
    webhookUrl = `http://127.0.0.1:${(service.app.server.address() as AddressInfo).port}/api/payments/webhook`;
    buyer = await account(service);
  });
  afterAll(async () => {
    await service?.close();
    await double.stop();
  });

  const orderRow = (id: string) => service.db.orm.em.fork().findOneOrFail(Order, { id });
  const preferenceCalls = () => double.requests.filter((r) => r.method === 'POST' && r.path === '/checkout/preferences');

  it('offers the method in the payment configuration', async () => {
    const config = (await service.app.inject({ method: 'GET', url: '/api/payments/config' })).json();
    expect(config.credits).toBe(true);
  });

  it("creates the documented preference for the order's own amount due and answers its init_point; the webhook pays the order", async () => {
    const product = await createProduct(service, clock, 3, 12345);
    // An amount sent by the client is no field of the order: the preference is priced on the server.
    const response = await placeOrder(service, buyer, { items: [{ productId: product.id, quantity: 2 }], customer, payment: { ...credits, amountCents: 100 } });
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json();
    expect(order.status).toBe('pending');
    expect(order.pricing.amountDueCents).toBe(order.pricing.totalCents);
    expect(order.pricing.amountDueCents).toBeGreaterThanOrEqual(2 * 12345);

    const [call] = preferenceCalls();
    expect(call, 'one POST /checkout/preferences').toBeDefined();
    expect(call!.headers.authorization).toBe(`Bearer ${double.accessToken}`);
    expect(call!.headers['x-idempotency-key']).toBeTruthy();
    const body = call!.body as {
      purpose: string;
      external_reference: string;
      notification_url: string;
      auto_return: string;
      back_urls: { success: string };
      items: { quantity: number; unit_price: number; currency_id: string }[];
      expires: boolean;
      expiration_date_to: string;
    };
    expect(body.purpose).toBe('onboarding_credits');
    expect(body.external_reference).toBe(order.id);
    expect(body.notification_url).toBe('https://api.prata925.com.br/api/payments/webhook');
    expect(body.auto_return).toBe('approved');
    expect(body.back_urls.success).toMatch(new RegExp(`/minha-conta/pedidos/${order.id}$`));
    const itemsCents = body.items.reduce((sum, item) => sum + Math.round(item.unit_price * 100) * item.quantity, 0);
    expect(itemsCents).toBe(order.pricing.amountDueCents);
    expect(body.items.every((item) => item.currency_id === 'BRL')).toBe(true);
    expect(body.expires).toBe(true);
    expect(Date.parse(body.expiration_date_to)).toBe((await orderRow(order.id)).expiresAt!.getTime());

    const preference = double.preferences.get(order.payment.credits.preferenceId)!;
    expect(order.payment.credits.checkoutUrl).toBe(preference.init_point);
    const mails = await orderMails(service, customer.email, order.number);
    expect(mails.some((mail) => mail.subject === `Pedido ${order.number} recebido`)).toBe(true);

    const payment = double.payPreference(preference.id);
    expect((await double.notify(webhookUrl, payment.id)).status).toBe(200);
    const row = await orderRow(order.id);
    expect([row.status, row.paymentReference]).toEqual(['paid', String(payment.id)]);
    expect(await stockOf(service, product.id)).toBe(1);
    const paid = (await service.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: bearer(buyer) })).json();
    expect(paid.payment).toMatchObject({ method: 'mercadopago-credits', credits: null });
  });

  it('a retried key answers the same checkout; a rejected attempt leaves the order payable; unpaid, it expires like a card without an answer', async () => {
    const product = await createProduct(service, clock, 2, 9990);
    const key = crypto.randomUUID();
    const first = (await placeOrder(service, buyer, { items: [{ productId: product.id, quantity: 1 }], customer, payment: credits }, key)).json();
    const again = (await placeOrder(service, buyer, { items: [{ productId: product.id, quantity: 1 }], customer, payment: credits }, key)).json();
    expect(again.id).toBe(first.id);
    expect(again.payment.credits).toEqual(first.payment.credits);
    expect(await stockOf(service, product.id)).toBe(1);

    const rejected = double.payPreference(first.payment.credits.preferenceId);
    double.setStatus(rejected.id, 'rejected');
    expect((await double.notify(webhookUrl, rejected.id)).status).toBe(200);
    expect((await orderRow(first.id)).status).toBe('pending');

    const row = await orderRow(first.id);
    expect(row.expiresAt!.getTime() - row.createdAt.getTime()).toBe(CARD_ANSWER_TIMEOUT_MS);
    clock.advance(CARD_ANSWER_TIMEOUT_MS + 60_000);
    await service.app.orders.reconciliation.expireOverdue(service.db.orm.em.fork());
    const expired = await orderRow(first.id);
    expect([expired.status, expired.cancelReason]).toEqual(['cancelled', 'payment_expired']);
    expect(await stockOf(service, product.id)).toBe(2);
  });

  it('an acquirer refusing the preference cancels the order and returns its units (502)', async () => {
    const product = await createProduct(service, clock, 1, 5000);
    const original = double.accessToken;
    Object.defineProperty(double, 'accessToken', { value: 'TEST-revoked', configurable: true });
    try {
      const response = await placeOrder(service, buyer, { items: [{ productId: product.id, quantity: 1 }], customer, payment: credits });
      expect(response.statusCode, response.body).toBe(502);
    } finally {
      Object.defineProperty(double, 'accessToken', { value: original, configurable: true });
    }
    expect(await stockOf(service, product.id)).toBe(1);
  });
});

describe('with the sandbox', () => {
  const clock = new TestClock(Date.parse('2026-12-01T13:00:00Z'));
  let service: TestService;
  let buyer: SignedIn;

  beforeAll(async () => {
    service = await createTestService({ PAYMENT_SANDBOX_DELAY_MS: '0', ORDER_RATE_LIMIT_PER_MINUTE: '10000', PUBLIC_API_URL: 'https://api.prata925.test' }, clock);
    buyer = await account(service);
  });
  afterAll(async () => {
    await service?.close();
  });

  it("plays Mercado Pago's checkout: approving pays the order through the webhook, keeps its units and returns to the order's page", async () => {
    const product = await createProduct(service, clock, 3, 15990);
    const response = await placeOrder(service, buyer, { items: [{ productId: product.id, quantity: 1 }], customer, payment: credits });
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json();
    expect(order.status).toBe('pending');
    const url = new URL(order.payment.credits.checkoutUrl);
    expect(url.origin).toBe('https://api.prata925.test');
    expect(url.pathname).toMatch(/^\/api\/payments\/sandbox\/credits\/SBX-/);

    const page = await service.app.inject({ method: 'GET', url: url.pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Aprovar parcelamento');
    expect(page.body).toContain('Pague em até 12x pela sua conta Mercado Pago, sem cartão de crédito.');

    const approve = await service.app.inject({ method: 'POST', url: `${url.pathname}/approve`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(approve.statusCode, approve.body).toBe(303);
    expect(approve.headers.location).toMatch(new RegExp(`/minha-conta/pedidos/${order.id}$`));

    const paid = (await service.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: bearer(buyer) })).json();
    expect(paid.status).toBe('paid');
    expect(paid.payment.method).toBe('mercadopago-credits');
    expect(await stockOf(service, product.id)).toBe(2);
    // The checkout is spent: a second approval finds nothing open.
    expect((await service.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(404);
  });
});

describe('with the capability off (PAYMENT_CREDITS=off)', () => {
  let service: TestService;
  let buyer: SignedIn;

  beforeAll(async () => {
    service = await createTestService({ PAYMENT_SANDBOX_DELAY_MS: '0', PAYMENT_CREDITS: 'off' });
    buyer = await account(service);
  });
  afterAll(async () => {
    await service?.close();
  });

  it('leaves the schema as the migration made it', async () => {
    const diff = await service.db.orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff).not.toMatch(/credits_checkout_url|credits_preference_id|return_url|payment_method_check|sandbox_payments_method_check/);
  });

  it('says so in the payment configuration and refuses the method with a 400 in Portuguese, holding no units', async () => {
    expect((await service.app.inject({ method: 'GET', url: '/api/payments/config' })).json().credits).toBe(false);
    const product = await createProduct(service, new TestClock(), 2, 15990);
    const response = await placeOrder(service, buyer, { items: [{ productId: product.id, quantity: 1 }], customer, payment: credits });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(CREDITS_UNAVAILABLE_MESSAGE);
    expect(response.json().issues).toEqual([{ path: 'body.payment.method', message: CREDITS_UNAVAILABLE_MESSAGE }]);
    expect(await stockOf(service, product.id)).toBe(2);
  });
});
