/**
 * The shopper's side of returns and exchanges: what an order still lets them return (the
 * withdrawal window, units per line, the options an exchange may send), and a new request with its
 * amounts computed on the server (each line's share of what was paid for the goods and its
 * engraving, which goes back with its piece: an engraved piece keeps the withdrawal right of CDC
 * art. 49; plus the freight and the gift wrap when the request is within the right and makes
 * every unit of the order returned).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { RETURN_KIND_LABELS, RETURN_REQUESTED, type CreateReturnInput, type OrderReturns, type ReturnRequest as ReturnRequestDto, type ReturnStatus } from '@prata/contracts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { Product, ProductVariant, labelOf, variantsByProduct } from '../catalogue/index.ts';
import { Order, type OrderItem } from '../orders/index.ts';
import { Coupon } from '../promotions/index.ts';
import { lineShares, unitsAmount, withdrawalDeadline } from './return-amounts.ts';
import { queueReturnMail, type Workflow } from './return-workflow.ts';
import { findReturns, loadReturn, toReturnDto } from './return-views.ts';
import { ReturnRequest, ReturnRequestLine } from './return.entities.ts';

/** Statuses that hold units (a refused request gives them back to the returnable count). */
const HOLDING: readonly ReturnStatus[] = ['requested', 'approved', 'received', 'refunded', 'credited', 'exchanged'];

/**
 * The paid parts of an order (contracts `priceOrder`): the freight paid (the freight charged less a
 * free-shipping coupon's discount; the PIX discount never touches it), the gift wrap and the
 * engraving (never discounted), and the goods paid (the rest of `total_cents`: the subtotal less a
 * goods coupon and the PIX discount), in BRL cents; they sum to `total_cents`.
 * `freeShippingCoupon`: the order's coupon is a free-shipping one.
 */
export function paidParts(order: Order, freeShippingCoupon: boolean): { goodsCents: number; shippingCents: number; giftWrapCents: number; engravingCents: number } {
  const shippingCents = Math.max(0, order.shippingCents - (freeShippingCoupon ? order.couponDiscountCents : 0));
  const { giftWrapCents, engravingCents } = order;
  return { goodsCents: order.totalCents - shippingCents - giftWrapCents - engravingCents, shippingCents, giftWrapCents, engravingCents };
}

/**
 * Each line's share of what was paid (BRL cents): the goods paid prorated over the lines' list
 * totals (`lineShares`), plus the line's own engraving (price per unit times units), which goes
 * back with its pieces. The shares sum to the goods and engraving paid.
 */
export function paidLineShares(items: readonly Pick<OrderItem, 'totalPriceCents' | 'quantity' | 'engravingUnitCents'>[], paid: { goodsCents: number }): number[] {
  return lineShares(items.map((item) => item.totalPriceCents), paid.goodsCents).map((share, index) => share + items[index]!.engravingUnitCents * items[index]!.quantity);
}

/** The shopper's view of an order's returns: the window, units still returnable, requests. @throws NotFoundError. */
export async function orderReturns(em: EntityManager, userId: string, orderId: string): Promise<OrderReturns> {
  const order = await em.findOne(Order, { id: orderId, user: userId }, { populate: ['items'] });
  if (!order) throw new NotFoundError('Pedido não encontrado');
  const requests = await findReturns(em, { order: order.id });
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
export async function requestReturn(
  workflow: Workflow,
  em: EntityManager,
  userId: string,
  orderId: string,
  input: CreateReturnInput & { lines: { orderItemId: string; quantity: number; replacementVariantId?: string | null | undefined }[] },
): Promise<ReturnRequestDto> {
  const id = await workflow.run(em, async (tx, effects) => {
    const order = await workflow.lock(tx, { id: orderId, user: userId });
    if (order.status !== 'delivered' || !order.deliveredAt) throw new ConflictError('Só pedidos entregues podem ser devolvidos ou trocados.', 'order_not_delivered');
    const items = order.items.getItems();
    const coupon = order.couponCode ? await tx.findOne(Coupon, { code: order.couponCode }, { fields: ['kind'] }) : null;
    const paid = paidParts(order, coupon?.kind === 'free_shipping');
    const shares = paidLineShares(items, paid);
    const held = heldUnits(await findReturns(tx, { order: order.id }));
    const now = workflow.clock.now();
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
    // Freight and the gift wrap go back only when this request, within the right, makes every unit returned.
    const everything = items.every((item) => (held.get(item.id)?.quantity ?? 0) >= item.quantity);
    if (within && everything) Object.assign(request, { shippingCents: paid.shippingCents, giftWrapCents: paid.giftWrapCents });
    request.amountCents = amount + request.shippingCents + request.giftWrapCents;
    const kind = RETURN_KIND_LABELS[input.kind];
    workflow.history(tx, order, 'delivered', 'delivered', { userId, label: 'Cliente' }, `${kind} solicitada${within ? ' no prazo de arrependimento: aprovada' : ': aguarda a loja'}`);
    queueReturnMail(workflow, tx, effects, order, request, request.status);
    effects.events.push(
      workflow.deps.events.record(tx, {
        type: RETURN_REQUESTED,
        aggregateId: order.id,
        payload: { orderId: order.id, number: order.number, status: order.status, totalCents: order.totalCents, paymentMethod: order.paymentMethod, userId, returnId: request.id, kind: request.kind, withinWithdrawal: within, amountCents: request.amountCents },
      }),
    );
    return request.id;
  });
  return toReturnDto(await loadReturn(em.fork(), { id }));
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
