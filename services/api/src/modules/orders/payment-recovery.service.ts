/**
 * Recovering unpaid PIX and boleto orders (contracts payment-recovery.ts):
 *
 * - `renew` ('Gerar novo PIX' / 'Gerar novo boleto'): a new charge for the same order, at the
 *   order's own price, asked by the order's buyer (signed in) or by whoever holds its signed
 *   tracking link. Allowed for an unpaid PIX or boleto order whose charge is about to expire
 *   (`PAYMENT_RENEWAL_LEAD_MS` before its deadline) or that expired or failed (cancelled for
 *   `payment_expired` / `payment_failed`) less than the store's `paymentRenewalWindowDays` ago
 *   (the owner's recovery settings, read at each use), at most
 *   `MAX_PAYMENT_RENEWALS` times. In order: the current charge is settled with the acquirer (an
 *   approved one pays the order and nothing is renewed; an open one is cancelled, so two codes are
 *   never payable at once); then one transaction takes the order back (an expired order spends its
 *   store credit and coupon again and takes its units again: every piece gone is named in one 409
 *   and nothing changes; at most MAX_PENDING_ORDERS unpaid orders) with fresh deadlines; then the
 *   acquirer issues the new charge under a fresh idempotency key (order-charge.ts `chargeAgain`).
 * - `sendReminders` (job `payment-reminders`): one e-mail per order when its PIX code or boleto is
 *   about to expire, with the order's signed tracking link; never for a paid or cancelled order.
 *   The same transaction records `OrderPaymentReminderSent`, on which the messaging module sends
 *   the WhatsApp 'recovery' message to a shopper who opted in.
 * The staff's figures of all this are the reports module's (`GET /api/admin/recovery`).
 */
import { randomUUID } from 'node:crypto';
import { LockMode, raw, type EntityManager } from '@mikro-orm/postgresql';
import {
  MAX_PAYMENT_RENEWALS,
  MAX_PENDING_ORDERS,
  ORDER_EVENTS,
  PAYMENT_RENEWAL_LEAD_MS,
  PAYMENT_RENEWAL_LIMIT_MESSAGE,
  PAYMENT_RENEWAL_REFUSED_MESSAGE,
  PAYMENT_RENEWAL_TOO_EARLY_MESSAGE,
  paymentRenewalStockMessage,
  type PaymentRenewalWindow,
  type RecoverySettings,
} from '@prata/contracts';
import { ConflictError, DomainError, NotFoundError } from '../../errors.ts';
import { OPEN_PAYMENT_STATUSES, PaymentProviderUnavailableError } from '../payments/index.ts';
import { CouponRefusedError } from '../promotions/index.ts';
import { Product, takeVariantUnits, variantsByProduct } from '../catalogue/index.ts';
import type { OrderCharges } from './order-charge.ts';
import { unavailableLines, type OrderLine } from './order-lines.ts';
import { Order } from './order.entities.ts';
import type { Actor, OrderWorkflow } from './order-workflow.ts';
import { paymentDeadlines } from './payment-deadlines.ts';
import type { PaymentReconciliation } from './payment-reconciliation.service.ts';

const DAY_MS = 86_400_000;
/** Cancellations after which the buyer may ask for a new charge: the charge expired or failed, not a decision. */
const RENEWABLE_CANCELLATIONS = new Set(['payment_expired', 'payment_failed']);

/** 503: the acquirer could not be asked about the current charge; nothing changed. */
export class RenewalUnavailableError extends DomainError {
  constructor() {
    super(503, 'payment_unavailable', 'Não foi possível consultar o pagamento atual agora. Tente novamente em alguns instantes.');
  }
}

/** The deadline a pending order's charge is about to pass: the PIX code's expiry, or the end of a boleto's hold. */
function chargeDeadline(order: Order): Date | null {
  return (order.paymentMethod === 'pix' ? order.pixExpiresAt : order.expiresAt) ?? null;
}

