/**
 * A local HTTP double of the Mercado Pago payments API endpoints the adapter uses (documented
 * shapes: `POST /v1/card_tokens?public_key=` (card validated: Luhn, expiry, CVV length),
 * `GET /v1/payment_methods/search?public_key=&bin=`, `POST /v1/payments` with `X-Idempotency-Key`,
 * `GET /v1/payments/:id`, `GET /v1/payments/search?external_reference=`, `PUT /v1/payments/:id`,
 * `POST /v1/payments/:id/refunds`, and the preferences API's `POST /checkout/preferences`: Linha de
 * Crédito's `purpose: 'onboarding_credits'`, answered with `id`, `init_point`, `sandbox_init_point`)
 * and of its webhooks (`x-signature` / `x-request-id`, signed
 * here with node:crypto over the documented manifest, independently of the service's code).
 * It also serves MercadoPago.js v2 (`GET /js/v2`) and its secure-field frames
 * (`GET /secure-fields/<field>`), see mercadopago-js-double.ts, on three origins as Mercado Pago
 * does (sdk.mercadopago.com, secure-fields.mercadopago.com, api.mercadopago.com): the API at `url`
 * (http://127.0.0.1:port), the SDK script at `sdkOrigin` and the frames at `fieldsOrigin`
 * (http://localhost on two more ports). Each origin answers only its own paths, so a script,
 * frame or call sent to the wrong origin fails as it would against Mercado Pago. Real HTTP
 * servers on 127.0.0.1; every request is recorded, with the origin it reached, for assertions.
 */
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mercadoPagoJsScript, paymentMethodOfBin, secureFieldPage } from './mercadopago-js-double.ts';

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

/** The double's three origins: the API, the SDK script, the secure fields' frames. */
export type DoubleServer = 'api' | 'sdk' | 'fields';

export interface RecordedRequest {
  /** Which of the double's origins the request reached. */
  server: DoubleServer;
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown> | null;
}

/** A preference as `POST /checkout/preferences` stored it (the documented fields the double reads). */
export interface DoublePreference {
  id: string;
  purpose: string | null;
  items: { id?: string; title: string; quantity: number; currency_id?: string; unit_price: number }[];
  external_reference: string | null;
  notification_url: string | null;
  back_urls: { success?: string; pending?: string; failure?: string } | null;
  auto_return: string | null;
  init_point: string;
  sandbox_init_point: string;
}

export class MercadoPagoDouble {
  readonly accessToken = 'TEST-1234567890-access-token';
  readonly publicKey = 'TEST-public-key-0001';
  readonly webhookSecret = 'double-webhook-secret-0123456789abcdef';
  readonly payments = new Map<number, DoublePayment>();
  readonly preferences = new Map<string, DoublePreference>();
  private readonly preferenceKeys = new Map<string, string>();
  readonly requests: RecordedRequest[] = [];
  private readonly tokens = new Map<string, { number: string }>();
  private readonly byIdempotencyKey = new Map<string, number>();
  /** Refunds by their `X-Idempotency-Key`. */
  private readonly refundKeys = new Map<string, { id: number; amount: number }>();
  private nextId = 1_325_000_000;
  /** Answer the next N `POST /v1/payments` with this status (e.g. 500 for an outage). */
  failNextPayments: { status: number; count: number } | null = null;
  /** Answer searches with this status (e.g. 500). */
  failSearch: number | null = null;
  private readonly servers: Record<DoubleServer, http.Server> = {
    api: http.createServer((req, res) => void this.handle('api', req, res)),
    sdk: http.createServer((req, res) => void this.handle('sdk', req, res)),
    fields: http.createServer((req, res) => void this.handle('fields', req, res)),
  };
  /** Origin of the API (Mercado Pago's api.mercadopago.com). */
  url = '';

  /** The store's settings that point it at this double (started): the acquirer, its credentials and its API's URL. */
  storeEnv(): Record<string, string> {
    return { PAYMENT_PROVIDER: 'mercadopago', MERCADOPAGO_ACCESS_TOKEN: this.accessToken, MERCADOPAGO_PUBLIC_KEY: this.publicKey, MERCADOPAGO_WEBHOOK_SECRET: this.webhookSecret, MERCADOPAGO_API_URL: this.url };
  }
  /** Origin of the SDK script (sdk.mercadopago.com). */
  sdkOrigin = '';
  /** Origin of the secure fields' frames (secure-fields.mercadopago.com). */
  fieldsOrigin = '';

