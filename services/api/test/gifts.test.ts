/**
 * Gifts on real PostgreSQL over HTTP: a product's engraving set in the panel, the store's gift
 * wrap setting, an order with two engraved lines of one piece, wrap, message, receipt, a coupon
 * and the PIX discount priced on the server (figures by hand), the production days added to the
 * delivery, the refusal of bad texts (pt-BR 400s) and of an engraving on a product without it, the
 * NF-e's items (wrap and engraving as items of their own, never the message), the packing list and
 * the gift receipt (no prices) behind signed links, the e-mails, and returns that still balance
 * (engraving back with its piece, wrap with the whole order).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderSchema, adminProductSchema, orderSchema, type OrderReturns } from '@prata/contracts';
import { invoiceRequestOf } from '../src/modules/invoices/invoices.service.ts';
import { Order } from '../src/modules/orders/index.ts';
import { toTrackingView } from '../src/modules/orders/order-tracking.service.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { sql } from './admin-fixtures.ts';
import { TestClock, createTestService, type TestService } from './helpers.ts';
import { createProduct, customer, orderMails, placeOrder, sandboxCard, tableDeliveryDays } from './shop.ts';

const clock = new TestClock(Date.parse('2026-12-01T13:00:00Z'));
let service: TestService;
let admin: SignedIn;
let ringId: string;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: SignedIn | null, payload?: object) =>
  service.app.inject({ method, url, headers: who ? bearer(who) : {}, ...(payload ? { payload } : {}) });

async function tableRate(region: string, serviceName: string): Promise<number> {
  const [row] = await sql<{ base_cents: number }>(service, 'select base_cents from freight_rates where region = ? and service = ?', [region, serviceName]);
  return row!.base_cents;
}

/** A ring engravable up to 12 characters at R$ 25,00 a piece, 3 business days of production, made in the panel. */
async function engravableRing(stock = 6): Promise<string> {
  const body = { name: `Anel Gravado ${randomUUID().slice(0, 6)}`, category: 'aneis', priceCents: 20_000, stock, engraving: { enabled: true, priceCents: 2_500, maxChars: 12, extraDays: 3 } };
  const response = await call('POST', '/api/admin/products', admin, body);
  expect(response.statusCode, response.body).toBe(201);
  return adminProductSchema.parse(response.json()).id;
}

const orderCount = async (who: SignedIn) => (await sql<{ count: number }>(service, 'select count(*)::int as count from orders where user_id = ?', [who.userId]))[0]!.count;

beforeAll(async () => {
  service = await createTestService({ PAYMENT_SANDBOX_DELAY_MS: '0', ORDER_RATE_LIMIT_PER_MINUTE: '10000' }, clock);
  admin = await account(service, ['admin'], 'admin');
  ringId = await engravableRing();
});
afterAll(async () => service?.close());

