/**
 * Returns and exchanges (issue 23 "Returns and exchanges"; CDC art. 49, Decreto 7.962/2013).
 *
 * The shopper asks, from a delivered order's page, to return or exchange units of its lines with a
 * reason. Within the withdrawal right (7 São Paulo calendar days from delivery:
 * `withdrawalDeadline`) the request is approved at once; after it, it waits for the owner. The
 * owner approves or refuses, marks the pieces received (their units go back to stock through the
 * catalogue's `returnUnits`, which records `StockReplenished`), then refunds through the acquirer
 * (`PaymentProvider.refund`, idempotency key `return-<request id>`; a payment confirmed by hand is
 * refunded by hand), credits the amount to the shopper's store credit, or closes the exchange.
 *
 * Amounts are computed on the server when the request is made: each line's share of what was
 * paid for the goods (`lineShares`: discounts prorated over the lines), for the units asked
 * (`unitsAmount`), plus the freight when the request is within the right and makes every unit of
 * the order returned. The order's row is locked while a request is counted, so two requests at
 * once never return more units than were bought; `orders.refunded_cents` adds every refund, so the
 * order's totals stay consistent (total - refunded = what the store kept).
 *
 * Every step is a history row on the order (note only: the status stays `delivered`), an e-mail
 * to the shopper (return-mail.ts), and for the owner's actions an audit row; a new request is a
 * `ReturnRequested` event (the owner's notification).
 */
import { LockMode, raw, type EntityManager } from '@mikro-orm/postgresql';
import {
  ORDER_EVENTS,
  RETURN_KIND_LABELS,
  RETURN_REQUESTED,
  formatBRL,
  type AdminReturn,
  type AdminReturnQuery,
  type CreateReturnInput,
  type OrderReturns,
  type RejectReturnInput,
  type ReturnRequest as ReturnRequestDto,
  type ReturnStatus,
  type StoreCredit,
} from '@prata/contracts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { audit, type AuditAction, type RequestMeta } from '../audit/index.ts';
import { Product, ProductVariant, labelOf, returnUnits, takeVariantUnits, variantsByProduct } from '../catalogue/index.ts';
import { Order, RefundFailedError, amountDueCents, type Effects, type OrderWorkflow } from '../orders/index.ts';
import { Coupon } from '../promotions/index.ts';
import { StoreCreditEntry, storeCreditLedger } from '../store-credit/index.ts';
import { lineShares, unitsAmount, withdrawalDeadline } from './return-amounts.ts';
import { returnMail } from './return-mail.ts';
import { ReturnRequest, ReturnRequestLine } from './return.entities.ts';

/** The owner acting: their id and e-mail (the order timeline's label), and the request's IP / agent. */
export interface StaffActor {
  userId: string;
  label: string;
  meta?: RequestMeta;
}

/** Statuses that hold units (a refused request gives them back to the returnable count). */
const HOLDING: readonly ReturnStatus[] = ['requested', 'approved', 'received', 'refunded', 'credited', 'exchanged'];

/** Newest store-credit movements listed on the account page. */
const CREDIT_ENTRIES_SHOWN = 50;

/**
 * The paid parts of an order (contracts `priceOrder`): the freight paid (the freight charged less a
 * free-shipping coupon's discount; the PIX discount never touches it) and the goods paid (the rest
 * of `total_cents`: the subtotal less a goods coupon and the PIX discount), in BRL cents; they sum
 * to `total_cents`. `freeShippingCoupon`: the order's coupon is a free-shipping one.
 */
export function paidParts(order: Order, freeShippingCoupon: boolean): { goodsCents: number; shippingCents: number } {
  const shippingCents = Math.max(0, order.shippingCents - (freeShippingCoupon ? order.couponDiscountCents : 0));
  return { goodsCents: order.totalCents - shippingCents, shippingCents };
}

export class ReturnService {
  private readonly workflow: OrderWorkflow;

  constructor(workflow: OrderWorkflow) {
    this.workflow = workflow;
  }

