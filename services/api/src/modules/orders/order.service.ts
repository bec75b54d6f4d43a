/**
 * Orders of shoppers (issues 5, 10 and 13; storefront.md 3, 4, 5, 9). `POST /api/orders` with an
 * idempotency key:
 *
 * 1. A retry with the same key returns the order already placed (also under concurrency: the
 *    key is unique per buyer).
 * 2. One transaction: lock the buyer (at most MAX_PENDING_ORDERS unpaid orders per account, so
 *    nobody can hoard the stock), lock the products (SELECT ... FOR UPDATE, by id), read every
 *    price from the database (a variant's own price or its product's, issue 22), check
 *    availability (stock of the variant or product minus other shoppers' active reservations;
 *    order-lines.ts), consume the buyer's own reservations, decrement stock (a variant's with a
 *    conditional update, and its product's sum), write `orders` +
 *    `order_items` with a short unique code (P925-7KX2Q), and record `OrderPlaced`.
 * 3. The charge through the configured PaymentProvider, after commit: a card token is charged
 *    (approved -> paid; declined -> cancelled, units back, 402); PIX (30 min) and boleto (3
 *    business days, holidays skipped) stay pending until the acquirer confirms them. If the
 *    acquirer fails, the order is cancelled and its units return (502), unless the acquirer
 *    may have charged a card: then the order stays pending and expires after asking the
 *    acquirer (payment-reconciliation.service.ts).
 * 4. Store credit (issue 23): with `useStoreCredit` the buyer's balance (read under the buyer's
 *    lock) pays up to the total, as a negative ledger entry (store-credit.ts); the acquirer is asked
 *    for the rest. An order the credit pays whole is paid at once, with method 'store-credit' and no
 *    acquirer. A cancelled or expired order gives its credit back (order-workflow.ts `cancel`).
 *
 * Shoppers read only their own orders (404 otherwise), cancel their own unpaid orders, and in
 * the sandbox pay them with 'Simular pagamento' through the acquirer's webhook path.
 */
