/**
 * Invoices (NF-e) of paid orders, against real PostgreSQL, real pg-boss and a local HTTP
 * double of Focus NFe's documented API v2 (test/focus-nfe-double.ts):
 * - the Focus NFe adapter: the NF-e it sends (values worked out by hand), issue, pending then
 *   authorised, SEFAZ's refusal, cancel, the provider down, a wrong token;
 * - the job flow: a paid order gets its invoice authorised; the provider down -> retried with
 *   backoff, the order still paid, then authorised; retries run out -> `failed` and a system
 *   error, and staff send it again (audited); a refund cancels the invoice at the provider;
 * - the routes: buyer only (404 for others), admin only, signed download links (403 when forged);
 * - the sandbox provider authorises at once and serves its own PDF and XML;
 * - the settings: `focusnfe` needs its token and CNPJ, the sandbox is refused in production.
 * Retry delays are 1 s here, so the job tests wait real seconds (bounded) and call
 * `app.jobs.tick()` as the poller would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderInvoiceSchema, orderInvoiceSchema } from '@prata/contracts';
import { loadConfig } from '../src/config.ts';
import { FocusNfeProvider, apportion, focusNfeBody } from '../src/modules/invoices/focus-nfe-provider.ts';
import { InvoiceProviderRejectedError, InvoiceProviderUnavailableError, type InvoiceRequest } from '../src/modules/invoices/invoice-provider.ts';
import { accessKeyCheckDigit } from '../src/modules/invoices/sandbox-invoice-provider.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { FocusNfeDouble, danfeBytes, xmlText } from './focus-nfe-double.ts';
import { createTestService, type TestService } from './helpers.ts';
import { createProduct, customer, placeOrder } from './shop.ts';

const double = new FocusNfeDouble();
const clock = { now: () => new Date() };
const emitter = { cnpj: '11222333000181', state: 'SP', ncm: '71131100' };

/** An order to Rio de Janeiro: two rings and a pendant, freight R$ 23,90, discount R$ 18,49. */
const request: InvoiceRequest = {
  ref: '7a1c2f0e-5b7d-4c59-9d3e-2a4b6c8d0e1f',
  orderNumber: 'P925-ABCDE',
  issuedAt: new Date('2026-11-24T13:00:00Z'),
  buyer: { name: 'Maria Silva', email: 'maria@exemplo.com.br', phone: '(21) 98765-4321', cpf: '52998224725', zipCode: '20040-002', street: 'Avenida Rio Branco', number: '100', complement: null, neighborhood: 'Centro', city: 'Rio de Janeiro', state: 'RJ' },
  items: [
    { code: 'ANEL-18', description: 'Anel Solitário — Aro 18', quantity: 2, unitCents: 15990, totalCents: 31980 },
    { code: 'PING-1', description: 'Pingente Gota', quantity: 1, unitCents: 5000, totalCents: 5000 },
  ],
  shippingCents: 2390,
  discountCents: 1849,
  totalCents: 37521,
  paymentMethod: 'pix',
  storeCreditCents: 0,
};

beforeAll(async () => {
  await double.start();
});
afterAll(async () => {
  await double.stop();
});

