/**
 * Payment acquirer strategy (Vendure habit: an interface with a default
 * implementation chosen in configuration), shaped after Mercado Pago's payments API:
 *
 * - cards are charged with a single-use **token** the acquirer's browser tokenisation produced
 *   (the card number and CVV never reach the store's service);
 * - PIX answers a BR Code ("copia e cola", the QR code's content) and its expiry;
 * - boleto answers the linha digitável and the due date;
 * - every payment carries the order id as `external_reference`, can be read back, looked up by
 *   order, cancelled while pending and refunded once approved;
 * - the acquirer notifies payment changes by webhooks signed with an HMAC header
 *   (webhook-signature.ts); the notification only says *which* payment changed, the store reads
 *   the payment itself from the acquirer.
 *
 * Implementations: `SandboxPaymentProvider` (sandbox-provider.ts, `PAYMENT_PROVIDER=sandbox`, the
 * local default) and `MercadoPagoPaymentProvider` (mercadopago-provider.ts,
 * `PAYMENT_PROVIDER=mercadopago`).
 */
import type { CardBrand, CardTokenRequest, CardToken, PaymentMethod } from '@prata/contracts';
import { verifiedSignatureTs } from './webhook-signature.ts';

/** A payment's status at the acquirer (Mercado Pago's values). */
export type ProviderPaymentStatus =
  | 'approved'
  | 'authorized'
  | 'pending'
  | 'in_process'
  | 'in_mediation'
  | 'rejected'
  | 'cancelled'
  | 'refunded'
  | 'charged_back';

/** Statuses in which the payment is still open (may yet be approved). */
export const OPEN_PAYMENT_STATUSES: ReadonlySet<string> = new Set(['pending', 'in_process', 'in_mediation', 'authorized']);

/** A payment as the acquirer reports it. Amounts in BRL cents. */
export interface ProviderPayment {
  /** The acquirer's payment id. */
  id: string;
  /** Our order id (`external_reference`), null when the acquirer has none. */
  orderId: string | null;
  status: ProviderPaymentStatus | string;
  method: PaymentMethod;
  amountCents: number;
  approvedAt: Date | null;
  card: { brand: string; last4: string } | null;
  pix: { payload: string; expiresAt: Date } | null;
  boleto: { line: string; dueDate: string; url: string | null } | null;
}

/**
 * A Linha de Crédito checkout ('Parcelamento sem cartão') for an order: what the acquirer's
 * preference is made of. The amount is the order's server-side amount due, never the client's.
 */
export interface CreditsCheckoutRequest {
  orderId: string;
  orderNumber: string;
  /** The order's amount due, BRL cents: the preference's one item and so its total. */
  amountCents: number;
  /** Sent as the acquirer's idempotency key: a retried request never makes two preferences. */
  idempotencyKey: string;
  payer: { email: string; fullName: string };
  /** Where the acquirer sends the shopper back (success, pending and failure alike): the order's page. */
  returnUrl: string;
  /** After this instant the checkout can no longer be paid (the order's own deadline). */
  expiresAt: Date;
}

/** The acquirer's answer to a credits checkout: the page the shopper pays on and the preference's id. */
export interface CreditsCheckoutResult {
  checkoutUrl: string;
  preferenceId: string;
}

/** Who pays and for what: the fields acquirers require for each method. */
export interface ChargeRequest {
  orderId: string;
  orderNumber: string;
  amountCents: number;
  /** Sent as the acquirer's idempotency key: a retried request never charges twice. */
  idempotencyKey: string;
  payer: {
    email: string;
    fullName: string;
    /** CPF digits (boleto). */
    cpf?: string;
    address: { zipCode: string; street: string; number: string; neighborhood: string; city: string; state: string };
  };
}

