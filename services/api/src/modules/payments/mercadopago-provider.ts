/**
 * Mercado Pago adapter (`PAYMENT_PROVIDER=mercadopago`), on Mercado Pago's payments API v1
 * ("Checkout Transparente" / Checkout API):
 *
 * - `POST /v1/payments` with `X-Idempotency-Key` creates a card payment (browser card `token`,
 *   `payment_method_id`, `installments`), a PIX payment (`payment_method_id: pix`,
 *   `date_of_expiration`; the BR Code in `point_of_interaction.transaction_data.qr_code`) or a
 *   boleto (`payment_method_id: bolbradesco`, payer CPF and address; the line in
 *   `transaction_details.digitable_line` / `barcode.content`). `external_reference` = order id,
 *   `notification_url` = the store's webhook route;
 * - `GET /v1/payments/{id}`, `GET /v1/payments/search?external_reference=`,
 *   `PUT /v1/payments/{id}` `{ status: 'cancelled' }`, `POST /v1/payments/{id}/refunds`;
 * - webhooks signed with `x-signature` (webhook-signature.ts) and the application's secret;
 * - 'Parcelamento sem cartão' (Linha de Crédito, unless `credits` is off): `POST /checkout/preferences`
 *   with `purpose: 'onboarding_credits'`, the shopper sent to the answer's `init_point`; its payment
 *   (`payment_method_id` `consumer_credits`) comes back through the same webhook
 *   (https://www.mercadopago.com.br/developers/en/docs/checkout-api-payments/integration-configuration/installments-without-card).
 *
 * Amounts go out as the decimal of integer cents (`centsToDecimal`) and come back through
 * `decimalToCents`; no float arithmetic. Every call has a timeout; network errors, timeouts and
 * 5xx are `PaymentProviderUnavailableError`, 4xx `PaymentProviderRejectedError`.
 * Settings: `MERCADOPAGO_ACCESS_TOKEN`, `MERCADOPAGO_PUBLIC_KEY`, `MERCADOPAGO_WEBHOOK_SECRET`,
 * `MERCADOPAGO_API_URL` (default https://api.mercadopago.com).
 */
import { CARD_BRAND_NAMES, centsToDecimal, decimalToCents, type CardBrand, type PaymentMethod } from '@prata/contracts';
import { endOfSaoPauloDay, saoPauloDate } from './business-days.ts';
import {
  PaymentProviderRejectedError,
  PaymentProviderUnavailableError,
  parseMercadoPagoNotification,
  type ChargeRequest,
  type CreditsCheckoutRequest,
  type CreditsCheckoutResult,
  type PaymentProvider,
  type ProviderPayment,
  type WebhookNotification,
  type WebhookRequest,
} from './payment-provider.ts';

export interface MercadoPagoOptions {
  accessToken: string;
  publicKey: string;
  webhookSecret: string;
  /** API origin, e.g. https://api.mercadopago.com (a local double in tests). */
  apiUrl: string;
  /** MercadoPago.js v2 script URL (https://sdk.mercadopago.com/js/v2; a local double in tests). */
  sdkUrl: string;
  /** The store's webhook URL sent as `notification_url`. */
  notificationUrl: string;
  /** Per-call timeout, ms. */
  timeoutMs: number;
  /** Statement descriptor on the card bill (<= 13 characters). */
  statementDescriptor: string;
  /** Offer 'Parcelamento sem cartão' (Linha de Crédito; `PAYMENT_CREDITS`, default on). */
  credits?: boolean;
}

/** The fields of Mercado Pago's preference resource (`POST /checkout/preferences`'s answer) the store reads. */
interface MpPreference {
  id: string;
  init_point: string;
  sandbox_init_point?: string | null;
}

/** The fields of Mercado Pago's payment resource the store reads. */
interface MpPayment {
  id: number | string;
  status: string;
  external_reference?: string | null;
  payment_method_id?: string;
  transaction_amount: number;
  date_approved?: string | null;
  date_of_expiration?: string | null;
  card?: { last_four_digits?: string | null } | null;
  point_of_interaction?: { transaction_data?: { qr_code?: string | null } | null } | null;
  transaction_details?: { digitable_line?: string | null; external_resource_url?: string | null } | null;
  barcode?: { content?: string | null } | null;
}

/** Mercado Pago's `payment_method_id` of a boleto (Bradesco registered boleto, the Brazilian default). */
const BOLETO_METHOD_ID = 'bolbradesco';
/** Mercado Pago's `payment_method_id` of a payment made with Linha de Crédito (Mercado Crédito). */
const CREDITS_METHOD_ID = 'consumer_credits';

