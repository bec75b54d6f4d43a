/**
 * The order state machine and its side effects, shared by placement, the admin
 * actions, the acquirer's notifications and expiry:
 *
 *   pending -> paid -> shipped -> delivered
 *   pending -> cancelled            (units return to stock at once)
 *   paid    -> cancelled            (refunded through the acquirer; units return)
 *
 * Every change is a row in `order_status_changes` (from, to, who, when), a domain event in the
 * outbox (`OrderPaid`, `OrderShipped`, ...) and, where the shopper must know, an e-mail; events
 * are published and e-mails delivered only after the transaction commits. An invalid change is
 * refused with `InvalidOrderTransitionError` (409, pt-BR).
 */
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import {
  ORDER_EVENTS,
  ORDER_STATUS_LABELS,
  type CancelReason,
  type OrderEventBase,
  type OrderEventExtra,
  type OrderEventType,
  type OrderStatus,
} from '@prata/contracts';
import { DomainError, NotFoundError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RequestMeta } from '../audit/index.ts';
import { returnUnits } from '../catalogue/index.ts';
import type { PaymentProvider } from '../payments/index.ts';
import type { CouponService } from '../promotions/index.ts';
import type { DomainEventRecord } from '../../events/domain-event.entity.ts';
import type { EventBus, RecordedPayloadOf } from '../../events/event-bus.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { OutboxEmail } from '../../mail/outbox-email.entity.ts';
import { Order, OrderStatusChange } from './order.entities.ts';
import { formatCents, orderMail, type OrderMailKind } from './order-mail.ts';
import type { OrderTrackingLinks } from './order-tracking-links.ts';

/** Allowed status changes. */
const TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['paid', 'cancelled'],
  paid: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** The pt-BR refusal of each invalid change the staff can ask for. */
function refusal(from: OrderStatus, to: OrderStatus): string {
  if (to === 'paid') return 'Este pedido não está aguardando pagamento.';
  if (to === 'cancelled' && from === 'cancelled') return 'Este pedido já está cancelado.';
  if (from === to) return `O pedido já está ${ORDER_STATUS_LABELS[from].toLowerCase()}.`;
  if (to === 'shipped') return 'Só pedidos pagos podem ser enviados.';
  if (to === 'delivered') return 'Só pedidos enviados podem ser marcados como entregues.';
  if (to === 'cancelled') return 'Pedidos enviados ou entregues não podem ser cancelados.';
  return `Não é possível mudar o pedido de "${ORDER_STATUS_LABELS[from]}" para "${ORDER_STATUS_LABELS[to]}".`;
}

/** 409: the order's status does not allow the change. */
export class InvalidOrderTransitionError extends DomainError {
  constructor(from: OrderStatus, to: OrderStatus) {
    super(409, 'invalid_transition', refusal(from, to));
  }
}

/** Who changed an order: a user (customer or staff), the system, or the acquirer. */
export interface Actor {
  userId: string | null;
  /** As the timeline shows it: 'Cliente', 'Sistema', 'Mercado Pago', a staff e-mail. */
  label: string;
  meta?: RequestMeta;
}

export const SYSTEM_ACTOR: Actor = { userId: null, label: 'Sistema' };
/** The shopper acting on their own order (add their `userId`). */
export const CUSTOMER: Omit<Actor, 'userId'> = { label: 'Cliente' };

/**
 * What orders need of the store-credit ledger (modules/store-credit `storeCreditLedger`, lent by
 * the composition: a ledger entry references its order, so that module sits above this one).
 * Amounts in BRL cents; every call runs in the caller's transaction `tx`.
 */
export interface StoreCreditLedger {
  /** The buyer's balance (0 without entries); the caller holds the buyer's row lock. */
  balance(tx: EntityManager, userId: string): Promise<number>;
  /** Spends `cents` (> 0) on `order`: a negative entry. The caller holds the buyer's lock and checked the balance. */
  spend(tx: EntityManager, order: Order, cents: number, at: Date): void;
  /** Spends again what a cancelled `order` gave back (locks the buyer); false, changing nothing, when the balance no longer holds it. */
  spendAgain(tx: EntityManager, order: Order, at: Date): Promise<boolean>;
  /** Gives back what `order` spent and has not given back yet, at most `cents` (locks the buyer); returns the cents given back. */
  giveBack(tx: EntityManager, order: Order, reason: string, at: Date, cents?: number): Promise<number>;
}

export interface OrderWorkflowDeps {
  payments: PaymentProvider;
  /** Coupon uses: a cancelled order gives its use back, a reinstated one takes it again. */
  coupons: CouponService;
  /** The store-credit ledger: a cancelled order gives its credit back. */
  credit: StoreCreditLedger;
  events: EventBus;
  clock: Clock;
  mailer: Mailer;
  /** The store's origin, for links in e-mails (`/pedido/<token>`, `/minha-conta/pedidos/<id>`). */
  storeUrl: string;
  /** Signs the order-tracking links the e-mails carry (order-tracking-links.ts). */
  trackingLinks: OrderTrackingLinks;
  /** Stock hoarding caps (config `orderLimits`). */
  limits: { maxUnitsPerProduct: number; maxUnpaidUnitsPerProduct: number; boletoHoldBusinessDays: number };
}

/** Side effects collected inside a transaction, released after commit. */
export class Effects {
  readonly events: DomainEventRecord[] = [];
  readonly mails: OutboxEmail[] = [];
}

export class OrderWorkflow {
  readonly deps: OrderWorkflowDeps;

  constructor(deps: OrderWorkflowDeps) {
    this.deps = deps;
  }

  get clock(): Clock {
    return this.deps.clock;
  }

  get payments(): PaymentProvider {
    return this.deps.payments;
  }

