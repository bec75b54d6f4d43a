/**
 * What the owner's later steps on a return request do to stock and money (each runs inside
 * `decideReturn`, with the order's row and the request locked; return-decisions.ts): pieces
 * received go back to stock; a return is refunded through the acquirer (idempotency key
 * `return-<request id>`; a payment confirmed by hand is refunded by hand) or credited to the
 * shopper's store credit; an exchange sends the replacement units out of stock.
 */
import { raw } from '@mikro-orm/postgresql';
import { ORDER_EVENTS, formatBRL } from '@prata/contracts';
import { ConflictError } from '../../errors.ts';
import { Product, returnUnits, takeVariantUnits } from '../catalogue/index.ts';
import { RefundFailedError, amountDueCents, chargedCents } from '../orders/index.ts';
import { StoreCreditEntry, storeCreditLedger } from '../store-credit/index.ts';
import type { ReturnStep } from './return-decisions.ts';
import type { Workflow } from './return-workflow.ts';

/** approved -> received: the units go back to stock (a variant or product back from 0 records StockReplenished). */
export function receiveUnits(workflow: Workflow): ReturnStep {
  return async (tx, effects, request) => {
    for (const line of request.lines) {
      const item = line.orderItem;
      if (!item.product) continue;
      const replenished = await returnUnits(workflow.deps.events, tx, { productId: item.product.id, variantId: item.variant?.id ?? null, quantity: line.quantity, hadVariant: item.sku != null });
      if (replenished) effects.events.push(replenished);
    }
    return { units: request.lines.getItems().reduce((sum, line) => sum + line.quantity, 0) };
  };
}

/**
 * received -> refunded (a return): the request's amount, capped by what the order has not had
 * back yet. What the acquirer charged is refunded through it inside the locks (a payment
 * confirmed by hand: by hand); the part of the order paid with store credit goes back as store
 * credit, acquirer money first. A card plan with interest gives back the interest on what is
 * returned (CDC art. 49: what was paid): the acquirer's part is the goods' share times the plan's
 * total over the amount due, and the refund that ends the acquirer's part gives back the rest of
 * what was charged (`order.refundedCents` counts the money refunded, interest included).
 * @throws RefundFailedError (502, nothing changed).
 */
export function refundReturn(workflow: Workflow): ReturnStep {
  return async (tx, effects, request, order) => {
    const due = amountDueCents(order);
    const charged = chargedCents(order);
    const refunded = order.refundedCents ?? 0;
    // The goods' value of what the acquirer refunded so far (the same figure without interest).
    const refundedGoods = charged === due || charged === 0 ? refunded : Math.round((refunded * due) / charged);
    const cents = Math.max(0, Math.min(request.amountCents, order.totalCents - refundedGoods));
    const goodsByAcquirer = Math.max(0, Math.min(cents, due - refundedGoods));
    const acquirerCents = goodsByAcquirer === 0 ? 0 : goodsByAcquirer === due - refundedGoods ? charged - refunded : Math.round((goodsByAcquirer * charged) / due);
    const manual = acquirerCents > 0 && (order.paymentStatus === 'manual' || !order.paymentReference);
    let reference = acquirerCents > 0 ? 'manual' : 'store-credit';
    if (acquirerCents > 0 && !manual) {
      try {
        reference = (await workflow.payments.refund(order.paymentReference!, acquirerCents, `return-${request.id}`)).id;
      } catch {
        throw new RefundFailedError();
      }
    }
    const now = workflow.clock.now();
    const creditedCents = cents > goodsByAcquirer ? await storeCreditLedger.giveBack(tx, order, `Devolução do pedido ${order.number}`, now, cents - goodsByAcquirer) : 0;
    request.refundedCents = acquirerCents;
    request.creditedCents = creditedCents > 0 ? creditedCents : null;
    order.returnedCreditCents += creditedCents;
    request.refundReference = reference.slice(0, 100);
    if (manual) request.note = `Reembolso manual de ${formatBRL(acquirerCents)}: devolva o valor ao cliente`;
    if (acquirerCents > 0) {
      order.refundedCents = (order.refundedCents ?? 0) + acquirerCents;
      order.refundedAt = now;
      order.refundReference = reference.slice(0, 100);
      workflow.event(tx, effects, order, ORDER_EVENTS.refunded, { refundedCents: acquirerCents });
    }
    return { refundedCents: acquirerCents, creditedCents, reference };
  };
}

/** received -> credited (a return): the amount as store credit on the shopper's ledger. */
export function creditReturn(workflow: Workflow): ReturnStep {
  return async (tx, _effects, request, order) => {
    request.creditedCents = request.amountCents;
    order.returnedCreditCents += request.amountCents;
    if (request.amountCents > 0) {
      tx.create(StoreCreditEntry, { user: request.user, amountCents: request.amountCents, reason: `Devolução do pedido ${order.number}`, returnRequestId: request.id, order: null, createdAt: workflow.clock.now() });
    }
    return { creditedCents: request.amountCents };
  };
}

/**
 * received -> exchanged (an exchange): the replacement units leave stock (the named option, or
 * the same piece), to go to the shopper; the owner ships them.
 * @throws ConflictError `exchange_out_of_stock` naming the piece (nothing changed): refund or
 *   credit the request instead.
 */
export const sendReplacements: ReturnStep = async (tx, _effects, request) => {
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
};
