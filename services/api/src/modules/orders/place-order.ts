/**
 * Placing an order (`POST /api/orders` with an idempotency key; storefront.md 3, 4, 5, 9), as named
 * steps. Before the transaction: a retry with the same key returns the order already placed (also
 * under concurrency: the key is unique per buyer), and the freight is quoted again for the cart and
 * CEP (the carrier may take its timeout, and no row is locked meanwhile); the chosen option must
 * cost what the shopper was shown.
 *
 * One transaction (`OrderWorkflow.run`), its steps in this order; the locks are always taken
 * buyer first, then products, then the coupon, as every other writer of these rows takes them:
 * 1. `lockBuyer`: the buyer's row FOR UPDATE; at most MAX_PENDING_ORDERS unpaid orders per account,
 *    so nobody can hoard the stock.
 * 2. `lockCart`: the products FOR UPDATE (by id); every price read from the database (a variant's
 *    own or its product's); the unit caps; availability (stock minus other shoppers' active
 *    reservations, order-lines.ts); the buyer's own reservations consumed; the subtotal must be
 *    the one the freight was quoted on.
 * 3. `redeemCoupon`: the coupon's use counted under the coupon's lock (promotions `redeem`).
 * 4. `priceCart`: the gifts (order-gifts.ts: each engraving checked against its product and
 *    priced per piece, the wrap at the store's price, the production days), the PIX discount, the store-credit balance (read under the buyer's lock) and
 *    contracts' `priceOrder`, the one pricing function the checkout shows too; a card's plan must
 *    be one the store's instalment rules allow for the amount due (contracts `installmentOption`,
 *    the function the checkout offers the plans with), whose total the acquirer is charged.
 * 5. `writeOrder`: `orders`, with a short unique code (P925-7KX2Q) and the payment's deadlines
 *    (payment-deadlines.ts).
 * 6. `takeUnits`: each line's units leave stock (a variant's with a conditional update, never
 *    below zero) and become an `order_items` row, with its engraving.
 * 7. `publish`: the history's first row and `OrderPlaced` in the outbox.
 * 8. `spendCredit`: the credit used, as a negative ledger entry; an order the credit pays whole is
 *    paid at once, with method 'store-credit' and no acquirer.
 * After commit, `charge` (order-charge.ts) asks the acquirer for the rest; `cancelUnpaid`, beside
 * it, is its compensation.
 */
