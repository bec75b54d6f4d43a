/**
 * A local HTTP double of the Mercado Pago payments API endpoints the adapter uses (documented
 * shapes: `POST /v1/card_tokens?public_key=`, `POST /v1/payments` with `X-Idempotency-Key`,
 * `GET /v1/payments/:id`, `GET /v1/payments/search?external_reference=`, `PUT /v1/payments/:id`,
 * `POST /v1/payments/:id/refunds`) and of its webhooks (`x-signature` / `x-request-id`, signed
 * here with node:crypto over the documented manifest, independently of the service's code).
 * A real HTTP server on 127.0.0.1; every request is recorded for assertions.
 */
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DoublePayment {
  id: number;
  status: string;
  status_detail: string;
  external_reference: string;
  payment_method_id: string;
  transaction_amount: number;
  installments: number | null;
  date_created: string;
  date_approved: string | null;
  date_of_expiration: string | null;
  card: { last_four_digits: string; first_six_digits: string } | null;
  point_of_interaction: { transaction_data: { qr_code: string; qr_code_base64: string } } | null;
  transaction_details: { digitable_line: string | null; external_resource_url: string | null };
  barcode: { content: string } | null;
  refunds: { id: number; amount: number }[];
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown> | null;
}

export class MercadoPagoDouble {
  readonly accessToken = 'TEST-1234567890-access-token';
  readonly publicKey = 'TEST-public-key-0001';
  readonly webhookSecret = 'double-webhook-secret-0123456789abcdef';
  readonly payments = new Map<number, DoublePayment>();
  readonly requests: RecordedRequest[] = [];
  private readonly tokens = new Map<string, { number: string }>();
  private readonly byIdempotencyKey = new Map<string, number>();
  private nextId = 1_325_000_000;
  /** Answer the next N `POST /v1/payments` with this status (e.g. 500 for an outage). */
  failNextPayments: { status: number; count: number } | null = null;
  /** Answer searches with this status (e.g. 500). */
  failSearch: number | null = null;
  private server = http.createServer((req, res) => void this.handle(req, res));
  url = '';

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Card tokenisation as the browser does it (with the public key). */
  async cardToken(number: string, securityCode = '123'): Promise<string> {
    const response = await fetch(`${this.url}/v1/card_tokens?public_key=${this.publicKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ card_number: number, expiration_month: 12, expiration_year: 2030, security_code: securityCode, cardholder: { name: 'MARIA SILVA' } }),
    });
    return ((await response.json()) as { id: string }).id;
  }

  /** Sets a payment's status on the acquirer's side (a shopper paid, a PIX expired, a stale read...). */
  setStatus(id: number | string, status: string): void {
    const payment = this.payments.get(Number(id))!;
    payment.status = status;
    if (status === 'approved') payment.date_approved = new Date().toISOString();
  }

  /** The newest payment of an order. */
  paymentOf(orderId: string): DoublePayment {
    return [...this.payments.values()].filter((p) => p.external_reference === orderId).at(-1)!;
  }

  /**
   * Delivers a `payment.updated` notification over HTTP to `url`, signed with `secret`
   * (default: the right one). @returns the HTTP status the store answered.
   */
  async notify(url: string, paymentId: number | string, options: { secret?: string; notificationId?: string; tamperSignature?: boolean } = {}): Promise<{ status: number; body: unknown }> {
    const requestId = randomUUID();
    const ts = String(Math.floor(Date.now() / 1000));
    // The documented manifest: id:[data.id_url];request-id:[x-request-id_header];ts:[ts_header];
    const manifest = `id:${paymentId};request-id:${requestId};ts:${ts};`;
    let v1 = createHmac('sha256', options.secret ?? this.webhookSecret).update(manifest).digest('hex');
    if (options.tamperSignature) v1 = `${v1.slice(0, -1)}${v1.endsWith('0') ? '1' : '0'}`;
    const response = await fetch(`${url}?data.id=${paymentId}&type=payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': requestId, 'x-signature': `ts=${ts},v1=${v1}` },
      body: JSON.stringify({
        id: options.notificationId ?? String(this.nextId++),
        live_mode: false,
        type: 'payment',
        date_created: new Date().toISOString(),
        user_id: 44444,
        api_version: 'v1',
        action: 'payment.updated',
        data: { id: String(paymentId) },
      }),
    });
    return { status: response.status, body: await response.json() };
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    const url = new URL(req.url ?? '/', this.url);
    this.requests.push({ method: req.method ?? '', path: `${url.pathname}${url.search}`, headers: req.headers, body });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };

    if (req.method === 'POST' && url.pathname === '/v1/card_tokens') {
      if (url.searchParams.get('public_key') !== this.publicKey) return send(401, { message: 'invalid public key' });
      const number = String(body?.card_number ?? '');
      const id = randomUUID().replaceAll('-', '');
      this.tokens.set(id, { number });
      return send(201, { id, first_six_digits: number.slice(0, 6), last_four_digits: number.slice(-4), expiration_month: body?.expiration_month, expiration_year: body?.expiration_year, status: 'active' });
    }
    if (req.headers.authorization !== `Bearer ${this.accessToken}`) return send(401, { message: 'invalid access token' });

    const match = url.pathname.match(/^\/v1\/payments\/(\d+)(\/refunds)?$/);
    if (req.method === 'POST' && url.pathname === '/v1/payments') {
      if (this.failNextPayments && this.failNextPayments.count > 0) {
        this.failNextPayments.count -= 1;
        return send(this.failNextPayments.status, { message: 'internal_error' });
      }
      const key = String(req.headers['x-idempotency-key'] ?? '');
      const existing = this.byIdempotencyKey.get(key);
      if (existing) return send(201, this.payments.get(existing));
      return send(201, this.create(body ?? {}, key));
    }
    if (req.method === 'GET' && url.pathname === '/v1/payments/search') {
      if (this.failSearch) return send(this.failSearch, { message: 'internal_error' });
      const results = [...this.payments.values()].filter((p) => p.external_reference === url.searchParams.get('external_reference')).reverse();
      return send(200, { paging: { total: results.length, limit: 30, offset: 0 }, results });
    }
    if (match) {
      const payment = this.payments.get(Number(match[1]));
      if (!payment) return send(404, { message: 'Payment not found', status: 404 });
      if (req.method === 'GET' && !match[2]) return send(200, payment);
      if (req.method === 'PUT' && !match[2]) {
        if (body?.status === 'cancelled' && ['pending', 'in_process'].includes(payment.status)) payment.status = 'cancelled';
        return send(200, payment);
      }
      if (req.method === 'POST' && match[2]) {
        if (payment.status !== 'approved') return send(400, { message: 'Payment not refundable' });
        const refund = { id: this.nextId++, amount: Number(body?.amount ?? payment.transaction_amount) };
        payment.refunds.push(refund);
        payment.status = 'refunded';
        return send(201, { ...refund, payment_id: payment.id, status: 'approved' });
      }
    }
    return send(404, { message: 'not found' });
  }

  private create(body: Record<string, unknown>, key: string): DoublePayment {
    const id = this.nextId++;
    const method = String(body.payment_method_id);
    const token = body.token ? this.tokens.get(String(body.token)) : undefined;
    const payment: DoublePayment = {
      id,
      status: method === 'pix' || method === 'bolbradesco' ? 'pending' : token && !token.number.startsWith('4000000000000002') ? 'approved' : 'rejected',
      status_detail: 'pending_waiting_transfer',
      external_reference: String(body.external_reference),
      payment_method_id: method,
      transaction_amount: Number(body.transaction_amount),
      installments: typeof body.installments === 'number' ? body.installments : null,
      date_created: new Date().toISOString(),
      date_approved: null,
      date_of_expiration: typeof body.date_of_expiration === 'string' ? body.date_of_expiration : null,
      card: token ? { last_four_digits: token.number.slice(-4), first_six_digits: token.number.slice(0, 6) } : null,
      point_of_interaction: method === 'pix' ? { transaction_data: { qr_code: `00020126580014br.gov.bcb.pix0136${id}-double5204000053039865802BR6304ABCD`, qr_code_base64: 'iVBORw0KGgo=' } } : null,
      transaction_details: {
        digitable_line: method === 'bolbradesco' ? '23793381286000820000000000000000197890000029990' : null,
        external_resource_url: method === 'bolbradesco' ? `https://www.mercadopago.com.br/payments/${id}/ticket` : null,
      },
      barcode: method === 'bolbradesco' ? { content: '23791978900000299903381260008200000000000000' } : null,
      refunds: [],
    };
    if (payment.status === 'approved') payment.date_approved = new Date().toISOString();
    this.payments.set(id, payment);
    this.byIdempotencyKey.set(key, id);
    return payment;
  }
}
