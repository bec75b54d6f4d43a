/**
 * Shipping labels and tracking against real PostgreSQL and a
 * local double of Melhor Envio's documented label API (melhor-envio-double.ts, whose prices and
 * codes the test knows):
 * - the gateway: cart, checkout, generate, print and tracking in order, with the documented
 *   bodies; refusals (no sender document, no balance) and outages (5xx, timeout);
 * - 'Comprar etiqueta': roles and validation of the routes, a fresh quote checked on the server,
 *   the order marked shipped through the workflow (history, OrderShipped, e-mail, audit), one
 *   label per order, nothing changed when the carrier refuses or is down; the carrier called
 *   outside the order's lock, a second purchase meanwhile refused, stale claims bought over;
 * - tracking from the signed webhook (bad signature 401, malformed 400, repeats and stale
 *   reports change nothing and e-mail nobody) and from the polling job;
 * - `CARRIER=sandbox` (simulated labels, printable page, tracking that advances with the clock)
 *   and `CARRIER=table` (no labels: the owner ships by hand).
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderSchema } from '@prata/contracts';
import { AdminLog } from '../src/modules/audit/admin-log.entity.ts';
import type { DomainEvent } from '../src/events/event-bus.ts';
import { Order } from '../src/modules/orders/order.entities.ts';
import { Shipment } from '../src/modules/fulfilment/shipment.entity.ts';
import { LABEL_PURCHASE_CLAIM_MS } from '../src/modules/fulfilment/shipping-labels.service.ts';
import { CarrierUnavailableError, LabelRefusedError, type LabelRequest } from '../src/modules/shipping/carrier-gateway.ts';
import { MelhorEnvioGateway } from '../src/modules/shipping/melhor-envio-gateway.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { sql } from './admin-fixtures.ts';
import { createTestService, TestClock, type TestService } from './helpers.ts';
import { MelhorEnvioDouble, melhorEnvioDoublePrice } from './melhor-envio-double.ts';
import { until } from './processes.ts';
import { createProduct, customer, orderMails, placeOrder } from './shop.ts';

const SECRET = 'melhor-envio-app-secret-0123456789';
const SENDER = { SHIPPING_SENDER_DOCUMENT: '12345678000195', SHIPPING_SENDER_ADDRESS: 'Rua Augusta, 1500, Consolação, São Paulo, SP', SHIPPING_ORIGIN_CEP: '01304-001' };
const TRACKING_MS = 60_000;
const clock = new TestClock(Date.parse('2026-11-29T13:00:00Z'));
const double = new MelhorEnvioDouble();
let service: TestService;
let staff: SignedIn;
let buyer: SignedIn;
const events: DomainEvent[] = [];

/** The double's price of SEDEX (service 2) for one piece of the default 30 g in the 100 g box, to the test address. */
const sedexCents = () => melhorEnvioDoublePrice(2, 0.13, '01310100');

beforeAll(async () => {
  await double.start();
  service = await createTestService(
    {
      CARRIER: 'melhorenvio',
      MELHOR_ENVIO_TOKEN: double.token,
      MELHOR_ENVIO_URL: double.url,
      MELHOR_ENVIO_WEBHOOK_SECRET: SECRET,
      SHIPMENT_TRACKING_INTERVAL_MS: String(TRACKING_MS),
      PAYMENT_SANDBOX_DELAY_MS: '0',
      ORDER_RATE_LIMIT_PER_MINUTE: '10000',
      ...SENDER,
    },
    clock,
  );
  service.app.events.subscribe('*', (event) => void events.push(event));
  staff = await account(service, ['admin'], 'admin');
  buyer = await account(service);
});
afterAll(async () => {
  await service?.close();
  await double.stop();
});

const admin = (method: 'GET' | 'POST', url: string, payload?: object, who: SignedIn | null = staff) =>
  service.app.inject({ method, url, ...(who ? { headers: bearer(who) } : {}), ...(payload ? { payload } : {}) });
