/**
 * Idempotent order placement (security review 2026-11-29 #17): a
 * request's fingerprint, and the check that a retried idempotency key carries the same request as
 * the order it already made.
 */
import { createHash } from 'node:crypto';
import type { createOrderSchema } from '@prata/contracts';
import { UnprocessableError } from '../../errors.ts';
import type { Order } from './order.entities.ts';

type OrderRequest = ReturnType<typeof createOrderSchema.parse>;

const sortedEntries = (value: object) => Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
const sha256 = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** The payment without the card token (single-use: a retry after a lost answer necessarily carries a new one). */
function paymentEntries(data: OrderRequest): [string, unknown][] {
  const { cardToken: _token, ...payment } = data.payment as typeof data.payment & { cardToken?: string };
  return sortedEntries(payment);
}

/**
 * The fingerprint of an order request: SHA-256 (64 hex characters) of everything that decides the
 * order but the card token:
 * - the items, merged per product, variant and engraving (`productId:variantId[:text]`, `-` for no
 *   variant) and sorted, as `[item, quantity]`;
 * - the customer and the payment (without `cardToken`), their fields sorted;
 * - the shipping choice (`serviceId`, `priceCents`, null when absent), the coupon code (null when
 *   absent), `useStoreCredit` and `storeCreditCents` (null when absent), and the gift choices when any.
 * Same request, same fingerprint; a different variant, coupon, store-credit choice or delivery
 * option gives another (security review 2026-11-29 #17).
 */
export function requestFingerprint(data: OrderRequest): string {
  const lines = new Map<string, number>();
  for (const item of data.items) {
    const line = `${item.productId}:${item.variantId ?? '-'}${item.engraving ? `:${item.engraving}` : ''}`;
    lines.set(line, (lines.get(line) ?? 0) + item.quantity);
  }
  return sha256({
    version: 2,
    items: [...lines.entries()].sort(([a], [b]) => a.localeCompare(b)),
    customer: sortedEntries(data.customer),
    payment: paymentEntries(data),
    shipping: data.shipping ? [data.shipping.serviceId, data.shipping.priceCents] : null,
    couponCode: data.couponCode ?? null,
    useStoreCredit: data.useStoreCredit,
    storeCreditCents: data.storeCreditCents ?? null,
    // Only when asked, so the fingerprints of requests without it stay what they were.
    ...(data.whatsappOptIn ? { whatsappOptIn: true } : {}),
    ...(data.gift && (data.gift.wrap || data.gift.message || data.gift.receipt) ? { gift: [data.gift.wrap, data.gift.message, data.gift.receipt] } : {}),
  });
}

/**
 * The fingerprint orders placed before 2026-11-29 stored (items merged by product only, customer
 * and payment): a key of such an order retried with the same body still answers that order.
 */
function legacyFingerprint(data: OrderRequest): string {
  const lines = new Map<string, number>();
  for (const item of data.items) lines.set(item.productId, (lines.get(item.productId) ?? 0) + item.quantity);
  return sha256({ items: [...lines.entries()].sort(([a], [b]) => a.localeCompare(b)), customer: sortedEntries(data.customer), payment: paymentEntries(data) });
}

/**
 * The order a key already made, when `data` is the same request: its stored fingerprint is
 * `fingerprint` ({@link requestFingerprint} of `data`), or, for an order stored before the
 * fingerprint covered variants, coupon, store credit and shipping, the legacy one of `data`.
 * An order without a stored fingerprint (older still) is answered as it is.
 * @throws UnprocessableError (422 'idempotency_key_reused') for another body.
 */
export function sameRequest(order: Order, fingerprint: string, data: OrderRequest): Order {
  if (!order.requestFingerprint || order.requestFingerprint === fingerprint || order.requestFingerprint === legacyFingerprint(data)) return order;
  throw new UnprocessableError('Esta chave de idempotência já foi usada em outro pedido com dados diferentes. Gere uma nova chave para um novo pedido.', 'idempotency_key_reused');
}
