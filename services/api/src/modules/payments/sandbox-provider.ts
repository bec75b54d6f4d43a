/**
 * The sandbox acquirer (`PAYMENT_PROVIDER=sandbox`, the local default; refused
 * with `NODE_ENV=production`, as it approves payments nobody made).
 *
 * It behaves like the real one through the same paths: the browser tokenises the card at
 * `POST /api/payments/sandbox/card-tokens` (Mercado Pago's card-token shape; test numbers only
 * ever reach this test acquirer), the order is charged with the token, payments live in the
 * sandbox's own ledger (`sandbox_payments`), and a payment made with 'Simular pagamento' is
 * announced by a webhook signed like Mercado Pago's, delivered to the store's webhook route.
 *
 * 'Parcelamento sem cartão' (unless `credits` is off) plays Mercado Pago's Linha de Crédito: the
 * checkout is a sandbox page (`GET /api/payments/sandbox/credits/:id`) where the shopper 'approves'
 * the instalments; the sandbox then approves the payment, announces it with the same signed
 * webhook and sends the shopper back to the order's page.
 *
 * Cards: approved, except the acquirers' usual decline test number 4000 0000 0000 0002. Each
 * call waits `PAYMENT_SANDBOX_DELAY_MS` (the spec's 2 s 'Processando...').
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CARD_BRAND_NAMES, cardBrandOf, type CardToken, type CardTokenRequest } from '@prata/contracts';
import { SandboxPayment } from './payment.entities.ts';
import {
  PaymentProviderRejectedError,
  parseMercadoPagoNotification,
  type ChargeRequest,
  type CreditsCheckoutRequest,
  type CreditsCheckoutResult,
  type PaymentProvider,
  type ProviderPayment,
  type WebhookNotification,
  type WebhookRequest,
} from './payment-provider.ts';
import { buildPixPayload } from './pix.ts';
import { signWebhook } from './webhook-signature.ts';

/** Card number the sandbox declines (the usual acquirers' test number for a declined card). */
export const SANDBOX_DECLINED_CARD = '4000000000000002';
/** Card tokens live this long (Mercado Pago's: 7 days), in ms. */
const TOKEN_TTL_MS = 7 * 86_400_000;

export interface SandboxOptions {
  delayMs: number;
  pixKey: string;
  merchantName: string;
  merchantCity: string;
  /** Secret the sandbox signs its webhooks with. */
  webhookSecret: string;
  /** A fresh EntityManager for the sandbox's ledger. */
  em: () => EntityManager;
  /** The store's clock (signature timestamps). */
  now: () => Date;
  /** The API's public origin: where the sandbox's credits checkout page is served. */
  publicUrl: string;
  /** Offer 'Parcelamento sem cartão' (`PAYMENT_CREDITS`, default on). */
  credits?: boolean;
}

/** A signed webhook request, ready to be delivered to the store's webhook route. */
export interface OutgoingWebhook {
  query: Record<string, string>;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

interface StoredToken {
  last4: string;
  first6: string;
  brand: string;
  expiresAt: number;
  used: boolean;
}

export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly label = 'Sandbox';
  readonly testMode = true;
  readonly publicKey = null;
  readonly sdkUrl = null;
  private readonly options: SandboxOptions;
  private readonly tokens = new Map<string, StoredToken>();
  /** Delivers a webhook to the store (set by the payments plugin). */
  deliver: (webhook: OutgoingWebhook) => Promise<void> = async () => undefined;
  /** Present unless `credits` is off (payment-provider.ts `supportsCreditsCheckout`). */
  readonly createCreditsCheckout?: (request: CreditsCheckoutRequest) => Promise<CreditsCheckoutResult>;

  constructor(options: SandboxOptions) {
    this.options = options;
    if (options.credits !== false) this.createCreditsCheckout = (request) => this.creditsCheckout(request);
  }

  /**
   * The sandbox's Linha de Crédito checkout: an open 'mercadopago-credits' payment in its ledger
   * (one per idempotency key) for the amount due, and the page that approves it.
   */
  private async creditsCheckout(request: CreditsCheckoutRequest): Promise<CreditsCheckoutResult> {
    await sleep(this.options.delayMs);
    const payment = (await this.findByIdempotency(request.idempotencyKey)) ?? (await this.store(request, { method: 'mercadopago-credits', status: 'pending', returnUrl: request.returnUrl }));
    return { checkoutUrl: `${this.options.publicUrl}/api/payments/sandbox/credits/${encodeURIComponent(payment.id)}`, preferenceId: payment.id };
  }

  /** An open credits checkout of the sandbox (for its page): its amount in BRL cents and where it returns; null when unknown or no longer open. */
  async openCreditsCheckout(id: string): Promise<{ amountCents: number; returnUrl: string | null } | null> {
    const row = await this.options.em().findOne(SandboxPayment, { id, method: 'mercadopago-credits', status: 'pending' });
    return row ? { amountCents: row.amountCents, returnUrl: row.returnUrl ?? null } : null;
  }