const buy = (id: string, serviceId: string) => admin('POST', `/api/admin/orders/${id}/label`, { serviceId });
const webhook = (body: object | string, signature: string | null = sign(typeof body === 'string' ? body : JSON.stringify(body))) =>
  service.app.inject({
    method: 'POST',
    url: '/api/shipping/webhook',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-me-signature': signature } : {}) },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
/** Independent of the adapter: base64 HMAC-SHA256 of the raw body, as Melhor Envio documents. */
const sign = (raw: string, secret = SECRET) => createHmac('sha256', secret).update(raw).digest('base64');
const trackingEvent = (id: string) => {
  const label = double.labels.get(id)!;
  return { event: `order.${label.status}`, data: { id, protocol: label.protocol, status: label.status, tracking: label.tracking, posted_at: label.postedAt, delivered_at: label.deliveredAt, tags: [] } };
};

/** A paid order (PIX, confirmed by hand) of one piece, to the test address, with the freight `shipping` chosen (default: the cheapest). */
async function paidOrder(on: TestService = service, who: SignedIn = buyer, by: SignedIn = staff, shipping?: { serviceId: string; priceCents: number }) {
  const product = await createProduct(on, clock, 5, 12_990);
  const placed = await placeOrder(on, who, { items: [{ productId: product.id, quantity: 1 }], customer: { ...customer, email: who.email }, payment: { method: 'pix' }, ...(shipping ? { shipping } : {}) });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json();
  const paid = await on.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/mark-paid`, headers: bearer(by), payload: { note: 'PIX conferido' } });
  expect(paid.statusCode, paid.body).toBe(200);
  return order as { id: string; number: string };
}

describe('the Melhor Envio label gateway', () => {
  const request = (): LabelRequest => ({
    serviceId: 'melhorenvio-1',
    reference: 'P925-TESTE',
    shipment: { fromCep: '01304001', toCep: '69005010', weightGrams: 500, lengthCm: 16, widthCm: 11, heightCm: 6, insuranceCents: 25_980 },
    products: [{ name: 'Anel Solitário', quantity: 2, unitCents: 12_990 }],
    from: { name: 'Prata 925', phone: '11999999999', email: 'loja@prata925.com.br', document: '12345678000195', postalCode: '01304001', address: 'Rua Augusta', number: '1500', complement: null, district: 'Consolação', city: 'São Paulo', stateAbbr: 'SP' },
    to: { name: 'Ana Souza', phone: '92988887777', email: 'ana@exemplo.com.br', document: null, postalCode: '69005010', address: 'Rua Central', number: '10', complement: 'Casa 2', district: 'Centro', city: 'Manaus', stateAbbr: 'AM' },
  });
  const gateway = (timeoutMs = 2000) => new MelhorEnvioGateway({ origin: double.url, token: double.token, userAgent: 'Prata 925 (loja@prata925.com.br)', timeoutMs, labelTimeoutMs: timeoutMs });

  it('buys through cart, checkout, generate and print, then reads the tracking code', async () => {
    const before = double.labelRequests.length;
    const balance = double.balanceCents;
    const label = await gateway().buyLabel(request());
    const calls = double.labelRequests.slice(before);
    expect(calls.map((call) => call.path)).toEqual(['/api/v2/me/cart', '/api/v2/me/shipment/checkout', '/api/v2/me/shipment/generate', '/api/v2/me/shipment/print', '/api/v2/me/shipment/tracking']);
    expect(calls[0]!.body).toMatchObject({
      service: 1,
      from: { company_document: '12345678000195', postal_code: '01304001', state_abbr: 'SP', country_id: 'BR' },
      to: { name: 'Ana Souza', postal_code: '69005010', address: 'Rua Central', number: '10', complement: 'Casa 2', district: 'Centro', city: 'Manaus', state_abbr: 'AM' },
      products: [{ name: 'Anel Solitário', quantity: 2, unitary_value: 129.9 }],
      volumes: [{ height: 6, width: 11, length: 16, weight: 0.5 }],
      options: { insurance_value: 259.8, non_commercial: true, tags: [{ tag: 'P925-TESTE' }] },
    });
    expect(calls[0]!.body.from).not.toHaveProperty('document');
    for (const call of calls.slice(1, 4)) expect(call.body.orders).toEqual([label.carrierOrderId]);
    expect(calls[3]!.body.mode).toBe('public');
    // North destination, 0.5 kg, PAC: (18.50 + 6 x 0.5) x 1.4 = R$ 30,10.
    expect(label).toEqual({ carrierOrderId: expect.any(String), protocol: expect.stringMatching(/^ORD-/), priceCents: 3010, trackingCode: expect.stringMatching(/^QB\d{9}BR$/), labelUrl: `${double.url}/imprimir/${label.carrierOrderId}?mode=public`, status: 'generated' });
    expect(double.balanceCents).toBe(balance - 3010);
  });

  it('reads posted and delivered dates in São Paulo time, leaving out ids it does not know', async () => {
    const label = await gateway().buyLabel(request());
    double.setStatus(label.carrierOrderId, 'posted', '2026-11-30 09:00:00');
    double.setStatus(label.carrierOrderId, 'delivered', '2026-12-02 16:30:00');
    const [tracking, ...rest] = await gateway().track([label.carrierOrderId, 'ffffffff-0000-4000-8000-000000000000']);
    expect(rest).toEqual([]);
    expect(tracking).toEqual({ carrierOrderId: label.carrierOrderId, status: 'delivered', trackingCode: label.trackingCode, postedAt: new Date('2026-11-30T12:00:00Z'), deliveredAt: new Date('2026-12-02T19:30:00Z') });
  });

  it("refuses with the carrier's own message: a sender without document, an account without balance", async () => {
    const noDocument = request();
    noDocument.from.document = null;
    await expect(gateway().buyLabel(noDocument)).rejects.toEqual(new LabelRefusedError('O campo from.document é obrigatório quando from.company document não está presente.'));
    const balance = double.balanceCents;
    double.balanceCents = 100;
    try {
      await expect(gateway().buyLabel(request())).rejects.toEqual(new LabelRefusedError('Você não possui saldo suficiente para finalizar a compra.'));
    } finally {
      double.balanceCents = balance;
    }
    await expect(gateway().buyLabel({ ...request(), serviceId: 'tabela-pac' })).rejects.toBeInstanceOf(LabelRefusedError);
  });

  it('keeps a paid label whose generation failed, without its link; completing it prints it', async () => {
    double.failPath = '/api/v2/me/shipment/generate';
    let label;
    try {
      label = await gateway().buyLabel(request());
    } finally {
      double.failPath = null;
    }
    expect(label).toMatchObject({ trackingCode: null, labelUrl: null, status: 'released', priceCents: 3010 });
    expect(await gateway().completeLabel(label.carrierOrderId)).toEqual({ labelUrl: `${double.url}/imprimir/${label.carrierOrderId}?mode=public`, trackingCode: expect.stringMatching(/^QB\d{9}BR$/), status: 'generated' });
  });

  it('is unavailable on a 5xx and past its timeout', async () => {
    double.failWith = 502;
    try {
      await expect(gateway().buyLabel(request())).rejects.toBeInstanceOf(CarrierUnavailableError);
      await expect(gateway().track(['x'])).rejects.toBeInstanceOf(CarrierUnavailableError);
    } finally {
      double.failWith = null;
    }
    double.delayMs = 400;
    try {
      await expect(gateway(150).buyLabel(request())).rejects.toBeInstanceOf(CarrierUnavailableError);
    } finally {
      double.delayMs = 0;
    }
  });
});

describe("'Comprar etiqueta'", () => {
  it('checks roles and input on every label route', async () => {
    const order = await paidOrder();
    const customerOf = await account(service);
    for (const [method, path] of [['GET', 'shipment'], ['GET', 'label-options'], ['POST', 'label']] as const) {
      const url = `/api/admin/orders/${order.id}/${path}`;
      const payload = method === 'POST' ? { serviceId: 'melhorenvio-2' } : undefined;
      expect((await admin(method, url, payload, null)).statusCode).toBe(401);
      expect((await admin(method, url, payload, customerOf)).statusCode).toBe(403);
      expect((await admin(method, `/api/admin/orders/nao-e-uuid/${path}`, payload)).statusCode).toBe(400);
      expect((await admin(method, `/api/admin/orders/00000000-0000-4000-8000-000000000000/${path}`, payload)).statusCode).toBe(404);
    }
    const empty = await admin('POST', `/api/admin/orders/${order.id}/label`, { serviceId: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues).toEqual([{ path: 'body.serviceId', message: 'Escolha o serviço de frete' }]);
    expect((await service.db.orm.em.fork().count(Shipment, { order: order.id }))).toBe(0);
  });

  it('offers a fresh quote, buys the chosen service and ships the order through the workflow', async () => {
    const order = await paidOrder(service, buyer, staff, { serviceId: 'melhorenvio-2', priceCents: sedexCents() });
    expect((await admin('GET', `/api/admin/orders/${order.id}/shipment`)).json()).toEqual({ labelsAvailable: true, shipment: null });
    const options = await admin('GET', `/api/admin/orders/${order.id}/label-options`);
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json()).toMatchObject({ source: 'carrier', preselectedServiceId: 'melhorenvio-2' }); // the service the shopper paid for
    expect(options.json().options.map((option: { serviceId: string }) => option.serviceId)).toEqual(['melhorenvio-1', 'melhorenvio-3', 'melhorenvio-2']);

    // A service the fresh quote does not offer is refused on the server.
    const forged = await buy(order.id, 'melhorenvio-17');
    expect(forged.statusCode).toBe(422);
    expect(forged.json().message).toBe('Este serviço de frete não atende este pedido. Escolha outro.');

    events.length = 0;
    const bought = await buy(order.id, 'melhorenvio-2');
    expect(bought.statusCode, bought.body).toBe(201);
    const label = bought.json();
    expect(label).toMatchObject({ provider: 'melhorenvio', serviceId: 'melhorenvio-2', carrier: 'Correios', serviceName: 'SEDEX', priceCents: sedexCents(), carrierStatus: 'generated', trackingCode: expect.stringMatching(/^QB\d{9}BR$/) });
    expect(label.labelUrl).toBe(`${double.url}/imprimir/${label.carrierOrderId}?mode=public`);
    const cart = double.labels.get(label.carrierOrderId)!.body as { from: Record<string, string>; to: Record<string, string>; options: { tags: { tag: string }[] } };
    expect(cart.from).toMatchObject({ company_document: '12345678000195', address: 'Rua Augusta', number: '1500', district: 'Consolação', city: 'São Paulo', state_abbr: 'SP', postal_code: '01304001' });
    expect(cart.to).toMatchObject({ name: customer.fullName, postal_code: '01310100', address: customer.street, number: customer.number, city: customer.city, state_abbr: 'SP' });
    expect(cart.options.tags).toEqual([{ tag: order.number }]);

    const detail = adminOrderSchema.parse((await admin('GET', `/api/admin/orders/${order.id}`)).json());
    expect(detail).toMatchObject({ status: 'shipped', shipment: { carrier: 'Correios', trackingCode: label.trackingCode } });
    expect(detail.timeline.at(-1)).toMatchObject({ from: 'paid', status: 'shipped', actor: staff.email, note: `Etiqueta Correios SEDEX · ${label.trackingCode}` });
    expect(events.filter((event) => event.aggregateId === order.id).map((event) => [event.type, event.payload.trackingCode])).toEqual([['OrderShipped', label.trackingCode]]);
    const mails = await orderMails(service, buyer.email, order.number);
    expect(mails.at(-1)!.subject).toBe(`Pedido ${order.number} enviado`);
    expect(mails.at(-1)!.text).toContain(`Código de rastreio: ${label.trackingCode}`);
    const logs = await service.db.orm.em.fork().find(AdminLog, { action: 'order_label_bought', userId: staff.userId });
    expect(logs.map((log) => log.details)).toContainEqual({ orderId: order.id, number: order.number, provider: 'melhorenvio', serviceId: 'melhorenvio-2', carrierOrderId: label.carrierOrderId, priceCents: sedexCents(), trackingCode: label.trackingCode });
    expect((await admin('GET', `/api/admin/orders/${order.id}/shipment`)).json()).toEqual({ labelsAvailable: true, shipment: label });

    const again = await buy(order.id, 'melhorenvio-2');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Este pedido já tem etiqueta comprada.');
  });

  it("prices the label at the carrier's price when the shopper had free shipping, also for a piece withdrawn since", async () => {
    const freeShipping = (thresholdCents: number | null) =>
      service.app.inject({ method: 'PUT', url: '/api/admin/settings/free-shipping', headers: bearer(staff), payload: { thresholdCents, regions: null } });
    expect((await freeShipping(1)).statusCode).toBe(200);
    try {
      const order = await paidOrder();
      const [row] = await service.db.orm.em.fork().getConnection().execute<{ shipping_cents: number; product_id: string }[]>(
        'select o.shipping_cents, i.product_id from orders o join order_items i on i.order_id = o.id where o.id = ?',
        [order.id],
      );
      expect(row!.shipping_cents).toBe(0);
      await service.db.orm.em.fork().getConnection().execute(`update products set status = 'archived' where id = ?`, [row!.product_id]);
      const options = await admin('GET', `/api/admin/orders/${order.id}/label-options`);
      expect(options.statusCode, options.body).toBe(200);
      // The double's prices for the package the service sent: the store pays the carrier, free shipping or not.
      expect(options.json().options.map((option: { serviceId: string; priceCents: number }) => [option.serviceId, option.priceCents])).toEqual([
        ['melhorenvio-1', melhorEnvioDoublePrice(1, 0.13, '01310100')],
        ['melhorenvio-3', melhorEnvioDoublePrice(3, 0.13, '01310100')],
        ['melhorenvio-2', sedexCents()],
      ]);
    } finally {
      await freeShipping(null);
    }
  });

  it('buys only for paid orders, and changes nothing when the carrier refuses or is down', async () => {
    const product = await createProduct(service, clock, 5, 9_990);
    const pending = (await placeOrder(service, buyer, { items: [{ productId: product.id, quantity: 1 }], customer: { ...customer, email: buyer.email }, payment: { method: 'pix' } })).json();
    const unpaid = await buy(pending.id, 'melhorenvio-2');
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe('Só pedidos pagos podem ser enviados.');

    const order = await paidOrder();
    const balance = double.balanceCents;
    double.balanceCents = 0;
    try {
      const refused = await buy(order.id, 'melhorenvio-2');
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe('A transportadora recusou a etiqueta: Você não possui saldo suficiente para finalizar a compra. Nada foi cobrado nem alterado.');
    } finally {
      double.balanceCents = balance;
    }
    double.failWith = 503;
    try {
      const down = await buy(order.id, 'melhorenvio-2');
      expect(down.statusCode).toBe(502);
    } finally {
      double.failWith = null;
    }
    const em = service.db.orm.em.fork();
    expect((await em.findOneOrFail(Order, { id: order.id })).status).toBe('paid');
    expect(await em.count(Shipment, { order: order.id })).toBe(0);
  });
});

describe('a purchase in progress (the carrier called outside the order lock)', () => {
  it('leaves the order row unlocked while the carrier answers, refuses a second purchase (409), and buys once', async () => {
    const order = await paidOrder();
    const claimOf = async () => (await sql<{ label_purchase_started_at: Date | null }>(service, 'select label_purchase_started_at from orders where id = ?', [order.id]))[0]!.label_purchase_started_at;
    double.delayMs = 300;
    try {
      const first = buy(order.id, 'melhorenvio-2');
      await until(async () => (await claimOf()) !== null, 'the purchase to claim the order', 5_000);
      // While the carrier is answering, the order's row is free: another transaction takes it without waiting.
      const locked = await service.db.orm.em.fork().transactional(async (tx) =>
        tx.getConnection().execute('select id from orders where id = ? for update nowait', [order.id], 'all', tx.getTransactionContext()),
      );
      expect(locked).toHaveLength(1);
      const second = await buy(order.id, 'melhorenvio-2');
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ error: 'label_in_progress' });
      expect((await first).statusCode).toBe(201);
    } finally {
      double.delayMs = 0;
    }
    const em = service.db.orm.em.fork();
    expect(await em.count(Shipment, { order: order.id })).toBe(1);
    expect((await em.findOneOrFail(Order, { id: order.id })).status).toBe('shipped');
    expect(await claimOf()).toBeNull();
  });

  it('releases the claim when nothing was sold, and lets a stale claim (an interrupted purchase) be bought over', async () => {
    const refusedOrder = await paidOrder();
    const balance = double.balanceCents;
    double.balanceCents = 0;
    try {
      expect((await buy(refusedOrder.id, 'melhorenvio-2')).statusCode).toBe(422);
    } finally {
      double.balanceCents = balance;
    }
    // Refused, nothing sold: the next click buys at once.
    expect((await buy(refusedOrder.id, 'melhorenvio-2')).statusCode).toBe(201);

    const stale = await paidOrder();
    await sql(service, 'update orders set label_purchase_started_at = ? where id = ?', [new Date(clock.now().getTime() - LABEL_PURCHASE_CLAIM_MS - 1_000), stale.id]);
    expect((await buy(stale.id, 'melhorenvio-2')).statusCode).toBe(201);
    const fresh = await paidOrder();
    await sql(service, 'update orders set label_purchase_started_at = ? where id = ?', [new Date(clock.now().getTime() - 60_000), fresh.id]);
    expect((await buy(fresh.id, 'melhorenvio-2')).json()).toMatchObject({ error: 'label_in_progress' });
  });
});

describe('tracking', () => {
  it('follows the signed webhook: delivered once, e-mailed once; repeats and stale reports change nothing', async () => {
    const order = await paidOrder();
    const label = (await buy(order.id, 'melhorenvio-1')).json();
    const mailCount = async () => (await orderMails(service, buyer.email, order.number)).length;
    const before = await mailCount();

    double.setStatus(label.carrierOrderId, 'posted');
    const posted = await webhook(trackingEvent(label.carrierOrderId));
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json()).toEqual({ received: true, outcome: 'updated' });
    expect((await service.db.orm.em.fork().findOneOrFail(Shipment, { carrierOrderId: label.carrierOrderId })).carrierStatus).toBe('posted');
    expect(await mailCount()).toBe(before); // already shipped when the label was bought

    double.setStatus(label.carrierOrderId, 'delivered', '2026-12-01 15:00:00');
    const delivered = trackingEvent(label.carrierOrderId);
    expect((await webhook(delivered)).json()).toEqual({ received: true, outcome: 'updated' });
    // The same signed body again (a replay, or the carrier's retry): recognised, not applied (review #12).
    expect((await webhook(delivered)).json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await sql(service, 'select count(*)::int as n from carrier_webhook_receipts')).toEqual([{ n: 2 }]);
    // A late 'posted' after delivery is stale.
    expect((await webhook({ ...delivered, event: 'order.posted', data: { ...delivered.data, status: 'posted' } })).json()).toEqual({ received: true, outcome: 'unchanged' });

    const detail = adminOrderSchema.parse((await admin('GET', `/api/admin/orders/${order.id}`)).json());
    expect(detail.status).toBe('delivered');
    expect(detail.shipment!.deliveredAt).toBe(clock.now().toISOString());
    expect(detail.timeline.at(-1)).toMatchObject({ from: 'shipped', status: 'delivered', actor: 'Melhor Envio', note: 'Entregue pela transportadora' });
    const mails = await orderMails(service, buyer.email, order.number);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)!.subject).toBe(`Pedido ${order.number} entregue`);
    expect(mails.at(-1)!.text).toContain('em até 7 dias a partir do recebimento');
  });

  it('refuses a bad or missing signature (401) and a malformed notification (400); ignores labels not ours', async () => {
    const body = JSON.stringify({ event: 'order.posted', data: { id: 'ffffffff-0000-4000-8000-000000000000', status: 'posted' } });
    expect((await webhook(body, sign(body, 'another-secret-0123456789'))).statusCode).toBe(401);
    expect((await webhook(body, null)).statusCode).toBe(401);
    expect((await webhook(`${body} `, sign(body))).statusCode).toBe(401); // the signature covers the exact bytes
    const malformed = JSON.stringify({ event: 'order.posted', data: { status: 'posted' } });
    const bad = await webhook(malformed);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Notificação inválida');
    expect((await webhook('not json{')).statusCode).toBe(400);
    expect((await webhook('[]')).statusCode).toBe(400);
    expect((await webhook({ event: 'webhook.test' })).json()).toEqual({ received: true, outcome: 'unknown' });
    expect((await webhook(body)).json()).toEqual({ received: true, outcome: 'unknown' });
  });

  it('ships a paid label whose printing failed, and the job completes it', async () => {
    const order = await paidOrder();
    double.failPath = '/api/v2/me/shipment/print';
    let label;
    try {
      const bought = await buy(order.id, 'melhorenvio-1');
      expect(bought.statusCode, bought.body).toBe(201);
      label = bought.json();
    } finally {
      double.failPath = null;
    }
    expect(label).toMatchObject({ labelUrl: null, trackingCode: null, carrierStatus: 'released' });
    expect((await service.db.orm.em.fork().findOneOrFail(Order, { id: order.id })).status).toBe('shipped');
    expect((await orderMails(service, buyer.email, order.number)).at(-1)!.text).toContain('O código de rastreio aparece em Meus pedidos assim que a transportadora o informar.');

    clock.advance(TRACKING_MS);
    await service.app.jobs.tick();
    const state = (await admin('GET', `/api/admin/orders/${order.id}/shipment`)).json();
    expect(state.shipment).toMatchObject({ labelUrl: `${double.url}/imprimir/${label.carrierOrderId}?mode=public`, trackingCode: double.labels.get(label.carrierOrderId)!.tracking, carrierStatus: 'generated' });
    expect((await service.db.orm.em.fork().findOneOrFail(Order, { id: order.id })).trackingCode).toBe(state.shipment.trackingCode);
  });

  it('polls the labels not yet delivered on the job queue', async () => {
    const order = await paidOrder();
    const label = (await buy(order.id, 'melhorenvio-3')).json();
    double.setStatus(label.carrierOrderId, 'delivered');
    clock.advance(TRACKING_MS);
    await service.app.jobs.tick();
    expect((await service.db.orm.em.fork().findOneOrFail(Order, { id: order.id })).status).toBe('delivered');
    const shipment = await service.db.orm.em.fork().findOneOrFail(Shipment, { carrierOrderId: label.carrierOrderId });
    expect(shipment).toMatchObject({ carrierStatus: 'delivered', lastCheckedAt: clock.now() });
    clock.advance(TRACKING_MS);
    await service.app.jobs.tick();
    const subjects = (await orderMails(service, buyer.email, order.number)).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject === `Pedido ${order.number} entregue`)).toHaveLength(1);
  });
});

describe('without Melhor Envio', () => {
  it('CARRIER=sandbox sells simulated labels from the freight table, printable, tracked with the clock', async () => {
    const sandbox = await createTestService({ CARRIER: 'sandbox', SHIPMENT_TRACKING_INTERVAL_MS: String(TRACKING_MS), PAYMENT_SANDBOX_DELAY_MS: '0', ORDER_RATE_LIMIT_PER_MINUTE: '10000' }, clock);
    try {
      const owner = await account(sandbox, ['admin'], 'admin');
      const shopper = await account(sandbox);
      const order = await paidOrder(sandbox, shopper, owner);
      const options = await sandbox.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}/label-options`, headers: bearer(owner) });
      expect(options.json()).toMatchObject({ source: 'table', preselectedServiceId: 'tabela-pac' }); // the cheapest, which the order defaulted to
      const bought = await sandbox.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/label`, headers: bearer(owner), payload: { serviceId: 'tabela-sedex' } });
      expect(bought.statusCode, bought.body).toBe(201);
      const label = bought.json();
      expect(label).toMatchObject({ provider: 'sandbox', carrier: 'Correios', serviceName: 'SEDEX', priceCents: 0, carrierStatus: 'generated', trackingCode: expect.stringMatching(/^SB\d{9}BR$/) });
      const page = await sandbox.app.inject({ method: 'GET', url: new URL(label.labelUrl).pathname });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain(label.trackingCode);
      expect(page.body).toContain(customer.street);
      // The packing list goes with the label: each line's units and piece.
      expect(page.body).toContain('<h2>Lista de itens</h2>');
      expect((await sandbox.app.inject({ method: 'GET', url: '/api/shipping/sandbox-labels/sandbox-1700000000000-00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);

      clock.advance(5 * 60_000);
      await sandbox.app.jobs.tick();
      expect((await sandbox.db.orm.em.fork().findOneOrFail(Order, { id: order.id })).status).toBe('delivered');
      expect((await orderMails(sandbox, shopper.email, order.number)).at(-1)!.subject).toBe(`Pedido ${order.number} entregue`);
    } finally {
      await sandbox.close();
    }
  });

  it('CARRIER=table sells no labels: the owner ships by hand', async () => {
    const table = await createTestService({ PAYMENT_SANDBOX_DELAY_MS: '0' }, clock);
    try {
      const owner = await account(table, ['admin'], 'admin');
      const order = await paidOrder(table, await account(table), owner);
      expect((await table.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}/shipment`, headers: bearer(owner) })).json()).toEqual({ labelsAvailable: false, shipment: null });
      const refused = await table.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/label`, headers: bearer(owner), payload: { serviceId: 'tabela-pac' } });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe('labels_unavailable');
      expect((await table.app.inject({ method: 'GET', url: `/api/shipping/sandbox-labels/x`, headers: bearer(owner) })).statusCode).toBe(404);
    } finally {
      await table.close();
    }
  });
});