describe('the Focus NFe adapter', () => {
  const provider = () => new FocusNfeProvider({ origin: double.url, token: double.token, timeoutMs: 2000, emitter });

  it('sends a consumer sale: CFOP by state, freight and discount split over the lines to the cent, PIX as tPag 17', () => {
    const body = focusNfeBody(request, emitter);
    expect(body).toMatchObject({
      data_emissao: '2026-11-24T10:00:00-03:00',
      cnpj_emitente: '11222333000181',
      local_destino: 2,
      consumidor_final: 1,
      presenca_comprador: 2,
      cpf_destinatario: '52998224725',
      telefone_destinatario: '21987654321',
      cep_destinatario: '20040002',
      uf_destinatario: 'RJ',
      valor_produtos: 369.8,
      valor_frete: 23.9,
      valor_desconto: 18.49,
      valor_total: 375.21,
      formas_pagamento: [{ forma_pagamento: '17', valor_pagamento: 375.21 }],
    });
    const items = body.items as Record<string, unknown>[];
    expect(items.map((item) => [item.cfop, item.codigo_ncm, item.quantidade_comercial, item.valor_unitario_comercial, item.valor_bruto, item.valor_frete, item.valor_desconto])).toEqual([
      ['6108', '71131100', 2, 159.9, 319.8, 20.67, 15.99],
      ['6108', '71131100', 1, 50, 50, 3.23, 2.5],
    ]);
    expect((focusNfeBody({ ...request, buyer: { ...request.buyer, state: 'SP' } }, emitter).items as { cfop: string }[])[0]!.cfop).toBe('5102');
    // Store credit is its own payment, 'Crédito Loja' (tPag 05): part of the total, or all of it.
    expect(focusNfeBody({ ...request, storeCreditCents: 10000 }, emitter).formas_pagamento).toEqual([
      { forma_pagamento: '05', valor_pagamento: 100 },
      { forma_pagamento: '17', valor_pagamento: 275.21 },
    ]);
    expect(focusNfeBody({ ...request, paymentMethod: 'store-credit', storeCreditCents: 37521 }, emitter).formas_pagamento).toEqual([{ forma_pagamento: '05', valor_pagamento: 375.21 }]);
    // Mercado Pago's Linha de Crédito has no code of its own: 99 'Outros', named in xPag.
    expect(focusNfeBody({ ...request, paymentMethod: 'mercadopago-credits' }, emitter).formas_pagamento).toEqual([
      { forma_pagamento: '99', valor_pagamento: 375.21, descricao_pagamento: 'Linha de Crédito Mercado Pago' },
    ]);
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
  });

  it('issues (processing), reads it pending then authorised, downloads its files and cancels it', async () => {
    double.pollsBeforeDecision = 1;
    const focus = provider();
    expect(await focus.issue(request)).toEqual({ status: 'processing' });
    expect(double.invoices.get(request.ref)!.body).toMatchObject({ cnpj_emitente: '11222333000181', valor_total: 375.21 });
    expect(await focus.status(request.ref)).toEqual({ status: 'processing' });
    const authorised = await focus.status(request.ref);
    const chave = double.invoices.get(request.ref)!.chave!;
    expect(authorised).toEqual({ status: 'authorized', number: '1001', series: '1', accessKey: chave, danfePath: `/arquivos_development/${chave}.pdf`, xmlPath: `/arquivos_development/${chave}-nfe.xml` });
    // Sending the same ref again (a retry after a lost answer) reads the invoice instead.
    expect(await focus.issue(request)).toEqual(authorised);
    const stored = { ref: request.ref, number: '1001', series: '1', accessKey: chave, danfePath: authorised.danfePath!, xmlPath: authorised.xmlPath! };
    expect((await focus.download(stored, 'danfe')).body.equals(danfeBytes(chave))).toBe(true);
    expect((await focus.download(stored, 'xml')).body.toString('utf8')).toBe(xmlText(chave));
    expect(await focus.cancel(request.ref, 'Venda cancelada a pedido, valor devolvido ao comprador')).toEqual({ status: 'cancelled', number: null, series: null, accessKey: null });
    expect(double.invoices.get(request.ref)).toMatchObject({ status: 'cancelado', justificativa: 'Venda cancelada a pedido, valor devolvido ao comprador' });
    expect(await focus.status('ref-que-nao-existe')).toEqual({ status: 'not_found' });
    double.pollsBeforeDecision = 0;
  });

  it("reports SEFAZ's refusal with its message, an outage as unavailable and a wrong token as a refusal", async () => {
    const focus = provider();
    double.pollsBeforeDecision = 0;
    double.rejectWith = 'Rejeição: CPF do destinatário inválido';
    await focus.issue({ ...request, ref: 'ref-recusada' });
    expect(await focus.status('ref-recusada')).toEqual({ status: 'rejected', message: 'Rejeição: CPF do destinatário inválido' });
    double.rejectWith = null;
    await expect(focus.cancel('ref-recusada', 'Venda cancelada a pedido do cliente')).rejects.toThrow('Rejeição: Falha no schema XML do lote de NFe');
    double.failWith = 503;
    await expect(focus.issue({ ...request, ref: 'ref-fora-do-ar' })).rejects.toBeInstanceOf(InvoiceProviderUnavailableError);
    double.failWith = null;
    const wrongToken = new FocusNfeProvider({ origin: double.url, token: 'token-errado-123', timeoutMs: 2000, emitter });
    await expect(wrongToken.status(request.ref)).rejects.toBeInstanceOf(InvoiceProviderRejectedError);
    const unreachable = new FocusNfeProvider({ origin: 'http://127.0.0.1:9', token: double.token, timeoutMs: 2000, emitter });
    await expect(unreachable.status(request.ref)).rejects.toBeInstanceOf(InvoiceProviderUnavailableError);
  });
});