  /** The shopper's view of an order's returns: the window, units still returnable, requests. @throws NotFoundError. */
  async forOrder(em: EntityManager, userId: string, orderId: string): Promise<OrderReturns> {
    const order = await em.findOne(Order, { id: orderId, user: userId }, { populate: ['items'] });
    if (!order) throw new NotFoundError('Pedido não encontrado');
    const requests = await this.requestsOf(em, { order: order.id });
    const held = heldUnits(requests);
    const options = await exchangeOptions(em, order.items.getItems().map((item) => item.product?.id).filter((id): id is string => Boolean(id)));
    const returnable = order.items.getItems().map((item) => ({
      orderItemId: item.id,
      productName: item.productName,
      variantLabel: item.variantLabel ?? null,
      variantId: item.variant?.id ?? null,
      bought: item.quantity,
      quantity: item.quantity - (held.get(item.id)?.quantity ?? 0),
      options: (item.product && options.get(item.product.id)) || [],
    }));
    return {
      withdrawalUntil: order.deliveredAt ? withdrawalDeadline(order.deliveredAt).toISOString() : null,
      open: order.status === 'delivered' && returnable.some((line) => line.quantity > 0),
      returnable,
      requests: requests.map(toReturnDto),
    };
  }

  /**
   * A shopper's request on their delivered order (the order's row locked while units are counted).
   * Within the withdrawal right it is approved at once; after it, it waits for the owner.
   * An exchange line's replacement is an option of the same product (`replacementVariantId`), or
   * the line's own option when none is named.
   * @throws NotFoundError (not theirs), ConflictError `order_not_delivered`, ValidationError
   * `return_quantity` (a line of another order, or more units than bought minus those already asked),
   * ValidationError `exchange_option` (a replacement that is not an option of the line's product).
   */
  async request(
    em: EntityManager,
    userId: string,
    orderId: string,
    input: CreateReturnInput & { lines: { orderItemId: string; quantity: number; replacementVariantId?: string | null | undefined }[] },
  ): Promise<ReturnRequestDto> {
    const id = await this.workflow.run(em, async (tx, effects) => {
      const order = await this.workflow.lock(tx, { id: orderId, user: userId });
      if (order.status !== 'delivered' || !order.deliveredAt) throw new ConflictError('Só pedidos entregues podem ser devolvidos ou trocados.', 'order_not_delivered');
      const items = order.items.getItems();
      const coupon = order.couponCode ? await tx.findOne(Coupon, { code: order.couponCode }, { fields: ['kind'] }) : null;
      const paid = paidParts(order, coupon?.kind === 'free_shipping');
      const shares = lineShares(items.map((item) => item.totalPriceCents), paid.goodsCents);
      const held = heldUnits(await this.requestsOf(tx, { order: order.id }));
      const now = this.workflow.clock.now();
      const within = now.getTime() <= withdrawalDeadline(order.deliveredAt).getTime();
      const request = tx.create(ReturnRequest, {
        order,
        user: userId,
        kind: input.kind,
        status: within ? 'approved' : 'requested',
        reason: input.reason,
        withinWithdrawal: within,
        shippingCents: 0,
        amountCents: 0,
        createdAt: now,
        updatedAt: now,
      });
      let amount = 0;
      for (const line of input.lines) {
        const index = items.findIndex((item) => item.id === line.orderItemId);
        const item = items[index];
        if (!item) throw new ValidationError('Peça não encontrada neste pedido.', [{ path: 'lines', message: 'Peça não encontrada neste pedido' }], 'return_quantity');
        const before = held.get(item.id) ?? { quantity: 0, amountCents: 0 };
        if (before.quantity + line.quantity > item.quantity) {
          const left = item.quantity - before.quantity;
          const message = left <= 0 ? `Todas as unidades de ${item.productName} já estão em uma solicitação.` : `Você pode devolver até ${left} ${left === 1 ? 'unidade' : 'unidades'} de ${item.productName}.`;
          throw new ValidationError(message, [{ path: 'lines', message }], 'return_quantity');
        }
        const cents = unitsAmount(shares[index]!, item.quantity, before.quantity, line.quantity, before.amountCents);
        const replacement = input.kind === 'exchange' ? await replacementOf(tx, item.product?.id ?? null, line.replacementVariantId ?? item.variant?.id ?? null) : null;
        tx.create(ReturnRequestLine, { request, orderItem: item, quantity: line.quantity, amountCents: cents, replacementVariant: replacement?.variant ?? null, replacementLabel: replacement?.label ?? null });
        held.set(item.id, { quantity: before.quantity + line.quantity, amountCents: before.amountCents + cents });
        amount += cents;
      }
      // Freight goes back only when this request, within the right, makes every unit returned.
      const everything = items.every((item) => (held.get(item.id)?.quantity ?? 0) >= item.quantity);
      if (within && everything) request.shippingCents = paid.shippingCents;
      request.amountCents = amount + request.shippingCents;
      const kind = RETURN_KIND_LABELS[input.kind];
      this.workflow.history(tx, order, 'delivered', 'delivered', { userId, label: 'Cliente' }, `${kind} solicitada${within ? ' no prazo de arrependimento: aprovada' : ': aguarda a loja'}`);
      this.mail(tx, effects, order, request, request.status);
      effects.events.push(
        this.workflow.deps.events.record(tx, {
          type: RETURN_REQUESTED,
          aggregateId: order.id,
          payload: { orderId: order.id, number: order.number, status: order.status, totalCents: order.totalCents, paymentMethod: order.paymentMethod, userId, returnId: request.id, kind: request.kind, withinWithdrawal: within, amountCents: request.amountCents },
        }),
      );
      return request.id;
    });
    return toReturnDto(await this.load(em.fork(), { id }));
  }