export interface PaymentProvider {
  /** `sandbox` or `mercadopago`. */
  readonly name: 'sandbox' | 'mercadopago';
  /** How the timeline names the acquirer ('Sandbox', 'Mercado Pago'). */
  readonly label: string;
  /** True when no real money moves (sandbox, or the acquirer's test credentials). */
  readonly testMode: boolean;
  /** The acquirer's public key for the browser's tokenisation (null for the sandbox). */
  readonly publicKey: string | null;
  /**
   * The acquirer's browser SDK (MercadoPago.js v2) whose secure fields tokenise the card inside
   * the acquirer's own frames, or null when the browser posts the card itself (the sandbox).
   */
  readonly sdkUrl: string | null;
  /** Where the browser POSTs the card for a token, given the API's public origin. */
  cardTokenUrl(publicApiUrl: string): string;
  chargeCard(request: ChargeRequest & { token: string; brand: CardBrand; installments: number }): Promise<ProviderPayment>;
  createPix(request: ChargeRequest & { expiresAt: Date }): Promise<ProviderPayment>;
  /** `dueDate`: yyyy-MM-dd (São Paulo). */
  createBoleto(request: ChargeRequest & { dueDate: string }): Promise<ProviderPayment>;
  /** The payment, or null when the acquirer does not know it. */
  getPayment(id: string): Promise<ProviderPayment | null>;
  /** The newest payment of an order (by `external_reference`), or null. */
  findPaymentByOrder(orderId: string): Promise<ProviderPayment | null>;
  /** Cancels an open payment; answers the payment as it stands afterwards. */
  cancelPayment(id: string): Promise<ProviderPayment>;
  /**
   * Optional capability: instalments without a card through the shopper's Mercado Pago account
   * (Linha de Crédito, payment method 'mercadopago-credits'): a checkout page the shopper is sent
   * to; the payment made there is reported like any other (webhook, `external_reference` = order
   * id). Absent when the acquirer does not offer it: ask {@link supportsCreditsCheckout} first.
   * @throws PaymentProviderUnavailableError, PaymentProviderRejectedError.
   */
  createCreditsCheckout?(request: CreditsCheckoutRequest): Promise<CreditsCheckoutResult>;
  /** Refunds `amountCents` of an approved payment. @returns the refund's id. */
  refund(id: string, amountCents: number, idempotencyKey: string): Promise<{ id: string }>;
  /**
   * Checks a webhook request's signature (and that its timestamp is within 5 minutes of `now`)
   * and names the payment it is about.
   * @returns null for notifications about other topics. @throws WebhookSignatureError.
   */
  parseWebhook(request: WebhookRequest, now: Date): WebhookNotification | null;
}

/** Whether `provider` offers 'Parcelamento sem cartão' (Linha de Crédito): it has `createCreditsCheckout`. */
export function supportsCreditsCheckout(provider: PaymentProvider): provider is PaymentProvider & Required<Pick<PaymentProvider, 'createCreditsCheckout'>> {
  return typeof provider.createCreditsCheckout === 'function';
}

/** The parts of an HTTP webhook request a provider reads. */
export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
  body: unknown;
}

export interface WebhookNotification {
  /** The notification's id for deduplication: made of signed parts only (never the unsigned body). */
  notificationId: string;
  /** The payment it is about. */
  paymentId: string;
}

/** The acquirer could not be reached or failed (network error, timeout, 5xx). */
export class PaymentProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderUnavailableError';
  }
}

/** The acquirer refused the request (4xx), e.g. an invalid or used card token. */
export class PaymentProviderRejectedError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'PaymentProviderRejectedError';
    this.status = status;
  }
}

/** A webhook whose signature does not verify. */
export class WebhookSignatureError extends Error {
  constructor() {
    super('invalid webhook signature');
    this.name = 'WebhookSignatureError';
  }
}

/** Header value as one string. */
export function headerValue(headers: WebhookRequest['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Reads a Mercado Pago-style payment notification (`?data.id=<payment>&type=payment`, body
 * `{ id, type: 'payment', action, data: { id } }`), verifying its `x-signature` with `secret`
 * and its signed timestamp against `now` (5-minute window, so a captured notification cannot be
 * replayed later). The deduplication id is made only of signed parts (`x-request-id`, else
 * `data.id` + `ts`), so a replay with a fresh unsigned `body.id` is still a duplicate.
 * @returns null for other topics. @throws WebhookSignatureError (bad or stale signature).
 */
export function parseMercadoPagoNotification(secret: string, request: WebhookRequest, now: Date): WebhookNotification | null {
  const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as { type?: unknown };
  const queryId = request.query['data.id'];
  const dataId = typeof queryId === 'string' ? queryId : undefined;
  const requestId = headerValue(request.headers, 'x-request-id');
  const ts = verifiedSignatureTs(secret, headerValue(request.headers, 'x-signature'), { dataId, requestId }, now.getTime());
  if (ts === null) throw new WebhookSignatureError();
  const type = typeof request.query.type === 'string' ? request.query.type : typeof body.type === 'string' ? body.type : undefined;
  if (type !== 'payment' || !dataId) return null;
  const notificationId = requestId ? `req:${requestId}` : `id:${dataId}:ts:${ts}`;
  return { notificationId: notificationId.slice(0, 100), paymentId: dataId.slice(0, 100) };
}

export type { CardToken, CardTokenRequest };
