/**
 * The admin orders tab (`/admin/orders`): the list with filters (status, payment
 * method, period in São Paulo days), search (order code, customer name or e-mail) and paging;
 * the detail with customer, payment data and the timeline of every status change with who and
 * when; and the staff's transitions, each audited in `admin_logs` and published as a domain
 * event:
 *
 * - 'Marcar como pago' (manual reconciliation, e.g. a PIX to the store's static key) with a note;
 * - ship with carrier and tracking code; mark delivered;
 * - cancel: a pending order at once (and its open charge at the acquirer), a paid one with a
 *   refund through the acquirer (a payment confirmed by hand is refunded by hand);
 * - resolve a payment confirmed after expiry: refund it, or reinstate the order when the units
 *   are still available.
 */
import { LockMode, raw, type EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import {
  adminOrderListQuerySchema,
  type AdminOrder,
  type AdminOrderListQuery,
  type AdminOrderPage,
  type CancelOrderInput,
  type MarkOrderPaidInput,
  type PaymentAlert,
  type ResolveLatePaymentInput,
  type ShipOrderInput,
  ORDER_EVENTS,
} from '@prata/contracts';
import { ConflictError, DomainError, NotFoundError } from '../../errors.ts';
import { audit, type AuditAction } from '../audit/index.ts';
import { Product, takeVariantUnits } from '../catalogue/index.ts';
import { endOfSaoPauloDay } from '../payments/index.ts';
import { CouponRefusedError } from '../promotions/index.ts';
import { Order, chargedCents, timelineOrder } from './order.entities.ts';
import { toOrderDto } from './order-dto.ts';
import { type Actor, type OrderWorkflow } from './order-workflow.ts';
import { formatCents } from './order-mail.ts';

/** 502: the acquirer did not refund; nothing changed. */
export class RefundFailedError extends DomainError {
  constructor() {
    super(502, 'refund_failed', 'Não foi possível estornar o pagamento na operadora. Nada foi alterado; tente novamente em alguns instantes.');
  }
}

/** Escapes LIKE wildcards in user input. */
const likeText = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class AdminOrderService {
  private readonly workflow: OrderWorkflow;

  constructor(workflow: OrderWorkflow) {
    this.workflow = workflow;
  }

  /** One page of orders, newest first. */
  async list(em: EntityManager, query: AdminOrderListQuery): Promise<AdminOrderPage> {
    const q = adminOrderListQuerySchema.parse(query);
    const where: FilterQuery<Order> & Record<string, unknown> = {};
    if (q.status) where.status = q.status;
    if (q.method) where.paymentMethod = q.method;
    if (q.from || q.to) {
      where.createdAt = {
        ...(q.from ? { $gte: new Date(`${q.from}T00:00:00-03:00`) } : {}),
        ...(q.to ? { $lte: endOfSaoPauloDay(q.to) } : {}),
      };
    }
    if (q.alert === 'true') {
      where.paymentAlert = { $ne: null };
      where.paymentAlertResolution = null;
    }
    if (q.search) {
      const text = likeText(q.search);
      where.$or = [{ number: { $ilike: text } }, { customerName: { $ilike: text } }, { customerEmail: { $ilike: text } }];
    }
    const [orders, total] = await em.findAndCount(Order, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
    return {
      items: orders.map((order) => ({
        id: order.id,
        number: order.number,
        status: order.status,
        paymentMethod: order.paymentMethod,
        totalCents: order.totalCents,
        customerName: order.customerName,
        customerEmail: order.customerEmail,
        createdAt: order.createdAt.toISOString(),
        paymentAlert: order.paymentAlert && !order.paymentAlertResolution ? (order.paymentAlert as PaymentAlert) : null,
      })),
      total,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  /** One order in full. @throws NotFoundError. */
  async get(em: EntityManager, id: string): Promise<AdminOrder> {
    const order = await em.findOne(Order, { id }, { populate: ['items', 'statusChanges'] });
    if (!order) throw new NotFoundError('Pedido não encontrado');
    return toAdminOrderDto(order);
  }

  /** 'Marcar como pago': pending -> paid by hand, with the note of where the money was seen. */
  async markPaid(em: EntityManager, id: string, input: MarkOrderPaidInput, actor: Actor): Promise<AdminOrder> {
    await this.workflow.run(em, async (tx, effects) => {
      const order = await this.workflow.lock(tx, { id });
      this.workflow.transition(tx, order, 'paid', actor, `Pagamento confirmado manualmente: ${input.note}`);
      order.paymentStatus = 'manual';
      this.workflow.event(tx, effects, order, ORDER_EVENTS.paid, { manual: true, by: actor.userId });
      this.workflow.mail(tx, effects, order, 'paid');
      this.audit(tx, actor, 'order_marked_paid', order, { note: input.note });
    });
    return this.get(em.fork(), id);
  }

  /** paid -> shipped, with carrier and tracking code (e-mailed to the shopper). */
  async ship(em: EntityManager, id: string, input: ShipOrderInput, actor: Actor): Promise<AdminOrder> {
    await this.workflow.run(em, async (tx, effects) => {
      const order = await this.workflow.lock(tx, { id });
      this.workflow.transition(tx, order, 'shipped', actor, `${input.carrier} · ${input.trackingCode}`);
      order.carrier = input.carrier;
      order.trackingCode = input.trackingCode.toUpperCase();
      this.workflow.event(tx, effects, order, ORDER_EVENTS.shipped, { carrier: order.carrier, trackingCode: order.trackingCode });
      this.workflow.mail(tx, effects, order, 'shipped');
      this.audit(tx, actor, 'order_shipped', order, { carrier: order.carrier, trackingCode: order.trackingCode });
    });
    return this.get(em.fork(), id);
  }

  /** shipped -> delivered, the shopper e-mailed (with the 7-day return window). */
  async deliver(em: EntityManager, id: string, actor: Actor): Promise<AdminOrder> {
    await this.workflow.run(em, async (tx, effects) => {
      const order = await this.workflow.lock(tx, { id });
      this.workflow.transition(tx, order, 'delivered', actor);
      this.workflow.event(tx, effects, order, ORDER_EVENTS.delivered);
      this.workflow.mail(tx, effects, order, 'delivered');
      this.audit(tx, actor, 'order_delivered', order, {});
    });
    return this.get(em.fork(), id);
  }

  /**
   * Cancels a pending order, or a paid one with a full refund through the acquirer (inside the
   * order's lock, with an idempotency key per order, so a retry never refunds twice) of what it
   * charged; store credit the order spent goes back to the buyer's balance (workflow `cancel`).
   * @throws InvalidOrderTransitionError, RefundFailedError.
   */
  async cancel(em: EntityManager, id: string, input: CancelOrderInput, actor: Actor): Promise<AdminOrder> {
    const provider = this.workflow.payments;
    const openCharge = await this.workflow.run(em, async (tx, effects) => {
      const order = await this.workflow.lock(tx, { id });
      const note = input.note ?? null;
      if (order.status === 'paid') {
        // What the acquirer charged: the amount due, with a card plan's interest (order.entities.ts).
        const charged = chargedCents(order);
        const byCredit = charged === 0;
        const manual = !byCredit && (order.paymentStatus === 'manual' || !order.paymentReference);
        let reference = byCredit ? 'store-credit' : 'manual';
        if (!manual && !byCredit) {
          try {
            reference = (await provider.refund(order.paymentReference!, charged, `refund-${order.id}`)).id;
          } catch {
            throw new RefundFailedError();
          }
        }
        const refundNote = byCredit ? null : manual ? `Reembolso manual de ${formatCents(charged)}: devolva o valor ao cliente` : `Reembolso de ${formatCents(charged)} pela operadora`;
        await this.workflow.cancel(tx, effects, order, 'cancelled_by_admin', actor, [refundNote, note].filter(Boolean).join(' · ') || null, byCredit ? undefined : { cents: charged, reference });
        this.audit(tx, actor, 'order_refunded', order, { refundedCents: charged, reference, note });
        return null;
      }
      const reference = order.status === 'pending' ? order.paymentReference : null;
      await this.workflow.cancel(tx, effects, order, 'cancelled_by_admin', actor, note);
      this.audit(tx, actor, 'order_cancelled', order, { note });
      return reference;
    });
    if (openCharge) await provider.cancelPayment(openCharge).catch(() => undefined);
    return this.get(em.fork(), id);
  }

  /**
   * Resolves a payment confirmed after the order expired or was cancelled: `refund` it through
   * the acquirer, or `reinstate` the order (paid again) when every unit is still in stock.
   * @throws ConflictError (no open alert; not enough stock), RefundFailedError.
   */
  async resolveLatePayment(em: EntityManager, id: string, input: ResolveLatePaymentInput, actor: Actor): Promise<AdminOrder> {
    await this.workflow.run(em, async (tx, effects) => {
      const order = await this.workflow.lock(tx, { id });
      if (order.status !== 'cancelled' || order.paymentAlert !== 'paid_after_expiry' || order.paymentAlertResolution) {
        throw new ConflictError('Este pedido não tem um pagamento após o cancelamento para resolver.', 'no_late_payment');
      }
      if (input.action === 'refund') {
        let reference: string;
        try {
          reference = (await this.workflow.payments.refund(order.paymentReference!, chargedCents(order), `refund-${order.id}`)).id;
        } catch {
          throw new RefundFailedError();
        }
        order.paymentAlertResolution = 'refunded';
        order.refundedAt = this.workflow.clock.now();
        order.refundedCents = chargedCents(order);
        order.refundReference = reference.slice(0, 100);
        this.workflow.history(tx, order, 'cancelled', 'cancelled', actor, `Pagamento após o cancelamento reembolsado (${formatCents(chargedCents(order))})`);
        this.workflow.event(tx, effects, order, ORDER_EVENTS.refunded, { refundedCents: chargedCents(order), latePayment: true });
        this.workflow.mail(tx, effects, order, 'cancelled');
        this.audit(tx, actor, 'order_refunded', order, { refundedCents: chargedCents(order), reference, latePayment: true });
        return;
      }
      // The store credit the order spent went back when it was cancelled: it is spent again (the
      // buyer's lock before the products', as everywhere), or the late payment must be refunded.
      if (!(await this.workflow.deps.credit.spendAgain(tx, order, this.workflow.clock.now()))) {
        throw new ConflictError('O crédito da loja usado neste pedido já foi gasto em outro pedido. Reembolse o pagamento.', 'store_credit_spent');
      }
      // Its coupon use went back too: taken again under the coupon's limits (review #8), or refunded.
      if (order.couponCode) {
        const userId = typeof order.user === 'string' ? order.user : order.user.id;
        try {
          await this.workflow.deps.coupons.redeemAgain(tx, { code: order.couponCode, userId, orderId: order.id, discountCents: order.couponDiscountCents, now: this.workflow.clock.now() });
        } catch (error) {
          if (!(error instanceof CouponRefusedError)) throw error;
          throw new ConflictError(`O cupom ${order.couponCode} não pode ser usado de novo neste pedido (${error.message}). Reembolse o pagamento.`, 'coupon_unavailable');
        }
      }
      const ids = order.items.getItems().flatMap((item) => (item.product ? [item.product.id] : []));
      const products = await tx.find(Product, { id: { $in: ids } }, { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' } });
      const short = (item: { productName: string; variantLabel?: string | null }) =>
        new ConflictError(`Estoque insuficiente de ${item.productName}${item.variantLabel ? ` (${item.variantLabel})` : ''} para reativar o pedido. Reembolse o pagamento.`, 'insufficient_stock');
      for (const item of order.items) {
        const product = products.find((p) => p.id === item.product?.id);
        // A line of a variant deleted since cannot take its units from anywhere.
        if (!product || (item.sku != null && !item.variant) || (!item.variant && product.stock < item.quantity)) throw short(item);
      }
      for (const item of order.items) {
        if (item.variant) {
          // Conditional: refused (and the whole reinstatement rolled back) when the variant is short.
          if (!(await takeVariantUnits(tx, item.variant.id, item.product!.id, item.quantity))) throw short(item);
        } else {
          await tx.nativeUpdate(Product, { id: item.product!.id }, { stock: raw('stock - ?', [item.quantity]) });
        }
      }
      this.workflow.history(tx, order, 'cancelled', 'paid', actor, 'Pedido reativado: pagamento confirmado após o cancelamento');
      order.status = 'paid';
      order.paidAt = this.workflow.clock.now();
      order.cancelledAt = null;
      order.cancelReason = null;
      order.paymentAlertResolution = 'reinstated';
      this.workflow.event(tx, effects, order, ORDER_EVENTS.paid, { reinstated: true });
      this.workflow.mail(tx, effects, order, 'paid');
      this.audit(tx, actor, 'order_reinstated', order, {});
    });
    return this.get(em.fork(), id);
  }

  private audit(tx: EntityManager, actor: Actor, action: AuditAction, order: Order, details: Record<string, unknown>): void {
    audit(tx, { userId: actor.userId, action, details: { orderId: order.id, number: order.number, ...details }, ...(actor.meta ? { meta: actor.meta } : {}) });
  }
}

/** The staff's view of an order. */
export function toAdminOrderDto(order: Order): AdminOrder {
  const base = toOrderDto(order);
  const history = timelineOrder(order.statusChanges.getItems());
  return {
    ...base,
    customer: { userId: typeof order.user === 'string' ? order.user : order.user.id, name: order.customerName, email: order.customerEmail, phone: order.customerPhone },
    provider: { name: order.paymentProvider ?? null, reference: order.paymentReference ?? null, status: order.paymentStatus ?? null },
    paymentAlert:
      order.paymentAlert && order.paymentAlertAt
        ? { kind: order.paymentAlert as PaymentAlert, at: order.paymentAlertAt.toISOString(), resolution: (order.paymentAlertResolution as 'refunded' | 'reinstated' | null) ?? null }
        : null,
    timeline: history.map((entry) => ({ from: entry.fromStatus ?? null, status: entry.toStatus, at: entry.createdAt.toISOString(), actor: entry.actorLabel, note: entry.note ?? null })),
  };
}