/** An instant in Mercado Pago's date format, São Paulo offset: 2026-11-20T10:30:00.000-03:00. */
export function mercadoPagoDate(instant: Date): string {
  const local = new Date(instant.getTime() - 3 * 3_600_000).toISOString().slice(0, 23);
  return `${local}-03:00`;
}

export class MercadoPagoPaymentProvider implements PaymentProvider {
  readonly name = 'mercadopago' as const;
  readonly label = 'Mercado Pago';
  readonly testMode: boolean;
  readonly publicKey: string;
  readonly sdkUrl: string;
  /** Present unless `credits` is off (payment-provider.ts `supportsCreditsCheckout`). */
  readonly createCreditsCheckout?: (request: CreditsCheckoutRequest) => Promise<CreditsCheckoutResult>;
  private readonly options: MercadoPagoOptions;

  constructor(options: MercadoPagoOptions) {
    this.options = { ...options, apiUrl: options.apiUrl.replace(/\/$/, '') };
    this.publicKey = options.publicKey;
    this.sdkUrl = options.sdkUrl;
    // Mercado Pago's test credentials start with TEST-.
    this.testMode = options.accessToken.startsWith('TEST-');
    if (options.credits !== false) this.createCreditsCheckout = (request) => this.creditsCheckout(request);
  }

  /**
   * Linha de Crédito: `POST /checkout/preferences` (with `X-Idempotency-Key`) with
   * `purpose: 'onboarding_credits'`, one item for the order's amount due (BRL, `unit_price` the exact
   * decimal of the cents, so the preference's total is the amount due), `external_reference` = order id,
   * `back_urls` (all three: the order's page) with `auto_return: 'approved'`, `notification_url`,
   * and `expires`/`expiration_date_to` at the order's deadline, so nobody pays an expired order.
   * @returns the preference's `init_point` and `id`. @throws PaymentProviderUnavailableError, PaymentProviderRejectedError.
   */
  private async creditsCheckout(request: CreditsCheckoutRequest): Promise<CreditsCheckoutResult> {
    const body = {
      purpose: 'onboarding_credits',
      items: [{ id: request.orderNumber, title: `Pedido ${request.orderNumber}`, quantity: 1, currency_id: 'BRL', unit_price: Number(centsToDecimal(request.amountCents)) }],
      payer: { email: request.payer.email },
      external_reference: request.orderId,
      back_urls: { success: request.returnUrl, pending: request.returnUrl, failure: request.returnUrl },
      auto_return: 'approved',
      notification_url: this.options.notificationUrl,
      statement_descriptor: this.options.statementDescriptor,
      expires: true,
      expiration_date_to: mercadoPagoDate(request.expiresAt),
    };
    const preference = await this.call<MpPreference>('POST', '/checkout/preferences', body, request.idempotencyKey);
    if (!preference?.id || !preference.init_point) throw new PaymentProviderUnavailableError('Mercado Pago answered a preference without init_point');
    return { checkoutUrl: preference.init_point, preferenceId: String(preference.id) };
  }

  cardTokenUrl(): string {
    return `${this.options.apiUrl}/v1/card_tokens?public_key=${encodeURIComponent(this.options.publicKey)}`;
  }

  async chargeCard(request: ChargeRequest & { token: string; brand: CardBrand; installments: number }): Promise<ProviderPayment> {
    return this.create(request, {
      token: request.token,
      installments: request.installments,
      payment_method_id: request.brand,
      statement_descriptor: this.options.statementDescriptor,
    });
  }

  async createPix(request: ChargeRequest & { expiresAt: Date }): Promise<ProviderPayment> {
    return this.create(request, { payment_method_id: 'pix', date_of_expiration: mercadoPagoDate(request.expiresAt) });
  }

  async createBoleto(request: ChargeRequest & { dueDate: string }): Promise<ProviderPayment> {
    const [firstName = '', ...rest] = request.payer.fullName.trim().split(/\s+/);
    const a = request.payer.address;
    return this.create(request, {
      payment_method_id: BOLETO_METHOD_ID,
      date_of_expiration: mercadoPagoDate(endOfSaoPauloDay(request.dueDate)),
      payer: {
        email: request.payer.email,
        first_name: firstName,
        last_name: rest.join(' ') || firstName,
        identification: { type: 'CPF', number: request.payer.cpf ?? '' },
        address: { zip_code: a.zipCode.replace(/\D/g, ''), street_name: a.street, street_number: a.number, neighborhood: a.neighborhood, city: a.city, federal_unit: a.state },
      },
    });
  }

