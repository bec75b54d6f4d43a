/**
 * What the store does with a payment as the acquirer reports it, whether the report
 * comes from a webhook, from the answer to a charge, or from asking the acquirer before an
 * order expires. The order only moves forward:
 *
 * - approved + pending order -> paid (`OrderPaid`, e-mail);
 * - approved + already paid/shipped/delivered -> nothing (a redelivery, or a late duplicate);
 * - approved + cancelled order (it expired, or the shopper cancelled) -> the payment is kept on
 *   the order as an alert for the staff (`PaymentConfirmedAfterExpiry`): refund or reinstate;
 *   never lost;
 * - approved for less than the total -> alert `amount_mismatch`, the order stays unpaid;
 * - pending / in_process after paid -> nothing (a late 'pending' never overwrites 'paid');
 * - rejected / cancelled + pending order -> cancelled, units return; except 'mercadopago-credits',
 *   whose shopper may try again on the same Linha de Crédito checkout until the order's deadline
 *   (the expiry settles it);
 * - refunded / charged back at the acquirer -> a paid order is cancelled and refunded, a
 *   shipped one gets an alert.
 *
 * Webhooks: signature verified by the provider (401 otherwise), each notification recorded
 * once in `payment_notifications` (the same notification twice changes nothing), and the
 * payment re-read from the acquirer, so the order of arrival does not matter.
 *
 * Expiry (`expireOverdue`, called by the scheduled job): an unpaid order past its deadline is
 * checked with the acquirer first: paid -> paid; still open -> the payment is cancelled at the
 * acquirer, then the order; unknown -> cancelled. A PIX paid at minute 29 whose webhook comes at
 * minute 31 is therefore paid; one paid after the acquirer cancelled it is an alert. While the
 * acquirer cannot be reached the order waits for the next run, but not longer than
 * {@link ACQUIRER_UNREACHABLE_GRACE_MS} past its deadline: then it is cancelled without the
 * acquirer's word (its units go back to stock, the history says why), and a payment the acquirer
 * confirms later becomes the same staff alert as above.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { ORDER_EVENTS, type CancelReason } from '@prata/contracts';
import { OPEN_PAYMENT_STATUSES, PaymentNotification, type ProviderPayment, type WebhookRequest } from '../payments/index.ts';
import { Order, chargedCents } from './order.entities.ts';
import { formatCents } from './order-mail.ts';
import { SYSTEM_ACTOR, type Actor, type Effects, type OrderWorkflow } from './order-workflow.ts';

/** What applying a payment did. */
export type PaymentOutcome =
  | 'paid'
  | 'already_paid'
  | 'late_payment'
  | 'amount_mismatch'
  | 'cancelled'
  | 'refunded'
  | 'alert'
  | 'ignored'
  | 'unknown_order'
  | 'duplicate';

/** How long past its deadline an unpaid order may wait for an unreachable acquirer, ms (2 h). */
export const ACQUIRER_UNREACHABLE_GRACE_MS = 2 * 60 * 60_000;

const REFUNDED = new Set(['refunded', 'charged_back']);
const FAILED = new Set(['rejected', 'cancelled']);

export class PaymentReconciliation {
  private readonly workflow: OrderWorkflow;

  constructor(workflow: OrderWorkflow) {
    this.workflow = workflow;
  }

  /**
   * Handles a webhook request. @throws WebhookSignatureError (bad signature),
   * PaymentProviderUnavailableError (the payment could not be read: the acquirer retries).
   */
  async handleWebhook(em: EntityManager, request: WebhookRequest): Promise<PaymentOutcome> {
    const provider = this.workflow.payments;
    const notification = provider.parseWebhook(request, this.workflow.clock.now());
    if (!notification) return 'ignored';
    const seen = await em.fork().findOne(PaymentNotification, { provider: provider.name, notificationId: notification.notificationId });
    if (seen) return 'duplicate';
    const payment = await provider.getPayment(notification.paymentId);
    if (!payment) return 'ignored';
    return this.apply(em, payment, { userId: null, label: provider.label }, { notificationId: notification.notificationId });
  }

