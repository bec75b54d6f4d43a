/**
 * Order tracking without signing in, against real PostgreSQL: orders placed through the API mail a
 * signed `/pedido/<token>` link; `GET /api/order-tracking/:token` answers anonymously with the
 * order but not the buyer's address, CPF, e-mail or phone; a changed, forged or expired token is
 * refused; `POST /api/order-tracking/lookup` finds an order by number and e-mail or CPF with one
 * generic 404 for every mismatch, rate-limited per address (429 in pt-BR).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_TRACKING_EXPIRED_MESSAGE, ORDER_TRACKING_INVALID_MESSAGE, ORDER_TRACKING_NOT_FOUND_MESSAGE, orderTrackingViewSchema } from '@prata/contracts';
import { OrderTrackingLinks, TRACKING_LINK_TTL_MS } from '../src/modules/orders/order-tracking-links.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { createTestService, TestClock, type TestService } from './helpers.ts';
import { CPF, createProduct, customer, offerFreeShipping, orderMails, placeOrder } from './shop.ts';

const clock = new TestClock(Date.parse('2026-11-24T13:00:00Z'));
const LOOKUPS_PER_MINUTE = 5;
let service: TestService;
/** The buyer of the last {@link pixOrder}. */
let buyer: SignedIn;
let staff: SignedIn;

beforeAll(async () => {
  service = await createTestService(
    { PAYMENT_SANDBOX_DELAY_MS: '0', ORDER_RATE_LIMIT_PER_MINUTE: '10000', ORDER_TRACKING_RATE_LIMIT_PER_MINUTE: String(LOOKUPS_PER_MINUTE) },
    clock,
  );
  staff = await account(service, ['admin'], 'admin');
  await offerFreeShipping(service, staff);
});
afterAll(async () => service?.close());

/** A PIX order of a new buyer (at most 3 unpaid orders each) mailed to `email` (the account's own confirmed e-mail unless given). */
async function pixOrder(email?: string) {
  const who = await account(service);
  buyer = who;
  const product = await createProduct(service, clock, 5, 12990);
  const response = await placeOrder(service, who, { items: [{ productId: product.id, quantity: 2 }], customer: { ...customer, email: email ?? who.email }, payment: { method: 'pix' } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; number: string; payment: { pix: { payload: string } } };
}

/** The `/pedido/<token>` token of every e-mail to `to` about order `number`, oldest first. */
async function mailedTokens(to: string, number: string): Promise<string[]> {
  const mails = await orderMails(service, to, number);
  expect(mails.length).toBeGreaterThan(0);
  return mails.map((mail) => {
    const match = new RegExp(`Acompanhe o seu pedido em: ${service.config.shellUrl}/pedido/([A-Za-z0-9_-]+)`).exec(mail.text);
    expect(match, mail.text).toBeTruthy();
    return match![1]!;
  });
}

const view = (token: string) => service.app.inject({ method: 'GET', url: `/api/order-tracking/${token}` });
const lookup = (payload: object, remoteAddress = '10.1.0.1') => service.app.inject({ method: 'POST', url: '/api/order-tracking/lookup', payload, remoteAddress });

/** `token` with its character at `index` replaced by another of the alphabet. */
function changed(token: string, index: number): string {
  const replacement = token[index] === 'A' ? 'B' : 'A';
  return `${token.slice(0, index)}${replacement}${token.slice(index + 1)}`;
}

describe('the tracking link of the order e-mails', () => {
  it('opens the order without signing in, with items, totals and PIX code, and without address, CPF, e-mail or phone', async () => {
    const placed = await pixOrder();
    const [token] = await mailedTokens(buyer.email, placed.number);
    const response = await view(token!);
    expect(response.statusCode, response.body).toBe(200);
    const order = orderTrackingViewSchema.parse(response.json());
    expect(order).toMatchObject({ id: placed.id, number: placed.number, status: 'pending', shipping: { city: customer.city, state: customer.state }, paymentCodeInAccount: false });
    expect(order.items).toEqual([expect.objectContaining({ quantity: 2, unitPriceCents: 12990, totalPriceCents: 25980 })]);
    expect(order.pricing.subtotalCents).toBe(25980);
    expect(order.payment.pix?.payload).toBe(placed.payment.pix.payload);
    for (const secret of [customer.street, customer.zipCode, customer.complement, customer.fullName, customer.phone, CPF, CPF.replace(/\D/g, ''), buyer.email]) {
      expect(response.body).not.toContain(secret);
    }
  });

  it('withholds the PIX code when the order went to an address the account never proved (review #2)', async () => {
    const placed = await pixOrder('outra.pessoa@example.com');
    const [token] = await mailedTokens('outra.pessoa@example.com', placed.number);
    const order = orderTrackingViewSchema.parse((await view(token!)).json());
    expect(order.payment.pix).toBeNull();
    expect(order.paymentCodeInAccount).toBe(true);
  });

  it('is in every e-mail of the order, and shows the tracking code and carrier link once shipped', async () => {
    const placed = await pixOrder();
    expect((await service.app.inject({ method: 'POST', url: `/api/orders/${placed.id}/simulate-payment`, headers: bearer(buyer) })).statusCode).toBe(200);
    const shipped = await service.app.inject({ method: 'POST', url: `/api/admin/orders/${placed.id}/ship`, headers: bearer(staff), payload: { carrier: 'Correios', trackingCode: 'QB123456789BR' } });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const tokens = await mailedTokens(buyer.email, placed.number);
    expect(tokens).toHaveLength(3); // received, paid, shipped
    const order = orderTrackingViewSchema.parse((await view(tokens[2]!)).json());
    expect(order.status).toBe('shipped');
    expect(order.shipment).toMatchObject({ carrier: 'Correios', trackingCode: 'QB123456789BR', trackingUrl: 'https://www.melhorrastreio.com.br/rastreio/QB123456789BR' });
  });

  it('refuses a token with one character changed or signed with another key (404 in pt-BR), a cut one and an access token', async () => {
    const placed = await pixOrder();
    const [token] = await mailedTokens(buyer.email, placed.number);
    for (const index of [0, 10, 20, 40, token!.length - 1]) {
      const response = await view(changed(token!, index));
      expect(response.statusCode, `changed at ${index}`).toBe(404);
      expect(response.json().message).toBe(ORDER_TRACKING_INVALID_MESSAGE);
    }
    const forged = new OrderTrackingLinks('another-secret-of-at-least-thirty-two-characters').issue(placed.id, clock.now());
    expect((await view(forged)).statusCode).toBe(404);
    expect((await view(token!.slice(0, -1))).statusCode).toBe(400);
    // An access token (a JWT under JWT_SECRET itself) is no tracking token: refused by shape (400) or length (414).
    expect([400, 414]).toContain((await view(buyer.accessToken)).statusCode);
  });

  it('refuses an expired link with 410 and says so in pt-BR, while a fresh one keeps working', async () => {
    const placed = await pixOrder();
    const links = new OrderTrackingLinks(service.config.jwtSecret);
    const past = links.sign(placed.id, new Date(clock.now().getTime() - 1));
    const expired = await view(past);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(ORDER_TRACKING_EXPIRED_MESSAGE);

    const [mailed] = await mailedTokens(buyer.email, placed.number);
    clock.advance(TRACKING_LINK_TTL_MS - 60_000);
    expect((await view(mailed!)).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await view(mailed!)).statusCode).toBe(410);
  });
});

