/**
 * An order's price on real PostgreSQL over HTTP: the freight is quoted again when the
 * order is placed and charged as the shopper chose it (a forged or stale figure is a 409 and
 * nothing is written), a CEP must be of the state typed, a coupon is redeemed inside the order's
 * transaction (two shoppers at once for its last use: one order has the discount) and given back
 * when the order is cancelled, the PIX discount is applied to PIX orders only, free shipping from
 * the owner's threshold, and the acquirer is asked for the order's total.
 *
 * Expected figures come from the freight table rows in the database and from arithmetic written
 * out here, never from the service's answer.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema, SHIPPING_CHANGED_MESSAGE, type Order as OrderDto } from '@prata/contracts';
import { SandboxPayment } from '../src/modules/payments/payment.entities.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { sql } from './admin-fixtures.ts';
import { TestClock, createTestService, type TestService } from './helpers.ts';
import { CPF, createProduct, customer, placeOrder, sandboxCard, stockOf, tableDeliveryDays } from './shop.ts';

const clock = new TestClock(Date.parse('2026-12-01T13:00:00Z'));
let service: TestService;
let admin: SignedIn;
let shopper: SignedIn;

/** A delivery address in Manaus (AM, region N). */
const manaus = { ...customer, zipCode: '69005-010', street: 'Rua Henrique Martins', neighborhood: 'Centro', city: 'Manaus', state: 'AM' };

/** The freight table's row for a region and service (BRL cents). */
async function tableRate(region: string, serviceName: string): Promise<number> {
  const [row] = await sql<{ base_cents: number }>(service, 'select base_cents from freight_rates where region = ? and service = ?', [region, serviceName]);
  return row!.base_cents;
}

