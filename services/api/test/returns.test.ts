/**
 * Returns and exchanges (CDC art. 49) on real PostgreSQL and the sandbox acquirer:
 * - within 7 São Paulo days of delivery a request is approved at once; after it, it waits for the
 *   owner (approve / refuse); the deadline's day boundary worked out by hand;
 * - units: never more than bought minus already asked (a refused request frees them), two
 *   requests at once cannot over-return; stock back on receipt;
 * - amounts: each line's share of what was paid (discounts prorated; figures by hand), the freight
 *   only when everything returns within the right (not when a free-shipping coupon paid it), the
 *   sum of all refunds never above the order's total, the refund through the acquirer's ledger and the
 *   order's `refundedCents`; store credit and its balance; the exchange path;
 * - every step e-mailed, every owner action audited, the owner notified of each request; role
 *   checks and validation of each route.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderSchema, productSchema, type OrderReturns } from '@prata/contracts';
import { AdminLog } from '../src/modules/audit/admin-log.entity.ts';
import { SandboxPayment } from '../src/modules/payments/payment.entities.ts';
import { prorate, unitsAmount, withdrawalDeadline } from '../src/modules/returns/return-amounts.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { sql } from './admin-fixtures.ts';
import { TestClock, createTestService, type TestService } from './helpers.ts';
import { createProduct, customer, orderMails, placeOrder, sandboxCard, stockOf } from './shop.ts';

const DAY = 86_400_000;
// 15:00 in São Paulo: a day's delivery and its deadline are easy to read.
const clock = new TestClock(Date.parse('2026-12-01T18:00:00Z'));
let service: TestService;
let admin: SignedIn;
let shopper: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  service = await createTestService({ PAYMENT_SANDBOX_DELAY_MS: '0', ORDER_RATE_LIMIT_PER_MINUTE: '10000' }, clock);
  admin = await account(service, ['admin'], 'admin');
  other = await account(service);
});
afterAll(async () => service?.close());
// A fresh shopper per test: requests are rate-limited per account.
beforeEach(async () => {
  shopper = await account(service);
});

const call = (method: 'GET' | 'POST', url: string, who: SignedIn | null, payload?: object) =>
  service.app.inject({ method, url, headers: who ? bearer(who) : {}, ...(payload ? { payload } : {}) });

/** A card order of `lines` (product stock 5 each, `price` per unit), paid, shipped and delivered now. */
async function deliveredOrder(lines: { priceCents: number; quantity: number }[], who: SignedIn = shopper) {
  const products = [];
  for (const line of lines) products.push(await createProduct(service, clock, 5, line.priceCents));
  const placed = await placeOrder(service, who, {
    items: products.map((product, i) => ({ productId: product.id, quantity: lines[i]!.quantity })),
    customer: { ...customer, email: who.email },
    payment: await sandboxCard(service, who, '4111111111111111', 1),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = orderSchema.parse(placed.json());
  expect((await call('POST', `/api/admin/orders/${order.id}/ship`, admin, { carrier: 'Correios', trackingCode: 'QB123456789BR' })).statusCode).toBe(200);
  expect((await call('POST', `/api/admin/orders/${order.id}/deliver`, admin)).statusCode).toBe(200);
  return { order, products };
}

/** The order's line ids, in the order's item order (from the returns view, by product name). */
async function itemIdsOf(orderId: string, who: SignedIn = shopper): Promise<string[]> {
  const order = orderSchema.parse((await call('GET', `/api/orders/${orderId}`, who)).json());
  const view: OrderReturns = (await call('GET', `/api/orders/${orderId}/returns`, who)).json();
  return order.items.map((item) => view.returnable.find((line) => line.productName === item.productName)!.orderItemId);
}

const ask = (orderId: string, lines: { orderItemId: string; quantity: number }[], kind: 'return' | 'exchange' = 'return', who: SignedIn = shopper) =>
  call('POST', `/api/orders/${orderId}/returns`, who, { kind, reason: 'Não serviu no dedo', lines });
const act = (id: string, action: string, payload?: object) => call('POST', `/api/admin/returns/${id}/${action}`, admin, payload ?? {});

describe('amount rules (worked by hand)', () => {
  it('prorates exactly, the largest remainders first', () => {
    expect(prorate(1000, [1, 1, 1])).toEqual([334, 333, 333]);
    // 18 000 over 10 000 and 10 000: 9 000 each; over 3, 7: 5 400 and 12 600.
    expect(prorate(18_000, [10_000, 10_000])).toEqual([9_000, 9_000]);
    expect(prorate(18_000, [3, 7])).toEqual([5_400, 12_600]);
    // 100 over 1, 2 (33.33 / 66.66): the larger remainder (.67) gets the cent.
    expect(prorate(100, [1, 2])).toEqual([33, 67]);
  });

  it('gives each unit its share rounded down, the last units the exact rest, never more than the share', () => {
    expect(unitsAmount(1000, 3, 0, 1, 0)).toBe(333);
    expect(unitsAmount(1000, 3, 1, 1, 333)).toBe(333);
    expect(unitsAmount(1000, 3, 2, 1, 666)).toBe(334);
    // After a refused request shifted the counts, still capped by what is left.
    expect(unitsAmount(1000, 3, 1, 1, 667)).toBe(333);
    expect(unitsAmount(1000, 3, 2, 1, 1000)).toBe(0);
  });

  it('ends the withdrawal right at the end of the 7th São Paulo calendar day after delivery', () => {
    // 1 Dec 15:00 in São Paulo -> 8 Dec 23:59:59.999 -03:00.
    expect(withdrawalDeadline(new Date('2026-12-01T18:00:00Z')).toISOString()).toBe('2026-12-09T02:59:59.999Z');
    // 1 Dec 02:30 UTC is still 30 Nov 23:30 in São Paulo -> 7 Dec.
    expect(withdrawalDeadline(new Date('2026-12-01T02:30:00Z')).toISOString()).toBe('2026-12-08T02:59:59.999Z');
  });
});

describe('within the withdrawal right', () => {
  it('approves at once, puts the units back on receipt and refunds the lines through the acquirer', async () => {
    const { order, products } = await deliveredOrder([{ priceCents: 12_990, quantity: 2 }, { priceCents: 4_500, quantity: 1 }]);
    const [ringLine] = await itemIdsOf(order.id);
    expect(await stockOf(service, products[0]!.id)).toBe(3);

    clock.advance(7 * DAY); // 8 Dec 15:00 in São Paulo: the last day of the right.
    const asked = await ask(order.id, [{ orderItemId: ringLine!, quantity: 1 }]);
    expect(asked.statusCode, asked.body).toBe(201);
    const request = asked.json();
    expect(request).toMatchObject({ status: 'approved', withinWithdrawal: true, kind: 'return', shippingCents: 0, amountCents: 12_990, lines: [{ orderItemId: ringLine, quantity: 1, amountCents: 12_990 }] });

    const view: OrderReturns = (await call('GET', `/api/orders/${order.id}/returns`, shopper)).json();
    expect(view.open).toBe(true);
    expect(view.withdrawalUntil).toBe('2026-12-09T02:59:59.999Z');
    expect(view.returnable.find((line) => line.orderItemId === ringLine)!.quantity).toBe(1);

    expect((await act(request.id, 'refund')).json()).toMatchObject({ error: 'invalid_return_transition', message: 'Marque as peças como recebidas antes de concluir.' });
    expect((await act(request.id, 'receive')).json()).toMatchObject({ status: 'received' });
    expect(await stockOf(service, products[0]!.id)).toBe(4);
    const salesBefore = (await call('GET', '/api/admin/sales?period=all', admin)).json();
    const refunded = await act(request.id, 'refund');
    expect(refunded.json()).toMatchObject({ status: 'refunded', refundedCents: 12_990 });
    // The sales report takes the refund off the revenue and lists it (totals stay consistent).
    const salesAfter = (await call('GET', '/api/admin/sales?period=all', admin)).json();
    expect(salesBefore.totals.revenueCents - salesAfter.totals.revenueCents).toBe(12_990);
    expect(salesAfter.discounts.refundedCents - salesBefore.discounts.refundedCents).toBe(12_990);

    const payment = await service.db.orm.em.fork().findOneOrFail(SandboxPayment, { externalReference: order.id });
    expect([payment.status, payment.refundedCents]).toEqual(['approved', 12_990]);
    const mine = orderSchema.parse((await call('GET', `/api/orders/${order.id}`, shopper)).json());
    // The freight (the cheapest option, charged) stays with the store: not everything came back.
    expect(mine.pricing.shippingCents).toBeGreaterThan(0);
    expect([mine.status, mine.totalCents, mine.refundedCents]).toEqual(['delivered', 30_480 + mine.pricing.shippingCents, 12_990]);
    // The refund reached the order's history; the buyer's timeline keeps only status changes.
    const adminView = (await call('GET', `/api/admin/orders/${order.id}`, admin)).json();
    expect(adminView.refundedCents).toBe(12_990);
    expect(adminView.timeline.map((entry: { note: string | null }) => entry.note)).toContain('Devolução: reembolsada pela operadora (R$\u00a0129,90)');

    const subjects = (await orderMails(service, shopper.email, order.number)).map((mail) => mail.subject);
    expect(subjects.slice(-3)).toEqual([`Solicitação de devolução aprovada - pedido ${order.number}`, `Peças recebidas - pedido ${order.number}`, `Reembolso realizado - pedido ${order.number}`]);
    const logs = await service.db.orm.em.fork().find(AdminLog, { action: { $like: 'return_%' } }, { orderBy: { createdAt: 'asc' } });
    expect(logs.filter((log) => log.details.returnId === request.id).map((log) => [log.action, log.userId])).toEqual([
      ['return_received', admin.userId],
      ['return_refunded', admin.userId],
    ]);
  });

  it("refunds each line's share of a discounted order and the freight when everything returns, never more than the order's total", async () => {
    const { order } = await deliveredOrder([{ priceCents: 10_000, quantity: 1 }, { priceCents: 5_000, quantity: 2 }]);
    const [single, pair] = await itemIdsOf(order.id);
    // A PIX discount of R$ 20,00 on the goods: 18 000 paid for 20 000 of goods, each line 9 000; the freight on top.
    // (The card's one instalment as charged follows: the acquirer charged the new total.)
    await sql(service, 'update orders set pix_discount_cents = 2000, total_cents = total_cents - 2000, installment_amounts = jsonb_build_array(total_cents - 2000) where id = ?', [order.id]);
    await sql(service, 'update sandbox_payments set amount_cents = amount_cents - 2000 where external_reference = ?', [order.id]);
    const { pricing } = orderSchema.parse((await call('GET', `/api/orders/${order.id}`, shopper)).json());
    expect([pricing.subtotalCents, pricing.totalCents]).toEqual([20_000, 18_000 + pricing.shippingCents]);
    const first = (await ask(order.id, [{ orderItemId: pair!, quantity: 1 }])).json();
    expect([first.amountCents, first.shippingCents]).toEqual([4_500, 0]);
    // The last units, within the right: their share and the freight.
    const rest = (await ask(order.id, [{ orderItemId: pair!, quantity: 1 }, { orderItemId: single!, quantity: 1 }])).json();
    expect([rest.amountCents, rest.shippingCents]).toEqual([13_500 + pricing.shippingCents, pricing.shippingCents]);
    for (const request of [first, rest]) {
      await act(request.id, 'receive');
      expect((await act(request.id, 'refund')).statusCode).toBe(200);
    }
    const payment = await service.db.orm.em.fork().findOneOrFail(SandboxPayment, { externalReference: order.id });
    expect([payment.status, payment.refundedCents]).toEqual(['refunded', pricing.totalCents]);
    expect(orderSchema.parse((await call('GET', `/api/orders/${order.id}`, shopper)).json()).refundedCents).toBe(pricing.totalCents);
    const view: OrderReturns = (await call('GET', `/api/orders/${order.id}/returns`, shopper)).json();
    expect(view.open).toBe(false);
  });

  it('gives no freight back when a free-shipping coupon paid it', async () => {
    const { order } = await deliveredOrder([{ priceCents: 6_000, quantity: 1 }]);
    const [line] = await itemIdsOf(order.id);
    const coupon = await call('POST', '/api/admin/coupons', admin, { code: `FRETE-${order.number.slice(5)}`, kind: 'free_shipping', value: null, minOrderCents: null, startsAt: null, endsAt: null, maxUses: null, maxUsesPerCustomer: null, firstPurchaseOnly: false });
    expect(coupon.statusCode, coupon.body).toBe(201);
    await sql(service, 'update orders set coupon_code = ?, coupon_discount_cents = shipping_cents, total_cents = total_cents - shipping_cents where id = ?', [coupon.json().code, order.id]);
    const request = (await ask(order.id, [{ orderItemId: line!, quantity: 1 }])).json();
    expect([request.amountCents, request.shippingCents]).toEqual([6_000, 0]);
  });

  it('gives the amount as store credit, shown with the balance', async () => {
    const buyer = await account(service);
    const { order } = await deliveredOrder([{ priceCents: 7_990, quantity: 1 }], buyer);
    const [line] = await itemIdsOf(order.id, buyer);
    const request = (await ask(order.id, [{ orderItemId: line!, quantity: 1 }], 'return', buyer)).json();
    await act(request.id, 'receive');
    // Everything back within the right: the goods and the freight.
    const amount = 7_990 + order.pricing.shippingCents;
    const salesBefore = (await call('GET', '/api/admin/sales?period=all', admin)).json();
    expect((await act(request.id, 'credit')).json()).toMatchObject({ status: 'credited', creditedCents: amount, refundedCents: null });
    // Credit given back is out of the revenue too (the order that spends it will count), and listed.
    const salesAfter = (await call('GET', '/api/admin/sales?period=all', admin)).json();
    expect(salesBefore.totals.revenueCents - salesAfter.totals.revenueCents).toBe(amount);
    expect(salesAfter.discounts.creditedCents - salesBefore.discounts.creditedCents).toBe(amount);
    const credit = (await call('GET', '/api/me/store-credit', buyer)).json();
    expect(credit).toMatchObject({ balanceCents: amount, entries: [{ amountCents: amount, reason: `Devolução do pedido ${order.number}`, returnId: request.id }] });
    expect((await act(request.id, 'credit')).statusCode).toBe(409);
    expect((await call('GET', '/api/me/store-credit', buyer)).json().balanceCents).toBe(amount);
  });

  it('closes an exchange of a piece without options: the same piece leaves stock again', async () => {
    const { order, products } = await deliveredOrder([{ priceCents: 8_000, quantity: 1 }]);
    const [line] = await itemIdsOf(order.id);
    const request = (await ask(order.id, [{ orderItemId: line!, quantity: 1 }], 'exchange')).json();
    expect(request.lines[0].replacementLabel).toBeNull();
    await act(request.id, 'receive');
    expect(await stockOf(service, products[0]!.id)).toBe(5);
    expect((await act(request.id, 'exchange')).json()).toMatchObject({ status: 'exchanged', refundedCents: null });
    expect(await stockOf(service, products[0]!.id)).toBe(4);
  });
});

describe('exchanges for another option (ring sizes)', () => {
  /** A ring with sizes 16 and 18 (`stock` each before the sale), one bought in size 18 by card, paid and delivered. */
  async function deliveredRing(stock: [number, number]) {
    const response = await call('POST', '/api/admin/products', admin, {
      name: `Anel Troca ${randomUUID().slice(0, 6)}`,
      category: 'aneis',
      priceCents: 12_000,
      options: [{ name: 'Aro', values: ['16', '18'] }],
      variants: [
        { sku: `TROCA-16-${randomUUID().slice(0, 8)}`, options: { Aro: '16' }, stock: stock[0] },
        { sku: `TROCA-18-${randomUUID().slice(0, 8)}`, options: { Aro: '18' }, stock: stock[1] },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const ring = productSchema.parse(response.json());
    const size = (value: string) => ring.variants.find((variant) => variant.options.Aro === value)!;
    const placed = await placeOrder(service, shopper, {
      items: [{ productId: ring.id, variantId: size('18').id, quantity: 1 }],
      customer: { ...customer, email: shopper.email },
      payment: await sandboxCard(service, shopper, '4111111111111111', 1),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderSchema.parse(placed.json());
    expect((await call('POST', `/api/admin/orders/${order.id}/ship`, admin, { carrier: 'Correios', trackingCode: 'QB123456789BR' })).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/orders/${order.id}/deliver`, admin)).statusCode).toBe(200);
    const variantStock = async (value: string) => (await sql<{ stock: number }>(service, 'select stock from product_variants where id = ?', [size(value).id]))[0]!.stock;
    return { ring, order, size, variantStock };
  }

  it('sends the size asked for: the line names it, the piece bought returns on receipt, the new size leaves stock, and the e-mail names it', async () => {
    const { ring, order, size, variantStock } = await deliveredRing([2, 1]);
    const view: OrderReturns = (await call('GET', `/api/orders/${order.id}/returns`, shopper)).json();
    expect(view.returnable[0]).toMatchObject({ variantId: size('18').id, options: [{ variantId: size('16').id, label: 'Aro 16' }, { variantId: size('18').id, label: 'Aro 18' }] });
    const asked = await call('POST', `/api/orders/${order.id}/returns`, shopper, {
      kind: 'exchange',
      reason: 'Ficou largo no dedo',
      lines: [{ orderItemId: view.returnable[0]!.orderItemId, quantity: 1, replacementVariantId: size('16').id }],
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().lines[0]).toMatchObject({ variantLabel: 'Aro 18', replacementLabel: 'Aro 16' });
    await act(asked.json().id, 'receive');
    expect([await variantStock('16'), await variantStock('18')]).toEqual([2, 1]);
    expect((await act(asked.json().id, 'exchange')).json()).toMatchObject({ status: 'exchanged' });
    expect([await variantStock('16'), await variantStock('18')]).toEqual([1, 1]);
    // The product's stock is the sum of its sizes.
    expect(await stockOf(service, ring.id)).toBe(2);
    const mails = await orderMails(service, shopper.email, order.number);
    expect(mails.at(-1)!.text).toContain(`1 × ${ring.name} (Aro 16) seguem para você`);
  });

  it('refuses an option of another product (400), and with the size out of stock refuses the exchange (409) and lets the owner give store credit instead', async () => {
    const { order, size, variantStock } = await deliveredRing([0, 1]);
    const other = await deliveredRing([3, 3]);
    const view: OrderReturns = (await call('GET', `/api/orders/${order.id}/returns`, shopper)).json();
    const line = view.returnable[0]!.orderItemId;
    const foreign = await call('POST', `/api/orders/${order.id}/returns`, shopper, { kind: 'exchange', reason: 'Ficou largo no dedo', lines: [{ orderItemId: line, quantity: 1, replacementVariantId: other.size('16').id }] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ error: 'exchange_option' });
    const asked = (await call('POST', `/api/orders/${order.id}/returns`, shopper, { kind: 'exchange', reason: 'Ficou largo no dedo', lines: [{ orderItemId: line, quantity: 1, replacementVariantId: size('16').id }] })).json();
    await act(asked.id, 'receive');
    const refused = await act(asked.id, 'exchange');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'exchange_out_of_stock', message: expect.stringContaining('(Aro 16) para a troca. Reembolse ou dê crédito na loja.') });
    // Nothing changed: the size bought is back from receipt, the request still received.
    expect([await variantStock('16'), await variantStock('18')]).toEqual([0, 1]);
    expect((await call('GET', `/api/orders/${order.id}/returns`, shopper)).json().requests[0].status).toBe('received');
    expect((await act(asked.id, 'credit')).json()).toMatchObject({ status: 'credited', creditedCents: asked.amountCents });
  });
});

describe('refund paths', () => {
  it('changes nothing when the acquirer refuses the refund (502), and refunds a payment confirmed by hand by hand', async () => {
    const { order } = await deliveredOrder([{ priceCents: 9_000, quantity: 2 }]);
    const [line] = await itemIdsOf(order.id);
    const request = (await ask(order.id, [{ orderItemId: line!, quantity: 1 }])).json();
    await act(request.id, 'receive');
    // The acquirer no longer takes refunds on this payment.
    await sql(service, "update sandbox_payments set status = 'charged_back' where external_reference = ?", [order.id]);
    const failed = await act(request.id, 'refund');
    expect([failed.statusCode, failed.json().error]).toEqual([502, 'refund_failed']);
    const [row] = await sql<{ status: string; refunded_cents: number | null }>(service, 'select status, refunded_cents from return_requests where id = ?', [request.id]);
    expect(row).toEqual({ status: 'received', refunded_cents: null });
    expect(orderSchema.parse((await call('GET', `/api/orders/${order.id}`, shopper)).json()).refundedCents).toBe(0);

    // A payment confirmed by hand (e.g. a PIX to the store's key) is given back by hand; a second later, so it is the timeline's newest entry.
    await sql(service, "update orders set payment_status = 'manual' where id = ?", [order.id]);
    clock.advance(1_000);
    const manual = (await act(request.id, 'refund')).json();
    expect(manual).toMatchObject({ status: 'refunded', refundedCents: 9_000, note: 'Reembolso manual de R$\u00a090,00: devolva o valor ao cliente' });
    const mails = await orderMails(service, shopper.email, order.number);
    expect(mails.at(-1)!.text).toContain('será devolvido diretamente pela loja');
    const adminView = (await call('GET', `/api/admin/orders/${order.id}`, admin)).json();
    expect(adminView.timeline.at(-1).note).toBe('Devolução: reembolso manual (R$\u00a090,00)');
  });
});

describe('after the withdrawal right', () => {
  it('waits for the owner, who approves or refuses with a note the shopper is e-mailed', async () => {
    const { order } = await deliveredOrder([{ priceCents: 6_000, quantity: 2 }]);
    const [line] = await itemIdsOf(order.id);
    clock.advance(8 * DAY);
    const late = (await ask(order.id, [{ orderItemId: line!, quantity: 1 }])).json();
    expect(late).toMatchObject({ status: 'requested', withinWithdrawal: false });
    expect((await act(late.id, 'receive')).json().message).toBe('Só solicitações aprovadas podem ter as peças recebidas.');
    expect((await act(late.id, 'reject', { note: '' })).statusCode).toBe(400);
    expect((await act(late.id, 'reject', { note: 'Peça com sinais de uso' })).json()).toMatchObject({ status: 'rejected', note: 'Peça com sinais de uso' });
    const mails = await orderMails(service, shopper.email, order.number);
    expect(mails.at(-1)!.text).toContain('Motivo: Peça com sinais de uso');

    // The refused units can be asked again; the owner approves this one.
    clock.advance(60_000);
    const again = (await ask(order.id, [{ orderItemId: line!, quantity: 2 }])).json();
    // Everything, but after the right: no freight back.
    expect([again.status, again.amountCents, again.shippingCents]).toEqual(['requested', 12_000, 0]);
    expect((await act(again.id, 'approve')).json().status).toBe('approved');
    expect((await act(again.id, 'approve')).statusCode).toBe(409);
    // The owner is notified of each request, with a link to the order.
    await vi.waitFor(async () => {
      const notifications = (await call('GET', '/api/admin/notifications', admin)).json() as { title: string; description: string; dedupeKey?: string; action: { url: string } | null }[];
      expect(notifications.filter((n) => n.description.startsWith(`Pedido ${order.number}: fora do prazo`))).toEqual([
        expect.objectContaining({ title: 'Devolução solicitada', action: expect.objectContaining({ url: `/admin/orders/${order.id}` }) }),
        expect.objectContaining({ title: 'Devolução solicitada' }),
      ]);
    });
    const listed = (await call('GET', `/api/admin/returns?orderId=${order.id}`, admin)).json();
    expect(listed.map((r: { id: string; status: string; customerEmail: string }) => [r.id, r.status, r.customerEmail])).toEqual([
      [again.id, 'approved', shopper.email],
      [late.id, 'rejected', shopper.email],
    ]);
  });
});

describe('units', () => {
  it('refuses more units than bought minus those already asked', async () => {
    const { order } = await deliveredOrder([{ priceCents: 3_000, quantity: 2 }]);
    const [line] = await itemIdsOf(order.id);
    const tooMany = await ask(order.id, [{ orderItemId: line!, quantity: 3 }]);
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([400, `Você pode devolver até 2 unidades de ${order.items[0]!.productName}.`]);
    expect((await ask(order.id, [{ orderItemId: line!, quantity: 2 }])).statusCode).toBe(201);
    const none = await ask(order.id, [{ orderItemId: line!, quantity: 1 }]);
    expect([none.statusCode, none.json().message]).toEqual([400, `Todas as unidades de ${order.items[0]!.productName} já estão em uma solicitação.`]);
  });

  it('lets one of two requests at once take the last units', async () => {
    const { order } = await deliveredOrder([{ priceCents: 3_000, quantity: 3 }]);
    const [line] = await itemIdsOf(order.id);
    const answers = await Promise.all([ask(order.id, [{ orderItemId: line!, quantity: 2 }]), ask(order.id, [{ orderItemId: line!, quantity: 2 }])]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    const rows = await sql<{ units: string }>(service, 'select sum(l.quantity) as units from return_request_lines l join return_requests r on r.id = l.request_id where r.order_id = ?', [order.id]);
    expect(Number(rows[0]!.units)).toBe(2);
  });
});

describe('access and validation', () => {
  it('answers 401 without a session, 404 for another shopper, 403 for a shopper on the owner routes', async () => {
    const { order } = await deliveredOrder([{ priceCents: 2_000, quantity: 1 }]);
    const [line] = await itemIdsOf(order.id);
    expect((await call('GET', `/api/orders/${order.id}/returns`, null)).statusCode).toBe(401);
    expect((await call('GET', '/api/me/store-credit', null)).statusCode).toBe(401);
    expect((await ask(order.id, [{ orderItemId: line!, quantity: 1 }], 'return', other)).statusCode).toBe(404);
    expect((await call('GET', `/api/orders/${order.id}/returns`, other)).statusCode).toBe(404);
    const request = (await ask(order.id, [{ orderItemId: line!, quantity: 1 }])).json();
    expect((await call('GET', '/api/admin/returns', shopper)).statusCode).toBe(403);
    for (const action of ['approve', 'reject', 'receive', 'refund', 'credit', 'exchange']) {
      expect((await call('POST', `/api/admin/returns/${request.id}/${action}`, shopper, { note: 'x' })).statusCode).toBe(403);
      expect((await call('POST', `/api/admin/returns/${request.id}/${action}`, null, { note: 'x' })).statusCode).toBe(401);
    }
    expect((await act('00000000-0000-4000-8000-000000000000', 'approve')).statusCode).toBe(404);
  });

  it('refuses a bad body with a pt-BR message, and an order not delivered', async () => {
    const { order } = await deliveredOrder([{ priceCents: 2_000, quantity: 1 }]);
    const [line] = await itemIdsOf(order.id);
    const bad = async (body: object) => {
      const response = await call('POST', `/api/orders/${order.id}/returns`, shopper, body);
      expect(response.statusCode).toBe(400);
      return JSON.stringify(response.json().issues);
    };
    const lines = [{ orderItemId: line!, quantity: 1 }];
    expect(await bad({ kind: 'return', reason: 'ruim', lines })).toContain('Conte o motivo (ao menos 5 letras)');
    expect(await bad({ kind: 'devolver', reason: 'Não gostei', lines })).toContain('Escolha devolução ou troca');
    expect(await bad({ kind: 'return', reason: 'Não gostei', lines: [{ orderItemId: line!, quantity: 0 }] })).toContain('Escolha ao menos uma peça');
    expect(await bad({ kind: 'return', reason: 'Não gostei', lines: [...lines, ...lines] })).toContain('Cada peça aparece uma vez só');
    expect(await bad({ kind: 'return', reason: 'Não gostei', lines: [{ orderItemId: 'x', quantity: 1 }] })).toContain('Item inválido');
    const foreign = await ask(order.id, [{ orderItemId: '00000000-0000-4000-8000-000000000000', quantity: 1 }]);
    expect([foreign.statusCode, foreign.json().message]).toEqual([400, 'Peça não encontrada neste pedido.']);

    const product = await createProduct(service, clock, 5, 1_000);
    const paid = await placeOrder(service, shopper, { items: [{ productId: product.id, quantity: 1 }], customer: { ...customer, email: shopper.email }, payment: await sandboxCard(service, shopper, '4111111111111111', 1) });
    const notDelivered = await call('POST', `/api/orders/${paid.json().id}/returns`, shopper, { kind: 'return', reason: 'Não gostei', lines });
    expect([notDelivered.statusCode, notDelivered.json().message]).toEqual([409, 'Só pedidos entregues podem ser devolvidos ou trocados.']);
  });
});

describe('schema', () => {
  it('the returns migration matches the entities', async () => {
    const diff = await service.db.orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff).not.toMatch(/return_request|store_credit/);
  });
});