  /**
   * Applies the acquirer's view of a payment to its order (see the module comment). With a
   * `notification`, records it once; a second delivery answers 'duplicate' and changes nothing.
   */
  async apply(em: EntityManager, payment: ProviderPayment, actor: Actor, notification?: { notificationId: string }): Promise<PaymentOutcome> {
    const provider = this.workflow.payments.name;
    return this.workflow.run(em, async (tx, effects) => {
      if (notification) {
        const inserted = await tx
          .getConnection()
          .execute<{ affectedRows: number }>(
            'insert into payment_notifications (id, provider, notification_id, payment_id, order_id, payment_status, outcome, received_at) values (gen_random_uuid(), ?, ?, ?, null, ?, ?, ?) on conflict (provider, notification_id) do nothing',
            [provider, notification.notificationId, payment.id, String(payment.status).slice(0, 30), 'received', this.workflow.clock.now()],
            'run',
            tx.getTransactionContext(),
          );
        if (inserted.affectedRows === 0) return 'duplicate';
      }
      const outcome = await this.applyLocked(tx, effects, payment, actor);
      if (notification) {
        const orderId = payment.orderId && /^[0-9a-f-]{36}$/i.test(payment.orderId) ? payment.orderId : null;
        await tx.nativeUpdate(PaymentNotification, { provider, notificationId: notification.notificationId }, { outcome, orderId: outcome === 'unknown_order' ? null : orderId });
      }
      return outcome;
    });
  }

  private async applyLocked(tx: EntityManager, effects: Effects, payment: ProviderPayment, actor: Actor): Promise<PaymentOutcome> {
    const workflow = this.workflow;
    const orderId = payment.orderId && /^[0-9a-f-]{36}$/i.test(payment.orderId) ? payment.orderId : null;
    const known = orderId ? await tx.findOne(Order, { id: orderId }, { fields: ['id'] }) : await tx.findOne(Order, { paymentReference: payment.id }, { fields: ['id'] });
    if (!known) return 'unknown_order';
    const order = await workflow.lock(tx, { id: known.id });
    const status = String(payment.status);
    const samePayment = !order.paymentReference || order.paymentReference === payment.id;

    if (status === 'approved') {
      if (order.status === 'paid' || order.status === 'shipped' || order.status === 'delivered') return 'already_paid';
      if (payment.amountCents < chargedCents(order)) {
        if (order.paymentAlert !== 'amount_mismatch') {
          order.paymentAlert = 'amount_mismatch';
          order.paymentAlertAt = workflow.clock.now();
          workflow.history(tx, order, order.status, order.status, actor, `Pagamento de ${formatCents(payment.amountCents)} menor que o total do pedido`);
        }
        return 'amount_mismatch';
      }
      order.paymentReference = payment.id;
      order.paymentStatus = status;
      if (payment.card) {
        order.cardBrand = payment.card.brand;
        order.cardLast4 = payment.card.last4;
      }
      if (order.status === 'cancelled') {
        if (order.paymentAlert === 'paid_after_expiry') return 'duplicate';
        order.paymentAlert = 'paid_after_expiry';
        order.paymentAlertAt = workflow.clock.now();
        order.paymentAlertResolution = null;
        workflow.history(tx, order, 'cancelled', 'cancelled', actor, `Pagamento de ${formatCents(payment.amountCents)} confirmado após o cancelamento: reembolse ou reative o pedido`);
        workflow.event(tx, effects, order, ORDER_EVENTS.paidAfterExpiry, { paymentId: payment.id, amountCents: payment.amountCents });
        return 'late_payment';
      }
      workflow.transition(tx, order, 'paid', actor);
      if (payment.approvedAt) order.paidAt = payment.approvedAt;
      workflow.event(tx, effects, order, ORDER_EVENTS.paid, { paymentId: payment.id });
      workflow.mail(tx, effects, order, 'paid');
      return 'paid';
    }

    if (OPEN_PAYMENT_STATUSES.has(status)) {
      if (order.status === 'pending' && samePayment) {
        order.paymentReference = payment.id;
        order.paymentStatus = status;
      }
      return 'ignored';
    }

    if (FAILED.has(status)) {
      if (order.status !== 'pending' || !samePayment) return 'ignored';
      order.paymentStatus = status;
      if (order.paymentMethod === 'mercadopago-credits') return 'ignored';
      const reason: CancelReason = order.paymentMethod === 'credit-card' ? 'payment_declined' : 'payment_expired';
      await workflow.cancel(tx, effects, order, reason, actor, null);
      return 'cancelled';
    }

    if (REFUNDED.has(status)) {
      if (order.paymentReference !== payment.id) return 'ignored';
      order.paymentStatus = status;
      if (order.status === 'paid') {
        await workflow.cancel(tx, effects, order, 'cancelled_by_admin', actor, 'Pagamento estornado na operadora', { cents: chargedCents(order), reference: `${payment.id}` });
        return 'refunded';
      }
      if (order.status === 'cancelled' && order.paymentAlert === 'paid_after_expiry' && !order.paymentAlertResolution) {
        order.paymentAlertResolution = 'refunded';
        order.refundedAt = workflow.clock.now();
        order.refundedCents = payment.amountCents;
        workflow.event(tx, effects, order, ORDER_EVENTS.refunded, { refundedCents: payment.amountCents });
        return 'refunded';
      }
      // A refund the store made itself (returns) is no alert.
      const refundedByStore = (order.refundedCents ?? 0) >= payment.amountCents;
      if ((order.status === 'shipped' || order.status === 'delivered') && order.paymentAlert !== 'refunded_by_provider' && !refundedByStore) {
        order.paymentAlert = 'refunded_by_provider';
        order.paymentAlertAt = workflow.clock.now();
        workflow.history(tx, order, order.status, order.status, actor, 'Pagamento estornado ou contestado na operadora após o envio');
        return 'alert';
      }
      return 'ignored';
    }
    return 'ignored';
  }

