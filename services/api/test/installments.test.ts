/**
 * The card instalment rules on real PostgreSQL over HTTP: the owner sets them in the panel
 * (`GET`/`PUT /api/admin/settings/installments`, admin only, pt-BR 400s), the storefront reads
 * them with the store's offers, and place-order accepts only a plan they allow for the amount due
 * (a refused plan is a 400 at `body.payment.installments`), charging the acquirer the plan's
 * total, interest included, and returning the instalments as charged.
 *
 * Expected figures are worked out here by hand (Price table, see the comments), never taken from
 * the service's answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_INSTALLMENT_RULES, orderSchema, storeOffersSchema } from '@prata/contracts';
import { SandboxPayment } from '../src/modules/payments/payment.entities.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { createTestService, TestClock, type TestService } from './helpers.ts';
import { createProduct, customer, offerFreeShipping, placeOrder, sandboxCard } from './shop.ts';

const clock = new TestClock(Date.parse('2026-12-03T13:00:00Z'));
let service: TestService;
let admin: SignedIn;
let shopper: SignedIn;

const URL = '/api/admin/settings/installments';
const put = (who: SignedIn | null, payload: object) => service.app.inject({ method: 'PUT', url: URL, payload, ...(who ? { headers: bearer(who) } : {}) });
const offers = async () => storeOffersSchema.parse((await service.app.inject({ method: 'GET', url: '/api/store-offers' })).json());

beforeAll(async () => {
  service = await createTestService({ PAYMENT_SANDBOX_DELAY_MS: '0', ORDER_RATE_LIMIT_PER_MINUTE: '10000' }, clock);
  admin = await account(service, ['admin'], 'admin');
  shopper = await account(service);
  await offerFreeShipping(service, admin);
});
afterAll(async () => service?.close());

describe('the instalment settings', () => {
  it("start as today's rule: up to 12x without interest, instalments of at least R$ 5,00", async () => {
    const response = await service.app.inject({ method: 'GET', url: URL, headers: bearer(admin) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ maxInstallments: 12, minInstallmentCents: 500, interestFreeInstallments: 12, monthlyInterestPercent: 0 });
    expect((await offers()).installments).toEqual(DEFAULT_INSTALLMENT_RULES);
  });

  it('are the owner’s only', async () => {
    const rules = { maxInstallments: 10, minInstallmentCents: 1_000, interestFreeInstallments: 10, monthlyInterestPercent: 0 };
    expect((await put(null, rules)).statusCode).toBe(401);
    expect((await put(shopper, rules)).statusCode).toBe(403);
    expect((await service.app.inject({ method: 'GET', url: URL, headers: bearer(shopper) })).statusCode).toBe(403);
    expect((await offers()).installments).toEqual(DEFAULT_INSTALLMENT_RULES);
  });

  it('refuses rules out of bounds in Portuguese', async () => {
    const issues = async (payload: object) => {
      const response = await put(admin, payload);
      expect(response.statusCode, response.body).toBe(400);
      return response.json().issues.map((issue: { path: string; message: string }) => `${issue.path}: ${issue.message}`);
    };
    expect(await issues({ maxInstallments: 13, minInstallmentCents: 500, interestFreeInstallments: 12, monthlyInterestPercent: 0 })).toContain('body.maxInstallments: O número de parcelas deve ser de 1 a 12');
    expect(await issues({ maxInstallments: 6, minInstallmentCents: 500, interestFreeInstallments: 8, monthlyInterestPercent: 0 })).toContain('body.interestFreeInstallments: As parcelas sem juros não podem passar do máximo de parcelas');
    expect(await issues({ maxInstallments: 12, minInstallmentCents: 500, interestFreeInstallments: 6, monthlyInterestPercent: 0 })).toContain('body.monthlyInterestPercent: Informe a taxa de juros das parcelas com juros');
    expect(await issues({ maxInstallments: 12, minInstallmentCents: 500, interestFreeInstallments: 6, monthlyInterestPercent: 2.995 })).toContain('body.monthlyInterestPercent: Informe a taxa com até duas casas decimais');
    expect(await issues({ maxInstallments: 12, minInstallmentCents: -1, interestFreeInstallments: 6, monthlyInterestPercent: 11 })).toEqual(
      expect.arrayContaining(['body.minInstallmentCents: A parcela mínima não pode ser negativa', 'body.monthlyInterestPercent: A taxa de juros deve ser de no máximo 10% ao mês']),
    );
  });
});

describe('card orders under the rules', () => {
  it('refuses a plan the rules do not allow, with the most they allow', async () => {
    // R$ 20,00 with instalments of at least R$ 5,00: up to 4x.
    const charm = await createProduct(service, clock, 5, 2_000);
    const refused = await placeOrder(service, shopper, { items: [{ productId: charm.id, quantity: 1 }], customer, payment: await sandboxCard(service, shopper, undefined, 5) });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().issues).toEqual([{ path: 'body.payment.installments', message: 'Parcelamento em 5x não disponível para este valor: escolha até 4x.' }]);
    const allowed = await placeOrder(service, shopper, { items: [{ productId: charm.id, quantity: 1 }], customer, payment: await sandboxCard(service, shopper, undefined, 4) });
    expect(allowed.statusCode, allowed.body).toBe(201);
    expect(orderSchema.parse(allowed.json()).payment.card!.installmentAmounts).toEqual([500, 500, 500, 500]);
  });

  it('charges a plan above the interest-free count with the Price table interest', async () => {
    const rules = { maxInstallments: 12, minInstallmentCents: 500, interestFreeInstallments: 6, monthlyInterestPercent: 2.99 };
    expect((await put(admin, rules)).statusCode).toBe(200);
    try {
      expect((await offers()).installments).toEqual(rules);
      const necklace = await createProduct(service, clock, 5, 100_000);
      const items = [{ productId: necklace.id, quantity: 1 }];

      // 12x at 2,99 % a.m.: PMT = 100000 x 0.0299 / (1 - 1.0299^-12) = 10040.2124... -> 10040 a month;
      // total 12 x PMT = 120482.5498... -> 120483; the last 120483 - 11 x 10040 = 10043.
      const response = await placeOrder(service, shopper, { items, customer, payment: await sandboxCard(service, shopper, undefined, 12) });
      expect(response.statusCode, response.body).toBe(201);
      const placed = orderSchema.parse(response.json());
      expect(placed.pricing.amountDueCents).toBe(100_000);
      expect(placed.payment.card).toEqual({ brand: 'Visa', last4: '1111', installments: 12, installmentAmounts: [...Array(11).fill(10_040), 10_043] });
      const payment = await service.db.orm.em.fork().findOneOrFail(SandboxPayment, { externalReference: placed.id });
      expect(payment.amountCents).toBe(120_483);

      // 6x is still interest-free: R$ 1.000,00 / 6 = 16666.67 -> 16666; last 100000 - 5 x 16666 = 16670.
      const free = orderSchema.parse((await placeOrder(service, shopper, { items, customer, payment: await sandboxCard(service, shopper, undefined, 6) })).json());
      expect(free.payment.card!.installmentAmounts).toEqual([16_666, 16_666, 16_666, 16_666, 16_666, 16_670]);
      expect((await service.db.orm.em.fork().findOneOrFail(SandboxPayment, { externalReference: free.id })).amountCents).toBe(100_000);
    } finally {
      await put(admin, DEFAULT_INSTALLMENT_RULES);
    }
  });

  it('gives back what was charged, interest included: a cancelled order all of it, returns their share and the last one the rest', async () => {
    expect((await put(admin, { maxInstallments: 12, minInstallmentCents: 500, interestFreeInstallments: 6, monthlyInterestPercent: 2.99 })).statusCode).toBe(200);
    try {
      const call = (method: 'POST' | 'GET', url: string, payload: object = {}, who: SignedIn = admin) => service.app.inject({ method, url, headers: bearer(who), ...(method === 'POST' ? { payload } : {}) });
      const paymentOf = (orderId: string) => service.db.orm.em.fork().findOneOrFail(SandboxPayment, { externalReference: orderId });
      // R$ 1.000,00 in 12x at 2,99 % a.m.: charged R$ 1.204,83 (worked out in the test above).
      const cancelled = orderSchema.parse((await placeOrder(service, shopper, { items: [{ productId: (await createProduct(service, clock, 5, 100_000)).id, quantity: 1 }], customer, payment: await sandboxCard(service, shopper, undefined, 12) })).json());
      const cancel = await call('POST', `/api/admin/orders/${cancelled.id}/cancel`, { note: 'Cliente desistiu' });
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect(cancel.json().refundedCents).toBe(120_483);
      expect((await paymentOf(cancelled.id)).refundedCents).toBe(120_483);

      // Two pieces of R$ 500,00 returned one at a time: 50000 x 120483 / 100000 = 60241.5 -> 60242, then the rest, 60241.
      const pair = orderSchema.parse((await placeOrder(service, shopper, { items: [{ productId: (await createProduct(service, clock, 5, 50_000)).id, quantity: 2 }], customer, payment: await sandboxCard(service, shopper, undefined, 12) })).json());
      expect((await call('POST', `/api/admin/orders/${pair.id}/ship`, { carrier: 'Correios', trackingCode: 'QB123456789BR' })).statusCode).toBe(200);
      expect((await call('POST', `/api/admin/orders/${pair.id}/deliver`)).statusCode).toBe(200);
      const [line] = (await call('GET', `/api/orders/${pair.id}/returns`, {}, shopper)).json().returnable as { orderItemId: string }[];
      for (const expected of [60_242, 60_241]) {
        const asked = await call('POST', `/api/orders/${pair.id}/returns`, { kind: 'return', reason: 'Não serviu', lines: [{ orderItemId: line!.orderItemId, quantity: 1 }] }, shopper);
        expect(asked.statusCode, asked.body).toBe(201);
        expect((await call('POST', `/api/admin/returns/${asked.json().id}/receive`)).statusCode).toBe(200);
        expect((await call('POST', `/api/admin/returns/${asked.json().id}/refund`)).json()).toMatchObject({ status: 'refunded', refundedCents: expected });
      }
      expect((await paymentOf(pair.id)).refundedCents).toBe(120_483);
    } finally {
      await put(admin, DEFAULT_INSTALLMENT_RULES);
    }
  });

  it('refuses more instalments than the maximum the owner set', async () => {
    expect((await put(admin, { maxInstallments: 3, minInstallmentCents: 500, interestFreeInstallments: 3, monthlyInterestPercent: 0 })).statusCode).toBe(200);
    try {
      const ring = await createProduct(service, clock, 5, 50_000);
      const refused = await placeOrder(service, shopper, { items: [{ productId: ring.id, quantity: 1 }], customer, payment: await sandboxCard(service, shopper, undefined, 6) });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().issues).toEqual([{ path: 'body.payment.installments', message: 'Parcelamento em 6x não disponível para este valor: escolha até 3x.' }]);
    } finally {
      await put(admin, DEFAULT_INSTALLMENT_RULES);
    }
  });
});

describe('schema', () => {
  it('the instalment rules migration matches the entities', async () => {
    const diff = await service.db.orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff).not.toMatch(/installment/);
  });
});