import { randomUUID } from 'node:crypto';
import { LockMode, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { customAlphabet } from 'nanoid';
import { CREDITS_UNAVAILABLE_MESSAGE, MAX_PENDING_ORDERS, ORDER_CODE_ALPHABET, ORDER_EVENTS, STORE_CREDIT_CHANGED_MESSAGE, STORE_CREDIT_SHORT_MESSAGE } from '@prata/contracts';
import { createOrderSchema, installmentOption, installmentOptions, priceOrder, whatsappNumber, type CreateOrderInput, type Order as OrderDto } from '@prata/contracts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { Product, ProductReservation, takeVariantUnits } from '../catalogue/index.ts';
import { supportsCreditsCheckout } from '../payments/index.ts';
import { User } from '../identity/index.ts';
import type { CouponRedeemInput, CouponRedemptionResult, CouponService } from '../promotions/index.ts';
import type { StoreSettingsService } from '../settings/index.ts';
import { chosenOption, type PricedShipment, type ShippingQuoteService } from '../shipping/index.ts';
import { toOrderDto } from './order-dto.ts';
import type { OrderCharges, OrderRequest } from './order-charge.ts';
import { priceGifts, type GiftPrice } from './order-gifts.ts';
import { checkAvailability, checkUnitCaps, insufficientStock, mergeItems, resolveLines, type OrderLine, type RequestedLine } from './order-lines.ts';
import { Order, OrderItem } from './order.entities.ts';
import { requestFingerprint, sameRequest } from './order-idempotency.ts';
import { paymentDeadlines } from './payment-deadlines.ts';
import { CUSTOMER, type Effects, type OrderWorkflow } from './order-workflow.ts';

const newCode = customAlphabet(ORDER_CODE_ALPHABET, 5);

/** The freight quoted before the transaction, and the option the shopper chose. */
interface Freight {
  shipment: PricedShipment;
  option: PricedShipment['options'][number];
}

/** The buyer as `lockBuyer` reads them. */
type Buyer = Pick<User, 'id' | 'email' | 'emailConfirmedAt'>;

/** The order's prices (contracts `priceOrder`, BRL cents) without the amount due, and how it is paid. */
interface CartPrice {
  pricing: Omit<ReturnType<typeof priceOrder>, 'amountDueCents'>;
  /** The credit pays the whole total: nothing is left for an acquirer. */
  paidByCredit: boolean;
  /** A card's instalments in BRL cents (with any interest); null for other methods. */
  installmentAmounts: number[] | null;
  /** The wrap, the engraving, the production days and the gift choices. */
  gifts: GiftPrice;
}

/** What `writeOrder` writes: the ids, the buyer, the request, its freight, coupon and price. */
interface NewOrder {
  id: string;
  buyer: Buyer;
  data: OrderRequest;
  freight: Freight;
  coupon: CouponRedemptionResult | null;
  price: CartPrice;
  idempotencyKey: string;
  fingerprint: string;
  now: Date;
}

export interface OrderPlacementDeps {
  workflow: OrderWorkflow;
  /** The charge after commit and its compensation. */
  charges: OrderCharges;
  /** Prices the freight again at order time. */
  quotes: ShippingQuoteService;
  /** Redeems a coupon inside the order's transaction. */
  coupons: CouponService;
  /** The store settings read through the transaction's EntityManager (the PIX discount, the instalment rules). */
  settings: (em: EntityManager) => StoreSettingsService;
}

export class OrderPlacement {
  private readonly deps: OrderPlacementDeps;

  constructor(deps: OrderPlacementDeps) {
    this.deps = deps;
  }

  /**
   * Places an order for `userId` (see the module comment).
   * @throws ZodError (invalid input), ValidationError 400 (a CEP of another state; WhatsApp asked
   *   for a phone that is not a Brazilian number with DDD; 'mercadopago-credits' with an acquirer
   *   that does not offer it), NotFoundError,
   *   ConflictError 'insufficient_stock' | 'too_many_pending' | 'shipping_changed' | 'prices_changed'
   *   | 'product_unavailable' | 'unit_limit', 'store_credit_short' (method 'store-credit' and a
   *   balance short of the total), 'store_credit_changed' (the credit spent is not the
   *   `storeCreditCents` sent), UnprocessableError (the key reused for another request),
   *   CouponRefusedError 422/409, PaymentDeclinedError 402, PaymentUnavailableError 502.
   */
  async place(em: EntityManager, userId: string, input: CreateOrderInput, idempotencyKey: string): Promise<OrderDto> {
    const data = createOrderSchema.parse(input);
    if (data.whatsappOptIn && !whatsappNumber(data.customer.phone)) {
      const message = 'Para receber pelo WhatsApp, informe um celular com DDD, por exemplo (11) 98765-4321.';
      throw new ValidationError(message, [{ path: 'body.customer.phone', message }]);
    }
    if (data.payment.method === 'mercadopago-credits' && !supportsCreditsCheckout(this.deps.workflow.payments)) {
      throw new ValidationError(CREDITS_UNAVAILABLE_MESSAGE, [{ path: 'body.payment.method', message: CREDITS_UNAVAILABLE_MESSAGE }]);
    }
    const fingerprint = requestFingerprint(data);
    const existing = await this.findByKey(em, userId, idempotencyKey);
    if (existing) return this.resume(em, sameRequest(existing, fingerprint, data), data, idempotencyKey);

    const freight = await this.quoteFreight(em, data);
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
    if (order.paymentMethod !== 'store-credit') await this.deps.charges.charge(em, order, data, idempotencyKey);
    return toOrderDto(await em.fork().findOneOrFail(Order, { id: order.id }, { populate: ['items', 'statusChanges'] }));
  }

  /**
   * The answer to a retried key: the order it made. An order still pending whose charge was never
   * recorded (its process died between the commit and the acquirer's answer, or the acquirer's
   * outcome was unknown) is charged now, under the same idempotency key, so the acquirer answers
   * the payment it may already have made instead of making a second one; a shopper whose first
   * answer was lost gets the PIX code or boleto line instead of an order nobody can pay.
   * @throws as {@link OrderCharges.charge} (402, 502; the order cancelled in both).
   */
  private async resume(em: EntityManager, order: Order, data: OrderRequest, idempotencyKey: string): Promise<OrderDto> {
    if (order.status !== 'pending' || order.paymentReference || order.creditsPreferenceId || order.paymentMethod === 'store-credit') return toOrderDto(order);
    await this.deps.charges.charge(em, order, data, idempotencyKey);
    return toOrderDto(await em.fork().findOneOrFail(Order, { id: order.id }, { populate: ['items', 'statusChanges'] }));
  }

  /** The freight for the cart and CEP, quoted now. @throws ValidationError (a CEP of another state), ConflictError 'shipping_changed'. */
  private async quoteFreight(em: EntityManager, data: OrderRequest): Promise<Freight> {
    const shipment = await this.deps.quotes.quote(em, { zipCode: data.customer.zipCode, items: data.items }, { statuses: ['active', 'draft', 'archived'] });
    if (shipment.state !== data.customer.state) {
      const message = `O CEP ${shipment.zipCode} é de ${shipment.state}. Confira o CEP ou o estado.`;
      throw new ValidationError(message, [{ path: 'body.customer.state', message }]);
    }
    return { shipment, option: chosenOption(shipment, data.shipping) };
  }

  /** The placement's transaction: the steps of the module comment, in order. */
  private insert(em: EntityManager, userId: string, data: OrderRequest, idempotencyKey: string, fingerprint: string, freight: Freight): Promise<Order> {
    const requested = mergeItems(data.items);
    const now = this.deps.workflow.clock.now();
    return this.deps.workflow.run(em, async (tx, effects) => {
      const buyer = await this.lockBuyer(tx, userId);
      const { lines, subtotalCents } = await this.lockCart(tx, userId, requested, freight, now);
      const orderId = randomUUID();
      const coupon = await this.redeemCoupon(tx, data, { userId, orderId, subtotalCents, shippingCents: freight.option.priceCents, now });
      const price = await this.priceCart(tx, data, userId, { lines, subtotalCents }, freight, coupon);
      const order = this.writeOrder(tx, { id: orderId, buyer, data, freight, coupon, price, idempotencyKey, fingerprint, now });
      await this.takeUnits(tx, order, lines, price.gifts);
      this.publish(tx, effects, order, userId);
      this.spendCredit(tx, effects, order, price, userId, now);
      return order;
    });
  }

  /** Step 1: the buyer's row FOR UPDATE. @throws ConflictError 'too_many_pending'. */
  private async lockBuyer(tx: EntityManager, userId: string): Promise<Buyer> {
    const buyer = await tx.findOneOrFail(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE, fields: ['id', 'email', 'emailConfirmedAt'] });
    const pending = await tx.count(Order, { user: userId, status: 'pending' });
    if (pending >= MAX_PENDING_ORDERS) {
      throw new ConflictError(
        `Você já tem ${MAX_PENDING_ORDERS} pedidos aguardando pagamento. Pague ou cancele um deles em Meus pedidos antes de fazer um novo pedido.`,
        'too_many_pending',
      );
    }
    return buyer;
  }

  /**
   * Step 2: locks the cart's products (FOR UPDATE, by id), prices its lines from the database,
   * applies the unit caps and availability, and consumes the buyer's own reservations of them.
   * Returns the lines and their subtotal, BRL cents.
   * @throws NotFoundError 'product_not_found', ConflictError 'product_unavailable' | 'unit_limit' |
   *   'insufficient_stock' | 'prices_changed', ValidationError (a variant that does not fit).
   */
  private async lockCart(tx: EntityManager, userId: string, requested: RequestedLine[], freight: Freight, now: Date): Promise<{ lines: OrderLine[]; subtotalCents: number }> {
    const units = new Map<string, number>();
    for (const line of requested) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
    const ids = [...units.keys()].sort();
    const products = await tx.find(Product, { id: { $in: ids } }, { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' } });
    if (products.length !== ids.length) throw new NotFoundError('Um dos produtos do carrinho não está mais disponível.', 'product_not_found');
    // Drafts and archived products are not for sale.
    const withdrawn = products.find((product) => product.status !== 'active');
    if (withdrawn) throw new ConflictError(`${withdrawn.name} não está mais à venda. Remova-o do carrinho para continuar.`, 'product_unavailable');
    const lines = await resolveLines(tx, products, requested);
    await checkUnitCaps(tx, userId, products, units, this.deps.workflow.deps.limits);
    await checkAvailability(tx, lines, userId, now);
    await tx.nativeUpdate(ProductReservation, { user: userId, product: { $in: ids }, isActive: true }, { isActive: false, releasedAt: now });
    // The quote was priced on the goods read before the locks; an edit since then must not slip through.
    const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
    if (subtotalCents !== freight.shipment.goodsCents) {
      throw new ConflictError('Os preços do carrinho mudaram. Confira o carrinho e tente novamente.', 'prices_changed');
    }
    return { lines, subtotalCents };
  }

  /** Step 3: the coupon's use, counted in this transaction; null without a code. @throws CouponRefusedError 422/409. */
  private async redeemCoupon(tx: EntityManager, data: OrderRequest, order: Omit<CouponRedeemInput, 'code'>): Promise<CouponRedemptionResult | null> {
    return data.couponCode ? this.deps.coupons.redeem(tx, { code: data.couponCode, ...order }) : null;
  }

  /**
   * Step 4: the order's prices (contracts `priceOrder`): subtotal, freight, wrap and engraving
   * (`priceGifts`), coupon, PIX discount and the store credit the buyer's balance covers when asked for.
   * @throws ConflictError 'store_credit_short' | 'store_credit_changed' | 'gift_wrap_unavailable',
   *   ValidationError 400 at `body.payment.installments` (a plan the instalment rules do not allow
   *   for the amount due) or `body.items.<i>.engraving` (`priceGifts`).
   */
  private async priceCart(tx: EntityManager, data: OrderRequest, userId: string, cart: { lines: OrderLine[]; subtotalCents: number }, freight: Freight, coupon: CouponRedemptionResult | null): Promise<CartPrice> {
    const { subtotalCents } = cart;
    const gifts = priceGifts(cart.lines, data.gift, await this.deps.settings(tx).giftWrap());
    const method = data.payment.method;
    const pixDiscountPercent = method === 'pix' ? await this.deps.settings(tx).pixDiscountPercent() : 0;
    // The buyer's row is locked (lockBuyer): no other order can spend this balance meanwhile.
    const storeCreditBalanceCents = data.useStoreCredit || method === 'store-credit' ? Math.max(0, await this.deps.workflow.deps.credit.balance(tx, userId)) : 0;
    const { giftWrapCents, engravingCents } = gifts;
    const { amountDueCents: dueCents, ...pricing } = priceOrder({ subtotalCents, shippingCents: freight.option.priceCents, coupon, pixDiscountPercent, paysByPix: method === 'pix', storeCreditBalanceCents, giftWrapCents, engravingCents });
    if (method === 'store-credit' && dueCents > 0) throw new ConflictError(STORE_CREDIT_SHORT_MESSAGE, 'store_credit_short');
    // The balance moved since the shopper read it (another order, a credited return): never charge more than shown.
    if (data.storeCreditCents !== undefined && data.storeCreditCents !== pricing.storeCreditCents) throw new ConflictError(STORE_CREDIT_CHANGED_MESSAGE, 'store_credit_changed');
    const paidByCredit = pricing.storeCreditCents > 0 && dueCents === 0;
    return { pricing, paidByCredit, gifts, installmentAmounts: data.payment.method === 'credit-card' && !paidByCredit ? await this.installmentPlan(tx, dueCents, data.payment.installments) : null };
  }

  /** The card plan of `count` instalments for `dueCents` under the store's rules now. @throws ValidationError 400 (a plan they do not allow). */
  private async installmentPlan(tx: EntityManager, dueCents: number, count: number): Promise<number[]> {
    const rules = await this.deps.settings(tx).installments();
    const option = installmentOption(dueCents, count, rules);
    if (option) return option.amounts;
    const most = installmentOptions(dueCents, rules).at(-1)!.count;
    const message = `Parcelamento em ${count}x não disponível para este valor: escolha até ${most}x.`;
    throw new ValidationError(message, [{ path: 'body.payment.installments', message }]);
  }

  /** Step 5: the `orders` row (written at commit), with the freight, the contact and the payment's deadlines. */
  private writeOrder(tx: EntityManager, o: NewOrder): Order {
    const { data, now, freight, price } = o;
    const { option } = freight;
    const c = data.customer;
    const method = data.payment.method;
    const { paidByCredit } = price;
    return tx.create(Order, {
      id: o.id,
      number: `P925-${newCode()}`,
      user: o.buyer.id,
      status: 'pending',
      createdAt: now,
      ...price.pricing,
      giftWrap: price.gifts.choices.wrap,
      giftMessage: price.gifts.choices.message,
      giftReceipt: price.gifts.choices.receipt,
      productionDays: price.gifts.productionDays,
      shippingServiceId: option.serviceId,
      shippingServiceName: option.name.slice(0, 60),
      shippingCarrier: option.carrier.slice(0, 60),
      shippingMinDays: option.minDays,
      shippingMaxDays: option.maxDays,
      shippingQuoteSource: freight.shipment.source,
      couponCode: o.coupon?.code ?? null,
      paymentMethod: paidByCredit ? 'store-credit' : method,
      idempotencyKey: o.idempotencyKey,
      requestFingerprint: o.fingerprint,
      customerName: c.fullName,
      customerEmail: c.email,
      // An address the account never proved gets no payable code and no text the buyer wrote (order-mail.ts).
      contactVerified: o.buyer.emailConfirmedAt != null && o.buyer.email.toLowerCase() === c.email.trim().toLowerCase(),
      customerPhone: c.phone,
      whatsappOptIn: data.whatsappOptIn,
      consentAnalytics: data.cookieConsent.analytics,
      consentMarketing: data.cookieConsent.marketing,
      customerCpf: c.cpf,
      zipCode: c.zipCode,
      street: c.street,
      addressNumber: c.number,
      complement: c.complement || null,
      neighborhood: c.neighborhood,
      city: c.city,
      state: c.state,
      installments: price.installmentAmounts?.length ?? null,
      installmentAmounts: price.installmentAmounts,
      paymentProvider: paidByCredit ? null : this.deps.workflow.payments.name,
      ...paymentDeadlines(method, paidByCredit, now, this.deps.workflow.deps.limits.boletoHoldBusinessDays),
    });
  }

  /** Step 6: each line's units leave stock and become an order line, with its engraving. @throws ConflictError 'insufficient_stock'. */
  private async takeUnits(tx: EntityManager, order: Order, lines: OrderLine[], gifts: GiftPrice): Promise<void> {
    for (const [index, { product, variant, label, quantity, unitPriceCents, engraving }] of lines.entries()) {
      // A variant's units leave with a conditional update (never below zero); a simple product's under its row lock.
      if (variant) {
        if (!(await takeVariantUnits(tx, variant.id, product.id, quantity))) throw insufficientStock({ product, label });
      } else {
        product.stock -= quantity;
      }
      const engravingUnitCents = gifts.lineEngravingCents[index]!;
      tx.create(OrderItem, { order, product, productName: product.name, variant, sku: variant?.sku ?? null, variantLabel: label, quantity, unitPriceCents, totalPriceCents: unitPriceCents * quantity, engravingText: engraving, engravingUnitCents });
    }
  }

  /** Step 7: the history's first row and `OrderPlaced`, published after commit. */
  private publish(tx: EntityManager, effects: Effects, order: Order, userId: string): void {
    this.deps.workflow.history(tx, order, null, 'pending', { userId, ...CUSTOMER }, null);
    this.deps.workflow.event(tx, effects, order, ORDER_EVENTS.placed);
  }

  /** Step 8: the store credit spent; an order it pays whole is paid now (`OrderPaid`, 'paid' e-mail). */
  private spendCredit(tx: EntityManager, effects: Effects, order: Order, price: CartPrice, userId: string, now: Date): void {
    const { workflow } = this.deps;
    if (price.pricing.storeCreditCents > 0) workflow.deps.credit.spend(tx, order, price.pricing.storeCreditCents, now);
    if (!price.paidByCredit) return;
    // Nothing left for an acquirer: the credit paid the order whole.
    order.paymentStatus = 'approved';
    workflow.transition(tx, order, 'paid', { userId, ...CUSTOMER }, 'Pago com crédito da loja');
    workflow.event(tx, effects, order, ORDER_EVENTS.paid, { paymentId: `store-credit:${order.id}` });
    workflow.mail(tx, effects, order, 'paid');
  }

  private findByKey(em: EntityManager, userId: string, key: string): Promise<Order | null> {
    return em.findOne(Order, { user: userId, idempotencyKey: key }, { populate: ['items', 'statusChanges'] });
  }
}