describe('invoices of paid orders (Focus NFe double)', { timeout: 60_000 }, () => {
  let service: TestService;
  let staff: SignedIn;
  let buyer: SignedIn;

  beforeAll(async () => {
    service = await createTestService({
      INVOICE_PROVIDER: 'focusnfe',
      FOCUS_NFE_URL: double.url,
      FOCUS_NFE_TOKEN: double.token,
      INVOICE_EMITTER_CNPJ: '11.222.333/0001-81',
      INVOICE_RETRY_DELAY_SECONDS: '1',
      INVOICE_MAX_ATTEMPTS: '3',
      PAYMENT_SANDBOX_DELAY_MS: '0',
      ORDER_RATE_LIMIT_PER_MINUTE: '10000',
    });
    staff = await account(service, ['admin'], 'admin');
    buyer = await account(service);
  });
  afterAll(async () => service?.close());

  const sql = <T>(query: string, params: unknown[] = []) => service.db.orm.em.fork().getConnection().execute(query, params) as Promise<T[]>;
  const invoiceOf = async (orderId: string) =>
    (await sql<{ id: string; status: string; number: string | null; attempts: number; last_error: string | null }>('select id, status, number, attempts, last_error from invoices where order_id = ?', [orderId]))[0];
  const adminPost = (id: string, action: string, payload: object = {}) => service.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/${action}`, headers: bearer(staff), payload });

  /** A PIX order of `who`, paid by staff (mark-paid): `OrderPaid` is dispatched when this returns. */
  async function paidOrder(who: SignedIn): Promise<{ id: string; number: string }> {
    const product = await createProduct(service, clock, 5, 5000);
    const placed = await placeOrder(service, who, { items: [{ productId: product.id, quantity: 2 }], customer: { ...customer, email: who.email }, payment: { method: 'pix' } });
    expect(placed.statusCode, placed.body).toBe(201);
    const paid = await adminPost(placed.json().id, 'mark-paid', { note: 'PIX conferido no extrato' });
    expect(paid.statusCode, paid.body).toBe(200);
    return placed.json();
  }

  /** Works the job queue until `done` holds (bounded: the retries wait real seconds). */
  async function until(done: () => Promise<boolean>): Promise<void> {
    const deadline = Date.now() + 25_000;
    while (Date.now() < deadline) {
      await service.app.jobs.tick();
      if (await done()) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('condition not reached in 25 s');
  }

  it('requests the invoice on payment and polls it until authorised; the buyer and staff see it, nobody else', async () => {
    double.pollsBeforeDecision = 1;
    const order = await paidOrder(buyer);
    expect(await invoiceOf(order.id)).toMatchObject({ status: 'requested', attempts: 0 });
    await service.app.jobs.tick();
    expect(await invoiceOf(order.id)).toMatchObject({ status: 'processing' });
    // Two pieces of R$ 50,00 to São Paulo by the freight table's PAC (R$ 19,90 up to 1 kg, seeded): no discount.
    expect(double.invoices.get(order.id)!.body).toMatchObject({ cnpj_emitente: '11222333000181', nome_destinatario: customer.fullName, cpf_destinatario: '52998224725', valor_produtos: 100, valor_frete: 19.9, valor_desconto: 0, valor_total: 119.9, local_destino: 1 });
    await until(async () => (await invoiceOf(order.id))!.status === 'authorized');
    double.pollsBeforeDecision = 0;
    const chave = double.invoices.get(order.id)!.chave!;

    const mine = await service.app.inject({ method: 'GET', url: `/api/orders/${order.id}/invoice`, headers: bearer(buyer) });
    expect(mine.statusCode, mine.body).toBe(200);
    const invoice = orderInvoiceSchema.parse(mine.json());
    expect(invoice).toMatchObject({ status: 'authorized', number: double.invoices.get(order.id)!.numero, series: '1', accessKey: chave, cancelledAt: null });

    // The signed links serve the provider's files; a forged or altered link is refused.
    const danfe = await service.app.inject({ method: 'GET', url: invoice.danfeUrl!.replace(service.config.publicUrl, '') });
    expect(danfe.statusCode).toBe(200);
    expect(danfe.headers['content-type']).toBe('application/pdf');
    expect(danfe.rawPayload.equals(danfeBytes(chave))).toBe(true);
    const xml = await service.app.inject({ method: 'GET', url: invoice.xmlUrl!.replace(service.config.publicUrl, '') });
    expect(xml.body).toBe(xmlText(chave));
    const forged = invoice.danfeUrl!.replace(service.config.publicUrl, '').replace('/danfe?', '/xml?');
    expect((await service.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    const unsigned = await service.app.inject({ method: 'GET', url: `/api/invoices/${(await invoiceOf(order.id))!.id}/danfe` });
    expect(unsigned.statusCode).toBe(400);

    const other = await account(service);
    expect((await service.app.inject({ method: 'GET', url: `/api/orders/${order.id}/invoice`, headers: bearer(other) })).statusCode).toBe(404);
    expect((await service.app.inject({ method: 'GET', url: `/api/orders/${order.id}/invoice` })).statusCode).toBe(401);
    const malformed = await service.app.inject({ method: 'GET', url: '/api/orders/nao-e-um-id/invoice', headers: bearer(buyer) });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ message: 'Dados inválidos', issues: [{ message: 'Pedido não encontrado' }] });

    const staffView = await service.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}/invoice`, headers: bearer(staff) });
    expect(adminOrderInvoiceSchema.parse(staffView.json())).toMatchObject({ status: 'authorized', provider: 'focusnfe', attempts: 0, lastError: null });
    expect((await service.app.inject({ method: 'GET', url: `/api/admin/orders/${order.id}/invoice`, headers: bearer(buyer) })).statusCode).toBe(403);
  });

  it('retries while the provider is down without holding the order, and authorises once it is back', async () => {
    double.failWith = 503;
    const order = await paidOrder(buyer);
    await service.app.jobs.tick();
    expect(await invoiceOf(order.id)).toMatchObject({ status: 'requested', attempts: 1, last_error: 'invoice provider unavailable: status 503' });
    const [row] = await sql<{ status: string }>('select status from orders where id = ?', [order.id]);
    expect(row!.status).toBe('paid');
    const pending = await service.app.inject({ method: 'GET', url: `/api/orders/${order.id}/invoice`, headers: bearer(buyer) });
    expect(pending.json()).toMatchObject({ status: 'requested', number: null, danfeUrl: null, xmlUrl: null });
    double.failWith = null;
    await until(async () => (await invoiceOf(order.id))!.status === 'authorized');
    expect((await invoiceOf(order.id))!.attempts).toBe(1);
  });

  it('marks the invoice failed and records a system error when the retries run out; staff send it again', async () => {
    double.failWith = 502;
    const order = await paidOrder(buyer);
    await until(async () => (await invoiceOf(order.id))!.status === 'failed');
    expect(await invoiceOf(order.id)).toMatchObject({ status: 'failed', attempts: 3 });
    const errors = await sql<{ error_type: string; error_message: string }>('select error_type, error_message from system_errors where error_type = ?', ['InvoiceFailed']);
    expect(errors.map((error) => error.error_message)).toContain('Nota fiscal do pedido não foi emitida após 3 tentativas: invoice provider unavailable: status 502');
    double.failWith = null;

    // Staff send it again once the provider is back (audited); only a failed or rejected one.
    const retryUrl = `/api/admin/orders/${order.id}/invoice/retry`;
    expect((await service.app.inject({ method: 'POST', url: retryUrl, headers: bearer(buyer) })).statusCode).toBe(403);
    const retried = await service.app.inject({ method: 'POST', url: retryUrl, headers: bearer(staff) });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(adminOrderInvoiceSchema.parse(retried.json())).toMatchObject({ status: 'requested', attempts: 0, lastError: null });
    await until(async () => (await invoiceOf(order.id))!.status === 'authorized');
    const again = await service.app.inject({ method: 'POST', url: retryUrl, headers: bearer(staff) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Só uma nota fiscal com falha ou rejeitada pode ser emitida de novo.');
    const logs = await sql<{ action: string; details: { orderId: string; status: string } }>('select action, details from admin_logs where action = ?', ['invoice_retried']);
    expect(logs).toEqual([{ action: 'invoice_retried', details: { orderId: order.id, status: 'failed', lastError: 'invoice provider unavailable: status 502' } }]);
  });

  it('cancels the invoice at the provider when the paid order is refunded', async () => {
    const order = await paidOrder(buyer);
    await until(async () => (await invoiceOf(order.id))!.status === 'authorized');
    const cancelled = await adminPost(order.id, 'cancel', {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancellation: { refundedCents: 11990 } });
    await until(async () => (await invoiceOf(order.id))!.status === 'cancelled');
    expect(double.invoices.get(order.id)).toMatchObject({ status: 'cancelado', justificativa: 'Venda cancelada a pedido, valor devolvido ao comprador' });
    const view = (await service.app.inject({ method: 'GET', url: `/api/orders/${order.id}/invoice`, headers: bearer(buyer) })).json();
    expect(view).toMatchObject({ status: 'cancelled', number: double.invoices.get(order.id)!.numero });
    expect(view.cancelledAt).not.toBeNull();
  });
});

