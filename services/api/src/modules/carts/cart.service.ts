/**
 * The signed-in shopper's cart on the server:
 * - {@link CartService.get}: the cart priced now (cart-pricing.ts), with the reminder opt-in;
 * - {@link CartService.replace}: `PUT /api/cart`, the browser's cart while signed in replaces it;
 * - {@link CartService.merge}: `POST /api/cart/merge`, at sign-in: the union of the browser's cart
 *   and the server's (a line in both keeps the larger quantity, so merging the same cart twice
 *   changes nothing), capped as the checkout caps an order;
 * - {@link CartService.setConsent}: the shopper's opt-in to reminders (off by default).
 * Only (product, variant, engraving text, quantity) is stored; a change of the lines restarts the idle time the
 * reminders count from, and an emptied cart ends its reminders (each step once per cart).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { cartRecoveryConsentSchema, cartUpdateSchema, type Cart, type CartLine, type CartRecoveryConsent, type CartUpdate } from '@prata/contracts';
import type { Clock } from '../../lib/clock.ts';
import { ShopperCart, type StoredCartLine } from './cart.entities.ts';
import { combineLines, lineKey, priceLines, storedLines, type PricingDeps } from './cart-pricing.ts';

export interface CartDeps extends PricingDeps {
  clock: Clock;
}

/** Whether two stored carts hold the same lines in the same order. */
function sameLines(a: readonly StoredCartLine[], b: readonly StoredCartLine[]): boolean {
  return a.length === b.length && a.every((line, i) => lineKey(line) === lineKey(b[i]!) && line.quantity === b[i]!.quantity);
}

export class CartService {
  private readonly deps: CartDeps;

  constructor(deps: CartDeps) {
    this.deps = deps;
  }

  /** The current lines of `cart` priced for its shopper (none without a cart). */
  async price(em: EntityManager, cart: ShopperCart | null): Promise<CartLine[]> {
    return cart ? priceLines(this.deps, em, cart.lines, cart.user.id, this.deps.clock.now()) : [];
  }

  /** The shopper's cart, priced now; empty (and no consent) before the first save. */
  async get(em: EntityManager, userId: string): Promise<Cart> {
    const cart = await em.findOne(ShopperCart, { user: userId });
    return { lines: await this.price(em, cart), recoveryConsent: cart?.recoveryConsent ?? false };
  }

  /**
   * Replaces the cart with the browser's lines (`PUT /api/cart`): the same pair twice adds up,
   * lines are capped and priced by the catalogue (cart-pricing.ts). Storing other lines than
   * before restarts the idle time; an empty cart ends its reminders.
   * @throws ZodError (bad ids, quantities, more than 50 lines).
   */
  async replace(em: EntityManager, userId: string, input: CartUpdate): Promise<Cart> {
    const { lines } = cartUpdateSchema.parse(input);
    return this.save(em, userId, combineLines(lines, 'sum'));
  }

  /**
   * Merges the browser's cart into the server's at sign-in (`POST /api/cart/merge`): the server's
   * lines first, then the browser's new ones; a line in both keeps the larger quantity. Capped and
   * priced like {@link replace}; the answer is what the browser's cart becomes.
   * @throws ZodError.
   */
  async merge(em: EntityManager, userId: string, input: CartUpdate): Promise<Cart> {
    const { lines } = cartUpdateSchema.parse(input);
    const cart = await em.findOne(ShopperCart, { user: userId });
    return this.save(em, userId, combineLines([...(cart?.lines ?? []), ...lines], 'max'));
  }

  /** Sets the shopper's opt-in to cart reminders by e-mail (`PUT /api/cart/recovery-consent`). @throws ZodError. */
  async setConsent(em: EntityManager, userId: string, input: CartRecoveryConsent): Promise<CartRecoveryConsent> {
    const { consent } = cartRecoveryConsentSchema.parse(input);
    const now = this.deps.clock.now();
    const cart = await em.findOne(ShopperCart, { user: userId });
    if (cart) em.assign(cart, { recoveryConsent: consent, recoveryConsentAt: consent ? now : null });
    else em.create(ShopperCart, { user: userId, lines: [], updatedAt: now, recoveryStep: 0, recoveryConsent: consent, recoveryConsentAt: consent ? now : null });
    await em.flush();
    return { consent };
  }

  /** Caps and prices `lines`, stores them, and answers the cart. */
  private async save(em: EntityManager, userId: string, lines: StoredCartLine[]): Promise<Cart> {
    const now = this.deps.clock.now();
    const priced = await priceLines(this.deps, em, lines, userId, now);
    const next = storedLines(priced);
    const cart = await em.findOne(ShopperCart, { user: userId });
    if (!cart) {
      const created = em.create(ShopperCart, { user: userId, lines: next, updatedAt: now, recoveryStep: 0, recoveryConsent: false, recoveryConsentAt: null });
      await em.flush();
      return { lines: priced, recoveryConsent: created.recoveryConsent };
    }
    if (!sameLines(cart.lines, next)) {
      em.assign(cart, { lines: next, updatedAt: now });
      // An emptied cart is done: its reminders start again from the first step if it fills up.
      if (next.length === 0) cart.recoveryStep = 0;
    }
    await em.flush();
    return { lines: priced, recoveryConsent: cart.recoveryConsent };
  }
}