describe('POST /api/order-tracking/lookup', () => {
  it('answers a token for the right number with the e-mail (any case) or the CPF (masked or not)', async () => {
    const placed = await pixOrder();
    for (const proof of [{ email: buyer.email.toUpperCase() }, { cpf: CPF }, { cpf: CPF.replace(/\D/g, '') }]) {
      const response = await lookup({ orderNumber: placed.number.toLowerCase(), ...proof });
      expect(response.statusCode, response.body).toBe(200);
      const order = await view(response.json().token);
      expect(order.json().id).toBe(placed.id);
    }
  });

  it('answers the same 404 and message for a wrong e-mail, a wrong CPF and a wrong number', async () => {
    const placed = await pixOrder();
    const other = await account(service);
    const answers = await Promise.all(
      [
        { orderNumber: placed.number, email: other.email },
        { orderNumber: placed.number, cpf: '111.444.777-35' },
        { orderNumber: 'P925-ZZZZZ', email: buyer.email },
      ].map((payload) => lookup(payload, '10.1.0.2')),
    );
    expect(answers.map((answer) => [answer.statusCode, answer.json()])).toEqual(Array(3).fill([404, { error: 'not_found', message: ORDER_TRACKING_NOT_FOUND_MESSAGE }]));
  });

  it('refuses a body with neither or both of e-mail and CPF (zod)', async () => {
    expect((await lookup({ orderNumber: 'P925-ZZZZZ' }, '10.1.0.3')).statusCode).toBe(400);
    expect((await lookup({ orderNumber: 'P925-ZZZZZ', email: buyer.email, cpf: CPF }, '10.1.0.3')).statusCode).toBe(400);
  });

  it(`allows ${LOOKUPS_PER_MINUTE} lookups a minute per address, then 429 in pt-BR`, async () => {
    const codes: number[] = [];
    for (let i = 0; i <= LOOKUPS_PER_MINUTE; i += 1) codes.push((await lookup({ orderNumber: 'P925-ZZZZZ', email: buyer.email }, '10.9.9.9')).statusCode);
    expect(codes).toEqual([...Array(LOOKUPS_PER_MINUTE).fill(404), 429]);
    const limited = await lookup({ orderNumber: 'P925-ZZZZZ', email: buyer.email }, '10.9.9.9');
    expect(limited.json().message).toBe('Muitas tentativas. Tente novamente em alguns minutos.');
    // Another address is not limited by this one.
    expect((await lookup({ orderNumber: 'P925-ZZZZZ', email: buyer.email }, '10.9.9.10')).statusCode).toBe(404);
  });
});