  /**
   * Runs `work` in one transaction; after it commits, publishes the recorded events and
   * delivers the queued e-mails.
   */
  async run<T>(em: EntityManager, work: (tx: EntityManager, effects: Effects) => Promise<T>): Promise<T> {
    const effects = new Effects();
    const result = await em.transactional((tx) => work(tx, effects));
    await this.deps.events.publish(em, effects.events);
    if (effects.mails.length > 0) await this.deps.mailer.dispatch(em.fork(), effects.mails);
    return result;
  }

  /** The order, locked for update, with items and history. @throws NotFoundError. */
  async lock(tx: EntityManager, where: { id: string; user?: string }): Promise<Order> {
    const order = await tx.findOne(Order, where, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!order) throw new NotFoundError('Pedido não encontrado');
    await tx.populate(order, ['items', 'statusChanges']);
    return order;
  }

  /** Records the change in the history and moves the order. @throws InvalidOrderTransitionError. */
  transition(tx: EntityManager, order: Order, to: OrderStatus, actor: Actor, note: string | null = null): void {
    const from = order.status;
    if (!TRANSITIONS[from].includes(to)) throw new InvalidOrderTransitionError(from, to);
    this.history(tx, order, from, to, actor, note);
    order.status = to;
    const now = this.clock.now();
    if (to === 'paid') order.paidAt = now;
    if (to === 'shipped') order.shippedAt = now;
    if (to === 'delivered') order.deliveredAt = now;
    if (to === 'cancelled') order.cancelledAt = now;
  }

  /** A history row (also for events that keep the status, e.g. a payment after cancellation). */
  history(tx: EntityManager, order: Order, from: OrderStatus | null, to: OrderStatus, actor: Actor, note: string | null): void {
    tx.create(OrderStatusChange, { order, fromStatus: from, toStatus: to, actorUserId: actor.userId, actorLabel: actor.label.slice(0, 255), note: note?.slice(0, 300) ?? null, createdAt: this.clock.now() });
  }

  /** Puts the order's units back in stock: into each line's variant and its product's sum, or the product; a variant or product back from 0 records `StockReplenished`. */
  async returnUnits(tx: EntityManager, effects: Effects, order: Order): Promise<void> {
    for (const item of order.items) {
      if (!item.product) continue;
      const replenished = await returnUnits(this.deps.events, tx, { productId: item.product.id, variantId: item.variant?.id ?? null, quantity: item.quantity, hadVariant: item.sku != null });
      if (replenished) effects.events.push(replenished);
    }
  }

  /**
   * Cancels a pending or paid order: units back to stock, history, `OrderCancelled`, e-mail.
   * `refund` (paid orders): the amount refunded and the acquirer's refund id, adding `OrderRefunded`.
   * Store credit the order spent goes back to the buyer's balance (`deps.credit`).
   */
  async cancel(tx: EntityManager, effects: Effects, order: Order, reason: CancelReason, actor: Actor, note: string | null, refund?: { cents: number; reference: string }): Promise<void> {
    this.transition(tx, order, 'cancelled', actor, note);
    order.cancelReason = reason;
    // The store credit spent goes back first: it locks the buyer, and placing an order locks the
    // buyer before the products, so the products' locks (returnUnits) must come after it here too.
    const creditBack = await this.deps.credit.giveBack(tx, order, `Pedido ${order.number} cancelado`, this.clock.now());
    if (creditBack > 0) this.history(tx, order, 'cancelled', 'cancelled', actor, `Crédito da loja devolvido (${formatCents(creditBack)})`);
    await this.returnUnits(tx, effects, order);
    // The coupon's use is given back too: the order did not happen.
    if (order.couponCode) await this.deps.coupons.release(tx, order.id);
    this.event(tx, effects, order, ORDER_EVENTS.cancelled, { reason });
    if (refund) {
      order.refundedAt = this.clock.now();
      order.refundedCents = refund.cents;
      order.refundReference = refund.reference.slice(0, 100);
      this.event(tx, effects, order, ORDER_EVENTS.refunded, { refundedCents: refund.cents });
    }
    this.mail(tx, effects, order, 'cancelled');
  }

  /**
   * Records a domain event about `order`: the payload is the order (OrderEventBase: orderId, number,
   * status, totalCents, paymentMethod, userId) plus the fields the event type adds (the registry's
   * OrderEventExtra, e.g. `reason` for OrderCancelled).
   */
  event<T extends OrderEventType>(tx: EntityManager, effects: Effects, order: Order, type: T, extra: OrderEventExtra<T> = {} as OrderEventExtra<T>): void {
    const userId = typeof order.user === 'string' ? order.user : order.user.id;
    const base: OrderEventBase = { orderId: order.id, number: order.number, status: order.status, totalCents: order.totalCents, paymentMethod: order.paymentMethod, userId };
    effects.events.push(this.deps.events.record(tx, { type, aggregateId: order.id, payload: { ...base, ...extra } as RecordedPayloadOf<T> }));
  }

  /** Queues the shopper's e-mail of `kind`, with a tracking link valid from now. */
  mail(tx: EntityManager, effects: Effects, order: Order, kind: OrderMailKind): void {
    effects.mails.push(this.deps.mailer.queue(tx, orderMail(order, kind, { tracking: this.trackingLink(order.id), account: this.orderLink(order.id) })));
  }

  /** The order's page in the shopper's account (behind sign-in). */
  orderLink(id: string): string {
    return `${this.deps.storeUrl}/minha-conta/pedidos/${id}`;
  }

  /** The order's tracking page without sign-in, `/pedido/<token>`, its token issued now (valid TRACKING_LINK_TTL_MS). */
  trackingLink(id: string): string {
    return `${this.deps.storeUrl}/pedido/${this.deps.trackingLinks.issue(id, this.clock.now())}`;
  }
}
