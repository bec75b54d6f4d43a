/**
 * Orders (storefront.md 3, admin.md 3): `orders` and `order_items` (quantity,
 * unit_price, total_price, product_id, product name), `order_status_changes` (every status change
 * with who and when). The acquirer's own records (`payment_notifications`, `sandbox_payments`) are
 * the payments module's (payments/payment.entities.ts).
 * Money in BRL cents. The card number never reaches the service: brand and last 4 digits come
 * from the acquirer.
 * Status: pending -> paid -> shipped -> delivered; pending | paid -> cancelled.
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { ORDER_STATUSES, PAYMENT_METHODS } from '@prata/contracts';
import { Product, ProductVariant } from '../catalogue/index.ts';
import { User } from '../identity/index.ts';

export const OrderSchema = defineEntity({
  name: 'Order',
  tableName: 'orders',
  uniques: [{ properties: ['user', 'idempotencyKey'] }],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    /** Short human code, e.g. P925-7KX2Q (ORDER_CODE_PATTERN). */
    number: p.string().length(20).unique(),
    user: () => p.manyToOne(User).deleteRule('restrict'),
    status: p.enum(ORDER_STATUSES).index(),
    /** What is charged: subtotal + shipping + wrap + engraving - coupon discount - PIX discount (contracts `priceOrder`). */
    totalCents: p.integer().check('total_cents >= 0 and total_cents = subtotal_cents + shipping_cents + gift_wrap_cents + engraving_cents - coupon_discount_cents - pix_discount_cents'),
    /** The goods: the sum of the lines (BRL cents). */
    subtotalCents: p.integer(),
    /** The freight charged (0 when free), BRL cents. */
    shippingCents: p.integer().default(0).check('shipping_cents >= 0'),
    /** The delivery option charged (a quote's `serviceId`, carrier and name) and its time in business days; null on orders placed before delivery options were stored. */
    shippingServiceId: p.string().length(60).nullable(),
    shippingServiceName: p.string().length(60).nullable(),
    shippingCarrier: p.string().length(60).nullable(),
    shippingMinDays: p.integer().nullable(),
    shippingMaxDays: p.integer().nullable(),
    /** Whether the freight was priced by the carrier aggregator or the store's table (`carrier` | `table`). */
    shippingQuoteSource: p.string().length(10).nullable(),
    /** The coupon redeemed on the order (its code as stored) and its discount, BRL cents. */
    couponCode: p.string().length(30).nullable(),
    couponDiscountCents: p.integer().default(0).check('coupon_discount_cents >= 0'),
    /** 'Embalagem para presente' charged (0: none), and the engraving of every engraved piece, BRL cents. */
    giftWrapCents: p.integer().default(0).check('gift_wrap_cents >= 0'),
    engravingCents: p.integer().default(0).check('engraving_cents >= 0'),
    /** Whether the shopper chose the wrap (it may be free), the gift message (packing slip only, never the NF-e) and a gift receipt. */
    giftWrap: p.boolean().default(false),
    giftMessage: p.string().length(300).nullable(),
    giftReceipt: p.boolean().default(false),
    /** Business days of production before shipping (the longest engraving's), added to the delivery time shown. */
    productionDays: p.smallint().default(0).check('production_days >= 0'),
    /** The store's PIX discount given, BRL cents. */
    pixDiscountCents: p.integer().default(0).check('pix_discount_cents >= 0'),
    /**
     * The part of the total paid with the shopper's store credit, BRL cents (a way of
     * paying, not a discount): the acquirer is asked for the rest (`amountDueCents`).
     */
    storeCreditCents: p.integer().default(0).check('store_credit_cents >= 0 and store_credit_cents <= total_cents'),
    paymentMethod: p.enum(PAYMENT_METHODS),
    idempotencyKey: p.uuid(),
    /** SHA-256 of the request the key was first used with: a reuse with another body is 422. */
    requestFingerprint: p.string().length(64).nullable(),
    customerName: p.string().length(100),
    customerEmail: p.string().length(255),
    /**
     * Whether `customerEmail` is the buyer account's confirmed e-mail (security review 2026-11-29 #2):
     * only then do the order's e-mails carry the PIX code or boleto line and the buyer's own name.
     */
    contactVerified: p.boolean().default(false),
    customerPhone: p.string().length(20),
    /**
     * The shopper asked at checkout for the order's updates on WhatsApp at `customerPhone` too
     * (modules/messaging; the e-mails go either way). The number is not proven: the messages carry
     * no payable code.
     */
    whatsappOptIn: p.boolean().default(false),
    /** The shopper's cookie choice when placing the order (contracts/consent.ts): which providers may hear of its purchase (modules/analytics). */
    consentAnalytics: p.boolean().default(false),
    consentMarketing: p.boolean().default(false),
    /** The buyer's CPF (11 digits), which the NF-e names; null on orders placed before it was asked. */
    customerCpf: p.string().length(11).nullable(),
    zipCode: p.string().length(10),
    street: p.string().length(200),
    addressNumber: p.string().length(10),
    complement: p.string().length(100).nullable(),
    neighborhood: p.string().length(100),
    city: p.string().length(100),
    state: p.string().length(2),
    cardBrand: p.string().length(40).nullable(),
    cardLast4: p.string().length(4).nullable(),
    installments: p.integer().nullable(),
    /**
     * The card's instalments in BRL cents as charged (contracts `installmentOption` under the rules
     * at the order's time); their sum is what the acquirer charges, the amount due plus any interest.
     */
    installmentAmounts: p.json<number[]>().nullable(),
    pixPayload: p.text().nullable(),
    pixTxid: p.string().length(25).nullable(),
    pixExpiresAt: p.datetime().nullable(),
    boletoLine: p.string().length(60).nullable(),
    boletoDueDate: p.string().length(10).nullable(),
    /** The boleto's printable page at the acquirer, if any. */
    boletoUrl: p.text().nullable(),
    /** 'mercadopago-credits': the acquirer's checkout the shopper pays on (the preference's `init_point`) and the preference's id. */
    creditsCheckoutUrl: p.text().nullable(),
    creditsPreferenceId: p.string().length(100).nullable(),
    /** Which PaymentProvider issued the charge (`sandbox`, `mercadopago`; null: none yet). */
    paymentProvider: p.string().length(20).nullable(),
    /** The acquirer's payment id (or `manual:<admin>` for a payment confirmed by hand). */
    paymentReference: p.string().length(100).nullable(),
    /** The acquirer's last known payment status (approved, pending, rejected...). */
    paymentStatus: p.string().length(30).nullable(),
    /** New charges issued for the order after its first ('Gerar novo PIX'), and when the last was (payment-recovery.service.ts). */
    paymentRenewals: p.integer().default(0).check('payment_renewals >= 0'),
    paymentRenewedAt: p.datetime().nullable(),
    /** When the one e-mail saying the charge is about to expire was sent (null: not sent). */
    paymentReminderSentAt: p.datetime().nullable(),
    /** After this instant an unpaid order may expire (the acquirer is asked first). */
    expiresAt: p.datetime().nullable().index(),
    carrier: p.string().length(60).nullable(),
    trackingCode: p.string().length(60).nullable(),
    /** When a label purchase started for the order (its claim; null: none in progress): shipping-labels.service.ts. */
    labelPurchaseStartedAt: p.datetime().nullable(),
    shippedAt: p.datetime().nullable(),
    deliveredAt: p.datetime().nullable(),
    refundedAt: p.datetime().nullable(),
    refundedCents: p.integer().nullable(),
    refundReference: p.string().length(100).nullable(),
    /**
     * What returns gave back as store credit (a return credited, or the part of a refund the order
     * paid with credit), BRL cents: like `refundedCents`, out of the order's revenue.
     */
    returnedCreditCents: p.integer().default(0).check('returned_credit_cents >= 0'),
    /** Something the staff must act on (PAYMENT_ALERTS), e.g. a payment confirmed after expiry. */
    paymentAlert: p.string().length(40).nullable().index(),
    paymentAlertAt: p.datetime().nullable(),
    /** How the alert was resolved: `refunded` or `reinstated`. */
    paymentAlertResolution: p.string().length(20).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()).index(),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
    paidAt: p.datetime().nullable(),
    cancelledAt: p.datetime().nullable(),
    cancelReason: p.string().length(100).nullable(),
    items: () => p.oneToMany(OrderItem).mappedBy('order'),
    statusChanges: () => p.oneToMany(OrderStatusChange).mappedBy('order'),
  },
});
export class Order extends OrderSchema.class {}
OrderSchema.setClass(Order);

