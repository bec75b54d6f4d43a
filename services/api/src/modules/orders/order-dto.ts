/**
 * The buyer's view of an order (contracts `Order`): items, shipping address, delivery time, the
 * price's breakdown (goods, freight, coupon and PIX discounts),
 * payment (card last digits and installments, PIX code, boleto line, the Linha de Crédito checkout while unpaid), shipment, cancellation and
 * the status timeline. Amounts are BRL cents, instants ISO 8601 strings. Used by the buyer's
 * routes (order.service.ts) and the staff's (admin-orders.service.ts).
 */
import { deliveryEstimate, installmentPlan, type CancelReason, type Order as OrderDto, type PaymentRenewalWindow } from '@prata/contracts';
import { amountDueCents, timelineOrder, type Order } from './order.entities.ts';

/**
 * The order's delivery time in business days: the quoted option's (the estimate by state for older
 * orders) plus the engraving's production days, which `productionDays` also states.
 */
export function deliveryOf(order: Pick<Order, 'shippingMinDays' | 'shippingMaxDays' | 'state' | 'productionDays'>): OrderDto['delivery'] {
  const shipping = order.shippingMinDays != null && order.shippingMaxDays != null ? { minDays: order.shippingMinDays, maxDays: order.shippingMaxDays } : deliveryEstimate(order.state);
  const extra = order.productionDays;
  return { minDays: shipping.minDays + extra, maxDays: shipping.maxDays + extra, productionDays: extra };
}

/**
 * The buyer's view of an order (items and history populated); `paymentRenewal`: when the view
 * offers 'Gerar novo PIX' / 'Gerar novo boleto' (payment-recovery.service.ts `window`), null elsewhere.
 */
export function toOrderDto(order: Order, paymentRenewal: PaymentRenewalWindow | null = null): OrderDto {
  const installments = order.installments ?? 1;
  const history = timelineOrder(order.statusChanges.getItems());
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    totalCents: order.totalCents,
    createdAt: order.createdAt.toISOString(),
    items: order.items.getItems().map((item) => ({
      productId: item.product?.id ?? null,
      productName: item.productName,
      variantId: item.variant?.id ?? null,
      sku: item.sku ?? null,
      variantLabel: item.variantLabel ?? null,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      totalPriceCents: item.totalPriceCents,
      engraving: item.engravingText ? { text: item.engravingText, unitCents: item.engravingUnitCents } : null,
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
    delivery: deliveryOf(order),
    gift: order.giftWrap || order.giftMessage || order.giftReceipt ? { wrap: order.giftWrap, wrapCents: order.giftWrapCents, message: order.giftMessage ?? null, receipt: order.giftReceipt } : null,
    pricing: {
      subtotalCents: order.subtotalCents,
      shippingCents: order.shippingCents,
      giftWrapCents: order.giftWrapCents,
      engravingCents: order.engravingCents,
      couponCode: order.couponCode ?? null,
      couponDiscountCents: order.couponDiscountCents,
      pixDiscountCents: order.pixDiscountCents,
      totalCents: order.totalCents,
      storeCreditCents: order.storeCreditCents,
      amountDueCents: amountDueCents(order),
    },
    shippingService:
      order.shippingServiceId && order.shippingServiceName && order.shippingCarrier
        ? { serviceId: order.shippingServiceId, name: order.shippingServiceName, carrier: order.shippingCarrier }
        : null,
    payment: {
      method: order.paymentMethod,
      card: order.cardLast4 ? { brand: order.cardBrand ?? 'Cartão', last4: order.cardLast4, installments, installmentAmounts: order.installmentAmounts ?? installmentPlan(amountDueCents(order), installments) } : null,
      pix: order.pixPayload && order.pixExpiresAt ? { payload: order.pixPayload, expiresAt: order.pixExpiresAt.toISOString() } : null,
      boleto: order.boletoLine && order.boletoDueDate ? { line: order.boletoLine, dueDate: order.boletoDueDate, url: order.boletoUrl ?? null } : null,
      credits: order.status === 'pending' && order.creditsCheckoutUrl && order.creditsPreferenceId ? { checkoutUrl: order.creditsCheckoutUrl, preferenceId: order.creditsPreferenceId } : null,
      paidAt: order.paidAt?.toISOString() ?? null,
    },
    shipment:
      order.shippedAt && order.carrier && order.trackingCode
        ? { carrier: order.carrier, trackingCode: order.trackingCode, shippedAt: order.shippedAt.toISOString(), deliveredAt: order.deliveredAt?.toISOString() ?? null }
        : null,
    cancellation:
      order.status === 'cancelled' && order.cancelledAt
        ? { reason: (order.cancelReason ?? 'cancelled_by_admin') as CancelReason, at: order.cancelledAt.toISOString(), refundedCents: order.refundedCents ?? null }
        : null,
    timeline: history.filter((entry) => entry.fromStatus !== entry.toStatus).map((entry) => ({ status: entry.toStatus, at: entry.createdAt.toISOString(), note: null })),
    refundedCents: order.refundedCents ?? 0,
    paymentRenewal,
  };
}