  cardTokenUrl(publicApiUrl: string): string {
    return `${publicApiUrl}/api/payments/sandbox/card-tokens`;
  }

  /** Tokenises test card details (already validated with `cardTokenRequestSchema`). */
  tokenizeCard(request: CardTokenRequest, now: Date): CardToken {
    for (const [id, token] of this.tokens) if (token.expiresAt < now.getTime()) this.tokens.delete(id);
    const brand = cardBrandOf(request.card_number);
    const id = randomBytes(16).toString('hex');
    const decline = request.card_number === SANDBOX_DECLINED_CARD;
    this.tokens.set(id, {
      last4: request.card_number.slice(-4),
      first6: request.card_number.slice(0, 6),
      brand: decline ? 'decline' : (brand?.brand ?? 'visa'),
      expiresAt: now.getTime() + TOKEN_TTL_MS,
      used: false,
    });
    return { id, first_six_digits: request.card_number.slice(0, 6), last_four_digits: request.card_number.slice(-4), expiration_month: request.expiration_month, expiration_year: request.expiration_year };
  }

  async chargeCard(request: ChargeRequest & { token: string; brand: keyof typeof CARD_BRAND_NAMES; installments: number }): Promise<ProviderPayment> {
    await sleep(this.options.delayMs);
    const existing = await this.findByIdempotency(request.idempotencyKey);
    if (existing) return existing;
    const token = this.tokens.get(request.token);
    if (!token || token.used) throw new PaymentProviderRejectedError(400, 'invalid card token');
    token.used = true;
    const approved = token.brand !== 'decline';
    return this.store(request, {
      method: 'credit-card',
      status: approved ? 'approved' : 'rejected',
      cardBrand: approved ? token.brand : request.brand,
      cardLast4: token.last4,
    });
  }

  async createPix(request: ChargeRequest & { expiresAt: Date }): Promise<ProviderPayment> {
    await sleep(this.options.delayMs);
    const payment = (await this.findByIdempotency(request.idempotencyKey)) ?? (await this.store(request, { method: 'pix', status: 'pending' }));
    return { ...payment, pix: { payload: this.pixPayload(request.orderNumber, request.amountCents), expiresAt: request.expiresAt } };
  }

  async createBoleto(request: ChargeRequest & { dueDate: string }): Promise<ProviderPayment> {
    await sleep(this.options.delayMs);
    const payment = (await this.findByIdempotency(request.idempotencyKey)) ?? (await this.store(request, { method: 'boleto', status: 'pending' }));
    return { ...payment, boleto: { line: boletoLine(request.orderNumber, request.amountCents, request.dueDate), dueDate: request.dueDate, url: null } };
  }

  async getPayment(id: string): Promise<ProviderPayment | null> {
    const row = await this.options.em().findOne(SandboxPayment, { id });
    return row ? toPayment(row) : null;
  }

  async findPaymentByOrder(orderId: string): Promise<ProviderPayment | null> {
    const row = await this.options.em().findOne(SandboxPayment, { externalReference: orderId }, { orderBy: { createdAt: 'desc' } });
    return row ? toPayment(row) : null;
  }

  async cancelPayment(id: string): Promise<ProviderPayment> {
    const em = this.options.em();
    const row = await em.findOneOrFail(SandboxPayment, { id });
    if (row.status === 'pending') {
      row.status = 'cancelled';
      await em.flush();
    }
    return toPayment(row);
  }

  async refund(id: string, amountCents: number): Promise<{ id: string }> {
    const em = this.options.em();
    const row = await em.findOne(SandboxPayment, { id });
    if (!row || (row.status !== 'approved' && row.status !== 'refunded')) throw new PaymentProviderRejectedError(400, 'payment cannot be refunded');
    if (row.status === 'approved') {
      row.refundedCents = Math.min(row.amountCents, row.refundedCents + amountCents);
      if (row.refundedCents >= row.amountCents) row.status = 'refunded';
      await em.flush();
    }
    return { id: `REFUND-${id}` };
  }

  parseWebhook(request: WebhookRequest, now: Date): WebhookNotification | null {
    return parseMercadoPagoNotification(this.options.webhookSecret, request, now);
  }

  /**
   * 'Simular pagamento': the shopper "pays" an open PIX, boleto or credits payment; the sandbox approves
   * it and announces it with a signed webhook, exactly as an acquirer would. @returns false when
   * the payment is unknown or no longer open.
   */
  async simulatePayment(paymentId: string): Promise<boolean> {
    const em = this.options.em();
    const row = await em.findOne(SandboxPayment, { id: paymentId });
    if (!row || row.status !== 'pending') return false;
    row.status = 'approved';
    await em.flush();
    await this.deliver(this.signedNotification(paymentId));
    return true;
  }