  /** The owner's list: every request (or of one status / order), newest first, at most 200. */
  async list(em: EntityManager, query: AdminReturnQuery): Promise<AdminReturn[]> {
    const requests = await this.requestsOf(em, { ...(query.status ? { status: query.status } : {}), ...(query.orderId ? { order: query.orderId } : {}) }, 200);
    return requests.map(toAdminDto);
  }

  /** requested -> approved. @throws NotFoundError, ConflictError `invalid_return_transition`. */
  approve(em: EntityManager, id: string, actor: StaffActor): Promise<AdminReturn> {
    return this.act(em, id, actor, 'approved', 'return_approved', async () => undefined);
  }

  /** requested -> rejected, with the note the shopper is e-mailed. */
  reject(em: EntityManager, id: string, input: RejectReturnInput, actor: StaffActor): Promise<AdminReturn> {
    return this.act(em, id, actor, 'rejected', 'return_rejected', async (_tx, _effects, request) => {
      request.note = input.note;
      return { note: input.note };
    });
  }

  /** approved -> received: the units go back to stock (a variant or product back from 0 records StockReplenished). */
  receive(em: EntityManager, id: string, actor: StaffActor): Promise<AdminReturn> {
    return this.act(em, id, actor, 'received', 'return_received', async (tx, effects, request) => {
      for (const line of request.lines) {
        const item = line.orderItem;
        if (!item.product) continue;
        const replenished = await returnUnits(this.workflow.deps.events, tx, { productId: item.product.id, variantId: item.variant?.id ?? null, quantity: line.quantity, hadVariant: item.sku != null });
        if (replenished) effects.events.push(replenished);
      }
      return { units: request.lines.getItems().reduce((sum, line) => sum + line.quantity, 0) };
    });
  }