  /**
   * Expires unpaid orders past their deadline (`orders.expires_at`), asking the acquirer first.
   * Orders the acquirer cannot be asked about right now are left for the next run.
   * @returns how many orders were cancelled.
   */
  async expireOverdue(em: EntityManager, limit = 100): Promise<number> {
    const now = this.workflow.clock.now();
    const overdue = await em.fork().find(Order, { status: 'pending', expiresAt: { $lte: now } }, { orderBy: { expiresAt: 'asc' }, limit });
    let cancelled = 0;
    for (const order of overdue) {
      if (await this.reconcile(em, order)) cancelled += 1;
    }
    return cancelled;
  }

  /** Settles one overdue order. @returns true when it was cancelled. */
  private async reconcile(em: EntityManager, order: Order): Promise<boolean> {
    const provider = this.workflow.payments;
    let payment: ProviderPayment | null;
    try {
      payment = order.paymentReference ? await provider.getPayment(order.paymentReference) : await provider.findPaymentByOrder(order.id);
      // A boleto stays payable until its own due date: only its units are released; a
      // later payment becomes the paid-after-expiry alert. Other open payments are cancelled first.
      if (payment && order.paymentMethod !== 'boleto' && OPEN_PAYMENT_STATUSES.has(String(payment.status))) payment = await provider.cancelPayment(payment.id);
    } catch {
      // The acquirer cannot be asked now: wait for the next run, unless the grace period is over.
      const overdueMs = this.workflow.clock.now().getTime() - order.expiresAt!.getTime();
      if (overdueMs < ACQUIRER_UNREACHABLE_GRACE_MS) return false;
      return this.workflow.run(em, async (tx, effects) => {
        const locked = await this.workflow.lock(tx, { id: order.id });
        if (locked.status !== 'pending') return false;
        await this.workflow.cancel(tx, effects, locked, 'payment_expired', SYSTEM_ACTOR, 'Operadora de pagamento indisponível: pedido expirado sem a confirmação do pagamento');
        return true;
      });
    }
    const actor: Actor = payment ? { userId: null, label: provider.label } : SYSTEM_ACTOR;
    if (payment && String(payment.status) === 'approved') {
      await this.apply(em, payment, actor);
      return false;
    }
    return this.workflow.run(em, async (tx, effects) => {
      const locked = await this.workflow.lock(tx, { id: order.id });
      if (locked.status !== 'pending') return false;
      if (payment) locked.paymentStatus = String(payment.status);
      await this.workflow.cancel(tx, effects, locked, 'payment_expired', SYSTEM_ACTOR, null);
      return true;
    });
  }
}