  /**
   * Listens on 127.0.0.1: the API on `ports` (a number) or `ports.api`, the SDK and the frames on
   * `ports.sdk` and `ports.fields` (0 or absent: a port the OS picks).
   * @throws when a port is taken.
   */
  async start(ports: number | { api?: number; sdk?: number; fields?: number } = 0): Promise<void> {
    const wanted = typeof ports === 'number' ? { api: ports } : ports;
    const listen = async (server: http.Server, port: number) => {
      await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
      return (server.address() as AddressInfo).port;
    };
    this.url = `http://127.0.0.1:${await listen(this.servers.api, wanted.api ?? 0)}`;
    this.sdkOrigin = `http://localhost:${await listen(this.servers.sdk, wanted.sdk ?? 0)}`;
    this.fieldsOrigin = `http://localhost:${await listen(this.servers.fields, wanted.fields ?? 0)}`;
  }

  async stop(): Promise<void> {
    await Promise.all(
      Object.values(this.servers).map((server) => {
        if (!server.listening) return undefined;
        server.closeAllConnections();
        return new Promise<void>((resolve) => server.close(() => resolve()));
      }),
    );
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
   * The shopper pays a Linha de Crédito preference at Mercado Pago: an approved payment with
   * `payment_method_id: 'consumer_credits'` (`payment_type_id: 'digital_currency'`), the preference's
   * `external_reference` and its items' total. @returns the payment.
   */
  payPreference(preferenceId: string): DoublePayment {
    const preference = this.preferences.get(preferenceId)!;
    const cents = preference.items.reduce((sum, item) => sum + Math.round(item.unit_price * 100) * item.quantity, 0);
    const id = this.nextId++;
    const payment: DoublePayment = {
      id,
      status: 'approved',
      status_detail: 'accredited',
      external_reference: preference.external_reference ?? '',
      payment_method_id: 'consumer_credits',
      transaction_amount: cents / 100,
      installments: 12,
      date_created: new Date(this.now()).toISOString(),
      date_approved: new Date(this.now()).toISOString(),
      date_of_expiration: null,
      card: null,
      point_of_interaction: null,
      transaction_details: { digitable_line: null, external_resource_url: null },
      barcode: null,
      refunds: [],
    };
    this.payments.set(id, payment);
    return payment;
  }

  /** The acquirer's clock (epoch ms) for signature timestamps; tests with a test clock set it. */
  now: () => number = () => Date.now();

  /**
   * Delivers a `payment.updated` notification over HTTP to `url`, signed with `secret`
   * (default: the right one). `requestId` and `ts` (seconds, as the documented example) default to
   * a fresh id and the double's clock; give the ones of an earlier delivery to redeliver it.
   * @returns the HTTP status the store answered and the signed parts it sent.
   */
  async notify(
    url: string,
    paymentId: number | string,
    options: { secret?: string; notificationId?: string; tamperSignature?: boolean; requestId?: string; ts?: string } = {},
  ): Promise<{ status: number; body: unknown; requestId: string; ts: string }> {
    const requestId = options.requestId ?? randomUUID();
    const ts = options.ts ?? String(Math.floor(this.now() / 1000));
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
        date_created: new Date(this.now()).toISOString(),
        user_id: 44444,
        api_version: 'v1',
        action: 'payment.updated',
        data: { id: String(paymentId) },
      }),
    });
    return { status: response.status, body: await response.json(), requestId, ts };
  }

  private async handle(server: DoubleServer, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    const url = new URL(req.url ?? '/', this.url);
    this.requests.push({ server, method: req.method ?? '', path: `${url.pathname}${url.search}`, headers: req.headers, body });
    // Browser-facing endpoints (public key, no credentials) answer any origin, as Mercado Pago's do.
    const browserFacing = url.pathname === '/v1/card_tokens' || url.pathname === '/v1/payment_methods/search';
    const cors: Record<string, string> = browserFacing ? { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type', 'access-control-allow-methods': 'GET, POST' } : {};
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', ...cors });
      res.end(JSON.stringify(payload));
    };
    const sendText = (status: number, type: string, text: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
      res.end(text);
    };

    if (server === 'sdk') {
      if (req.method === 'GET' && url.pathname === '/js/v2') return sendText(200, 'text/javascript; charset=utf-8', mercadoPagoJsScript(this.url, this.fieldsOrigin));
      return send(404, { message: 'not found' });
    }
    if (server === 'fields') {
      const field = url.pathname.match(/^\/secure-fields\/(\w+)$/);
      const page = req.method === 'GET' && field ? secureFieldPage(field[1]!, this.url) : null;
      // The SDK fetches a field's page from the page's origin before it frames it: CORS open, as Mercado Pago's.
      return page ? sendText(200, 'text/html; charset=utf-8', page, { 'access-control-allow-origin': '*' }) : send(404, { message: 'not found' });
    }
    if (req.method === 'OPTIONS' && browserFacing) {
      res.writeHead(204, cors);
      return void res.end();
    }
    if (req.method === 'GET' && url.pathname === '/v1/payment_methods/search') {
      if (url.searchParams.get('public_key') !== this.publicKey) return send(401, { message: 'invalid public key' });
      const method = paymentMethodOfBin(url.searchParams.get('bin') ?? '');
      return send(200, { paging: { total: method ? 1 : 0 }, results: method ? [{ id: method.id, name: method.name, payment_type_id: 'credit_card', settings: [{ security_code: { length: method.securityCodeLength } }] }] : [] });
    }
    if (req.method === 'POST' && url.pathname === '/v1/card_tokens') {
      if (url.searchParams.get('public_key') !== this.publicKey) return send(401, { message: 'invalid public key' });
      const number = String(body?.card_number ?? '');
      const month = Number(body?.expiration_month);
      const year = Number(body?.expiration_year);
      const cvv = String(body?.security_code ?? '');
      const method = paymentMethodOfBin(number);
      if (!/^\d{12,19}$/.test(number) || !luhn(number) || !method) return send(400, { message: 'invalid card_number', cause: [{ code: 'E301' }] });
      if (!(month >= 1 && month <= 12) || new Date(Date.UTC(year, month, 1)).getTime() <= Date.now()) return send(400, { message: 'invalid expiration', cause: [{ code: '325' }] });
      if (cvv.length !== method.securityCodeLength || !/^\d+$/.test(cvv)) return send(400, { message: 'invalid security_code', cause: [{ code: 'E302' }] });
      const id = randomUUID().replaceAll('-', '');
      this.tokens.set(id, { number });
      return send(201, { id, first_six_digits: number.slice(0, 6), last_four_digits: number.slice(-4), expiration_month: body?.expiration_month, expiration_year: body?.expiration_year, status: 'active' });
    }
    if (req.headers.authorization !== `Bearer ${this.accessToken}`) return send(401, { message: 'invalid access token' });

    if (req.method === 'POST' && url.pathname === '/checkout/preferences') {
      // Documented: items (title, quantity, unit_price) are required; a retried idempotency key answers the same preference.
      const items = Array.isArray(body?.items) ? (body.items as DoublePreference['items']) : [];
      if (items.length === 0 || items.some((item) => !item.title || !(item.quantity >= 1) || !(typeof item.unit_price === 'number' && item.unit_price > 0))) {
        return send(400, { message: 'unit_price invalid', error: 'invalid_items', status: 400 });
      }
      const key = String(req.headers['x-idempotency-key'] ?? '');
      const again = key ? this.preferenceKeys.get(key) : undefined;
      if (again) return send(201, this.preferences.get(again));
      const id = `1234567890-${randomUUID()}`;
      const preference: DoublePreference = {
        id,
        purpose: typeof body?.purpose === 'string' ? body.purpose : null,
        items,
        external_reference: typeof body?.external_reference === 'string' ? body.external_reference : null,
        notification_url: typeof body?.notification_url === 'string' ? body.notification_url : null,
        back_urls: (body?.back_urls as DoublePreference['back_urls']) ?? null,
        auto_return: typeof body?.auto_return === 'string' ? body.auto_return : null,
        init_point: `https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=${id}`,
        sandbox_init_point: `https://sandbox.mercadopago.com.br/checkout/v1/redirect?pref_id=${id}`,
      };
      this.preferences.set(id, preference);
      if (key) this.preferenceKeys.set(key, id);
      return send(201, { ...preference, collector_id: 987654321, client_id: '1234567890', date_created: new Date(this.now()).toISOString() });
    }
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
        // Documented behaviour: a retried key answers the same refund; partial refunds keep the
        // payment `approved` (status_detail `partially_refunded`) until everything is back; more
        // than what is left is refused.
        const key = String(req.headers['x-idempotency-key'] ?? '');
        const again = key ? this.refundKeys.get(key) : undefined;
        if (again) return send(201, { ...again, payment_id: payment.id, status: 'approved' });
        if (payment.status !== 'approved') return send(400, { message: 'Payment not refundable' });
        const cents = (amount: number) => Math.round(amount * 100);
        const left = cents(payment.transaction_amount) - payment.refunds.reduce((sum, r) => sum + cents(r.amount), 0);
        const refund = { id: this.nextId++, amount: Number(body?.amount ?? left / 100) };
        if (cents(refund.amount) > left) return send(400, { message: 'Invalid refund amount' });
        payment.refunds.push(refund);
        if (key) this.refundKeys.set(key, refund);
        if (cents(refund.amount) === left) payment.status = 'refunded';
        else payment.status_detail = 'partially_refunded';
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

/** The Luhn check digit test (ISO/IEC 7812-1). */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}