  /**
   * received -> refunded (a return): the request's amount, capped by what the order has not had
   * back yet. What the acquirer charged is refunded through it inside the locks (a payment
   * confirmed by hand: by hand); the part of the order paid with store credit goes back as store
   * credit (issue 23), acquirer money first.
   * @throws RefundFailedError (502, nothing changed).
   */
  refund(em: EntityManager, id: string, actor: StaffActor): Promise<AdminReturn> {
    return this.act(em, id, actor, 'refunded', 'return_refunded', async (tx, effects, request, order) => {
      const cents = Math.max(0, Math.min(request.amountCents, order.totalCents - (order.refundedCents ?? 0)));
      const acquirerCents = Math.max(0, Math.min(cents, amountDueCents(order) - (order.refundedCents ?? 0)));
      const manual = acquirerCents > 0 && (order.paymentStatus === 'manual' || !order.paymentReference);
      let reference = acquirerCents > 0 ? 'manual' : 'store-credit';
      if (acquirerCents > 0 && !manual) {
        try {
          reference = (await this.workflow.payments.refund(order.paymentReference!, acquirerCents, `return-${request.id}`)).id;
        } catch {
          throw new RefundFailedError();
        }
      }
      const now = this.workflow.clock.now();
      const creditedCents = cents > acquirerCents ? await storeCreditLedger.giveBack(tx, order, `Devolução do pedido ${order.number}`, now, cents - acquirerCents) : 0;
      request.refundedCents = acquirerCents;
      request.creditedCents = creditedCents > 0 ? creditedCents : null;
      order.returnedCreditCents += creditedCents;
      request.refundReference = reference.slice(0, 100);
      if (manual) request.note = `Reembolso manual de ${formatBRL(acquirerCents)}: devolva o valor ao cliente`;
      if (acquirerCents > 0) {
        order.refundedCents = (order.refundedCents ?? 0) + acquirerCents;
        order.refundedAt = now;
        order.refundReference = reference.slice(0, 100);
        this.workflow.event(tx, effects, order, ORDER_EVENTS.refunded, { refundedCents: acquirerCents });
      }
      return { refundedCents: acquirerCents, creditedCents, reference };
    });
  }

  /** received -> credited (a return): the amount as store credit on the shopper's ledger. */
  credit(em: EntityManager, id: string, actor: StaffActor): Promise<AdminReturn> {
    return this.act(em, id, actor, 'credited', 'return_credited', async (tx, _effects, request, order) => {
      request.creditedCents = request.amountCents;
      order.returnedCreditCents += request.amountCents;
      if (request.amountCents > 0) {
        tx.create(StoreCreditEntry, { user: request.user, amountCents: request.amountCents, reason: `Devolução do pedido ${order.number}`, returnRequestId: request.id, order: null, createdAt: this.workflow.clock.now() });
      }
      return { creditedCents: request.amountCents };
    });
  }

  /**
   * received -> exchanged (an exchange): the replacement units leave stock (the named option, or
   * the same piece), to go to the shopper; the owner ships them.
   * @throws ConflictError `exchange_out_of_stock` naming the piece (nothing changed): refund or
   *   credit the request instead.
   */
  exchange(em: EntityManager, id: string, actor: StaffActor): Promise<AdminReturn> {
    return this.act(em, id, actor, 'exchanged', 'return_exchanged', async (tx, _effects, request) => {
      const sent: { productName: string; label: string | null; quantity: number }[] = [];
      for (const line of request.lines) {
        const item = line.orderItem;
        const label = line.replacementLabel ?? item.variantLabel ?? null;
        const outOfStock = () => new ConflictError(`Sem estoque de ${item.productName}${label ? ` (${label})` : ''} para a troca. Reembolse ou dê crédito na loja.`, 'exchange_out_of_stock');
        if (!item.product) throw outOfStock();
        const variantId = line.replacementVariant?.id ?? (line.replacementLabel ? null : (item.variant?.id ?? null));
        if (variantId) {
          if (!(await takeVariantUnits(tx, variantId, item.product.id, line.quantity))) throw outOfStock();
        } else if (item.sku != null || (line.replacementLabel && !line.replacementVariant)) {
          // The option bought (or named) was deleted since: nothing to send.
          throw outOfStock();
        } else if ((await tx.nativeUpdate(Product, { id: item.product.id, stock: { $gte: line.quantity } }, { stock: raw('stock - ?', [line.quantity]) })) === 0) {
          throw outOfStock();
        }
        sent.push({ productName: item.productName, label, quantity: line.quantity });
      }
      return { sent };
    });
  }

