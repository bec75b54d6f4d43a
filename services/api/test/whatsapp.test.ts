/**
 * WhatsApp order updates, against real PostgreSQL, real pg-boss and a local HTTP double of the
 * WhatsApp Business Cloud API's documented message endpoint (test/whatsapp-cloud-double.ts):
 * - the Cloud API adapter: the template request (path, Bearer token, body), the message id it
 *   answers, and its errors mapped to "retry later" or "refused";
 * - the signed status webhook: `X-Hub-Signature-256` checked over the raw body (401 without it or
 *   with a wrong one), statuses stored and never moved back, the subscription's verification GET;
 * - opt-in end to end: an order with opt-in gets 'received' (the tracking link, never the PIX code:
 *   the number is not proven), 'paid', 'shipped' (carrier, tracking code) and 'delivered' on the
 *   double, the e-mails going as well; an order without opt-in, or a store without WhatsApp
 *   configured, sends nothing; a refusal or an outage is recorded and the e-mail still goes;
 * - the admin's view of an order's messages, and the settings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderMessagesSchema } from '@prata/contracts';
import { loadConfig } from '../src/config.ts';
import { MessagingRejectedError, MessagingUnavailableError } from '../src/modules/messaging/messaging-provider.ts';
import { WhatsAppCloudProvider, signWhatsAppWebhook, verifyWhatsAppSignature } from '../src/modules/messaging/whatsapp-cloud-provider.ts';
import { WHATSAPP_WEBHOOK_PATH } from '../src/modules/messaging/routes.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { createTestService, type TestService } from './helpers.ts';
import { createProduct, customer, orderMails, placeOrder, sandboxCard } from './shop.ts';
import { WhatsAppCloudDouble } from './whatsapp-cloud-double.ts';

const double = new WhatsAppCloudDouble();
const clock = { now: () => new Date() };
/** `customer.phone` (11987654321) as WhatsApp numbers it. */
const NUMBER = '5511987654321';

beforeAll(async () => {
  await double.start();
});
afterAll(async () => {
  await double.stop();
});

describe('the WhatsApp Cloud API adapter', () => {
  const provider = (token = double.token, apiUrl = double.url, timeoutMs = 2000) => new WhatsAppCloudProvider({ apiUrl, phoneNumberId: double.phoneNumberId, accessToken: token, timeoutMs });
  const message = { to: '5521912345678', template: 'prata_pedido_entregue', language: 'pt_BR', bodyParameters: ['P925-ABCDE', 'https://loja.test/pedido/abc'] };

  it('posts the template to /<phone-number-id>/messages with the Bearer token and returns the message id', async () => {
    const sent = await provider().send(message);
    expect(sent.providerMessageId).toMatch(/^wamid\./);
    const request = double.requests.at(-1)!;
    expect(request.path).toBe(`/${double.phoneNumberId}/messages`);
    expect(request.authorization).toBe(`Bearer ${double.token}`);
    expect(request.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5521912345678',
      type: 'template',
      template: {
        name: 'prata_pedido_entregue',
        language: { code: 'pt_BR' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'P925-ABCDE' }, { type: 'text', text: 'https://loja.test/pedido/abc' }] }],
      },
    });
  });

  it('maps refusals to MessagingRejectedError and outages and throttling to MessagingUnavailableError', async () => {
    const wrongToken = await provider('token-errado-0123456789').send(message).catch((error: unknown) => error);
    expect(wrongToken).toBeInstanceOf(MessagingRejectedError);
    expect(wrongToken).toMatchObject({ code: 190 });
    const unknownTemplate = await provider().send({ ...message, template: 'nao_aprovado' }).catch((error: unknown) => error);
    expect(unknownTemplate).toMatchObject({ name: 'MessagingRejectedError', code: 132001 });
    expect((unknownTemplate as Error).message).toContain('Template name does not exist');
    double.undeliverable.add('5521900000000');
    await expect(provider().send({ ...message, to: '5521900000000' })).rejects.toMatchObject({ name: 'MessagingRejectedError', code: 131026 });

    double.rateLimitNext = 1;
    await expect(provider().send(message)).rejects.toBeInstanceOf(MessagingUnavailableError);
    double.failWith = 503;
    await expect(provider().send(message)).rejects.toThrow(/messaging provider unavailable: .*status 503/);
    double.failWith = null;
    await expect(provider(double.token, 'http://127.0.0.1:9').send(message)).rejects.toBeInstanceOf(MessagingUnavailableError);
    double.delayMs = 300;
    await expect(provider(double.token, double.url, 100).send(message)).rejects.toBeInstanceOf(MessagingUnavailableError);
    double.delayMs = 0;
  });

  it("accepts only Meta's signature of the raw body", () => {
    const body = double.statusWebhook([{ id: 'wamid.x', status: 'delivered', timestamp: 1_764_500_000, recipientId: NUMBER }]);
    const signature = signWhatsAppWebhook(double.appSecret, body);
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifyWhatsAppSignature(double.appSecret, body, signature)).toBe(true);
    expect(verifyWhatsAppSignature(double.appSecret, `${body} `, signature)).toBe(false);
    expect(verifyWhatsAppSignature('outro-segredo-0123456789', body, signature)).toBe(false);
    expect(verifyWhatsAppSignature(double.appSecret, body, signature.replace('sha256=', 'sha1='))).toBe(false);
    expect(verifyWhatsAppSignature(double.appSecret, body, undefined)).toBe(false);
    expect(verifyWhatsAppSignature(null, body, signature)).toBe(false);
  });
});