export class PaymentRecovery {
  private readonly workflow: OrderWorkflow;
  private readonly charges: OrderCharges;
  private readonly reconciliation: PaymentReconciliation;
  private readonly settings: (em: EntityManager) => Promise<RecoverySettings>;

  /** `settings`: the store's recovery settings as stored now (settings module), for the window's days. */
  constructor(workflow: OrderWorkflow, charges: OrderCharges, reconciliation: PaymentReconciliation, settings: (em: EntityManager) => Promise<RecoverySettings>) {
    this.workflow = workflow;
    this.charges = charges;
    this.reconciliation = reconciliation;
    this.settings = settings;
  }

  /** The store's recovery window now, whole days (`paymentRenewalWindowDays` of the recovery settings). */
  async windowDays(em: EntityManager): Promise<number> {
    return (await this.settings(em)).paymentRenewalWindowDays;
  }

  /**
   * When `order` may get a new charge (see the module comment) with a recovery window of
   * `windowDays` days ({@link windowDays}), or null when never: not PIX or boleto, paid, cancelled
   * by someone, an open payment alert, or the limit reached.
   */
  window(order: Order, windowDays: number): PaymentRenewalWindow | null {
    const windowMs = windowDays * DAY_MS;
    if (order.paymentMethod !== 'pix' && order.paymentMethod !== 'boleto') return null;
    if (order.paymentRenewals >= MAX_PAYMENT_RENEWALS || order.paymentAlert) return null;
    const renewals = order.paymentRenewals;
    if (order.status === 'pending') {
      const deadline = chargeDeadline(order);
      if (!deadline) return null;
      const from = new Date(deadline.getTime() - PAYMENT_RENEWAL_LEAD_MS[order.paymentMethod]);
      return { from: from.toISOString(), until: new Date(deadline.getTime() + windowMs).toISOString(), renewals };
    }
    if (order.status === 'cancelled' && order.cancelledAt && RENEWABLE_CANCELLATIONS.has(order.cancelReason ?? '')) {
      return { from: order.cancelledAt.toISOString(), until: new Date(order.cancelledAt.getTime() + windowMs).toISOString(), renewals };
    }
    return null;
  }

  /** @throws ConflictError when `order` may not get a new charge at `now` (window of `windowDays`). */
  private assertRenewable(order: Order, now: Date, windowDays: number): void {
    if (order.paymentRenewals >= MAX_PAYMENT_RENEWALS && (order.status === 'pending' || order.status === 'cancelled')) {
      throw new ConflictError(PAYMENT_RENEWAL_LIMIT_MESSAGE, 'renewal_limit');
    }
    const window = this.window(order, windowDays);
    if (!window || now.getTime() >= Date.parse(window.until)) throw new ConflictError(PAYMENT_RENEWAL_REFUSED_MESSAGE, 'not_renewable');
    if (now.getTime() < Date.parse(window.from)) throw new ConflictError(PAYMENT_RENEWAL_TOO_EARLY_MESSAGE, 'payment_still_valid');
  }

