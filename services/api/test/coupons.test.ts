/**
 * Coupons on real PostgreSQL: the discount of each kind (figures worked
 * out by hand here), one pt-BR message per refusal, the validity window on the test clock, the
 * total and per-account limits, first purchase, the redemption inside an order's transaction
 * (two shoppers taking the last use at once: one wins), the release of a use, and the panel's
 * routes with their role checks, validation and audit.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CouponRefusedError, CouponService } from '../src/modules/promotions/index.ts';
import { orderSchema } from '@prata/contracts';
import { orderServices } from '../src/modules/orders/index.ts';
import type { SandboxPaymentProvider } from '../src/modules/orders/sandbox-provider.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { placeOrder, sql } from './admin-fixtures.ts';
import { TestClock, createTestService, type TestService } from './helpers.ts';
import { CPF, createProduct, customer as shopCustomer, placeOrder as placeShopOrder } from './shop.ts';

const clock = new TestClock(Date.parse('2026-12-01T12:00:00Z'));
const coupons = new CouponService();
let service: TestService;
let admin: SignedIn;
let shopper: SignedIn;
let count = 0;

/** A unique code for each test's coupon. */
const code = (prefix: string) => `${prefix}-${(count += 1)}`;
const base = { kind: 'percent', value: 10, minOrderCents: null, startsAt: null, endsAt: null, maxUses: null, maxUsesPerCustomer: null, firstPurchaseOnly: false };

const adminCall = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, who: SignedIn | null = admin) =>
  service.app.inject({ method, url, headers: who ? bearer(who) : {}, ...(payload ? { payload } : {}) });

