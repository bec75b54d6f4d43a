/**
 * The WhatsApp 'recovery' message (modules/messaging, template `prata_pagamento_lembrete`) against
 * the local double of the WhatsApp Cloud API, real PostgreSQL, the job queue ticked after moving
 * the test clock: when the payment reminder of a PIX order goes (job `payment-reminders`), an
 * order that opted in to WhatsApp gets it too, once, with the order's signed tracking link and never
 * the PIX code (the number is not proven), recorded in `order_messages` and counted by the
 * 'Recuperação' card; an order without the opt-in gets only the e-mail; an order paid before the
 * message's turn is skipped, one whose PIX expired since (a new one may still be generated) is not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIX_EXPIRY_MS, recoveryReportSchema } from '@prata/contracts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { TestClock, createTestService, type TestService } from './helpers.ts';
import { createProduct, customer, orderMails, placeOrder } from './shop.ts';
import { WhatsAppCloudDouble } from './whatsapp-cloud-double.ts';

const double = new WhatsAppCloudDouble();
const clock = new TestClock(Date.parse('2026-12-02T15:00:00Z'));
/** `customer.phone` (11987654321) as WhatsApp numbers it. */
const NUMBER = '5511987654321';
let service: TestService;
let staff: SignedIn;

beforeAll(async () => {
  await double.start();
  service = await createTestService(
    {
      MESSAGING_PROVIDER: 'whatsapp',
      WHATSAPP_API_URL: double.url,
      WHATSAPP_ACCESS_TOKEN: double.token,
      WHATSAPP_PHONE_NUMBER_ID: double.phoneNumberId,
      WHATSAPP_APP_SECRET: double.appSecret,
      WHATSAPP_VERIFY_TOKEN: double.verifyToken,
      WHATSAPP_TIMEOUT_MS: '2000',
      PAYMENT_SANDBOX_DELAY_MS: '0',
      ORDER_RATE_LIMIT_PER_MINUTE: '10000',
    },
    clock,
  );
  staff = await account(service, ['admin'], 'admin');
});
afterAll(async () => {
  await service?.close();
  await double.stop();
});

const sql = <T>(query: string, params: unknown[] = []) => service.db.orm.em.fork().getConnection().execute(query, params) as Promise<T[]>;
const sentFor = (orderNumber: string, template: string) => double.sentTo(NUMBER).filter((message) => message.parameters[0] === orderNumber && message.template === template);

async function pixOrder(whatsappOptIn: boolean) {
  const buyer = await account(service);
  const product = await createProduct(service, clock, 5, 5000);
  const placed = await placeOrder(service, buyer, { items: [{ productId: product.id, quantity: 1 }], customer: { ...customer, email: buyer.email }, payment: { method: 'pix' }, whatsappOptIn });
  expect(placed.statusCode, placed.body).toBe(201);
  return { buyer, ...(placed.json() as { id: string; number: string }) };
}

describe("the WhatsApp 'recovery' message", () => {
  it('goes with the payment reminder to an order that opted in, once, with the tracking link and no PIX code', async () => {
    const optedIn = await pixOrder(true);
    const emailOnly = await pixOrder(false);
    await service.app.jobs.tick();
    expect(sentFor(optedIn.number, 'prata_pagamento_lembrete')).toHaveLength(0);

    clock.advance(PIX_EXPIRY_MS - 9 * 60_000);
    await service.app.jobs.tick();
    await service.app.jobs.tick();

    const [message] = sentFor(optedIn.number, 'prata_pagamento_lembrete');
    expect(message).toBeDefined();
    const [number, total, link] = message!.parameters;
    expect(number).toBe(optedIn.number);
    expect(total).toBe('R$ 69,90');
    expect(link).toMatch(new RegExp(`^${service.config.shellUrl}/pedido/[A-Za-z0-9_-]{72}$`));
    const [stored] = await sql<{ pix_payload: string }>('select pix_payload from orders where id = ?', [optedIn.id]);
    expect(message!.parameters.join(' ')).not.toContain(stored!.pix_payload);
    const tracking = await service.app.inject({ method: 'GET', url: `/api/order-tracking/${link!.split('/pedido/')[1]}` });
    expect(tracking.statusCode, tracking.body).toBe(200);

    expect(await sql(`select kind, template, status from order_messages where order_id = ? and kind = 'recovery'`, [optedIn.id])).toEqual([
      { kind: 'recovery', template: 'prata_pagamento_lembrete', status: 'sent' },
    ]);
    expect(await sql(`select 1 from order_messages where order_id = ?`, [emailOnly.id])).toEqual([]);
    expect((await orderMails(service, emailOnly.buyer.email, emailOnly.number)).some((mail) => mail.subject.includes('expira em breve'))).toBe(true);

    // Later ticks send nothing again; the staff's card counts the WhatsApp message.
    clock.advance(60_000);
    await service.app.jobs.tick();
    expect(sentFor(optedIn.number, 'prata_pagamento_lembrete')).toHaveLength(1);
    const card = recoveryReportSchema.parse((await service.app.inject({ method: 'GET', url: '/api/admin/recovery', headers: bearer(staff) })).json());
    expect(card.messagesSent).toEqual({ cartEmails: 0, paymentEmails: 2, paymentWhatsApp: 1, total: 3 });
  }, 120_000);

  it('is skipped when the order is paid before its turn, and still goes for an order expired since', async () => {
    const messaging = service.app.messaging!;
    const paid = await pixOrder(true);
    const paidMessage = await messaging.request(service.db.orm.em.fork(), paid.id, 'recovery');
    expect((await service.app.inject({ method: 'POST', url: `/api/orders/${paid.id}/simulate-payment`, headers: bearer(paid.buyer) })).json().status).toBe('paid');
    expect(await messaging.send(service.db.orm.em.fork(), paidMessage!)).toBe('skipped');
    expect(sentFor(paid.number, 'prata_pagamento_lembrete')).toHaveLength(0);

    const expired = await pixOrder(true);
    const expiredMessage = await messaging.request(service.db.orm.em.fork(), expired.id, 'recovery');
    clock.advance(2 * PIX_EXPIRY_MS);
    await service.app.orders.reconciliation.expireOverdue(service.db.orm.em.fork());
    expect(await sql(`select status, cancel_reason from orders where id = ?`, [expired.id])).toEqual([{ status: 'cancelled', cancel_reason: 'payment_expired' }]);
    expect(await messaging.send(service.db.orm.em.fork(), expiredMessage!)).toBe('sent');
    expect(sentFor(expired.number, 'prata_pagamento_lembrete')).toHaveLength(1);
  }, 60_000);
});