  /**
   * A new charge for the order `where` names (`user`: the buyer asking; without it the caller
   * proved the tracking link). See the module comment.
   * @throws NotFoundError (unknown, or another buyer's), ConflictError 'renewal_limit' |
   *   'not_renewable' | 'payment_still_valid' | 'pieces_unavailable' | 'too_many_pending' |
   *   'store_credit_spent' | 'coupon_unavailable', RenewalUnavailableError 503,
   *   PaymentUnavailableError 502 (the acquirer failed: the order is cancelled again).
   */
  async renew(em: EntityManager, where: { id: string; user?: string }, actor: Actor): Promise<void> {
    const current = await em.fork().findOne(Order, where);
    if (!current) throw new NotFoundError('Pedido não encontrado');
    const windowDays = await this.windowDays(em.fork());
    this.assertRenewable(current, this.workflow.clock.now(), windowDays);
    // An expired boleto stays payable until its due date: it is cancelled too, so two codes are never payable at once.
    const reference = current.paymentReference?.startsWith('renewing:') ? null : current.paymentReference;
    if (reference && !(await this.settleCurrent(em, reference, actor))) return;

    const key = randomUUID();
    const order = await this.workflow.run(em, async (tx) => {
      const locked = await this.workflow.lock(tx, where);
      const now = this.workflow.clock.now();
      this.assertRenewable(locked, now, windowDays);
      const charge = locked.paymentMethod === 'pix' ? 'PIX' : 'boleto';
      if (locked.status === 'cancelled') await this.takeBack(tx, locked, actor, `Novo ${charge} gerado: pedido retomado`);
      else this.workflow.history(tx, locked, 'pending', 'pending', actor, `Novo ${charge} gerado`);
      Object.assign(locked, paymentDeadlines(locked.paymentMethod, false, now, this.workflow.deps.limits.boletoHoldBusinessDays));
      Object.assign(locked, { paymentRenewals: locked.paymentRenewals + 1, paymentRenewedAt: now, paymentProvider: this.workflow.payments.name });
      // A marker until the new charge is recorded: a late notice about the old charge finds no match and cancels nothing.
      Object.assign(locked, { paymentReference: `renewing:${key}`, paymentStatus: null, pixPayload: null, pixTxid: null, boletoLine: null, boletoUrl: null });
      return locked;
    });
    await this.charges.chargeAgain(em, order, key);
  }

  /**
   * Settles the order's current charge before a new one: approved -> applied as the acquirer
   * reports it (a pending order is paid, an expired one gets the staff's late-payment alert; false:
   * nothing to renew); open -> cancelled at the acquirer. @throws RenewalUnavailableError.
   */
  private async settleCurrent(em: EntityManager, reference: string, actor: Actor): Promise<boolean> {
    const provider = this.workflow.payments;
    try {
      let payment = await provider.getPayment(reference);
      if (payment && String(payment.status) === 'approved') {
        await this.reconciliation.apply(em, payment, actor);
        return false;
      }
      if (payment && OPEN_PAYMENT_STATUSES.has(String(payment.status))) payment = await provider.cancelPayment(payment.id);
      if (payment && String(payment.status) === 'approved') {
        await this.reconciliation.apply(em, payment, actor);
        return false;
      }
      return true;
    } catch (error) {
      if (error instanceof PaymentProviderUnavailableError) throw new RenewalUnavailableError();
      throw error;
    }
  }

  /**
   * Takes an expired order back to pending (cancelled -> pending, recorded in its history): its
   * store credit and coupon are spent again and its units taken again, in the order the other
   * writers lock (buyer, products, coupon). @throws ConflictError (see {@link renew}).
   */
  private async takeBack(tx: EntityManager, order: Order, actor: Actor, note: string): Promise<void> {
    const now = this.workflow.clock.now();
    const userId = typeof order.user === 'string' ? order.user : order.user.id;
    if (!(await this.workflow.deps.credit.spendAgain(tx, order, now))) {
      throw new ConflictError('O crédito da loja usado neste pedido já foi usado em outro pedido. Faça um novo pedido pela loja.', 'store_credit_spent');
    }
    if ((await tx.count(Order, { user: userId, status: 'pending' })) >= MAX_PENDING_ORDERS) {
      throw new ConflictError(`Você já tem ${MAX_PENDING_ORDERS} pedidos aguardando pagamento. Pague ou cancele um deles antes de retomar este pedido.`, 'too_many_pending');
    }
    await this.takeUnits(tx, order, userId, now);
    if (order.couponCode) {
      try {
        await this.workflow.deps.coupons.redeemAgain(tx, { code: order.couponCode, userId, orderId: order.id, discountCents: order.couponDiscountCents, now });
      } catch (error) {
        if (!(error instanceof CouponRefusedError)) throw error;
        throw new ConflictError(`O cupom ${order.couponCode} não pode mais ser usado neste pedido (${error.message}). Faça um novo pedido pela loja.`, 'coupon_unavailable');
      }
    }
    this.workflow.history(tx, order, 'cancelled', 'pending', actor, note);
    Object.assign(order, { status: 'pending', cancelledAt: null, cancelReason: null });
  }