async function createCoupon(fields: object): Promise<{ id: string; code: string }> {
  const response = await adminCall('POST', '/api/admin/coupons', { ...base, ...fields });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const check = (who: SignedIn, typed: string, subtotalCents: number, shippingCents = 0) =>
  service.app.inject({ method: 'POST', url: '/api/coupons/check', headers: bearer(who), payload: { code: typed, subtotalCents, shippingCents } });

/** Redeems `typed` for an order in its own transaction, as the order service will; `holdMs` keeps the transaction open after it. */
function redeem(who: SignedIn, typed: string, subtotalCents: number, orderId: string = randomUUID(), holdMs = 0) {
  return service.db.orm.em.fork().transactional(async (tx) => {
    const used = await coupons.redeem(tx, { code: typed, userId: who.userId, orderId, subtotalCents, shippingCents: 0, now: clock.now() });
    if (holdMs > 0) await new Promise((resolve) => setTimeout(resolve, holdMs));
    return used;
  });
}

async function listed(id: string) {
  const response = await adminCall('GET', '/api/admin/coupons');
  expect(response.statusCode).toBe(200);
  return (response.json() as { id: string; usedCount: number; discountTotalCents: number; status: string; paused: boolean }[]).find((coupon) => coupon.id === id)!;
}

beforeAll(async () => {
  service = await createTestService({}, clock);
  admin = await account(service, ['admin'], 'admin');
  shopper = await account(service);
});
afterAll(async () => service?.close());

describe('discounts', () => {
  it('takes a percentage of the goods rounded down to the cent, a fixed amount up to the goods, or the whole shipping', async () => {
    const percent = await createCoupon({ code: code('PCT'), kind: 'percent', value: 15 });
    // 15 % of R$ 123,45 = R$ 18,5175 -> R$ 18,51.
    expect((await check(shopper, percent.code, 12_345, 1_990)).json()).toEqual({ code: percent.code, kind: 'percent', discountCents: 1_851, freeShipping: false, message: `Cupom ${percent.code} aplicado: 15% de desconto` });

    const fixed = await createCoupon({ code: code('FIX'), kind: 'fixed', value: 5_000 });
    expect((await check(shopper, fixed.code, 20_000)).json()).toMatchObject({ discountCents: 5_000, freeShipping: false, message: `Cupom ${fixed.code} aplicado: R$\u00a050,00 de desconto` });
    // Never more than the goods.
    expect((await check(shopper, fixed.code, 3_000)).json()).toMatchObject({ discountCents: 3_000 });

    const shipping = await createCoupon({ code: code('FRETE'), kind: 'free_shipping', value: null });
    expect((await check(shopper, shipping.code, 9_990, 2_490)).json()).toEqual({ code: shipping.code, kind: 'free_shipping', discountCents: 2_490, freeShipping: true, message: `Cupom ${shipping.code} aplicado: frete grátis` });
  });

  it('finds the coupon whatever the case and spaces typed', async () => {
    const coupon = await createCoupon({ code: code('caixa').toLowerCase(), value: 90 });
    expect(coupon.code).toBe(coupon.code.toUpperCase());
    const response = await check(shopper, `  ${coupon.code.toLowerCase()} `, 999);
    expect(response.statusCode).toBe(200);
    // 90 % of R$ 9,99 = R$ 8,991 -> R$ 8,99.
    expect(response.json()).toMatchObject({ code: coupon.code, discountCents: 899 });
  });
});

describe('refusals, each with its message', () => {
  const refused = async (response: Awaited<ReturnType<typeof check>>, status: number, message: string) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toBe(message);
  };

  it('an unknown code', async () => {
    await refused(await check(shopper, 'NAO-EXISTE', 10_000), 422, 'Cupom não encontrado');
    await refused(await check(shopper, 'inválido!', 10_000), 422, 'Cupom não encontrado');
  });

  it('a paused coupon, until it is resumed', async () => {
    const coupon = await createCoupon({ code: code('PAUSA') });
    expect((await adminCall('PATCH', `/api/admin/coupons/${coupon.id}`, { paused: true })).json()).toMatchObject({ paused: true, status: 'paused' });
    await refused(await check(shopper, coupon.code, 10_000), 422, 'Cupom pausado');
    expect((await adminCall('PATCH', `/api/admin/coupons/${coupon.id}`, { paused: false })).json()).toMatchObject({ paused: false, status: 'active' });
    expect((await check(shopper, coupon.code, 10_000)).statusCode).toBe(200);
    const actions = await sql<{ action: string }>(service, `select action from admin_logs where details->>'code' = ? order by created_at, action`, [coupon.code]);
    expect(actions.map((row) => row.action).sort()).toEqual(['coupon_created', 'coupon_paused', 'coupon_resumed']);
  });

  it('before its window, inside it, and from its end on the clock', async () => {
    const start = new Date(clock.now().getTime() + 60_000);
    const end = new Date(start.getTime() + 60_000);
    const coupon = await createCoupon({ code: code('JANELA'), startsAt: start.toISOString(), endsAt: end.toISOString() });
    await refused(await check(shopper, coupon.code, 10_000), 422, 'Cupom ainda não está válido');
    expect((await listed(coupon.id)).status).toBe('scheduled');
    clock.advance(60_000);
    expect((await check(shopper, coupon.code, 10_000)).statusCode).toBe(200);
    expect((await listed(coupon.id)).status).toBe('active');
    clock.advance(60_000);
    await refused(await check(shopper, coupon.code, 10_000), 422, 'Cupom expirado');
    expect((await listed(coupon.id)).status).toBe('expired');
  });

  it('under the minimum order, naming it', async () => {
    const coupon = await createCoupon({ code: code('MINIMO'), minOrderCents: 15_000 });
    await refused(await check(shopper, coupon.code, 14_999), 422, 'Pedido mínimo de R$\u00a0150,00 para este cupom');
    expect((await check(shopper, coupon.code, 15_000)).json()).toMatchObject({ discountCents: 1_500 });
  });

  it('per account: used up by one shopper, still open to another', async () => {
    const coupon = await createCoupon({ code: code('UMAVEZ'), maxUsesPerCustomer: 1 });
    const other = await account(service);
    await redeem(shopper, coupon.code, 10_000);
    await refused(await check(shopper, coupon.code, 10_000), 409, 'Você já usou este cupom');
    await expect(redeem(shopper, coupon.code, 10_000)).rejects.toMatchObject({ reason: 'coupon_already_used', statusCode: 409 });
    expect((await check(other, coupon.code, 10_000)).statusCode).toBe(200);
  });

  it('in all: refused once its uses are taken, with the uses and the discount given listed', async () => {
    const coupon = await createCoupon({ code: code('DUAS'), kind: 'fixed', value: 2_000, maxUses: 2 });
    const [first, second, third] = [await account(service), await account(service), await account(service)];
    await redeem(first, coupon.code, 10_000);
    expect((await listed(coupon.id)).status).toBe('active');
    await redeem(second, coupon.code, 1_500);
    await refused(await check(third, coupon.code, 10_000), 409, 'Cupom esgotado');
    await expect(redeem(third, coupon.code, 10_000)).rejects.toMatchObject({ reason: 'coupon_exhausted', message: 'Cupom esgotado' });
    // R$ 20,00 + R$ 15,00 (capped at the second cart's goods).
    expect(await listed(coupon.id)).toMatchObject({ usedCount: 2, discountTotalCents: 3_500, status: 'exhausted' });
  });

  it('first purchase only: refused once the shopper has an order that is not cancelled, and the order being placed does not count', async () => {
    const coupon = await createCoupon({ code: code('PRIMEIRA'), firstPurchaseOnly: true });
    const newcomer = await account(service);
    const product = await createProduct(service, clock, 10, 10_000);
    expect((await check(newcomer, coupon.code, 10_000)).statusCode).toBe(200);

    const order = await placeOrder(service, newcomer, [{ productId: product.id, quantity: 1 }], 'pix');
    await refused(await check(newcomer, coupon.code, 10_000), 422, 'Cupom válido só para a primeira compra');
    // Redeemed inside that very order's transaction, the order itself is not a previous purchase.
    expect(await redeem(newcomer, coupon.code, 10_000, order.id)).toMatchObject({ discountCents: 1_000 });
    await expect(redeem(newcomer, coupon.code, 10_000)).rejects.toMatchObject({ reason: 'coupon_first_purchase' });

    await sql(service, `update orders set status = 'cancelled' where id = ?`, [order.id]);
    expect((await check(newcomer, coupon.code, 10_000)).statusCode).toBe(200);
  });
});