describe('settings', () => {
  it('shows the engraving on the product and the wrap in the store offers (R$ 9,90 by default)', async () => {
    const product = (await call('GET', `/api/admin/products/${ringId}`, admin)).json();
    expect(product.engraving).toEqual({ enabled: true, priceCents: 2_500, maxChars: 12, extraDays: 3 });
    expect((await call('GET', '/api/store-offers', null)).json().giftWrap).toEqual({ enabled: true, priceCents: 990 });
  });

  it('lets only an admin change the wrap, validated in Portuguese', async () => {
    const shopper = await account(service);
    expect((await call('PUT', '/api/admin/settings/gift-wrap', shopper, { enabled: true, priceCents: 500 })).statusCode).toBe(403);
    const bad = await call('PUT', '/api/admin/settings/gift-wrap', admin, { enabled: true, priceCents: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Preço da embalagem inválido');
    expect((await call('GET', '/api/admin/settings/gift-wrap', admin)).json()).toEqual({ enabled: true, priceCents: 990 });
  });
});

describe('an order with engraving, wrap, message, coupon and PIX', () => {
  let orderId: string;
  let shopper: SignedIn;

  it('prices everything on the server: wrap and engraving never discounted', async () => {
    shopper = await account(service);
    const necklace = await createProduct(service, clock, 5, 10_000);
    expect((await call('PUT', '/api/admin/settings/pix-discount', admin, { percent: 5 })).statusCode).toBe(200);
    const code = `PRESENTE-${randomUUID().slice(0, 6).toUpperCase()}`;
    const coupon = { code, kind: 'percent', value: 10, minOrderCents: null, startsAt: null, endsAt: null, maxUses: null, maxUsesPerCustomer: null, firstPurchaseOnly: false };
    expect((await call('POST', '/api/admin/coupons', admin, coupon)).statusCode).toBe(201);
    try {
      const response = await placeOrder(service, shopper, {
        // The same ring with two texts: two lines.
        items: [
          { productId: ringId, quantity: 1, engraving: '  Ana &  João ' },
          { productId: ringId, quantity: 1, engraving: 'Para sempre' },
          { productId: necklace.id, quantity: 1 },
        ],
        customer: { ...customer, email: shopper.email },
        payment: { method: 'pix' },
        couponCode: code,
        gift: { wrap: true, message: 'Feliz Natal,\nMãe!', receipt: true },
      });
      expect(response.statusCode, response.body).toBe(201);
      const placed = orderSchema.parse(response.json());
      orderId = placed.id;
      const pac = await tableRate('SE', 'PAC');
      // Goods R$ 500,00; 10 % coupon R$ 50,00; PIX 5 % of R$ 450,00 = R$ 22,50; engraving 2 x R$ 25,00; wrap R$ 9,90.
      expect(placed.pricing).toEqual({
        subtotalCents: 50_000,
        shippingCents: pac,
        giftWrapCents: 990,
        engravingCents: 5_000,
        couponCode: code,
        couponDiscountCents: 5_000,
        pixDiscountCents: 2_250,
        totalCents: 50_000 + pac + 990 + 5_000 - 5_000 - 2_250,
        storeCreditCents: 0,
        amountDueCents: 50_000 + pac + 990 + 5_000 - 5_000 - 2_250,
      });
      expect(placed.items.map((item) => item.engraving)).toEqual([{ text: 'Ana & João', unitCents: 2_500 }, { text: 'Para sempre', unitCents: 2_500 }, null]);
      expect(placed.gift).toEqual({ wrap: true, wrapCents: 990, message: 'Feliz Natal,\nMãe!', receipt: true });
      const days = await tableDeliveryDays(service, 'SE');
      expect(placed.delivery).toEqual({ minDays: days.minDays + 3, maxDays: days.maxDays + 3, productionDays: 3 });
    } finally {
      await call('PUT', '/api/admin/settings/pix-discount', admin, { percent: 0 });
    }
  });

  it('shows the gift on the admin order page and in the e-mail', async () => {
    const order = adminOrderSchema.parse((await call('GET', `/api/admin/orders/${orderId}`, admin)).json());
    expect(order.gift?.message).toBe('Feliz Natal,\nMãe!');
    expect(order.items[0]!.engraving?.text).toBe('Ana & João');
    const [received] = await orderMails(service, shopper.email, order.number);
    expect(received!.text).toContain('Embalagem para presente: R$ 9,90');
    expect(received!.text).toContain('Gravação "Ana & João" em');
    expect(received!.text).toContain('+3 dias úteis de produção');
  });

  it("withholds the message and the engraved texts from the tracking view of an unproven address", async () => {
    const order = await service.db.orm.em.fork().findOneOrFail(Order, { id: orderId }, { populate: ['items', 'statusChanges'] });
    expect(toTrackingView(order).gift?.message).toBe('Feliz Natal,\nMãe!');
    order.contactVerified = false;
    const view = toTrackingView(order);
    expect(view.gift).toMatchObject({ wrap: true, message: null });
    expect(JSON.stringify(view)).not.toMatch(/Ana & João|Para sempre|Feliz Natal/);
  });

  it('lists the wrap and each engraving as NF-e items of their own, and never the message', async () => {
    const order = await service.db.orm.em.fork().findOneOrFail(Order, { id: orderId }, { populate: ['items'] });
    const request = invoiceRequestOf(order, clock.now());
    const descriptions = request.items.map((item) => item.description);
    expect(descriptions.filter((text) => text.startsWith('Gravação personalizada — Anel Gravado'))).toHaveLength(2);
    expect(request.items.find((item) => item.code === 'EMBALAGEM-PRESENTE')).toEqual({ code: 'EMBALAGEM-PRESENTE', description: 'Embalagem para presente', quantity: 1, unitCents: 990, totalCents: 990 });
    // The NF-e balances: items + freight - discounts = total.
    expect(request.items.reduce((sum, item) => sum + item.totalCents, 0) + request.shippingCents - request.discountCents).toBe(request.totalCents);
    expect(JSON.stringify(request)).not.toContain('Feliz Natal');
    expect(JSON.stringify(request)).not.toContain('Para sempre');
  });

  it('gives staff a packing list with the message and a gift receipt without prices, behind signed links', async () => {
    expect((await call('GET', `/api/admin/orders/${orderId}/documents`, shopper)).statusCode).toBe(403);
    const links = (await call('GET', `/api/admin/orders/${orderId}/documents`, admin)).json() as { packingListUrl: string; giftReceiptUrl: string };
    const path = (url: string) => url.slice(url.indexOf('/api/'));
    const packing = await call('GET', path(links.packingListUrl), null);
    expect(packing.statusCode).toBe(200);
    expect(packing.headers['content-type']).toContain('text/html');
    expect(packing.body).toContain('Ana &#38; João');
    expect(packing.body).toContain('Feliz Natal,<br>Mãe!');
    expect(packing.body).toContain('Embalagem para presente');
    const receipt = await call('GET', path(links.giftReceiptUrl), null);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain('Recibo de presente');
    expect(receipt.body).toContain('Para sempre');
    expect(receipt.body).not.toMatch(/R\$|\d+,\d{2}/);
    const forged = path(links.giftReceiptUrl).replace(/signature=.{4}/, 'signature=AAAA');
    expect((await call('GET', forged, null)).statusCode).toBe(403);
  });
});

describe('refusals', () => {
  it('refuses bad texts, an engraving the product does not offer and a wrap the store has off, writing nothing', async () => {
    const shopper = await account(service);
    const necklace = await createProduct(service, clock, 5, 10_000);
    const order = (items: object[], gift?: object) => placeOrder(service, shopper, { items, customer: { ...customer, email: shopper.email }, payment: { method: 'pix' }, ...(gift ? { gift } : {}) });

    const symbol = await order([{ productId: ringId, quantity: 1, engraving: 'amor ♥' }]);
    expect(symbol.statusCode).toBe(400);
    expect(symbol.body).toContain('Texto da gravação inválido');
    const long = await order([{ productId: ringId, quantity: 1, engraving: 'Amor eterno sempre' }]);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: 'engraving_invalid' });
    expect(long.json().message).toContain('A gravação aceita no máximo 12 caracteres');
    const notOffered = await order([{ productId: necklace.id, quantity: 1, engraving: 'Ana' }]);
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json()).toMatchObject({ error: 'engraving_not_offered' });
    expect(notOffered.json().message).toContain('não aceita gravação');
    const message = await order([{ productId: necklace.id, quantity: 1 }], { message: '<script>alert(1)</script>' });
    expect(message.statusCode).toBe(400);
    expect(message.body).toContain('Mensagem inválida');

    expect((await call('PUT', '/api/admin/settings/gift-wrap', admin, { enabled: false, priceCents: 990 })).statusCode).toBe(200);
    try {
      const wrap = await order([{ productId: necklace.id, quantity: 1 }], { wrap: true });
      expect(wrap.statusCode).toBe(409);
      expect(wrap.json()).toMatchObject({ error: 'gift_wrap_unavailable' });
    } finally {
      await call('PUT', '/api/admin/settings/gift-wrap', admin, { enabled: true, priceCents: 990 });
    }
    expect(await orderCount(shopper)).toBe(0);
  });

  it('counts the lines of one piece with two texts together against its stock', async () => {
    const shopper = await account(service);
    const scarce = await engravableRing(2);
    const response = await placeOrder(service, shopper, {
      items: [
        { productId: scarce, quantity: 2, engraving: 'Ana' },
        { productId: scarce, quantity: 1, engraving: 'Bia' },
      ],
      customer: { ...customer, email: shopper.email },
      payment: { method: 'pix' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('insufficient_stock');
  });
});

describe('returns', () => {
  it('gives the engraving back with its piece and the wrap with the whole order, summing to the total', async () => {
    const shopper = await account(service);
    const necklace = await createProduct(service, clock, 5, 10_000);
    const placed = await placeOrder(service, shopper, {
      items: [
        { productId: ringId, quantity: 1, engraving: 'Ana' },
        { productId: necklace.id, quantity: 1 },
      ],
      customer: { ...customer, email: shopper.email },
      payment: await sandboxCard(service, shopper, '4111111111111111', 1),
      gift: { wrap: true },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderSchema.parse(placed.json());
    expect((await call('POST', `/api/admin/orders/${order.id}/ship`, admin, { carrier: 'Correios', trackingCode: 'QB123456789BR' })).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/orders/${order.id}/deliver`, admin)).statusCode).toBe(200);
    const view: OrderReturns = (await call('GET', `/api/orders/${order.id}/returns`, shopper)).json();
    const [ringLine, necklaceLine] = view.returnable;

    // The engraved ring alone, within the right: R$ 200,00 + R$ 25,00 of engraving; no freight, no wrap.
    const first = await call('POST', `/api/orders/${order.id}/returns`, shopper, { kind: 'return', reason: 'Não serviu no dedo', lines: [{ orderItemId: ringLine!.orderItemId, quantity: 1 }] });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ status: 'approved', amountCents: 22_500, shippingCents: 0, giftWrapCents: 0 });
    // The rest makes the whole order: the necklace, the freight and the wrap.
    const second = await call('POST', `/api/orders/${order.id}/returns`, shopper, { kind: 'return', reason: 'Mudei de ideia', lines: [{ orderItemId: necklaceLine!.orderItemId, quantity: 1 }] });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ amountCents: 10_000 + order.pricing.shippingCents + 990, shippingCents: order.pricing.shippingCents, giftWrapCents: 990 });
    expect(first.json().amountCents + second.json().amountCents).toBe(order.totalCents);
  });

  it('leave the schema as the migration made it', async () => {
    const diff = await service.db.orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff).not.toMatch(/engraving|gift_|production_days/);
  });

  it('says in the exchange policy that an engraved piece keeps the 7-day right', async () => {
    const response = await call('GET', '/api/content', null);
    expect(response.body).toContain('Peças com gravação personalizada também têm o direito de arrependimento de 7 dias');
  });
});