  /** The order's units leave stock again, or a 409 names every piece that is gone. */
  private async takeUnits(tx: EntityManager, order: Order, userId: string, now: Date): Promise<void> {
    const ids = [...new Set(order.items.getItems().flatMap((item) => (item.product ? [item.product.id] : [])))].sort();
    const products = await tx.find(Product, { id: { $in: ids } }, { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' } });
    const variants = await variantsByProduct(tx, products.map((product) => product.id));
    const piece = (item: { productName: string; variantLabel?: string | null }) => `${item.productName}${item.variantLabel ? ` (${item.variantLabel})` : ''}`;
    const gone: string[] = [];
    const lines: OrderLine[] = [];
    for (const item of order.items) {
      const product = products.find((p) => p.id === item.product?.id);
      const variant = item.variant ? (variants.get(product?.id ?? '') ?? []).find((v) => v.id === item.variant!.id) : undefined;
      // A product gone or withdrawn, or a line whose variant was deleted since, cannot take units.
      if (!product || product.status !== 'active' || (item.sku != null && !variant)) gone.push(piece(item));
      else lines.push({ product, variant: variant ?? null, label: item.variantLabel ?? null, quantity: item.quantity, unitPriceCents: item.unitPriceCents, engraving: item.engravingText ?? null });
    }
    for (const line of await unavailableLines(tx, lines, userId, now)) gone.push(piece({ productName: line.product.name, variantLabel: line.label }));
    if (gone.length > 0) throw new ConflictError(paymentRenewalStockMessage(gone), 'pieces_unavailable');
    for (const line of lines) {
      // Conditional, as placement takes them: never below zero.
      if (line.variant) {
        if (!(await takeVariantUnits(tx, line.variant.id, line.product.id, line.quantity))) throw new ConflictError(paymentRenewalStockMessage([piece({ productName: line.product.name, variantLabel: line.label })]), 'pieces_unavailable');
      } else {
        await tx.nativeUpdate(Product, { id: line.product.id }, { stock: raw('stock - ?', [line.quantity]) });
      }
    }
  }

  /**
   * Sends the one reminder of each pending PIX/boleto order whose charge reaches its deadline
   * within `PAYMENT_RENEWAL_LEAD_MS` (job `payment-reminders`), with the order's tracking link.
   * Claimed with a conditional update, so two processes never send it twice.
   * @returns how many were sent.
   */
  async sendReminders(em: EntityManager, limit = 100): Promise<number> {
    const now = this.workflow.clock.now();
    const soon = (method: 'pix' | 'boleto') => new Date(now.getTime() + PAYMENT_RENEWAL_LEAD_MS[method]);
    const due = await em.fork().find(
      Order,
      {
        status: 'pending',
        paymentReminderSentAt: null,
        paymentReference: { $ne: null },
        $or: [
          { paymentMethod: 'pix', pixExpiresAt: { $gt: now, $lte: soon('pix') } },
          { paymentMethod: 'boleto', expiresAt: { $gt: now, $lte: soon('boleto') } },
        ],
      },
      { fields: ['id'], limit },
    );
    let sent = 0;
    for (const { id } of due) {
      const mailed = await this.workflow.run(em, async (tx, effects) => {
        const claimed = await tx.nativeUpdate(Order, { id, status: 'pending', paymentReminderSentAt: null }, { paymentReminderSentAt: now });
        if (claimed === 0) return false;
        const order = await tx.findOneOrFail(Order, { id });
        this.workflow.mail(tx, effects, order, 'payment_reminder');
        this.workflow.event(tx, effects, order, ORDER_EVENTS.paymentReminderSent);
        return true;
      });
      if (mailed) sent += 1;
    }
    return sent;
  }
}