describe('redemption inside the order transaction', () => {
  it('two shoppers taking the last use at once: exactly one gets it', async () => {
    const coupon = await createCoupon({ code: code('ULTIMO'), maxUses: 1 });
    const [ana, bia] = [await account(service), await account(service)];
    // Each transaction stays open 300 ms after its redemption: without the row lock both would count no use and both win.
    const results = await Promise.allSettled([redeem(ana, coupon.code, 10_000, randomUUID(), 300), redeem(bia, coupon.code, 10_000, randomUUID(), 300)]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const loser = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect(loser.reason).toBeInstanceOf(CouponRefusedError);
    expect(loser.reason).toMatchObject({ reason: 'coupon_exhausted', message: 'Cupom esgotado', statusCode: 409 });
    expect((await listed(coupon.id)).usedCount).toBe(1);
    expect(await sql(service, 'select 1 from coupon_redemptions where coupon_id = ?', [coupon.id])).toHaveLength(1);
  });

  it('a cancelled order gives its use back', async () => {
    const coupon = await createCoupon({ code: code('VOLTA'), maxUses: 1 });
    const orderId = randomUUID();
    const used = await redeem(shopper, coupon.code, 10_000, orderId);
    expect(used).toMatchObject({ couponId: coupon.id, discountCents: 1_000 });
    await expect(redeem(shopper, coupon.code, 10_000)).rejects.toMatchObject({ reason: 'coupon_exhausted' });

    expect(await service.db.orm.em.fork().transactional((tx) => coupons.release(tx, orderId))).toBe(true);
    expect(await service.db.orm.em.fork().transactional((tx) => coupons.release(tx, randomUUID()))).toBe(false);
    expect((await listed(coupon.id)).usedCount).toBe(0);
    expect((await redeem(shopper, coupon.code, 10_000)).discountCents).toBe(1_000);
  });

  it('needs the caller to be in a transaction (the lock would be gone at once otherwise)', async () => {
    const coupon = await createCoupon({ code: code('SEMTX') });
    await expect(coupons.redeem(service.db.orm.em.fork(), { code: coupon.code, userId: shopper.userId, orderId: randomUUID(), subtotalCents: 10_000, shippingCents: 0, now: clock.now() })).rejects.toThrow();
    expect((await listed(coupon.id)).usedCount).toBe(0);
  });
});

describe('panel routes', () => {
  it('answers anonymous 401 and customers 403', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/admin/coupons', undefined],
      ['POST', '/api/admin/coupons', { ...base, code: 'NEGADO' }],
      ['PATCH', `/api/admin/coupons/${randomUUID()}`, { paused: true }],
    ] as const) {
      expect((await adminCall(method, url, payload, null)).statusCode).toBe(401);
      expect((await adminCall(method, url, payload, shopper)).statusCode).toBe(403);
    }
    const anonymousCheck = await service.app.inject({ method: 'POST', url: '/api/coupons/check', payload: { code: 'X', subtotalCents: 1, shippingCents: 0 } });
    expect(anonymousCheck.statusCode).toBe(401);
  });

  it('refuses malformed coupons with 400 and the field', async () => {
    const start = '2026-12-10T00:00:00.000Z';
    const cases: [object, string, string][] = [
      [{ code: 'AB' }, 'body.code', 'Código inválido: use de 3 a 30 letras (sem acento), números ou hífen'],
      [{ code: 'PRATA 10' }, 'body.code', 'Código inválido: use de 3 a 30 letras (sem acento), números ou hífen'],
      [{ code: 'MUITO', value: 91 }, 'body.value', 'O percentual vai de 1 a 90%'],
      [{ code: 'FIXO', kind: 'fixed', value: null }, 'body.value', 'Informe o valor do desconto'],
      [{ code: 'FRETE', kind: 'free_shipping', value: 500 }, 'body.value', 'Frete grátis não leva valor'],
      [{ code: 'JANELA', startsAt: start, endsAt: start }, 'body.endsAt', 'O fim da validade deve ser depois do início'],
      [{ code: 'LIMITE', maxUses: 0 }, 'body.maxUses', 'Limite de usos inválido'],
    ];
    for (const [fields, path, message] of cases) {
      const response = await adminCall('POST', '/api/admin/coupons', { ...base, ...fields });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().issues).toContainEqual({ path, message });
    }
    expect((await check(shopper, 'PRATA', -1)).statusCode).toBe(400);
  });

  it('refuses a code taken, checks an edit merged with the stored coupon, and 404s an unknown one', async () => {
    const coupon = await createCoupon({ code: code('EDITA') });
    const taken = await adminCall('POST', '/api/admin/coupons', { ...base, code: coupon.code.toLowerCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Já existe um cupom com este código');

    const tooMuch = await adminCall('PATCH', `/api/admin/coupons/${coupon.id}`, { value: 95 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().issues).toContainEqual({ path: 'body.value', message: 'O percentual vai de 1 a 90%' });

    const edited = await adminCall('PATCH', `/api/admin/coupons/${coupon.id}`, { kind: 'fixed', value: 1_250, maxUses: 5 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ code: coupon.code, kind: 'fixed', value: 1_250, maxUses: 5, usedCount: 0, discountTotalCents: 0, status: 'active' });
    expect((await check(shopper, coupon.code, 10_000)).json()).toMatchObject({ discountCents: 1_250 });

    expect((await adminCall('PATCH', `/api/admin/coupons/${randomUUID()}`, { paused: true })).statusCode).toBe(404);
    expect((await adminCall('PATCH', '/api/admin/coupons/nao-e-uuid', { paused: true })).statusCode).toBe(400);
  });
});

describe('schema', () => {
  it('the coupons migration matches the entities', async () => {
    const diff = await service.db.orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff).not.toMatch(/coupon/);
  });
});

