/**
 * `stock_subscriptions` (back-in-stock alerts): a shopper waiting for a sold-out
 * product (`variant_id` null) or one of its variants to be back in stock.
 *
 * - `status`: `pending_confirmation` (anonymous, e-mail not yet confirmed by its link), `active`
 *   (waiting; signed-in shoppers start here), `notified` (e-mailed once; never again), `cancelled`.
 * - `tokenHash`: SHA-256 of the link token e-mailed last (the confirmation link while pending, the
 *   unsubscribe link once notified); the token itself is never stored. A pending row without one
 *   joined the confirmation e-mailed for another variant of the same product and e-mail (one
 *   pending confirmation per e-mail and product): that link confirms it too.
 * - `confirmationSentAt`: when a confirmation e-mail was last sent for this row (security review
 *   2026-11-29 #5): the per-recipient daily cap counts them.
 * - `variantId` names a variant without a foreign key for now (variants arrive in a parallel
 *   change; the key is added when they merge).
 * - One open (pending or active) subscription per e-mail, product and variant: a partial unique
 *   index with `nulls not distinct`, so a product-level one (variant null) is unique too.
 * Rows go with their product (cascade) and with the account's LGPD erasure (users module).
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { BACK_IN_STOCK_STATUSES } from '@prata/contracts';
import { Product } from '../catalogue/index.ts';
import { User } from '../identity/index.ts';

export const StockSubscriptionSchema = defineEntity({
  name: 'StockSubscription',
  tableName: 'stock_subscriptions',
  indexes: [
    {
      name: 'stock_subscriptions_open_unique',
      expression:
        `create unique index "stock_subscriptions_open_unique" on "stock_subscriptions" ("email", "product_id", "variant_id") nulls not distinct ` +
        `where "status" in ('pending_confirmation', 'active')`,
    },
    {
      name: 'stock_subscriptions_active_index',
      expression: `create index "stock_subscriptions_active_index" on "stock_subscriptions" ("product_id", "variant_id") where "status" = 'active'`,
    },
  ],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    product: () => p.manyToOne(Product).deleteRule('cascade'),
    variantId: p.uuid().nullable(),
    user: () => p.manyToOne(User).nullable().deleteRule('cascade').index(),
    email: p.string().length(255).index(),
    status: p.enum(BACK_IN_STOCK_STATUSES),
    tokenHash: p.string().length(64).nullable().unique(),
    createdAt: p.datetime().onCreate(() => new Date()),
    confirmedAt: p.datetime().nullable(),
    confirmationSentAt: p.datetime().nullable(),
    notifiedAt: p.datetime().nullable(),
  },
});
export class StockSubscription extends StockSubscriptionSchema.class {}
StockSubscriptionSchema.setClass(StockSubscription);