describe('order messages on WhatsApp (Cloud API double)', { timeout: 60_000 }, () => {
  let service: TestService;
  let staff: SignedIn;

  beforeAll(async () => {
    service = await createTestService({
      MESSAGING_PROVIDER: 'whatsapp',
      WHATSAPP_API_URL: double.url,
      WHATSAPP_ACCESS_TOKEN: double.token,
      WHATSAPP_PHONE_NUMBER_ID: double.phoneNumberId,
      WHATSAPP_APP_SECRET: double.appSecret,
      WHATSAPP_VERIFY_TOKEN: double.verifyToken,
      WHATSAPP_TIMEOUT_MS: '2000',
      PAYMENT_SANDBOX_DELAY_MS: '0',
      ORDER_RATE_LIMIT_PER_MINUTE: '10000',
    });
    staff = await account(service, ['admin'], 'admin');
  });
  afterAll(async () => service?.close());

  const sql = <T>(query: string, params: unknown[] = []) => service.db.orm.em.fork().getConnection().execute(query, params) as Promise<T[]>;
  const messagesOf = (orderId: string) =>
    sql<{ id: string; kind: string; status: string; provider_message_id: string | null; attempts: number; error: string | null }>(
      'select id, kind, status, provider_message_id, attempts, error from order_messages where order_id = ? order by created_at, kind',
      [orderId],
    );
  const adminPost = (id: string, action: string, payload: object = {}) => service.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/${action}`, headers: bearer(staff), payload });
  /** The webhook POST of `body`, signed with the app secret unless `signature` is given (null: none). */
  const webhook = (body: string, signature: string | null = signWhatsAppWebhook(double.appSecret, body)) =>
    service.app.inject({ method: 'POST', url: WHATSAPP_WEBHOOK_PATH, headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) }, payload: body });
  /** What the double received for `orderNumber`, oldest first. */
  const sentFor = (orderNumber: string, to = NUMBER) => double.sentTo(to).filter((message) => message.parameters[0] === orderNumber);

  /** A PIX order of a new buyer; `whatsappOptIn` and `phone` as the checkout sends them. */
  async function pixOrder(options: { whatsappOptIn?: boolean; phone?: string } = {}): Promise<{ buyer: SignedIn; id: string; number: string }> {
    const buyer = await account(service);
    const product = await createProduct(service, clock, 5, 5000);
    const placed = await placeOrder(service, buyer, {
      items: [{ productId: product.id, quantity: 1 }],
      customer: { ...customer, email: buyer.email, phone: options.phone ?? customer.phone },
      payment: { method: 'pix' },
      ...(options.whatsappOptIn === undefined ? {} : { whatsappOptIn: options.whatsappOptIn }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    return { buyer, ...(placed.json() as { id: string; number: string }) };
  }

  it('has a schema that matches the entities after migrating', async () => {
    const diff = await service.db.orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff).not.toMatch(/order_messages|whatsapp/);
  });

  it('sends received (no PIX code), paid, shipped and delivered to an order that opted in, beside the e-mails', async () => {
    const order = await pixOrder({ whatsappOptIn: true });
    const [stored] = await sql<{ whatsapp_opt_in: boolean; pix_payload: string }>('select whatsapp_opt_in, pix_payload from orders where id = ?', [order.id]);
    expect(stored).toMatchObject({ whatsapp_opt_in: true });
    expect(stored!.pix_payload.length).toBeGreaterThan(20);
    await service.app.jobs.tick();

    const received = sentFor(order.number);
    expect(received).toHaveLength(1);
    expect(received[0]!.template).toBe('prata_pedido_recebido');
    const [number, total, link] = received[0]!.parameters;
    expect(number).toBe(order.number);
    // One piece of R$ 50,00 and the freight table's PAC to São Paulo (R$ 19,90).
    expect(total).toBe('R$ 69,90');
    expect(link).toMatch(new RegExp(`^${service.config.shellUrl}/pedido/[A-Za-z0-9_-]{72}$`));
    // The number is not proven: the PIX copia e cola is never sent to it.
    expect(received[0]!.parameters.join(' ')).not.toContain(stored!.pix_payload);
    const tracking = await service.app.inject({ method: 'GET', url: `/api/order-tracking/${link!.split('/pedido/')[1]}` });
    expect(tracking.statusCode, tracking.body).toBe(200);
    expect(tracking.json()).toMatchObject({ number: order.number });

    expect((await adminPost(order.id, 'mark-paid', { note: 'PIX conferido no extrato' })).statusCode).toBe(200);
    await service.app.jobs.tick();
    expect((await adminPost(order.id, 'ship', { carrier: 'Correios', trackingCode: 'BR123456789BR' })).statusCode).toBe(200);
    await service.app.jobs.tick();
    expect((await adminPost(order.id, 'deliver')).statusCode).toBe(200);
    await service.app.jobs.tick();

    expect(sentFor(order.number).map(({ template, parameters }) => [template, parameters.slice(0, -1)])).toEqual([
      ['prata_pedido_recebido', [order.number, 'R$ 69,90']],
      ['prata_pagamento_confirmado', [order.number]],
      ['prata_pedido_enviado', [order.number, 'Correios', 'BR123456789BR']],
      ['prata_pedido_entregue', [order.number]],
    ]);
    const messages = await messagesOf(order.id);
    expect(messages.map((m) => [m.kind, m.status, m.attempts])).toEqual([
      ['received', 'sent', 1],
      ['paid', 'sent', 1],
      ['shipped', 'sent', 1],
      ['delivered', 'sent', 1],
    ]);
    expect(messages.every((m) => m.provider_message_id?.startsWith('wamid.'))).toBe(true);
    // The e-mails went as always.
    expect((await orderMails(service, order.buyer.email, order.number)).map((mail) => mail.subject)).toEqual([
      `Pedido ${order.number} recebido`,
      `Pagamento confirmado - pedido ${order.number}`,
      `Pedido ${order.number} enviado`,
      `Pedido ${order.number} entregue`,
    ]);
    // An event heard again sends nothing twice.
    expect(await service.app.messaging!.request(service.db.orm.em.fork(), order.id, 'paid')).toBeNull();

    // The staff see the messages; nobody else does.
    const view = await service.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}/messages`, headers: bearer(staff) });
    expect(view.statusCode, view.body).toBe(200);
    const parsed = adminOrderMessagesSchema.parse(view.json());
    expect(parsed).toMatchObject({ enabled: true, optIn: true });
    expect(parsed.messages.map((m) => [m.kind, m.template, m.status])).toEqual([
      ['received', 'prata_pedido_recebido', 'sent'],
      ['paid', 'prata_pagamento_confirmado', 'sent'],
      ['shipped', 'prata_pedido_enviado', 'sent'],
      ['delivered', 'prata_pedido_entregue', 'sent'],
    ]);
    expect((await service.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}/messages`, headers: bearer(order.buyer) })).statusCode).toBe(403);
    expect((await service.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}/messages` })).statusCode).toBe(401);
    expect((await service.app.inject({ method: 'GET', url: '/api/admin/orders/4b0e3c0a-5b7d-4c59-9d3e-2a4b6c8d0e1f/messages', headers: bearer(staff) })).statusCode).toBe(404);
    const malformed = await service.app.inject({ method: 'GET', url: '/api/admin/orders/nao-e-um-id/messages', headers: bearer(staff) });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ issues: [{ message: 'Pedido não encontrado' }] });
  });

  it('stores the statuses of a signed webhook, never moving a message back, and refuses an unsigned or forged one', async () => {
    const order = await pixOrder({ whatsappOptIn: true });
    await service.app.jobs.tick();
    const [message] = await messagesOf(order.id);
    const id = message!.provider_message_id!;
    const at = Math.floor(Date.now() / 1000);

    const delivered = double.statusWebhook([
      { id, status: 'delivered', timestamp: at, recipientId: NUMBER },
      { id, status: 'read', timestamp: at + 60, recipientId: NUMBER },
    ]);
    const answer = await webhook(delivered);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ received: true, updated: 1 });
    const [row] = await sql<{ status: string; delivered_at: string; read_at: string }>('select status, delivered_at, read_at from order_messages where provider_message_id = ?', [id]);
    expect(row!.status).toBe('read');
    expect([new Date(row!.delivered_at).getTime(), new Date(row!.read_at).getTime()]).toEqual([at * 1000, (at + 60) * 1000]);
    // A late 'sent' (webhooks come in any order) or a replay moves nothing back.
    expect((await webhook(double.statusWebhook([{ id, status: 'sent', timestamp: at - 5, recipientId: NUMBER }]))).json()).toEqual({ received: true, updated: 0 });
    expect((await webhook(delivered)).json()).toEqual({ received: true, updated: 0 });
    expect((await messagesOf(order.id))[0]!.status).toBe('read');

    // Without a signature, with another secret's, or with the body changed: 401, nothing stored.
    const failed = double.statusWebhook([{ id, status: 'failed', timestamp: at + 120, recipientId: NUMBER, errors: [{ code: 131047, title: 'Re-engagement message', details: 'More than 24 hours' }] }]);
    for (const signature of [null, signWhatsAppWebhook('outro-segredo-0123456789', failed), signWhatsAppWebhook(double.appSecret, delivered), 'sha256=zz']) {
      const refused = await webhook(failed, signature);
      expect(refused.statusCode, String(signature)).toBe(401);
      expect(refused.json()).toMatchObject({ message: 'Assinatura do webhook inválida' });
    }
    expect((await messagesOf(order.id))[0]!.status).toBe('read');
    // Signed but not a webhook: 400.
    expect((await webhook('{"object":1}')).statusCode).toBe(400);
    expect((await webhook('não é json')).statusCode).toBe(400);

    // A failure the webhook reports is stored with its error (on a message that was only sent).
    expect((await adminPost(order.id, 'mark-paid', { note: 'extrato' })).statusCode).toBe(200);
    await service.app.jobs.tick();
    const paid = (await messagesOf(order.id)).find((m) => m.kind === 'paid')!;
    const paidFailed = double.statusWebhook([{ id: paid.provider_message_id!, status: 'failed', timestamp: at + 180, recipientId: NUMBER, errors: [{ code: 131047, title: 'Re-engagement message', details: 'More than 24 hours' }] }]);
    expect((await webhook(paidFailed)).json()).toEqual({ received: true, updated: 1 });
    expect((await messagesOf(order.id)).find((m) => m.kind === 'paid')).toMatchObject({ status: 'failed', error: '131047 Re-engagement message More than 24 hours' });
  });

  it("answers Meta's verification with the challenge only for the verify token", async () => {
    const verify = (token: string, mode = 'subscribe') =>
      service.app.inject({ method: 'GET', url: `${WHATSAPP_WEBHOOK_PATH}?hub.mode=${mode}&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444` });
    const ok = await verify(double.verifyToken);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    expect(ok.body).toBe('1158201444');
    expect((await verify('token-errado-0123456789')).statusCode).toBe(403);
    expect((await verify(double.verifyToken, 'unsubscribe')).statusCode).toBe(403);
  });

  it('sends nothing without opt-in, no "received" to a card order, and refuses an opt-in without a Brazilian phone', async () => {
    const before = double.requests.length;
    const plain = await pixOrder();
    await service.app.jobs.tick();
    expect(await messagesOf(plain.id)).toEqual([]);
    expect((await adminPost(plain.id, 'mark-paid', { note: 'extrato' })).statusCode).toBe(200);
    await service.app.jobs.tick();
    expect(await messagesOf(plain.id)).toEqual([]);
    expect(double.requests.length).toBe(before);

    // A card approved at once: 'paid' only.
    const buyer = await account(service);
    const product = await createProduct(service, clock, 5, 5000);
    const card = await placeOrder(service, buyer, { items: [{ productId: product.id, quantity: 1 }], customer: { ...customer, email: buyer.email }, payment: await sandboxCard(service, buyer), whatsappOptIn: true });
    expect(card.statusCode, card.body).toBe(201);
    await service.app.jobs.tick();
    expect((await messagesOf(card.json().id)).map((m) => [m.kind, m.status])).toEqual([['paid', 'sent']]);

    const landline = await placeOrder(service, buyer, { items: [{ productId: product.id, quantity: 1 }], customer: { ...customer, email: buyer.email, phone: '(01) 98765-4321' }, payment: { method: 'pix' }, whatsappOptIn: true });
    expect(landline.statusCode).toBe(400);
    expect(landline.json()).toMatchObject({ message: 'Para receber pelo WhatsApp, informe um celular com DDD, por exemplo (11) 98765-4321.', issues: [{ path: 'body.customer.phone' }] });
    const notBoolean = await placeOrder(service, buyer, { items: [{ productId: product.id, quantity: 1 }], customer: { ...customer, email: buyer.email }, payment: { method: 'pix' }, whatsappOptIn: 'sim' });
    expect(notBoolean.statusCode).toBe(400);
  });

  it('records a refusal as failed at once and an outage as an attempt to retry; the e-mail goes either way', async () => {
    double.undeliverable.add('5511933334444');
    const refused = await pixOrder({ whatsappOptIn: true, phone: '(11) 93333-4444' });
    await service.app.jobs.tick();
    const [failed] = await messagesOf(refused.id);
    expect(failed).toMatchObject({ kind: 'received', status: 'failed', attempts: 1, provider_message_id: null });
    expect(failed!.error).toMatch(/Message Undeliverable.*\(code 131026\)$/);
    expect((await orderMails(service, refused.buyer.email, refused.number)).map((mail) => mail.subject)).toEqual([`Pedido ${refused.number} recebido`]);

    double.failWith = 503;
    const down = await pixOrder({ whatsappOptIn: true, phone: '(21) 97777-1234' });
    await service.app.jobs.tick();
    const [queued] = await messagesOf(down.id);
    expect(queued).toMatchObject({ status: 'queued', attempts: 1 });
    expect(queued!.error).toMatch(/^messaging provider unavailable: Something went wrong/);
    double.failWith = null;
    // The queue's retry (pg-boss runs it MAIL_RETRY_INTERVAL_MS later) sends it.
    expect(await service.app.messaging!.send(service.db.orm.em.fork(), queued!.id)).toBe('sent');
    expect((await messagesOf(down.id))[0]).toMatchObject({ status: 'sent', attempts: 2, error: null });
    expect(sentFor(down.number, '5521977771234')).toHaveLength(1);
    expect(await service.app.messaging!.send(service.db.orm.em.fork(), queued!.id)).toBe('already_done');

    // Out of attempts: failed with the last error.
    double.failWith = 502;
    const gone = await pixOrder({ whatsappOptIn: true, phone: '(31) 98888-0000' });
    await service.app.jobs.tick();
    const [last] = await messagesOf(gone.id);
    await service.app.messaging!.giveUp(service.db.orm.em.fork(), last!.id, new Error('messaging provider unavailable: status 502'));
    double.failWith = null;
    expect((await messagesOf(gone.id))[0]).toMatchObject({ status: 'failed', error: 'messaging provider unavailable: status 502' });
  });

  it('skips "received" when the order was cancelled before its turn', async () => {
    double.failWith = 503;
    const order = await pixOrder({ whatsappOptIn: true });
    await service.app.jobs.tick();
    double.failWith = null;
    expect((await adminPost(order.id, 'cancel', {})).statusCode).toBe(200);
    const [message] = await messagesOf(order.id);
    expect(await service.app.messaging!.send(service.db.orm.em.fork(), message!.id)).toBe('skipped');
    expect((await messagesOf(order.id))[0]).toMatchObject({ status: 'skipped' });
  });
});