  /** The shopper's store-credit balance and newest movements. */
  async storeCredit(em: EntityManager, userId: string): Promise<StoreCredit> {
    const balanceCents = await storeCreditLedger.balance(em, userId);
    const entries = await em.find(StoreCreditEntry, { user: userId }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: CREDIT_ENTRIES_SHOWN });
    return {
      balanceCents,
      entries: entries.map((entry) => ({ id: entry.id, amountCents: entry.amountCents, reason: entry.reason, returnId: entry.returnRequestId ?? null, createdAt: entry.createdAt.toISOString() })),
    };
  }

  /**
   * One owner action: locks the order then the request (the order first, as `request` does), checks
   * the change is allowed, runs `work`, records history, e-mail and audit.
   */
  private async act(
    em: EntityManager,
    id: string,
    actor: StaffActor,
    to: ReturnStatus,
    action: AuditAction,
    work: (tx: EntityManager, effects: Effects, request: ReturnRequest, order: Order) => Promise<Record<string, unknown> | undefined>,
  ): Promise<AdminReturn> {
    await this.workflow.run(em, async (tx, effects) => {
      const found = await tx.findOne(ReturnRequest, { id }, { fields: ['order'] });
      if (!found) throw new NotFoundError('Solicitação não encontrada');
      const order = await this.workflow.lock(tx, { id: found.order.id });
      const request = await tx.findOneOrFail(ReturnRequest, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      await tx.populate(request, ['lines.orderItem']);
      if (!allowed(request, to)) throw new ConflictError(refusal(request, to), 'invalid_return_transition');
      const details = (await work(tx, effects, request, order)) ?? {};
      request.status = to;
      request.updatedAt = this.workflow.clock.now();
      const kind = RETURN_KIND_LABELS[request.kind];
      const what = to === 'refunded' && request.refundReference === 'manual' ? 'reembolso manual' : NOTES[to];
      this.workflow.history(tx, order, order.status, order.status, actor, `${kind}: ${what}${to === 'refunded' ? ` (${formatBRL(request.refundedCents ?? 0)}${request.creditedCents ? ` + ${formatBRL(request.creditedCents)} em crédito` : ''})` : to === 'credited' ? ` (${formatBRL(request.creditedCents ?? 0)})` : ''}`);
      this.mail(tx, effects, order, request, to);
      audit(tx, { userId: actor.userId, action, details: { returnId: request.id, orderId: order.id, number: order.number, ...details }, ...(actor.meta ? { meta: actor.meta } : {}) });
    });
    return toAdminDto(await this.load(em.fork(), { id }));
  }

  private mail(tx: EntityManager, effects: Effects, order: Order, request: ReturnRequest, status: ReturnStatus): void {
    effects.mails.push(this.workflow.deps.mailer.queue(tx, returnMail(order, request, status, this.workflow.orderLink(order.id))));
  }

  private async load(em: EntityManager, where: { id: string }): Promise<ReturnRequest> {
    const request = await em.findOne(ReturnRequest, where, { populate: ['order', 'lines.orderItem'] });
    if (!request) throw new NotFoundError('Solicitação não encontrada');
    return request;
  }

  private requestsOf(em: EntityManager, where: { order?: string; status?: ReturnStatus }, limit?: number): Promise<ReturnRequest[]> {
    return em.find(ReturnRequest, where, { populate: ['order', 'lines.orderItem'], orderBy: { createdAt: 'desc', id: 'desc' }, ...(limit ? { limit } : {}) });
  }
}

/** What each status adds to the order's timeline note. */
const NOTES: Readonly<Record<ReturnStatus, string>> = {
  requested: 'solicitada',
  approved: 'aprovada pela loja',
  rejected: 'recusada',
  received: 'peças recebidas e devolvidas ao estoque',
  refunded: 'reembolsada pela operadora',
  credited: 'valor em crédito na loja',
  exchanged: 'troca concluída',
};