/** What the order costs the buyer beyond the store credit it spent (without card interest), BRL cents. */
export function amountDueCents(order: Pick<Order, 'totalCents' | 'storeCreditCents'>): number {
  return order.totalCents - order.storeCreditCents;
}

/** What the acquirer charges for `order`: the card plan's total (the amount due plus any interest), else the amount due. */
export function chargedCents(order: Pick<Order, 'totalCents' | 'storeCreditCents' | 'installmentAmounts'>): number {
  return order.installmentAmounts ? order.installmentAmounts.reduce((sum, amount) => sum + amount, 0) : amountDueCents(order);
}

export const OrderItemSchema = defineEntity({
  name: 'OrderItem',
  tableName: 'order_items',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    order: () => p.manyToOne(Order).deleteRule('cascade'),
    product: () => p.manyToOne(Product).nullable().deleteRule('set null'),
    productName: p.string().length(200),
    /** The variant bought (null without options or once the variant is deleted), with its SKU and label ('Aro 16') at order time. */
    variant: () => p.manyToOne(ProductVariant).nullable().deleteRule('set null').index(),
    sku: p.string().length(60).nullable(),
    variantLabel: p.string().length(200).nullable(),
    quantity: p.integer().check('quantity > 0'),
    unitPriceCents: p.integer(),
    totalPriceCents: p.integer(),
    /** The text engraved on each unit (null: not engraved) and the engraving's price per unit, BRL cents. */
    engravingText: p.string().length(40).nullable(),
    engravingUnitCents: p.integer().default(0).check('engraving_unit_cents >= 0'),
  },
});
export class OrderItem extends OrderItemSchema.class {}
OrderItemSchema.setClass(OrderItem);

/** One status change of an order: from, to, who (user id and a label) and when. */
export const OrderStatusChangeSchema = defineEntity({
  name: 'OrderStatusChange',
  tableName: 'order_status_changes',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    order: () => p.manyToOne(Order).deleteRule('cascade').index(),
    fromStatus: p.enum(ORDER_STATUSES).nullable(),
    toStatus: p.enum(ORDER_STATUSES),
    /** The user who acted (customer or staff); null for the system and the acquirer. */
    actorUserId: p.uuid().nullable(),
    /** Who acted, as shown in the timeline: 'Cliente', 'Sistema', 'Mercado Pago', a staff e-mail. */
    actorLabel: p.string().length(255),
    note: p.string().length(300).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class OrderStatusChange extends OrderStatusChangeSchema.class {}

/**
 * `changes` oldest first; at the same instant (one transaction records the order's creation and its
 * payment when store credit pays it whole) the creation (`fromStatus` null) comes first.
 */
export function timelineOrder(changes: readonly OrderStatusChange[]): OrderStatusChange[] {
  return [...changes].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || Number(a.fromStatus != null) - Number(b.fromStatus != null));
}
OrderStatusChangeSchema.setClass(OrderStatusChange);