  async getPayment(id: string): Promise<ProviderPayment | null> {
    const payment = await this.call<MpPayment>('GET', `/v1/payments/${encodeURIComponent(id)}`, undefined, undefined, true);
    return payment ? toPayment(payment) : null;
  }

  async findPaymentByOrder(orderId: string): Promise<ProviderPayment | null> {
    const query = new URLSearchParams({ external_reference: orderId, sort: 'date_created', criteria: 'desc' });
    const found = await this.call<{ results: MpPayment[] }>('GET', `/v1/payments/search?${query}`);
    const [newest] = found?.results ?? [];
    return newest ? toPayment(newest) : null;
  }

  async cancelPayment(id: string): Promise<ProviderPayment> {
    return toPayment((await this.call<MpPayment>('PUT', `/v1/payments/${encodeURIComponent(id)}`, { status: 'cancelled' }))!);
  }

  async refund(id: string, amountCents: number, idempotencyKey: string): Promise<{ id: string }> {
    const refund = await this.call<{ id: number | string }>('POST', `/v1/payments/${encodeURIComponent(id)}/refunds`, { amount: Number(centsToDecimal(amountCents)) }, idempotencyKey);
    return { id: String(refund!.id) };
  }

  parseWebhook(request: WebhookRequest, now: Date): WebhookNotification | null {
    return parseMercadoPagoNotification(this.options.webhookSecret, request, now);
  }

  private async create(request: ChargeRequest, fields: Record<string, unknown>): Promise<ProviderPayment> {
    const body = {
      transaction_amount: Number(centsToDecimal(request.amountCents)),
      description: `Pedido ${request.orderNumber}`,
      external_reference: request.orderId,
      notification_url: this.options.notificationUrl,
      payer: { email: request.payer.email },
      ...fields,
    };
    return toPayment((await this.call<MpPayment>('POST', '/v1/payments', body, request.idempotencyKey))!);
  }

  /** One API call. `allowNotFound`: a 404 answers null. */
  private async call<T>(method: string, path: string, body?: unknown, idempotencyKey?: string, allowNotFound = false): Promise<T | null> {
    let response: Response;
    try {
      response = await fetch(`${this.options.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.options.accessToken}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(idempotencyKey ? { 'x-idempotency-key': idempotencyKey } : {}),
        },
        body: body === undefined ? null : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      throw new PaymentProviderUnavailableError(`Mercado Pago ${method} ${path.split('?')[0]} failed`, { cause: error });
    }
    if (allowNotFound && response.status === 404) return null;
    const text = await response.text();
    if (response.status >= 500) throw new PaymentProviderUnavailableError(`Mercado Pago answered ${response.status}`);
    if (!response.ok) throw new PaymentProviderRejectedError(response.status, `Mercado Pago answered ${response.status}: ${text.slice(0, 200)}`);
    try {
      return JSON.parse(text) as T;
    } catch (error) {
      throw new PaymentProviderUnavailableError('Mercado Pago answered invalid JSON', { cause: error });
    }
  }
}

function methodOf(paymentMethodId: string | undefined): PaymentMethod {
  if (paymentMethodId === 'pix') return 'pix';
  if (paymentMethodId === CREDITS_METHOD_ID) return 'mercadopago-credits';
  if (paymentMethodId === BOLETO_METHOD_ID || paymentMethodId?.startsWith('bol')) return 'boleto';
  return 'credit-card';
}

function toPayment(payment: MpPayment): ProviderPayment {
  const method = methodOf(payment.payment_method_id);
  const qr = payment.point_of_interaction?.transaction_data?.qr_code;
  const line = payment.transaction_details?.digitable_line ?? payment.barcode?.content;
  const expiry = payment.date_of_expiration ? new Date(payment.date_of_expiration) : null;
  const last4 = payment.card?.last_four_digits;
  return {
    id: String(payment.id),
    orderId: payment.external_reference ?? null,
    status: payment.status,
    method,
    amountCents: decimalToCents(payment.transaction_amount),
    approvedAt: payment.date_approved ? new Date(payment.date_approved) : null,
    card: method === 'credit-card' && last4 ? { brand: CARD_BRAND_NAMES[payment.payment_method_id as CardBrand] ?? 'Cartão', last4 } : null,
    pix: method === 'pix' && qr && expiry ? { payload: qr, expiresAt: expiry } : null,
    boleto: method === 'boleto' && line && expiry ? { line, dueDate: saoPauloDate(expiry), url: payment.transaction_details?.external_resource_url ?? null } : null,
  };
}