describe('a store without WhatsApp configured', { timeout: 60_000 }, () => {
  let service: TestService;
  afterAll(async () => service?.close());

  it('keeps the opt-in on the order but sends nothing, and its webhook does not exist', async () => {
    service = await createTestService({ PAYMENT_SANDBOX_DELAY_MS: '0' });
    expect(service.app.messaging).toBeNull();
    const staff = await account(service, ['admin'], 'admin');
    const buyer = await account(service);
    const product = await createProduct(service, clock, 5, 5000);
    const before = double.requests.length;
    const placed = await placeOrder(service, buyer, { items: [{ productId: product.id, quantity: 1 }], customer: { ...customer, email: buyer.email }, payment: { method: 'pix' }, whatsappOptIn: true });
    expect(placed.statusCode, placed.body).toBe(201);
    await service.app.inject({ method: 'POST', url: `/api/admin/orders/${placed.json().id}/mark-paid`, headers: bearer(staff), payload: { note: 'extrato' } });
    await service.app.jobs.tick();
    const rows = await service.db.orm.em.fork().getConnection().execute<{ n: string }[]>('select count(*)::text as n from order_messages');
    expect(rows[0]!.n).toBe('0');
    expect(double.requests.length).toBe(before);
    const view = await service.app.inject({ method: 'GET', url: `/api/admin/orders/${placed.json().id}/messages`, headers: bearer(staff) });
    expect(adminOrderMessagesSchema.parse(view.json())).toEqual({ enabled: false, optIn: true, messages: [] });
    expect((await service.app.inject({ method: 'GET', url: `${WHATSAPP_WEBHOOK_PATH}?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1` })).statusCode).toBe(404);
    const body = double.statusWebhook([]);
    const posted = await service.app.inject({ method: 'POST', url: WHATSAPP_WEBHOOK_PATH, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWhatsAppWebhook(double.appSecret, body) }, payload: body });
    expect(posted.statusCode).toBe(404);
  });
});

