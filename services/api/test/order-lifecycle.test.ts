/**
 * The order lifecycle on the sandbox acquirer, against real PostgreSQL:
 * - every staff transition (mark paid with a note, ship with tracking, deliver, cancel, refund)
 *   with its history row (who and when), audit row, domain event and e-mail; each refused
 *   transition with its pt-BR message;
 * - units returned on cancel and on refund; the shopper cancels only their own unpaid order;
 * - 'Simular pagamento' pays through the signed webhook route; a wrong signature is refused;
 * - each of an order's e-mails is recorded as delivered (`sent_at`, one attempt) once sent;
 * - the orders tab's filters, search and paging;
 * - at most 3 unpaid orders per account, and `POST /api/orders` answers 429 at its real limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderSchema, MAX_PENDING_ORDERS } from '@prata/contracts';
import { AdminLog } from '../src/modules/audit/admin-log.entity.ts';
import type { DomainEvent } from '../src/events/event-bus.ts';
import { SandboxPayment } from '../src/modules/payments/payment.entities.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { createTestService, TestClock, type TestService } from './helpers.ts';
import { CPF, createProduct, customer, offerFreeShipping, orderMails, placeOrder, sandboxCard, stockOf } from './shop.ts';

const clock = new TestClock(Date.parse('2026-11-24T13:00:00Z'));
let service: TestService;
let staff: SignedIn;
const events: DomainEvent[] = [];

beforeAll(async () => {
  service = await createTestService({ PAYMENT_SANDBOX_DELAY_MS: '0', ORDER_RATE_LIMIT_PER_MINUTE: '10000' }, clock);
  service.app.events.subscribe('*', (event) => void events.push(event));
  staff = await account(service, ['admin'], 'admin');
  await offerFreeShipping(service, staff);
});
afterAll(async () => service?.close());

const eventsOf = (id: string) => events.filter((e) => e.aggregateId === id).map((e) => e.type);
const adminPost = (id: string, action: string, payload: object = {}) =>
  service.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/${action}`, headers: bearer(staff), payload });

async function pendingPix(who: SignedIn, stock = 3, quantity = 1) {
  const product = await createProduct(service, clock, stock, 5000);
  const response = await placeOrder(service, who, { items: [{ productId: product.id, quantity }], customer: { ...customer, email: who.email }, payment: { method: 'pix' } });
  expect(response.statusCode, response.body).toBe(201);
  return { product, order: response.json() };
}

describe("the order's e-mails to its contact address (security review 2026-11-29 #2)", () => {
  it("carry the PIX code and the buyer's name only to the account's confirmed e-mail; to another address, 'Olá!' and the way to the order's page", async () => {
    const buyer = await account(service);
    const own = await pendingPix(buyer);
    const [ownMail] = await orderMails(service, buyer.email, own.order.number);
    const pixPayload = (await service.db.orm.em.fork().getConnection().execute<{ pix_payload: string }[]>('select pix_payload from orders where id = ?', [own.order.id]))[0]!.pix_payload;
    expect(pixPayload.length).toBeGreaterThan(50);
    expect(ownMail!.text.startsWith(`Olá, ${customer.fullName}!`)).toBe(true);
    expect(ownMail!.text).toContain(pixPayload);

    // The review's triangulation: the victim's address and a "name" that is a message.
    const bait = 'Seu cadastro será bloqueado: pague a taxa pelo PIX abaixo';
    const product = await createProduct(service, clock, 3, 5000);
    const placed = await placeOrder(service, buyer, { items: [{ productId: product.id, quantity: 1 }], customer: { ...customer, fullName: bait, email: 'vitima@example.com' }, payment: { method: 'pix' } });
    expect(placed.statusCode, placed.body).toBe(201);
    const [victimMail] = await orderMails(service, 'vitima@example.com', placed.json().number);
    const victimPix = (await service.db.orm.em.fork().getConnection().execute<{ pix_payload: string }[]>('select pix_payload from orders where id = ?', [placed.json().id]))[0]!.pix_payload;
    expect(victimMail!.subject).toBe(`Pedido ${placed.json().number} recebido`);
    expect(victimMail!.text).not.toContain(victimPix);
    expect(victimMail!.text).not.toContain(bait);
    expect(victimMail!.text.startsWith('Olá!\n')).toBe(true);
    expect(victimMail!.text).toContain(`Para pagar, entre na sua conta e abra o pedido: o código PIX está na página do pedido (${service.config.shellUrl}/minha-conta/pedidos/${placed.json().id}).`);
    // The order itself still shows the code to its buyer.
    const mine = (await service.app.inject({ method: 'GET', url: `/api/orders/${placed.json().id}`, headers: bearer(buyer) })).json();
    expect(mine.payment.pix.payload).toBe(victimPix);
  });

  it('records each e-mail as delivered once it is sent (one attempt, sent_at), whichever transaction queued it', async () => {
    const buyer = await account(service);
    const { order } = await pendingPix(buyer);
    expect((await adminPost(order.id, 'mark-paid', { note: 'PIX conferido no extrato' })).statusCode).toBe(200);
    const rows = await service.db.orm.em.fork().getConnection().execute<{ subject: string; attempts: number; sent: boolean }[]>(
      `select subject, attempts, sent_at is not null as sent from outbox_emails where "to" = ? and subject like '%' || ? || '%' order by created_at`,
      [buyer.email, order.number],
    );
    expect(rows).toEqual([
      { subject: `Pedido ${order.number} recebido`, attempts: 1, sent: true },
      { subject: `Pagamento confirmado - pedido ${order.number}`, attempts: 1, sent: true },
    ]);
  });
});

describe('staff transitions', () => {
  it('pending -> paid (by hand) -> shipped -> delivered, each with history, audit, event and e-mail', async () => {
    const buyer = await account(service);
    const { order, product } = await pendingPix(buyer, 4, 2);
    expect((await service.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/mark-paid`, headers: bearer(staff), payload: {} })).json().issues).toEqual([
      { path: 'body.note', message: 'Informe onde o pagamento foi conferido' },
    ]);
    const paid = await adminPost(order.id, 'mark-paid', { note: 'PIX conferido no extrato, E2E 123' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('paid');

    expect((await adminPost(order.id, 'ship', { carrier: '', trackingCode: 'AA 1' })).json().issues).toEqual([
      { path: 'body.carrier', message: 'Transportadora é obrigatória' },
      { path: 'body.trackingCode', message: 'Código de rastreio inválido' },
    ]);
    const shipped = await adminPost(order.id, 'ship', { carrier: 'Correios', trackingCode: 'qb123456789br' });
    expect(shipped.json()).toMatchObject({ status: 'shipped', shipment: { carrier: 'Correios', trackingCode: 'QB123456789BR', deliveredAt: null } });
    const delivered = adminOrderSchema.parse((await adminPost(order.id, 'deliver')).json());
    expect(delivered.status).toBe('delivered');

    expect(delivered.timeline.map((t) => [t.from, t.status, t.actor])).toEqual([
      [null, 'pending', 'Cliente'],
      ['pending', 'paid', staff.email],
      ['paid', 'shipped', staff.email],
      ['shipped', 'delivered', staff.email],
    ]);
    expect(delivered.timeline[1]!.note).toBe('Pagamento confirmado manualmente: PIX conferido no extrato, E2E 123');
    expect(eventsOf(order.id)).toEqual(['OrderPlaced', 'OrderPaid', 'OrderShipped', 'OrderDelivered']);
    const logs = await service.db.orm.em.fork().find(AdminLog, { userId: staff.userId, action: { $like: 'order_%' } }, { orderBy: { createdAt: 'asc' } });
    expect(logs.filter((l) => l.details.orderId === order.id).map((l) => l.action)).toEqual(['order_marked_paid', 'order_shipped', 'order_delivered']);
    const mails = await orderMails(service, buyer.email, order.number);
    expect(mails.map((m) => m.subject)).toEqual([`Pedido ${order.number} recebido`, `Pagamento confirmado - pedido ${order.number}`, `Pedido ${order.number} enviado`, `Pedido ${order.number} entregue`]);
    expect(mails[3]!.text).toContain('Seu pedido ' + order.number + ' foi entregue (Correios, rastreio QB123456789BR).');
    expect(mails[3]!.text).toContain('em até 7 dias a partir do recebimento');
    expect(mails[0]!.text).toContain(order.payment.pix.payload);
    expect(mails[0]!.text).toContain('R$ 100,00');
    expect(mails[2]!.text).toContain('Código de rastreio: QB123456789BR');
    expect(await stockOf(service, product.id)).toBe(2);

    // The shopper sees the tracking code and the history without staff names.
    const mine = (await service.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: bearer(buyer) })).json();
    expect(mine.shipment).toMatchObject({ carrier: 'Correios', trackingCode: 'QB123456789BR' });
    expect(mine.timeline.map((t: { status: string }) => t.status)).toEqual(['pending', 'paid', 'shipped', 'delivered']);
    expect(JSON.stringify(mine)).not.toContain(staff.email);
  });

  it('refuses every invalid transition with a pt-BR message, changing nothing', async () => {
    const buyer = await account(service);
    const { order } = await pendingPix(buyer);
    const refused = async (action: string, payload: object, message: string) => {
      const response = await adminPost(order.id, action, payload);
      expect(response.statusCode, `${action}: ${response.body}`).toBe(409);
      expect(response.json().message).toBe(message);
    };
    await refused('ship', { carrier: 'Correios', trackingCode: 'QB1BR' }, 'Só pedidos pagos podem ser enviados.');
    await refused('deliver', {}, 'Só pedidos enviados podem ser marcados como entregues.');
    await refused('late-payment', { action: 'refund' }, 'Este pedido não tem um pagamento após o cancelamento para resolver.');
    await adminPost(order.id, 'mark-paid', { note: 'extrato' });
    await refused('mark-paid', { note: 'de novo' }, 'Este pedido não está aguardando pagamento.');
    await refused('deliver', {}, 'Só pedidos enviados podem ser marcados como entregues.');
    await adminPost(order.id, 'ship', { carrier: 'Correios', trackingCode: 'QB1BR' });
    await refused('cancel', {}, 'Pedidos enviados ou entregues não podem ser cancelados.');
    await refused('ship', { carrier: 'Correios', trackingCode: 'QB2BR' }, 'O pedido já está enviado.');
    await adminPost(order.id, 'deliver');
    await refused('cancel', {}, 'Pedidos enviados ou entregues não podem ser cancelados.');
    await refused('mark-paid', { note: 'x' }, 'Este pedido não está aguardando pagamento.');
    const detail = adminOrderSchema.parse((await service.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}`, headers: bearer(staff) })).json());
    expect(detail.status).toBe('delivered');
    expect(detail.shipment!.trackingCode).toBe('QB1BR');
    expect(detail.timeline).toHaveLength(4);

    const other = (await pendingPix(buyer)).order;
    await adminPost(other.id, 'cancel', { note: 'Pedido duplicado' });
    const again = await adminPost(other.id, 'cancel', {});
    expect(again.json().message).toBe('Este pedido já está cancelado.');
    expect((await adminPost(other.id, 'mark-paid', { note: 'x' })).json().message).toBe('Este pedido não está aguardando pagamento.');
  });

  it('returns the units when a pending order is cancelled and when a paid one is refunded', async () => {
    const buyer = await account(service);
    const { order, product } = await pendingPix(buyer, 3, 2);
    expect(await stockOf(service, product.id)).toBe(1);
    const cancelled = await adminPost(order.id, 'cancel', { note: 'Pedido duplicado' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancellation: { reason: 'cancelled_by_admin', refundedCents: null } });
    expect(await stockOf(service, product.id)).toBe(3);

    const ring = await createProduct(service, clock, 2, 7000);
    const paid = (await placeOrder(service, buyer, { items: [{ productId: ring.id, quantity: 2 }], customer: { ...customer, email: buyer.email }, payment: await sandboxCard(service, buyer) })).json();
    expect(paid.status).toBe('paid');
    expect(await stockOf(service, ring.id)).toBe(0);
    const refunded = await adminPost(paid.id, 'cancel', {});
    expect(refunded.json()).toMatchObject({ status: 'cancelled', cancellation: { refundedCents: 14000 } });
    expect(await stockOf(service, ring.id)).toBe(2);
    expect((await service.db.orm.em.fork().findOneOrFail(SandboxPayment, { externalReference: paid.id })).status).toBe('refunded');
    expect(eventsOf(paid.id)).toEqual(['OrderPlaced', 'OrderPaid', 'OrderCancelled', 'OrderRefunded']);
    const mails = await orderMails(service, buyer.email, paid.number);
    expect(mails.map((m) => m.subject)).toEqual([`Pagamento confirmado - pedido ${paid.number}`, `Pedido ${paid.number} cancelado e reembolsado`]);
    expect(mails[1]!.text).toContain('R$ 140,00');
  });
});

describe('the shopper', () => {
  it('cancels an own unpaid order (units back) but not a paid one, and not somebody else’s', async () => {
    const buyer = await account(service);
    const stranger = await account(service);
    const { order, product } = await pendingPix(buyer, 2, 2);
    expect((await service.app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, headers: bearer(stranger) })).statusCode).toBe(404);
    const cancelled = await service.app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, headers: bearer(buyer) });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancellation: { reason: 'cancelled_by_customer' } });
    expect(await stockOf(service, product.id)).toBe(2);
    expect((await service.db.orm.em.fork().findOneOrFail(SandboxPayment, { externalReference: order.id })).status).toBe('cancelled');

    const paid = (await placeOrder(service, buyer, { items: [{ productId: product.id, quantity: 1 }], customer, payment: await sandboxCard(service, buyer) })).json();
    const refused = await service.app.inject({ method: 'POST', url: `/api/orders/${paid.id}/cancel`, headers: bearer(buyer) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Só pedidos aguardando pagamento podem ser cancelados por aqui. Para cancelar um pedido pago, fale com a loja.');
    expect((await service.app.inject({ method: 'GET', url: `/api/orders/${paid.id}`, headers: bearer(buyer) })).json().status).toBe('paid');
  });

  it("pays with 'Simular pagamento' through the signed webhook route; a forged webhook is refused", async () => {
    const buyer = await account(service);
    const { order } = await pendingPix(buyer);
    const forged = await service.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      query: { 'data.id': order.id, type: 'payment' },
      headers: { 'x-request-id': 'abc', 'x-signature': `ts=1,v1=${'0'.repeat(64)}` },
      payload: { id: '1', type: 'payment', data: { id: order.id } },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('Assinatura do webhook inválida');

    const simulated = await service.app.inject({ method: 'POST', url: `/api/orders/${order.id}/simulate-payment`, headers: bearer(buyer) });
    expect(simulated.statusCode, simulated.body).toBe(200);
    expect(simulated.json().status).toBe('paid');
    const detail = adminOrderSchema.parse((await service.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}`, headers: bearer(staff) })).json());
    expect(detail.timeline.at(-1)).toMatchObject({ from: 'pending', status: 'paid', actor: 'Sandbox' });
    expect(detail.provider).toMatchObject({ name: 'sandbox', status: 'approved' });
    const twice = await service.app.inject({ method: 'POST', url: `/api/orders/${order.id}/simulate-payment`, headers: bearer(buyer) });
    expect(twice.json().message).toBe('Este pedido não está aguardando um pagamento por PIX ou boleto.');

    const boleto = await placeOrder(service, buyer, { items: [{ productId: (await createProduct(service, clock, 1)).id, quantity: 1 }], customer, payment: { method: 'boleto', payerCpf: CPF } });
    expect((await service.app.inject({ method: 'POST', url: `/api/orders/${boleto.json().id}/simulate-payment`, headers: bearer(buyer) })).json().status).toBe('paid');
  });

  it(`holds at most ${MAX_PENDING_ORDERS} unpaid orders`, async () => {
    const buyer = await account(service);
    for (let i = 0; i < MAX_PENDING_ORDERS; i += 1) await pendingPix(buyer);
    const product = await createProduct(service, clock, 5);
    const fourth = await placeOrder(service, buyer, { items: [{ productId: product.id, quantity: 1 }], customer, payment: { method: 'pix' } });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toEqual({ error: 'too_many_pending', message: 'Você já tem 3 pedidos aguardando pagamento. Pague ou cancele um deles em Meus pedidos antes de fazer um novo pedido.' });
    expect(await stockOf(service, product.id)).toBe(5);
    // A paid order does not count.
    const card = await placeOrder(service, buyer, { items: [{ productId: product.id, quantity: 1 }], customer, payment: await sandboxCard(service, buyer) });
    expect(card.statusCode).toBe(409);
  });
});

describe('the orders tab', () => {
  it('filters by status, method and period, searches by code, name or e-mail, and pages', async () => {
    const buyer = await account(service);
    const placed = [];
    for (let i = 0; i < 3; i += 1) {
      clock.advance(1000);
      placed.push((await pendingPix(buyer)).order);
    }
    const list = (query: string) => service.app.inject({ method: 'GET', url: `/api/admin/orders?${query}`, headers: bearer(staff) }).then((r) => r.json());
    const byCode = await list(`search=${placed[1].number.slice(5).toLowerCase()}`);
    expect(byCode.items.map((o: { id: string }) => o.id)).toEqual([placed[1].id]);
    const byEmail = await list(`search=${encodeURIComponent(buyer.email.toUpperCase())}&status=pending&method=pix`);
    expect(byEmail.total).toBe(3);
    expect(byEmail.items.map((o: { id: string }) => o.id)).toEqual([placed[2].id, placed[1].id, placed[0].id]);
    const paged = await list(`search=${encodeURIComponent(buyer.email)}&pageSize=2&page=2`);
    expect([paged.total, paged.items.length, paged.items[0].id]).toEqual([3, 1, placed[0].id]);
    expect((await list(`search=${encodeURIComponent(buyer.email)}&method=boleto`)).total).toBe(0);
    expect((await list(`search=${encodeURIComponent(buyer.email)}&from=2026-11-25`)).total).toBe(0);
    expect((await list(`search=${encodeURIComponent(buyer.email)}&from=2026-11-24&to=2026-11-24`)).total).toBe(3);
    expect((await list('search=%25')).total).toBe(0);
    expect((await service.app.inject({ method: 'GET', url: '/api/admin/orders?status=lost', headers: bearer(staff) })).statusCode).toBe(400);
  });
});

describe('rate limit at its real value', () => {
  it('answers 429 to the 11th order of an account within a minute', async () => {
    const limited = await createTestService({ PAYMENT_SANDBOX_DELAY_MS: '0' }, clock);
    try {
      expect(limited.config.orderRateLimitPerMinute).toBe(10);
      const buyer = await account(limited);
      const product = await createProduct(limited, clock, 50);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) statuses.push((await placeOrder(limited, buyer, { items: [{ productId: product.id, quantity: 1 }], customer, payment: { method: 'pix' } })).statusCode);
      expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409, 409, 409, 429]);
      const other = await account(limited);
      expect((await placeOrder(limited, other, { items: [{ productId: product.id, quantity: 1 }], customer, payment: { method: 'pix' } })).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
