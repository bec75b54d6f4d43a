/**
 * A shopper's orders after placing them (place-order.ts places them): read only their own (404
 * otherwise), cancel their own unpaid orders, and in the sandbox pay them with 'Simular pagamento'
 * through the acquirer's webhook path.
 */
import { type EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import type { Order as OrderDto } from '@prata/contracts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { SandboxPaymentProvider } from '../payments/index.ts';
import { toOrderDto } from './order-dto.ts';
import { Order } from './order.entities.ts';
import { CUSTOMER, type OrderWorkflow } from './order-workflow.ts';
import type { PaymentRecovery } from './payment-recovery.service.ts';

export class OrderService {
  private readonly workflow: OrderWorkflow;
  private readonly recovery: PaymentRecovery;

  /** `recovery` says when an order may get a new PIX or boleto, and issues it. */
  constructor(workflow: OrderWorkflow, recovery: PaymentRecovery) {
    this.workflow = workflow;
    this.recovery = recovery;
  }

  /**
   * 'Gerar novo PIX' / 'Gerar novo boleto' on the buyer's own order (payment-recovery.service.ts
   * `renew`). @returns the order with its new code. @throws as `renew`.
   */
  async renewPayment(em: EntityManager, userId: string, id: string): Promise<OrderDto> {
    await this.recovery.renew(em, { id, user: userId }, { userId, ...CUSTOMER });
    return this.getForUser(em.fork(), userId, id);
  }

  /** The buyer's order. @throws NotFoundError for unknown ids and other buyers' orders. */
  async getForUser(em: EntityManager, userId: string, id: string): Promise<OrderDto> {
    const order = await em.findOne(Order, { id, user: userId }, { populate: ['items', 'statusChanges'] });
    if (!order) throw new NotFoundError('Pedido não encontrado');
    return toOrderDto(order, this.recovery.window(order, await this.recovery.windowDays(em)));
  }

  /**
   * One page of the buyer's orders, newest first (ties by id): at most `limit`, after the order
   * the cursor `after` names when given (keyset paging, contracts `orderHistoryQuerySchema`).
   */
  async listForUser(em: EntityManager, userId: string, page: { after?: { createdAt: Date; id: string } | undefined; limit: number }): Promise<OrderDto[]> {
    const after = page.after;
    const where: FilterQuery<Order> = after
      ? { user: userId, $or: [{ createdAt: { $lt: after.createdAt } }, { createdAt: after.createdAt, id: { $lt: after.id } }] }
      : { user: userId };
    const orders = await em.find(Order, where, { populate: ['items', 'statusChanges'], orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit });
    const windowDays = await this.recovery.windowDays(em);
    return orders.map((order) => toOrderDto(order, this.recovery.window(order, windowDays)));
  }

  /**
   * The buyer cancels an unpaid order: units back at once; the open charge is cancelled at the
   * acquirer (best effort: a payment that still arrives becomes an alert for the staff).
   * @throws NotFoundError, ConflictError 'not_cancellable' (paid or later).
   */
  async cancelByCustomer(em: EntityManager, userId: string, id: string): Promise<OrderDto> {
    const reference = await this.workflow.run(em, async (tx, effects) => {
      const order = await this.workflow.lock(tx, { id, user: userId });
      if (order.status !== 'pending') {
        throw new ConflictError('Só pedidos aguardando pagamento podem ser cancelados por aqui. Para cancelar um pedido pago, fale com a loja.', 'not_cancellable');
      }
      await this.workflow.cancel(tx, effects, order, 'cancelled_by_customer', { userId, ...CUSTOMER }, null);
      return order.paymentReference;
    });
    if (reference) await this.workflow.payments.cancelPayment(reference).catch(() => undefined);
    return this.getForUser(em.fork(), userId, id);
  }

  /**
   * 'Simular pagamento' (sandbox only): the sandbox acquirer approves the order's PIX or boleto
   * and notifies the store through the webhook route. @throws NotFoundError (not the buyer's, or
   * not the sandbox), ConflictError when the order is not awaiting a PIX/boleto payment.
   */
  async simulatePayment(em: EntityManager, userId: string, id: string): Promise<OrderDto> {
    const provider = this.workflow.payments;
    if (!(provider instanceof SandboxPaymentProvider)) throw new NotFoundError('Simulação de pagamento indisponível', 'simulation_unavailable');
    const order = await em.fork().findOne(Order, { id, user: userId });
    if (!order) throw new NotFoundError('Pedido não encontrado');
    if (order.status !== 'pending' || order.paymentMethod === 'credit-card' || !order.paymentReference) {
      throw new ConflictError('Este pedido não está aguardando um pagamento por PIX ou boleto.', 'not_payable');
    }
    if (!(await provider.simulatePayment(order.paymentReference))) throw new ConflictError('Este pagamento não pode mais ser feito.', 'not_payable');
    return this.getForUser(em.fork(), userId, id);
  }
}