  /** A Mercado Pago-shaped `payment.updated` notification for `paymentId`, signed. */
  signedNotification(paymentId: string): OutgoingWebhook {
    const requestId = randomUUID();
    const ts = String(this.options.now().getTime());
    return {
      query: { 'data.id': paymentId, type: 'payment' },
      headers: { 'x-request-id': requestId, 'x-signature': signWebhook(this.options.webhookSecret, { dataId: paymentId, requestId, ts }) },
      body: { id: randomUUID(), type: 'payment', action: 'payment.updated', api_version: 'v1', live_mode: false, date_created: new Date().toISOString(), data: { id: paymentId } },
    };
  }

  private pixPayload(orderNumber: string, amountCents: number): string {
    const txid = orderNumber.replace(/[^A-Za-z0-9]/g, '').slice(0, 25);
    return buildPixPayload({ key: this.options.pixKey, merchantName: this.options.merchantName, merchantCity: this.options.merchantCity, amountCents, txid });
  }

  private async findByIdempotency(key: string): Promise<ProviderPayment | null> {
    const row = await this.options.em().findOne(SandboxPayment, { id: sandboxPaymentId(key) });
    return row ? toPayment(row) : null;
  }

  private async store(request: Pick<ChargeRequest, 'idempotencyKey' | 'orderId' | 'amountCents'>, fields: Pick<SandboxPayment, 'method' | 'status'> & Partial<Pick<SandboxPayment, 'cardBrand' | 'cardLast4' | 'returnUrl'>>): Promise<ProviderPayment> {
    const em = this.options.em();
    const row = em.create(SandboxPayment, {
      id: sandboxPaymentId(request.idempotencyKey),
      externalReference: request.orderId,
      amountCents: request.amountCents,
      refundedCents: 0,
      cardBrand: fields.cardBrand ?? null,
      cardLast4: fields.cardLast4 ?? null,
      returnUrl: fields.returnUrl ?? null,
      method: fields.method,
      status: fields.status,
    });
    await em.flush();
    return toPayment(row);
  }
}

/** The sandbox's payment id for an idempotency key (one payment per key). */
function sandboxPaymentId(idempotencyKey: string): string {
  return `SBX-${idempotencyKey.replace(/[^A-Za-z0-9]/g, '').slice(0, 32)}`;
}

function toPayment(row: SandboxPayment): ProviderPayment {
  return {
    id: row.id,
    orderId: row.externalReference,
    status: row.status,
    method: row.method,
    amountCents: row.amountCents,
    approvedAt: row.status === 'approved' || row.status === 'refunded' ? row.updatedAt : null,
    card: row.cardLast4 ? { brand: CARD_BRAND_NAMES[row.cardBrand as keyof typeof CARD_BRAND_NAMES] ?? 'Cartão', last4: row.cardLast4 } : null,
    pix: null,
    boleto: null,
  };
}

/** Modulo 10 check digit (FEBRABAN fields 1-3). */
function mod10(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((d, i) => {
    const product = Number(d) * (i % 2 === 0 ? 2 : 1);
    sum += product > 9 ? product - 9 : product;
  });
  return (10 - (sum % 10)) % 10;
}

/** Modulo 11 general check digit of the bar code (weights 2..9). */
function mod11(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((d, i) => (sum += Number(d) * ((i % 8) + 2)));
  const dv = 11 - (sum % 11);
  return dv === 0 || dv >= 10 ? 1 : dv;
}

/**
 * A FEBRABAN-shaped linha digitável for the sandbox bank "000": due-date factor (days since
 * 1997-10-07, 4 digits), amount (10 digits), a free field from the order code (two digits per
 * character), and valid check digits, so any validator accepts its shape.
 * @param dueDate yyyy-MM-dd.
 */
export function boletoLine(orderNumber: string, amountCents: number, dueDate: string): string {
  const base = Date.UTC(1997, 9, 7);
  const due = Date.parse(`${dueDate}T00:00:00Z`);
  const factor = (Math.round((due - base) / 86_400_000) % 9000 || 1000).toString().padStart(4, '0');
  const amount = amountCents.toString().padStart(10, '0').slice(-10);
  const free = [...orderNumber.replace(/[^A-Za-z0-9]/g, '').toUpperCase()]
    .map((char) => Number.parseInt(char, 36).toString().padStart(2, '0'))
    .join('')
    .padStart(25, '0')
    .slice(-25);
  const bankCurrency = '0009';
  const barcodeWithoutDv = bankCurrency + factor + amount + free;
  const dv = mod11(barcodeWithoutDv);
  const f1 = bankCurrency + free.slice(0, 5);
  const f2 = free.slice(5, 15);
  const f3 = free.slice(15, 25);
  const line = `${f1}${mod10(f1)}${f2}${mod10(f2)}${f3}${mod10(f3)}${dv}${factor}${amount}`;
  return `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line.slice(32, 33)} ${line.slice(33)}`;
}
