/**
 * Idempotent order placement (issue 21, review item 17): a request's fingerprint, and the check
 * that a retried idempotency key carries the same request as the order it already made.
 */
import { createHash } from 'node:crypto';
import type { createOrderSchema } from '@prata/contracts';
import { UnprocessableError } from '../../errors.ts';
import type { Order } from './order.entities.ts';

/**
 * The fingerprint of an order request (issue 21, review item 17): SHA-256 of its items (merged and
 * sorted), customer and payment, without the card token (single-use: a retry after a lost answer
 * necessarily carries a new one). Same request, same fingerprint.
 */
export function requestFingerprint(data: ReturnType<typeof createOrderSchema.parse>): string {
  const lines = new Map<string, number>();
  for (const item of data.items) lines.set(item.productId, (lines.get(item.productId) ?? 0) + item.quantity);
  const { cardToken: _token, ...payment } = data.payment as typeof data.payment & { cardToken?: string };
  const canonical = { items: [...lines.entries()].sort(([a], [b]) => a.localeCompare(b)), customer: Object.entries(data.customer).sort(([a], [b]) => a.localeCompare(b)), payment: Object.entries(payment).sort(([a], [b]) => a.localeCompare(b)) };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/** The order a key already made, when the request is the same one. @throws UnprocessableError (422) for another body. */
export function sameRequest(order: Order, fingerprint: string): Order {
  if (order.requestFingerprint && order.requestFingerprint !== fingerprint) {
    throw new UnprocessableError('Esta chave de idempotência já foi usada em outro pedido com dados diferentes. Gere uma nova chave para um novo pedido.', 'idempotency_key_reused');
  }
  return order;
}