describe('the sandbox provider', () => {
  let service: TestService;
  afterAll(async () => service?.close());

  it('authorises at once with a well-formed access key and serves its own DANFE and XML', async () => {
    service = await createTestService({ PAYMENT_SANDBOX_DELAY_MS: '0' });
    const staff = await account(service, ['admin'], 'admin');
    const buyer = await account(service);
    const product = await createProduct(service, clock, 5, 5000);
    const placed = await placeOrder(service, buyer, { items: [{ productId: product.id, quantity: 1 }], customer: { ...customer, email: buyer.email }, payment: { method: 'pix' } });
    await service.app.inject({ method: 'POST', url: `/api/admin/orders/${placed.json().id}/mark-paid`, headers: bearer(staff), payload: { note: 'extrato' } });
    await service.app.jobs.tick();
    const invoice = orderInvoiceSchema.parse((await service.app.inject({ method: 'GET', url: `/api/orders/${placed.json().id}/invoice`, headers: bearer(buyer) })).json());
    expect(invoice).toMatchObject({ status: 'authorized', series: '1' });
    expect(invoice.accessKey).toMatch(/^35\d{4}1122233300018155001\d{9}1\d{9}$/);
    expect(Number(invoice.accessKey!.slice(43))).toBe(accessKeyCheckDigit(invoice.accessKey!.slice(0, 43)));
    const danfe = await service.app.inject({ method: 'GET', url: invoice.danfeUrl!.replace(service.config.publicUrl, '') });
    expect(danfe.rawPayload.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    const xml = await service.app.inject({ method: 'GET', url: invoice.xmlUrl!.replace(service.config.publicUrl, '') });
    expect(xml.body).toContain(`<chNFe>${invoice.accessKey}</chNFe>`);
  });
});

describe('invoice settings', () => {
  it('needs the token and the CNPJ for Focus NFe, and refuses the sandbox in production', () => {
    expect(() => loadConfig({ INVOICE_PROVIDER: 'focusnfe' })).toThrow(/FOCUS_NFE_TOKEN: required with INVOICE_PROVIDER=focusnfe\nINVOICE_EMITTER_CNPJ: required/);
    expect(() => loadConfig({ INVOICE_PROVIDER: 'focusnfe', FOCUS_NFE_TOKEN: 'token-123456789', INVOICE_EMITTER_CNPJ: '123' })).toThrow(/INVOICE_EMITTER_CNPJ must be a CNPJ/);
    expect(loadConfig({}).invoices).toMatchObject({ provider: 'sandbox', focusNfe: null, emitter: { cnpj: '11222333000181', state: 'SP', ncm: '71131100' }, maxAttempts: 10, retryDelaySeconds: 60 });
    const production = { NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(20) + 'x7Kq9mZ2pL4vN8rT5wY1', ENCRYPTION_KEY: 'e'.repeat(20) + 'b3Hd6fJ9kM2nQ5sV8xZ0', SMTP_URL: 'smtp://relay:25', PAYMENT_PROVIDER: 'mercadopago', MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-123456', MERCADOPAGO_PUBLIC_KEY: 'APP_USR-pub-123', MERCADOPAGO_WEBHOOK_SECRET: 'webhook-secret-0123456789' };
    expect(loadConfig(production).invoices.provider).toBe('off');
    expect(() => loadConfig({ ...production, INVOICE_PROVIDER: 'sandbox' })).toThrow(/INVOICE_PROVIDER: the sandbox is refused in production/);
  });
});