describe('WhatsApp settings', () => {
  it('are off by default and need the token, the number id, the app secret and the verify token', () => {
    expect(loadConfig({}).whatsapp).toBeNull();
    expect(() => loadConfig({ MESSAGING_PROVIDER: 'whatsapp' })).toThrow(
      /WHATSAPP_ACCESS_TOKEN: required with MESSAGING_PROVIDER=whatsapp\nWHATSAPP_PHONE_NUMBER_ID: required[^\n]*\nWHATSAPP_APP_SECRET: required[^\n]*\nWHATSAPP_VERIFY_TOKEN: required/,
    );
    const on = loadConfig({ MESSAGING_PROVIDER: 'whatsapp', WHATSAPP_ACCESS_TOKEN: double.token, WHATSAPP_PHONE_NUMBER_ID: double.phoneNumberId, WHATSAPP_APP_SECRET: double.appSecret, WHATSAPP_VERIFY_TOKEN: double.verifyToken });
    expect(on.whatsapp).toMatchObject({ apiUrl: 'https://graph.facebook.com/v21.0', phoneNumberId: double.phoneNumberId, timeoutMs: 10_000 });
    expect(() => loadConfig({ MESSAGING_PROVIDER: 'whatsapp', WHATSAPP_PHONE_NUMBER_ID: '+55 11 9999' })).toThrow(/WHATSAPP_PHONE_NUMBER_ID must be the numeric id/);
  });
});