import { randomUUID } from 'node:crypto';
import { LockMode, UniqueConstraintViolationException, type EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import { customAlphabet } from 'nanoid';
import {
  BOLETO_BUSINESS_DAYS,
  MAX_PENDING_ORDERS,
  ORDER_CODE_ALPHABET,
  PIX_EXPIRY_MS,
  STORE_CREDIT_CHANGED_MESSAGE,
  STORE_CREDIT_SHORT_MESSAGE,
  createOrderSchema,
  priceOrder,
  type CancelReason,
  type CreateOrderInput,
  type Order as OrderDto,
  ORDER_EVENTS,
} from '@prata/contracts';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '../../errors.ts';
import { Product, ProductReservation, takeVariantUnits } from '../catalogue/index.ts';
import { User } from '../identity/index.ts';
import type { CouponService } from '../promotions/index.ts';
import { StoreSettingsService } from '../settings/index.ts';
import { chosenOption, type PricedShipment, type ShippingQuoteService } from '../shipping/index.ts';
import { addBusinessDays, endOfSaoPauloDay } from './business-days.ts';
import { toOrderDto } from './order-dto.ts';
import { checkAvailability, insufficientStock, mergeItems, resolveLines } from './order-lines.ts';
import { Order, OrderItem, amountDueCents } from './order.entities.ts';
import { requestFingerprint, sameRequest } from './order-idempotency.ts';
import { type Actor, type OrderWorkflow } from './order-workflow.ts';
import { PaymentProviderRejectedError, PaymentProviderUnavailableError, type ChargeRequest, type ProviderPayment } from './payment-provider.ts';
import type { PaymentReconciliation } from './payment-reconciliation.service.ts';
import { SandboxPaymentProvider } from './sandbox-provider.ts';
import { storeCreditLedger } from './store-credit.ts';

/** 402: the acquirer declined the card. */
export class PaymentDeclinedError extends DomainError {
  constructor() {
    super(402, 'payment_declined', 'Pagamento recusado pela operadora. Verifique os dados do cartão ou use outra forma de pagamento.');
  }
}

/** 502: the acquirer failed; the order was cancelled and nothing was charged. */
export class PaymentUnavailableError extends DomainError {
  constructor() {
    super(502, 'payment_unavailable', 'Não foi possível processar o pagamento agora. O pedido foi cancelado e nada foi cobrado. Tente novamente em alguns instantes.');
  }
}

/** A card order without the acquirer's answer expires after this long (after asking it), ms. */
export const CARD_ANSWER_TIMEOUT_MS = 15 * 60_000;
/** A PIX order is checked with the acquirer this long after its code expired, ms. */
export const PIX_EXPIRY_GRACE_MS = 2 * 60_000;

const newCode = customAlphabet(ORDER_CODE_ALPHABET, 5);
const CUSTOMER: Omit<Actor, 'userId'> = { label: 'Cliente' };

export class OrderService {
  private readonly workflow: OrderWorkflow;
  private readonly reconciliation: PaymentReconciliation;
  private readonly quotes: ShippingQuoteService;
  private readonly coupons: CouponService;

  /** `quotes` prices the freight again at order time; `coupons` redeems a coupon inside the order's transaction (issue 23). */
  constructor(workflow: OrderWorkflow, reconciliation: PaymentReconciliation, quotes: ShippingQuoteService, coupons: CouponService) {
    this.workflow = workflow;
    this.reconciliation = reconciliation;
    this.quotes = quotes;
    this.coupons = coupons;
  }

  /**
   * Places an order for `userId`. The freight is quoted again for the cart and CEP (before the
   * transaction: the carrier may take its timeout, and no row is locked meanwhile) and the chosen
   * option must cost what the shopper was shown; the coupon is redeemed and the PIX discount applied
   * inside the transaction (contracts `priceOrder`).
   * @throws ZodError (invalid input), ValidationError 400 (a CEP of another state), NotFoundError,
   *   ConflictError 'insufficient_stock' | 'too_many_pending' | 'shipping_changed' | 'prices_changed',
   *   'store_credit_short' (method 'store-credit' and a balance short of the total),
   *   'store_credit_changed' (the credit spent is not the `storeCreditCents` sent),
   *   CouponRefusedError 422/409, PaymentDeclinedError, PaymentUnavailableError.
   */
  async create(em: EntityManager, userId: string, input: CreateOrderInput, idempotencyKey: string): Promise<OrderDto> {
    const data = createOrderSchema.parse(input);
    const fingerprint = requestFingerprint(data);
    const existing = await this.findByKey(em, userId, idempotencyKey);
    if (existing) return toOrderDto(sameRequest(existing, fingerprint, data));

    const shipment = await this.quotes.quote(em, { zipCode: data.customer.zipCode, items: data.items }, { statuses: ['active', 'draft', 'archived'] });
    if (shipment.state !== data.customer.state) {
      const message = `O CEP ${shipment.zipCode} é de ${shipment.state}. Confira o CEP ou o estado.`;
      throw new ValidationError(message, [{ path: 'customer.state', message }]);
    }
    const freight = { shipment, option: chosenOption(shipment, data.shipping) };

    let order: Order | undefined;
    for (let attempt = 0; !order; attempt += 1) {
      try {
        order = await this.insert(em, userId, data, idempotencyKey, fingerprint, freight);
      } catch (error) {
        if (!(error instanceof UniqueConstraintViolationException)) throw error;
        const raced = await this.findByKey(em.fork(), userId, idempotencyKey);
        if (raced) return toOrderDto(sameRequest(raced, fingerprint, data));
        // The random code was taken: draw another.
        if (attempt >= 4) throw error;
      }
    }
    if (order.paymentMethod !== 'store-credit') await this.charge(em, order, data, idempotencyKey);
    return toOrderDto(await this.reload(em, order.id));
  }

  private async insert(
    em: EntityManager,
    userId: string,
    data: ReturnType<typeof createOrderSchema.parse>,
    idempotencyKey: string,
    fingerprint: string,
    freight: { shipment: PricedShipment; option: PricedShipment['options'][number] },
  ): Promise<Order> {
    const requested = mergeItems(data.items);
    const units = new Map<string, number>();
    for (const line of requested) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
    const now = this.workflow.clock.now();
    return this.workflow.run(em, async (tx, effects) => {
      const buyer = await tx.findOneOrFail(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE, fields: ['id', 'email', 'emailConfirmedAt'] });
      const pending = await tx.count(Order, { user: userId, status: 'pending' });
      if (pending >= MAX_PENDING_ORDERS) {
        throw new ConflictError(
          `Você já tem ${MAX_PENDING_ORDERS} pedidos aguardando pagamento. Pague ou cancele um deles em Meus pedidos antes de fazer um novo pedido.`,
          'too_many_pending',
        );
      }
      const ids = [...units.keys()].sort();
      const products = await tx.find(Product, { id: { $in: ids } }, { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' } });
      if (products.length !== ids.length) throw new NotFoundError('Um dos produtos do carrinho não está mais disponível.', 'product_not_found');
      // Drafts and archived products are not for sale (issue 22).
      const withdrawn = products.find((product) => product.status !== 'active');
      if (withdrawn) throw new ConflictError(`${withdrawn.name} não está mais à venda. Remova-o do carrinho para continuar.`, 'product_unavailable');
      const lines = await resolveLines(tx, products, requested);
      await this.checkUnitCaps(tx, userId, products, units);
      await checkAvailability(tx, lines, userId, now);
      await tx.nativeUpdate(ProductReservation, { user: userId, product: { $in: ids }, isActive: true }, { isActive: false, releasedAt: now });
      const c = data.customer;
      const method = data.payment.method;
      // The quote was priced on the goods read before the locks; an edit since then must not slip through.
      const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
      if (subtotalCents !== freight.shipment.goodsCents) {
        throw new ConflictError('Os preços do carrinho mudaram. Confira o carrinho e tente novamente.', 'prices_changed');
      }
      const orderId = randomUUID();
      const { option } = freight;
      const coupon = data.couponCode
        ? await this.coupons.redeem(tx, { code: data.couponCode, userId, subtotalCents, shippingCents: option.priceCents, now, orderId })
        : null;
      const pixDiscountPercent = method === 'pix' ? await new StoreSettingsService(tx).pixDiscountPercent() : 0;
      // The buyer's row is locked above: no other order can spend this balance meanwhile.
      const storeCreditBalanceCents = data.useStoreCredit || method === 'store-credit' ? Math.max(0, await storeCreditLedger.balance(tx, userId)) : 0;
      const { amountDueCents: dueCents, ...pricing } = priceOrder({ subtotalCents, shippingCents: option.priceCents, coupon, pixDiscountPercent, paysByPix: method === 'pix', storeCreditBalanceCents });
      if (method === 'store-credit' && dueCents > 0) throw new ConflictError(STORE_CREDIT_SHORT_MESSAGE, 'store_credit_short');
      // The balance moved since the shopper read it (another order, a credited return): never charge more than shown.
      if (data.storeCreditCents !== undefined && data.storeCreditCents !== pricing.storeCreditCents) throw new ConflictError(STORE_CREDIT_CHANGED_MESSAGE, 'store_credit_changed');
      const paidByCredit = pricing.storeCreditCents > 0 && dueCents === 0;
      const boletoDueDate = method === 'boleto' ? addBusinessDays(now, BOLETO_BUSINESS_DAYS) : null;
      // An unpaid boleto holds its units only until the end of the hold (issue 21); the boleto itself stays payable until its due date.
      const boletoHoldEnds = method === 'boleto' ? endOfSaoPauloDay(addBusinessDays(now, this.workflow.deps.limits.boletoHoldBusinessDays)) : null;
      const created = tx.create(Order, {
        id: orderId,
        number: `P925-${newCode()}`,
        user: userId,
        status: 'pending',
        createdAt: now,
        ...pricing,
        shippingServiceId: option.serviceId,
        shippingServiceName: option.name.slice(0, 60),
        shippingCarrier: option.carrier.slice(0, 60),
        shippingMinDays: option.minDays,
        shippingMaxDays: option.maxDays,
        shippingQuoteSource: freight.shipment.source,
        couponCode: coupon?.code ?? null,
        paymentMethod: paidByCredit ? 'store-credit' : method,
        idempotencyKey,
        requestFingerprint: fingerprint,
        customerName: c.fullName,
        customerEmail: c.email,
        // An address the account never proved gets no payable code and no text the buyer wrote (order-mail.ts).
        contactVerified: buyer.emailConfirmedAt != null && buyer.email.toLowerCase() === c.email.trim().toLowerCase(),
        customerPhone: c.phone,
        customerCpf: c.cpf,
        zipCode: c.zipCode,
        street: c.street,
        addressNumber: c.number,
        complement: c.complement || null,
        neighborhood: c.neighborhood,
        city: c.city,
        state: c.state,
        installments: data.payment.method === 'credit-card' && !paidByCredit ? data.payment.installments : null,
        paymentProvider: paidByCredit ? null : this.workflow.payments.name,
        pixExpiresAt: method === 'pix' && !paidByCredit ? new Date(now.getTime() + PIX_EXPIRY_MS) : null,
        boletoDueDate: paidByCredit ? null : boletoDueDate,
        expiresAt: paidByCredit
          ? null
          : method === 'pix'
            ? new Date(now.getTime() + PIX_EXPIRY_MS + PIX_EXPIRY_GRACE_MS)
            : boletoHoldEnds
              ? boletoHoldEnds
              : new Date(now.getTime() + CARD_ANSWER_TIMEOUT_MS),
      });
      for (const { product, variant, label, quantity, unitPriceCents } of lines) {
        // A variant's units leave with a conditional update (never below zero); a simple product's under its row lock.
        if (variant) {
          if (!(await takeVariantUnits(tx, variant.id, product.id, quantity))) throw insufficientStock({ product, label });
        } else {
          product.stock -= quantity;
        }
        tx.create(OrderItem, {
          order: created,
          product,
          productName: product.name,
          variant,
          sku: variant?.sku ?? null,
          variantLabel: label,
          quantity,
          unitPriceCents,
          totalPriceCents: unitPriceCents * quantity,
        });
      }
      this.workflow.history(tx, created, null, 'pending', { userId, ...CUSTOMER }, null);
      this.workflow.event(tx, effects, created, ORDER_EVENTS.placed);
      if (pricing.storeCreditCents > 0) storeCreditLedger.spend(tx, created, pricing.storeCreditCents, now);
      if (paidByCredit) {
        // Nothing left for an acquirer: the credit paid the order whole.
        created.paymentStatus = 'approved';
        this.workflow.transition(tx, created, 'paid', { userId, ...CUSTOMER }, 'Pago com crédito da loja');
        this.workflow.event(tx, effects, created, ORDER_EVENTS.paid, { paymentId: `store-credit:${created.id}` });
        this.workflow.mail(tx, effects, created, 'paid');
      }
      return created;
    });
  }

  /**
   * Stock hoarding caps (issue 21 / review item 4): at most `maxUnitsPerProduct` units of one
   * product in an order, and `maxUnpaidUnitsPerProduct` units of it across the account's unpaid
   * orders, this one included. Runs under the account's row lock, so parallel orders are counted.
   * @throws ConflictError 'unit_limit' naming the product and the cap.
   */
  private async checkUnitCaps(tx: EntityManager, userId: string, products: Product[], lines: Map<string, number>): Promise<void> {
    const { maxUnitsPerProduct, maxUnpaidUnitsPerProduct } = this.workflow.deps.limits;
    for (const product of products) {
      if (lines.get(product.id)! > maxUnitsPerProduct) {
        throw new ConflictError(`Limite de ${maxUnitsPerProduct} unidades de ${product.name} por pedido.`, 'unit_limit');
      }
    }
    const held = (await tx
      .getConnection()
      .execute<{ product_id: string; units: string }[]>(
        `select i.product_id, sum(i.quantity) as units from order_items i join orders o on o.id = i.order_id
         where o.user_id = ? and o.status = 'pending' and i.product_id in (${products.map(() => '?').join(', ')}) group by i.product_id`,
        [userId, ...products.map((product) => product.id)],
        'all',
        tx.getTransactionContext(),
      )) as { product_id: string; units: string }[];
    const heldBy = new Map(held.map((row) => [row.product_id, Number(row.units)]));
    for (const product of products) {
      if ((heldBy.get(product.id) ?? 0) + lines.get(product.id)! > maxUnpaidUnitsPerProduct) {
        throw new ConflictError(
          `Você já tem pedidos aguardando pagamento com ${product.name}. O limite é de ${maxUnpaidUnitsPerProduct} unidades desse produto em pedidos não pagos.`,
          'unit_limit',
        );
      }
    }
  }

  /** Charges the committed order; see the module comment for failures. */
  private async charge(em: EntityManager, order: Order, data: ReturnType<typeof createOrderSchema.parse>, idempotencyKey: string): Promise<void> {
    const provider = this.workflow.payments;
    const c = data.customer;
    const request: ChargeRequest = {
      orderId: order.id,
      orderNumber: order.number,
      amountCents: amountDueCents(order),
      idempotencyKey,
      payer: {
        email: c.email,
        fullName: c.fullName,
        ...(data.payment.method === 'boleto' ? { cpf: data.payment.payerCpf } : {}),
        address: { zipCode: c.zipCode, street: c.street, number: c.number, neighborhood: c.neighborhood, city: c.city, state: c.state },
      },
    };
    let payment: ProviderPayment;
    try {
      const p = data.payment;
      if (p.method === 'credit-card') payment = await provider.chargeCard({ ...request, token: p.cardToken, brand: p.cardBrand, installments: p.installments });
      else if (p.method === 'pix') payment = await provider.createPix({ ...request, expiresAt: order.pixExpiresAt! });
      else if (p.method === 'boleto') payment = await provider.createBoleto({ ...request, dueDate: order.boletoDueDate! });
      // 'store-credit' never reaches the acquirer: such an order is paid, or refused, in `insert`.
      else throw new Error('an order paid with store credit is not charged');
    } catch (error) {
      if (error instanceof PaymentProviderRejectedError) {
        await this.cancelUnpaid(em, order.id, data.payment.method === 'credit-card' ? 'payment_declined' : 'payment_failed');
        if (data.payment.method === 'credit-card') throw new PaymentDeclinedError();
        throw new PaymentUnavailableError();
      }
      if (!(error instanceof PaymentProviderUnavailableError)) throw error;
      // The acquirer may have created the payment before failing: ask it by order.
      const found = await provider.findPaymentByOrder(order.id).catch(() => undefined);
      if (found === undefined && data.payment.method === 'credit-card') return; // unknown outcome: expiry asks again
      if (!found || (found.method !== 'credit-card' && !found.pix && !found.boleto)) {
        if (found) await provider.cancelPayment(found.id).catch(() => undefined);
        await this.cancelUnpaid(em, order.id, 'payment_failed');
        throw new PaymentUnavailableError();
      }
      payment = found;
    }
    await this.record(em, order.id, payment);
    if (payment.method === 'credit-card') {
      const outcome = await this.reconciliation.apply(em, payment, { userId: null, label: provider.label });
      if (outcome === 'cancelled') throw new PaymentDeclinedError();
    }
  }

  /** Stores the acquirer's answer (reference, PIX code, boleto line) and sends 'Pedido recebido' for PIX and boleto. */
  private async record(em: EntityManager, orderId: string, payment: ProviderPayment): Promise<void> {
    await this.workflow.run(em, async (tx, effects) => {
      const order = await this.workflow.lock(tx, { id: orderId });
      order.paymentReference = payment.id;
      order.paymentStatus = String(payment.status).slice(0, 30);
      if (payment.card) {
        order.cardBrand = payment.card.brand;
        order.cardLast4 = payment.card.last4;
      }
      if (payment.pix) {
        order.pixPayload = payment.pix.payload;
        order.pixTxid = payment.id.slice(0, 25);
        order.pixExpiresAt = payment.pix.expiresAt;
      }
      if (payment.boleto) {
        order.boletoLine = payment.boleto.line;
        order.boletoDueDate = payment.boleto.dueDate;
        order.boletoUrl = payment.boleto.url;
      }
      if (order.status === 'pending' && (payment.pix || payment.boleto)) this.workflow.mail(tx, effects, order, 'received');
    });
  }

  /** Cancels a still-pending order of a failed charge (units back). */
  private async cancelUnpaid(em: EntityManager, orderId: string, reason: CancelReason): Promise<void> {
    await this.workflow.run(em, async (tx, effects) => {
      const order = await this.workflow.lock(tx, { id: orderId });
      if (order.status === 'pending') await this.workflow.cancel(tx, effects, order, reason, { userId: null, label: this.workflow.payments.label }, null);
    });
  }

  /** The buyer's order. @throws NotFoundError for unknown ids and other buyers' orders. */
  async getForUser(em: EntityManager, userId: string, id: string): Promise<OrderDto> {
    const order = await em.findOne(Order, { id, user: userId }, { populate: ['items', 'statusChanges'] });
    if (!order) throw new NotFoundError('Pedido não encontrado');
    return toOrderDto(order);
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
    return orders.map((order) => toOrderDto(order));
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

  private findByKey(em: EntityManager, userId: string, key: string): Promise<Order | null> {
    return em.findOne(Order, { user: userId, idempotencyKey: key }, { populate: ['items', 'statusChanges'] });
  }

  private reload(em: EntityManager, id: string): Promise<Order> {
    return em.fork().findOneOrFail(Order, { id }, { populate: ['items', 'statusChanges'] });
  }
}