async function quote(zipCode: string, items: object[]) {
  const response = await service.app.inject({ method: 'POST', url: '/api/shipping/quotes', payload: { zipCode, items } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { source: string; options: { serviceId: string; priceCents: number; minDays: number; maxDays: number }[] };
}

const adminPut = (url: string, payload: object) => service.app.inject({ method: 'PUT', url, headers: bearer(admin), payload });

async function createCoupon(fields: object): Promise<string> {
  const code = `PRECO-${randomUUID().slice(0, 6).toUpperCase()}`;
  const body = { code, kind: 'percent', value: 10, minOrderCents: null, startsAt: null, endsAt: null, maxUses: null, maxUsesPerCustomer: null, firstPurchaseOnly: false, ...fields };
  const response = await service.app.inject({ method: 'POST', url: '/api/admin/coupons', headers: bearer(admin), payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return code;
}

beforeAll(async () => {
  service = await createTestService({ PAYMENT_SANDBOX_DELAY_MS: '0', ORDER_RATE_LIMIT_PER_MINUTE: '10000' }, clock);
  admin = await account(service, ['admin'], 'admin');
  shopper = await account(service);
});
afterAll(async () => service?.close());

describe('freight on the order', () => {
  it('charges the option chosen in Manaus as quoted, with its days, and asks the acquirer for the total', async () => {
    const ring = await createProduct(service, clock, 5, 18_990);
    const items = [{ productId: ring.id, quantity: 2 }];
    const quoted = await quote('69005-010', items);
    const sedex = quoted.options.find((option) => option.serviceId === 'tabela-sedex')!;
    // The carrier is off in tests: the table's SEDEX for the North (a package under 1 kg).
    expect(sedex.priceCents).toBe(await tableRate('N', 'SEDEX'));
    const response = await placeOrder(service, shopper, { items, customer: manaus, payment: { method: 'pix' }, shipping: { serviceId: sedex.serviceId, priceCents: sedex.priceCents } });
    expect(response.statusCode, response.body).toBe(201);
    const placed = orderSchema.parse(response.json());
    expect(placed.pricing).toEqual({ subtotalCents: 37_980, shippingCents: sedex.priceCents, giftWrapCents: 0, engravingCents: 0, couponCode: null, couponDiscountCents: 0, pixDiscountCents: 0, totalCents: 37_980 + sedex.priceCents, storeCreditCents: 0, amountDueCents: 37_980 + sedex.priceCents });
    expect(placed.totalCents).toBe(37_980 + sedex.priceCents);
    expect(placed.shippingService).toEqual({ serviceId: 'tabela-sedex', carrier: 'Correios', name: 'SEDEX' });
    expect(placed.delivery).toEqual({ ...(await tableDeliveryDays(service, 'N', 'SEDEX')), productionDays: 0 });
    const payment = await service.db.orm.em.fork().findOneOrFail(SandboxPayment, { externalReference: placed.id });
    expect(payment.amountCents).toBe(37_980 + sedex.priceCents);
  });

  it('charges the cheapest option when the client names none', async () => {
    const ring = await createProduct(service, clock, 5, 10_000);
    const response = await placeOrder(service, shopper, { items: [{ productId: ring.id, quantity: 1 }], customer, payment: { method: 'pix' } });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().pricing.shippingCents).toBe(await tableRate('SE', 'PAC'));
  });

  it('refuses a forged lower freight, a service not offered and a CEP of another state, writing nothing', async () => {
    const ring = await createProduct(service, clock, 4, 18_990);
    const items = [{ productId: ring.id, quantity: 1 }];
    const pac = await tableRate('N', 'PAC');
    const before = await sql<{ count: number }>(service, 'select count(*)::int as count from orders where user_id = ?', [shopper.userId]);
    const forged = await placeOrder(service, shopper, { items, customer: manaus, payment: { method: 'pix' }, shipping: { serviceId: 'tabela-pac', priceCents: pac - 1_000 } });
    expect(forged.statusCode).toBe(409);
    expect(forged.json()).toMatchObject({ error: 'shipping_changed', message: SHIPPING_CHANGED_MESSAGE });
    const unknown = await placeOrder(service, shopper, { items, customer: manaus, payment: { method: 'pix' }, shipping: { serviceId: 'motoboy', priceCents: 0 } });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().error).toBe('shipping_changed');
    // A Manaus CEP typed with São Paulo as the state: the freight must follow the address, so the shopper is asked to fix it.
    const mismatch = await placeOrder(service, shopper, { items, customer: { ...manaus, state: 'SP' }, payment: { method: 'pix' } });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('O CEP 69005-010 é de AM. Confira o CEP ou o estado.');
    // On the path every request-validation issue uses, so the checkout puts it under the state field.
    expect(mismatch.json().issues).toEqual([{ path: 'body.customer.state', message: 'O CEP 69005-010 é de AM. Confira o CEP ou o estado.' }]);
    const after = await sql<{ count: number }>(service, 'select count(*)::int as count from orders where user_id = ?', [shopper.userId]);
    expect(after[0]!.count).toBe(before[0]!.count);
    expect(await stockOf(service, ring.id)).toBe(4);
  });

  it('ships free from the owner\'s threshold in its regions only', async () => {
    expect((await adminPut('/api/admin/settings/free-shipping', { thresholdCents: 30_000, regions: ['SE'] })).statusCode).toBe(200);
    try {
      const ring = await createProduct(service, clock, 6, 30_000);
      const items = [{ productId: ring.id, quantity: 1 }];
      const buyer = await account(service);
      const sp = await placeOrder(service, buyer, { items, customer, payment: { method: 'pix' }, shipping: { serviceId: 'tabela-pac', priceCents: 0 } });
      expect(sp.statusCode, sp.body).toBe(201);
      expect(sp.json().pricing).toMatchObject({ shippingCents: 0, totalCents: 30_000 });
      const north = await placeOrder(service, buyer, { items, customer: manaus, payment: { method: 'pix' }, shipping: { serviceId: 'tabela-pac', priceCents: 0 } });
      expect(north.statusCode).toBe(409);
    } finally {
      await adminPut('/api/admin/settings/free-shipping', { thresholdCents: null, regions: null });
    }
  });
});

describe('PIX discount', () => {
  it('takes the percent off the goods of a PIX order, not the freight, and not off a card or boleto order', async () => {
    expect((await adminPut('/api/admin/settings/pix-discount', { percent: 5 })).statusCode).toBe(200);
    try {
      const buyer = await account(service);
      const ring = await createProduct(service, clock, 6, 19_990);
      const items = [{ productId: ring.id, quantity: 1 }];
      const pac = await tableRate('SE', 'PAC');
      const pix = await placeOrder(service, buyer, { items, customer, payment: { method: 'pix' } });
      expect(pix.statusCode, pix.body).toBe(201);
      // R$ 199,90 at 5 %: R$ 189,905 rounded down to R$ 189,90, so R$ 10,00 off.
      expect(pix.json().pricing).toMatchObject({ subtotalCents: 19_990, shippingCents: pac, pixDiscountCents: 1_000, totalCents: 18_990 + pac });
      const boleto = await placeOrder(service, buyer, { items, customer, payment: { method: 'boleto', payerCpf: CPF } });
      expect(boleto.json().pricing).toMatchObject({ pixDiscountCents: 0, totalCents: 19_990 + pac });
      const card = await placeOrder(service, buyer, { items, customer, payment: await sandboxCard(service, buyer, undefined, 1) });
      expect(card.json().pricing).toMatchObject({ pixDiscountCents: 0, totalCents: 19_990 + pac });
    } finally {
      await adminPut('/api/admin/settings/pix-discount', { percent: 0 });
    }
  });
});

describe('coupons on the order', () => {
  it('redeems a percent coupon on the goods, lists the use, and gives it back when the order is cancelled', async () => {
    const buyer = await account(service);
    const code = await createCoupon({ kind: 'percent', value: 10, maxUses: 5 });
    const ring = await createProduct(service, clock, 3, 18_990);
    const pac = await tableRate('SE', 'PAC');
    const response = await placeOrder(service, buyer, { items: [{ productId: ring.id, quantity: 1 }], customer, payment: { method: 'pix' }, couponCode: ` ${code.toLowerCase()} ` });
    expect(response.statusCode, response.body).toBe(201);
    const placed: OrderDto = response.json();
    // 10 % of R$ 189,90 = R$ 18,99.
    expect(placed.pricing).toEqual({ subtotalCents: 18_990, shippingCents: pac, giftWrapCents: 0, engravingCents: 0, couponCode: code, couponDiscountCents: 1_899, pixDiscountCents: 0, totalCents: 18_990 + pac - 1_899, storeCreditCents: 0, amountDueCents: 18_990 + pac - 1_899 });
    const uses = () => sql<{ count: number }>(service, 'select count(*)::int as count from coupon_redemptions where order_id = ?', [placed.id]);
    expect((await uses())[0]!.count).toBe(1);
    const cancelled = await service.app.inject({ method: 'POST', url: `/api/orders/${placed.id}/cancel`, headers: bearer(buyer) });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await uses())[0]!.count).toBe(0);
  });

  it('a free-shipping coupon takes the freight off', async () => {
    const buyer = await account(service);
    const code = await createCoupon({ kind: 'free_shipping', value: null });
    const ring = await createProduct(service, clock, 3, 12_000);
    const response = await placeOrder(service, buyer, { items: [{ productId: ring.id, quantity: 1 }], customer: manaus, payment: { method: 'pix' }, couponCode: code });
    expect(response.statusCode, response.body).toBe(201);
    const pac = await tableRate('N', 'PAC');
    expect(response.json().pricing).toMatchObject({ shippingCents: pac, couponDiscountCents: pac, totalCents: 12_000 });
  });

  it('refuses an order with a coupon that does not apply, in Portuguese, writing nothing', async () => {
    const buyer = await account(service);
    const code = await createCoupon({ kind: 'fixed', value: 5_000, minOrderCents: 50_000 });
    const ring = await createProduct(service, clock, 2, 10_000);
    const response = await placeOrder(service, buyer, { items: [{ productId: ring.id, quantity: 1 }], customer, payment: { method: 'pix' }, couponCode: code });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Pedido mínimo de R$\u00a0500,00 para este cupom');
    expect(await stockOf(service, ring.id)).toBe(2);
  });

  it('two shoppers order with the last use of a coupon at once (real HTTP): one order has the discount', async () => {
    const [first, second] = [await account(service), await account(service)];
    const code = await createCoupon({ kind: 'fixed', value: 2_000, maxUses: 1 });
    const ring = await createProduct(service, clock, 10, 15_000);
    const url = await service.app.listen({ port: 0, host: '127.0.0.1' });
    const post = (who: SignedIn) =>
      fetch(`${url}/api/orders`, {
        method: 'POST',
        headers: { ...bearer(who), 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ items: [{ productId: ring.id, quantity: 1 }], customer, payment: { method: 'pix' }, couponCode: code }),
      });
    const responses = await Promise.all([post(first), post(second)]);
    const bodies = (await Promise.all(responses.map((response) => response.json()))) as { pricing?: { couponDiscountCents: number }; error?: string }[];
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    const won = bodies.find((body) => body.pricing)!;
    expect(won.pricing!.couponDiscountCents).toBe(2_000);
    expect(bodies.find((body) => !body.pricing)!.error).toBe('coupon_exhausted');
    const [redemptions] = await sql<{ count: number }>(service, `select count(*)::int as count from coupon_redemptions r join coupons c on c.id = r.coupon_id where c.code = ?`, [code]);
    expect(redemptions!.count).toBe(1);
    // Only the winner's unit left the stock.
    expect(await stockOf(service, ring.id)).toBe(9);
  });
});