/** Whether `request` may go to `to`. */
function allowed(request: ReturnRequest, to: ReturnStatus): boolean {
  switch (to) {
    case 'approved':
    case 'rejected':
      return request.status === 'requested';
    case 'received':
      return request.status === 'approved';
    case 'refunded':
    case 'credited':
      // An exchange the store cannot fulfil (no replacement in stock) is refunded or credited instead.
      return request.status === 'received';
    case 'exchanged':
      return request.status === 'received' && request.kind === 'exchange';
    default:
      return false;
  }
}

/** The pt-BR refusal of a change `allowed` refused. */
function refusal(request: ReturnRequest, to: ReturnStatus): string {
  if (to === 'approved' || to === 'rejected') return 'Só solicitações em análise podem ser aprovadas ou recusadas.';
  if (to === 'received') return 'Só solicitações aprovadas podem ter as peças recebidas.';
  if (request.status !== 'received') return 'Marque as peças como recebidas antes de concluir.';
  return request.kind === 'exchange' ? 'Esta solicitação é uma troca: conclua a troca.' : 'Esta solicitação é uma devolução: reembolse ou dê crédito na loja.';
}

/** Units and amounts already in requests that hold them, per order line. */
function heldUnits(requests: ReturnRequest[]): Map<string, { quantity: number; amountCents: number }> {
  const held = new Map<string, { quantity: number; amountCents: number }>();
  for (const request of requests) {
    if (!HOLDING.includes(request.status)) continue;
    for (const line of request.lines) {
      const before = held.get(line.orderItem.id) ?? { quantity: 0, amountCents: 0 };
      held.set(line.orderItem.id, { quantity: before.quantity + line.quantity, amountCents: before.amountCents + line.amountCents });
    }
  }
  return held;
}

/** The owner's view of a request: with the buyer. */
function toAdminDto(request: ReturnRequest): AdminReturn {
  return { ...toReturnDto(request), customerName: request.order.customerName, customerEmail: request.order.customerEmail };
}

/** The contracts' view of a request (order and lines populated). */
function toReturnDto(request: ReturnRequest): ReturnRequestDto {
  return {
    id: request.id,
    orderId: request.order.id,
    orderNumber: request.order.number,
    kind: request.kind,
    status: request.status,
    reason: request.reason,
    withinWithdrawal: request.withinWithdrawal,
    lines: request.lines.getItems().map((line) => ({
      orderItemId: line.orderItem.id,
      productName: line.orderItem.productName,
      variantLabel: line.orderItem.variantLabel ?? null,
      quantity: line.quantity,
      amountCents: line.amountCents,
      replacementLabel: line.replacementLabel ?? null,
    })),
    shippingCents: request.shippingCents,
    amountCents: request.amountCents,
    refundedCents: request.refundedCents ?? null,
    creditedCents: request.creditedCents ?? null,
    note: request.note ?? null,
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
  };
}

/** Each product's options an exchange may send (its variants today, labelled), by product id. */
async function exchangeOptions(em: EntityManager, productIds: string[]): Promise<Map<string, { variantId: string; label: string }[]>> {
  const ids = [...new Set(productIds)];
  const variants = await variantsByProduct(em, ids);
  const products = ids.length > 0 ? await em.find(Product, { id: { $in: ids } }, { fields: ['id', 'options'] }) : [];
  return new Map(products.map((product) => [product.id, (variants.get(product.id) ?? []).map((variant) => ({ variantId: variant.id, label: labelOf(variant, product.options) }))]));
}

/**
 * An exchange line's replacement: `variantId` when it is an option of `productId` (with its label),
 * null for a product without options (the same piece).
 * @throws ValidationError `exchange_option` for an option of another product, or an unknown one.
 */
async function replacementOf(tx: EntityManager, productId: string | null, variantId: string | null): Promise<{ variant: ProductVariant; label: string } | null> {
  if (!variantId) return null;
  const variant = productId ? await tx.findOne(ProductVariant, { id: variantId, product: productId }) : null;
  if (!variant) throw new ValidationError('Opção de troca inválida.', [{ path: 'lines', message: 'Opção de troca inválida' }], 'exchange_option');
  const product = await tx.findOneOrFail(Product, { id: productId! }, { fields: ['id', 'options'] });
  return { variant, label: labelOf(variant, product.options) };
}
