/**
 * The carts module's tables:
 * - `carts`: one per signed-in shopper (`user_id` is the key). `lines` are (product, variant,
 *   engraving text, quantity) only: prices, names and images are read from the catalogue whenever the cart is
 *   shown, never stored from the browser. `updatedAt` is the shopper's last change of the lines (the
 *   idle time the reminders count from). `recoveryStep` is the last reminder step e-mailed for the
 *   cart as it stands (0 none, 1, 2); it goes back to 0 when the cart is emptied or bought, so each
 *   step goes out once per cart. `recoveryConsent` is the shopper's opt-in to reminders (off by
 *   default, off again through the e-mail's unsubscribe link).
 * - `cart_recovery_messages`: one per reminder e-mailed (the owner's figures and the link's
 *   target): the step, when it was sent, when its link was followed (`openedAt`), and the order
 *   placed after the link (`orderId`, `orderTotalCents`, `recoveredAt`). `closedAt` is set when
 *   the cart it reminded of was bought or emptied, so an old link never claims a later order.
 * Both go with the account (cascade).
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../identity/index.ts';

/** A stored line of a cart. */
export interface StoredCartLine {
  productId: string;
  variantId: string | null;
  /** The text engraved on each unit; absent (lines stored before engraving) or null: none. */
  engraving?: string | null;
  quantity: number;
}

export const ShopperCartSchema = defineEntity({
  name: 'ShopperCart',
  tableName: 'carts',
  indexes: [
    {
      name: 'carts_recovery_due_index',
      expression: `create index "carts_recovery_due_index" on "carts" ("updated_at") where "recovery_consent" and "recovery_step" < 2 and jsonb_array_length("lines") > 0`,
    },
  ],
  properties: {
    user: () => p.oneToOne(User).primary().owner().deleteRule('cascade'),
    lines: p.json<StoredCartLine[]>().defaultRaw(`'[]'`).onCreate(() => []),
    updatedAt: p.datetime(),
    recoveryStep: p.smallint().default(0),
    recoveryConsent: p.boolean().default(false),
    recoveryConsentAt: p.datetime().nullable(),
  },
});
export class ShopperCart extends ShopperCartSchema.class {}
ShopperCartSchema.setClass(ShopperCart);

export const CartRecoveryMessageSchema = defineEntity({
  name: 'CartRecoveryMessage',
  tableName: 'cart_recovery_messages',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    step: p.smallint(),
    /** The cart's value when the reminder was sent, BRL cents (catalogue prices then). */
    cartValueCents: p.integer(),
    sentAt: p.datetime().index(),
    openedAt: p.datetime().nullable(),
    closedAt: p.datetime().nullable(),
    orderId: p.uuid().nullable().unique(),
    orderTotalCents: p.integer().nullable(),
    recoveredAt: p.datetime().nullable().index(),
  },
});
export class CartRecoveryMessage extends CartRecoveryMessageSchema.class {}
CartRecoveryMessageSchema.setClass(CartRecoveryMessage);