describe('a late payment reinstated by staff (security review 2026-11-29 #8)', () => {
  /** A boleto order of `who` with coupon `typed`: placed, expired (its coupon use given back), then paid late at the acquirer. */
  async function latePaidWithCoupon(who: SignedIn, typed: string) {
    const product = await createProduct(service, clock, 5, 20_000);
    const placed = await placeShopOrder(service, who, { items: [{ productId: product.id, quantity: 1 }], customer: { ...shopCustomer, email: who.email }, payment: { method: 'boleto', payerCpf: CPF }, couponCode: typed });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderSchema.parse(placed.json());
    expect(order.pricing.couponDiscountCents).toBeGreaterThan(0);
    clock.advance(10 * 86_400_000);
    await orderServices(service.app).reconciliation.expireOverdue(service.db.orm.em.fork());
    const [row] = await sql<{ payment_reference: string; status: string }>(service, 'select payment_reference, status from orders where id = ?', [order.id]);
    expect(row!.status).toBe('cancelled');
    expect(await (service.app.payments as SandboxPaymentProvider).simulatePayment(row!.payment_reference)).toBe(true);
    await expect.poll(async () => (await sql<{ payment_alert: string | null }>(service, 'select payment_alert from orders where id = ?', [order.id]))[0]!.payment_alert).toBe('paid_after_expiry');
    return order;
  }
  const reinstate = (id: string) => adminCall('POST', `/api/admin/orders/${id}/late-payment`, { action: 'reinstate' });

  it('takes its coupon use again when the coupon allows it, and refuses (409) when it was used up meanwhile', async () => {
    const once = await createCoupon({ code: code('UMAVEZ'), maxUsesPerCustomer: 1 });
    const buyer = await account(service);
    const first = await latePaidWithCoupon(buyer, once.code);
    expect((await listed(once.id)).usedCount).toBe(0);
    // The review's bypass: the use given back went on a second order before staff acted.
    const product = await createProduct(service, clock, 5, 20_000);
    const second = await placeShopOrder(service, buyer, { items: [{ productId: product.id, quantity: 1 }], customer: { ...shopCustomer, email: buyer.email }, payment: { method: 'pix' }, couponCode: once.code });
    expect(second.statusCode, second.body).toBe(201);
    const refusedAnswer = await reinstate(first.id);
    expect(refusedAnswer.statusCode).toBe(409);
    expect(refusedAnswer.json()).toEqual({ error: 'coupon_unavailable', message: `O cupom ${once.code} não pode ser usado de novo neste pedido (Você já usou este cupom). Reembolse o pagamento.` });
    expect((await sql<{ status: string }>(service, 'select status from orders where id = ?', [first.id]))[0]!.status).toBe('cancelled');
    expect((await listed(once.id)).usedCount).toBe(1);

    // A coupon with room left: reinstated, its use counted again with the order's own discount.
    const open = await createCoupon({ code: code('ABERTO'), maxUses: 5 });
    const other = await account(service);
    const late = await latePaidWithCoupon(other, open.code);
    const reinstated = await reinstate(late.id);
    expect(reinstated.statusCode, reinstated.body).toBe(200);
    expect(reinstated.json().status).toBe('paid');
    expect(await listed(open.id)).toMatchObject({ usedCount: 1, discountTotalCents: late.pricing.couponDiscountCents });
  });
});

