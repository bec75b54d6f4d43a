/**
 * Returns and exchanges (CDC art. 49, Decreto 7.962/2013):
 *
 * - `return_requests`: one request of a shopper on a delivered order: kind (`return`,
 *   `exchange`), status (contracts RETURN_STATUSES), the reason, whether it was asked within the
 *   7-day withdrawal right (then approved at once), the freight it gives back (`shipping_cents`,
 *   only when everything returns within the right), the total it gives back (`amount_cents` =
 *   lines + freight), and once settled what was refunded through the acquirer (`refunded_cents`,
 *   `refund_reference`) or given as store credit (`credited_cents`).
 * - `return_request_lines`: the order lines and units of a request, each with its amount (its
 *   share of what was paid for the line, discounts prorated: returns.service.ts `lineShares`), and
 *   for an exchange the option sent instead (`replacement_variant_id`, `replacement_label`).
 * A request settled as store credit writes its entry in the store-credit ledger
 * (`modules/store-credit`, one entry per request).
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { RETURN_KINDS, RETURN_STATUSES } from '@prata/contracts';
import { ProductVariant } from '../catalogue/index.ts';
import { User } from '../identity/index.ts';
import { Order, OrderItem } from '../orders/index.ts';

export const ReturnRequestSchema = defineEntity({
  name: 'ReturnRequest',
  tableName: 'return_requests',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    order: () => p.manyToOne(Order).deleteRule('cascade').index(),
    user: () => p.manyToOne(User).deleteRule('restrict').index(),
    kind: p.enum(RETURN_KINDS),
    status: p.enum(RETURN_STATUSES).index(),
    reason: p.string().length(500),
    withinWithdrawal: p.boolean(),
    shippingCents: p.integer().default(0).check('shipping_cents >= 0'),
    /** The order's gift wrap given back: only by the request that returns the whole order within the right, like the freight. */
    giftWrapCents: p.integer().default(0).check('gift_wrap_cents >= 0'),
    amountCents: p.integer().check('amount_cents >= 0'),
    refundedCents: p.integer().nullable(),
    refundReference: p.string().length(100).nullable(),
    creditedCents: p.integer().nullable(),
    /** The owner's note: why it was refused, or how a manual refund is to be paid. */
    note: p.string().length(300).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()).index(),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
    lines: () => p.oneToMany(ReturnRequestLine).mappedBy('request'),
  },
});
export class ReturnRequest extends ReturnRequestSchema.class {}
ReturnRequestSchema.setClass(ReturnRequest);

export const ReturnRequestLineSchema = defineEntity({
  name: 'ReturnRequestLine',
  tableName: 'return_request_lines',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    request: () => p.manyToOne(ReturnRequest).deleteRule('cascade').index(),
    orderItem: () => p.manyToOne(OrderItem).deleteRule('cascade').index(),
    quantity: p.integer().check('quantity > 0'),
    amountCents: p.integer().check('amount_cents >= 0'),
    /** An exchange line's replacement: the option (variant) sent instead; null: the same piece, or a return. */
    replacementVariant: () => p.manyToOne(ProductVariant).nullable().deleteRule('set null'),
    /** The replacement's label when asked (e.g. 'Aro 16'), kept if the option is deleted later. */
    replacementLabel: p.string().length(100).nullable(),
  },
});
export class ReturnRequestLine extends ReturnRequestLineSchema.class {}
ReturnRequestLineSchema.setClass(ReturnRequestLine);

/**
 * `return_codes`: a one-time code e-mailed to an order's contact address so its return can be asked
 * from the tracking page without signing in (return-codes.ts). Only the code's SHA-256 is kept;
 * it counts until `expires_at`, for at most 5 wrong tries (`attempts`), and once (`used_at`).
 */
export const ReturnCodeSchema = defineEntity({
  name: 'ReturnCode',
  tableName: 'return_codes',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    order: () => p.manyToOne(Order).deleteRule('cascade').index(),
    codeHash: p.string().length(64),
    attempts: p.integer().default(0),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    createdAt: p.datetime().index(),
  },
});
export class ReturnCode extends ReturnCodeSchema.class {}
ReturnCodeSchema.setClass(ReturnCode);
