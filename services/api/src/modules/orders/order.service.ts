/**
 * Orders (issue 5; storefront.md 3, 4, 5, 9). `POST /api/orders` with an idempotency key:
 *
 * 1. A retry with the same key returns the order already placed (also under concurrency: the
 *    key is unique per buyer).
 * 2. One transaction: lock the products (SELECT ... FOR UPDATE, by id), read every price from
 *    the database, check availability (stock minus other shoppers' active reservations), consume
 *    the buyer's own reservations, decrement stock, write `orders` + `order_items`, and record an
 *    `OrderPlaced` event in the outbox. Two buyers can never buy the same last unit.
 * 3. Payment through the configured PaymentProvider: a card is authorised at once (approved ->
 *    `paid`; declined -> `cancelled`, stock returned, 402); PIX (30 min) and boleto (3 business
 *    days) stay `pending` until paid, and expire, returning the stock.
 * Events (`OrderPlaced`, `OrderPaid`, `OrderCancelled`) reach subscribers after commit.
 */
import { LockMode, UniqueConstraintViolationException, raw, type EntityManager } from '@mikro-orm/postgresql';
import cardValidator from 'card-validator';
import {
  createOrderSchema,
  deliveryEstimate,
  installmentCents,
  type CreateOrderInput,
  type Order as OrderDto,
} from '@prata/contracts';
import { ConflictError, DomainError, NotFoundError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { Product } from '../catalogue/product.entity.ts';
import type { DomainEventRecord } from '../events/domain-event.entity.ts';
import type { EventBus } from '../events/event-bus.ts';
import { ProductReservation } from '../reservations/reservation.entity.ts';
import { Order, OrderItem } from './order.entities.ts';
import { isoDate, type PaymentProvider } from './payment-provider.ts';

/** 402: the acquirer declined the card. */
export class PaymentDeclinedError extends DomainError {
  constructor() {
    super(402, 'payment_declined', 'Pagamento recusado pela operadora. Verifique os dados do cartão ou use outra forma de pagamento.');
  }
}

export const ORDER_EVENTS = { placed: 'OrderPlaced', paid: 'OrderPaid', cancelled: 'OrderCancelled' } as const;

export class OrderService {
  private readonly provider: PaymentProvider;
  private readonly events: EventBus;
  private readonly clock: Clock;

  constructor(provider: PaymentProvider, events: EventBus, clock: Clock) {
    this.provider = provider;
    this.events = events;
    this.clock = clock;
  }

  /**
   * Places an order for `userId`. @throws ZodError (invalid input), NotFoundError,
   * ConflictError 'insufficient_stock', PaymentDeclinedError.
   */
  async create(em: EntityManager, userId: string, input: CreateOrderInput, idempotencyKey: string): Promise<OrderDto> {
    const data = createOrderSchema.parse(input);
    const existing = await this.findByKey(em, userId, idempotencyKey);
    if (existing) return this.toDto(existing);

    const lines = new Map<string, number>();
    for (const item of data.items) lines.set(item.productId, (lines.get(item.productId) ?? 0) + item.quantity);
    const now = this.clock.now();
    const records: DomainEventRecord[] = [];
    let order: Order;
    try {
      order = await em.transactional(async (tx) => {
        const ids = [...lines.keys()].sort();
        const products = await tx.find(Product, { id: { $in: ids } }, { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' } });
        if (products.length !== ids.length) throw new NotFoundError('Um dos produtos do carrinho não está mais disponível.', 'product_not_found');
        const heldByOthers = await this.heldByOthers(tx, ids, userId, now);
        for (const product of products) {
          const wanted = lines.get(product.id)!;
          if (wanted > product.stock - (heldByOthers.get(product.id) ?? 0)) {
            throw new ConflictError(`Estoque insuficiente para ${product.name}.`, 'insufficient_stock');
          }
        }
        await tx.nativeUpdate(ProductReservation, { user: userId, product: { $in: ids }, isActive: true }, { isActive: false, releasedAt: now });
        const [next] = await tx.getConnection().execute<{ seq: string }[]>("select nextval('order_number_seq') as seq", [], 'all', tx.getTransactionContext());
        const seq = next!.seq;
        const total = products.reduce((sum, product) => sum + product.priceCents * lines.get(product.id)!, 0);
        const c = data.customer;
        const created = tx.create(Order, {
          number: `P925-${String(seq).padStart(6, '0')}`,
          user: userId,
          status: 'pending',
          createdAt: now,
          totalCents: total,
          paymentMethod: data.payment.method,
          idempotencyKey,
          customerName: c.fullName,
          customerEmail: c.email,
          customerPhone: c.phone,
          zipCode: c.zipCode,
          street: c.street,
          addressNumber: c.number,
          complement: c.complement || null,
          neighborhood: c.neighborhood,
          city: c.city,
          state: c.state,
        });
        if (data.payment.method === 'credit-card') {
          created.cardBrand = cardValidator.number(data.payment.cardNumber).card?.niceType ?? 'Cartão';
          created.cardLast4 = data.payment.cardNumber.slice(-4);
          created.installments = data.payment.installments;
        }
        for (const product of products) {
          const quantity = lines.get(product.id)!;
          product.stock -= quantity;
          tx.create(OrderItem, {
            order: created,
            product,
            productName: product.name,
            quantity,
            unitPriceCents: product.priceCents,
            totalPriceCents: product.priceCents * quantity,
          });
        }
        records.push(this.events.record(tx, { type: ORDER_EVENTS.placed, aggregateId: created.id, payload: this.eventPayload(created) }));
        return created;
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        const raced = await this.findByKey(em.fork(), userId, idempotencyKey);
        if (raced) return this.toDto(raced);
      }
      throw error;
    }
    await this.events.publish(em, records);
    await this.charge(em, order, data.payment);
    return this.toDto(await this.reload(em, order.id));
  }

  /** The buyer's order. @throws NotFoundError for unknown ids and other buyers' orders. */
  async getForUser(em: EntityManager, userId: string, id: string): Promise<OrderDto> {
    const order = await em.findOne(Order, { id, user: userId }, { populate: ['items'] });
    if (!order) throw new NotFoundError('Pedido não encontrado');
    return this.toDto(order);
  }

  async listForUser(em: EntityManager, userId: string): Promise<OrderDto[]> {
    const orders = await em.find(Order, { user: userId }, { populate: ['items'], orderBy: { createdAt: 'desc' }, limit: 50 });
    return orders.map((order) => this.toDto(order));
  }

  /** Marks a pending order paid (PIX/boleto confirmation from the acquirer). */
  async markPaid(em: EntityManager, orderId: string, reference: string): Promise<void> {
    const records: DomainEventRecord[] = [];
    await em.transactional(async (tx) => {
      const order = await tx.findOne(Order, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!order) throw new NotFoundError('Pedido não encontrado');
      if (order.status !== 'pending') throw new ConflictError('Este pedido não está aguardando pagamento.', 'not_pending');
      order.status = 'paid';
      order.paidAt = this.clock.now();
      order.paymentReference = reference;
      records.push(this.events.record(tx, { type: ORDER_EVENTS.paid, aggregateId: order.id, payload: this.eventPayload(order) }));
    });
    await this.events.publish(em, records);
  }

  /** Cancels unpaid PIX orders past 30 minutes and boleto orders past their due date; returns how many. */
  async expirePending(em: EntityManager): Promise<number> {
    const now = this.clock.now();
    const overdue = await em.find(Order, {
      status: 'pending',
      $or: [{ pixExpiresAt: { $lte: now } }, { boletoDueDate: { $lt: isoDate(now) } }],
    });
    for (const order of overdue) await this.cancel(em, order.id, 'payment_expired');
    return overdue.length;
  }

  private async charge(em: EntityManager, order: Order, payment: ReturnType<typeof createOrderSchema.parse>['payment']): Promise<void> {
    const now = this.clock.now();
    if (payment.method === 'pix') {
      const pix = await this.provider.createPix({ orderNumber: order.number, amountCents: order.totalCents, now });
      await em.nativeUpdate(Order, { id: order.id }, { pixPayload: pix.payload, pixTxid: pix.txid, pixExpiresAt: pix.expiresAt });
      return;
    }
    if (payment.method === 'boleto') {
      const boleto = await this.provider.createBoleto({ orderNumber: order.number, amountCents: order.totalCents, now });
      await em.nativeUpdate(Order, { id: order.id }, { boletoLine: boleto.line, boletoDueDate: isoDate(boleto.dueDate) });
      return;
    }
    const result = await this.provider.authorizeCard({
      orderNumber: order.number,
      amountCents: order.totalCents,
      cardNumber: payment.cardNumber,
      installments: payment.installments,
    });
    if (result.approved) {
      await this.markPaid(em, order.id, result.reference);
      return;
    }
    await this.cancel(em, order.id, 'payment_declined');
    throw new PaymentDeclinedError();
  }

  /** Cancels a pending order and returns its units to stock. */
  private async cancel(em: EntityManager, orderId: string, reason: string): Promise<void> {
    const records: DomainEventRecord[] = [];
    await em.transactional(async (tx) => {
      const order = await tx.findOne(Order, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['items'] });
      if (!order || order.status !== 'pending') return;
      for (const item of order.items) {
        if (item.product) await tx.nativeUpdate(Product, { id: item.product.id }, { stock: raw('stock + ?', [item.quantity]) });
      }
      order.status = 'cancelled';
      order.cancelledAt = this.clock.now();
      order.cancelReason = reason;
      records.push(this.events.record(tx, { type: ORDER_EVENTS.cancelled, aggregateId: order.id, payload: { ...this.eventPayload(order), reason } }));
    });
    await this.events.publish(em, records);
  }

  private async heldByOthers(em: EntityManager, ids: string[], userId: string, now: Date): Promise<Map<string, number>> {
    const rows = await em.find(ProductReservation, { product: { $in: ids }, user: { $ne: userId }, isActive: true, expiresAt: { $gt: now } }, { fields: ['product'] });
    const held = new Map<string, number>();
    for (const row of rows) held.set(row.product.id, (held.get(row.product.id) ?? 0) + 1);
    return held;
  }

  private findByKey(em: EntityManager, userId: string, key: string): Promise<Order | null> {
    return em.findOne(Order, { user: userId, idempotencyKey: key }, { populate: ['items'] });
  }

  private reload(em: EntityManager, id: string): Promise<Order> {
    return em.fork().findOneOrFail(Order, { id }, { populate: ['items'] });
  }

  private eventPayload(order: Order): Record<string, unknown> {
    return { orderId: order.id, number: order.number, status: order.status, totalCents: order.totalCents, userId: typeof order.user === 'string' ? order.user : order.user.id };
  }

  toDto(order: Order): OrderDto {
    const installments = order.installments ?? 1;
    return {
      id: order.id,
      number: order.number,
      status: order.status,
      totalCents: order.totalCents,
      createdAt: order.createdAt.toISOString(),
      items: order.items.getItems().map((item) => ({
        productId: item.product?.id ?? null,
        productName: item.productName,
        quantity: item.quantity,
        unitPriceCents: item.unitPriceCents,
        totalPriceCents: item.totalPriceCents,
      })),
      shipping: {
        recipient: order.customerName,
        zipCode: order.zipCode,
        street: order.street,
        number: order.addressNumber,
        complement: order.complement ?? undefined,
        neighborhood: order.neighborhood,
        city: order.city,
        state: order.state,
      },
      delivery: deliveryEstimate(order.state),
      payment: {
        method: order.paymentMethod,
        card: order.cardLast4
          ? { brand: order.cardBrand ?? 'Cartão', last4: order.cardLast4, installments, installmentCents: installmentCents(order.totalCents, installments) }
          : null,
        pix: order.pixPayload && order.pixExpiresAt ? { payload: order.pixPayload, expiresAt: order.pixExpiresAt.toISOString() } : null,
        boleto: order.boletoLine && order.boletoDueDate ? { line: order.boletoLine, dueDate: order.boletoDueDate } : null,
      },
    };
  }
}