describe('the sales report', () => {
  it('adds a paid order\'s coupon and PIX discounts and its freight to the period\'s figures', async () => {
    const report = async () => {
      const response = await service.app.inject({ method: 'GET', url: '/api/admin/sales?period=all', headers: bearer(admin) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { discounts: { couponCents: number; couponOrders: number; pixCents: number; freightCents: number }; totals: { revenueCents: number } };
    };
    const before = await report();
    expect((await adminPut('/api/admin/settings/pix-discount', { percent: 10 })).statusCode).toBe(200);
    try {
      const buyer = await account(service);
      const code = await createCoupon({ kind: 'fixed', value: 3_000 });
      const ring = await createProduct(service, clock, 2, 20_000);
      const placed = await placeOrder(service, buyer, { items: [{ productId: ring.id, quantity: 1 }], customer: manaus, payment: { method: 'pix' }, couponCode: code });
      expect(placed.statusCode, placed.body).toBe(201);
      const paid = await service.app.inject({ method: 'POST', url: `/api/orders/${placed.json().id}/simulate-payment`, headers: bearer(buyer) });
      expect(paid.statusCode, paid.body).toBe(200);
      const after = await report();
      const freight = await tableRate('N', 'PAC');
      // R$ 200,00 - R$ 30,00 coupon = R$ 170,00; 10 % by PIX = R$ 17,00 off.
      expect(after.discounts.couponCents - before.discounts.couponCents).toBe(3_000);
      expect(after.discounts.couponOrders - before.discounts.couponOrders).toBe(1);
      expect(after.discounts.pixCents - before.discounts.pixCents).toBe(1_700);
      expect(after.discounts.freightCents - before.discounts.freightCents).toBe(freight);
      expect(after.totals.revenueCents - before.totals.revenueCents).toBe(20_000 - 3_000 - 1_700 + freight);
    } finally {
      await adminPut('/api/admin/settings/pix-discount', { percent: 0 });
    }
  });
});
