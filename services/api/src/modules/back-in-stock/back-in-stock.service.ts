/**
 * Back-in-stock subscriptions ("Avise-me quando chegar"):
 * - {@link BackInStockService.subscribe}: only for a sold-out item (stock 0, else 409 'Este item está
 *   disponível'). A signed-in shopper is subscribed at once (`active`) with the account's e-mail;
 *   an anonymous one gets `pending_confirmation` and a confirmation e-mail (double opt-in). The
 *   answer is neutral: it never tells whether the e-mail was already subscribed, nor whether a
 *   mail went out. No open mailer (security review 2026-11-29 #5): one pending confirmation per
 *   e-mail and product (asking again, for any variant, sends nothing new), and at most
 *   `confirmationsPerDay` confirmation e-mails to one address in 24 hours, across products.
 * - {@link BackInStockService.confirm}: the store's confirmation page (`BACK_IN_STOCK_CONFIRM_PATH`)
 *   posts the e-mailed token; a GET of a link confirms nothing, so a mail scanner cannot.
 *   {@link BackInStockService.unsubscribe}: the notification's link (tokens stored as SHA-256 only).
 *   Unsubscribing cancels every open alert of that e-mail.
 * - {@link BackInStockService.waiting}: the owner's counts of active subscribers per product/variant.
 * The e-mails to subscribers when stock returns are notify-subscribers.ts.
 */
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import {
  BACK_IN_STOCK_CONFIRM_PATH,
  BACK_IN_STOCK_MESSAGES,
  backInStockSubscribeSchema,
  type BackInStockConfirmResult,
  type BackInStockLinkOutcome,
  type BackInStockSubscribeInput,
  type BackInStockSubscriptionResult,
  type BackInStockWaiting,
} from '@prata/contracts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { OutboxEmail } from '../../mail/outbox-email.entity.ts';
import { User } from '../identity/index.ts';
import type { StockLookup } from './stock-lookup.ts';
import { StockSubscription } from './stock-subscription.entity.ts';

/** How long a confirmation link is valid, ms (7 days). */
export const CONFIRMATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The window of the per-recipient cap on confirmation e-mails, ms (24 hours). */
export const CONFIRMATION_CAP_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface BackInStockDeps {
  lookup: StockLookup;
  mailer: Mailer;
  clock: Clock;
  /** The API's public origin (the e-mailed unsubscribe links are its routes). */
  apiUrl: string;
  /** The store's origin (product pages, the confirmation page). */
  storeUrl: string;
  /** Confirmation e-mails one address may be sent in {@link CONFIRMATION_CAP_WINDOW_MS}, across products (`BACK_IN_STOCK_CONFIRMATIONS_PER_DAY`). */
  confirmationsPerDay: number;
  /** Called after a confirmation for an item already back in stock (the subscriber is e-mailed at once). */
  onConfirmedInStock(productId: string, variantId: string | null): Promise<void>;
}

/** What an e-mailed link did, for the page that answers it. */
export interface LinkOutcome {
  outcome: BackInStockLinkOutcome;
  productName?: string;
  productSlug?: string;
}

const OPEN = ['pending_confirmation', 'active'] as const;

export class BackInStockService {
  private readonly deps: BackInStockDeps;

  constructor(deps: BackInStockDeps) {
    this.deps = deps;
  }

  /**
   * Subscribes `userId` (signed in: active at once, account e-mail) or `input.email` (anonymous:
   * pending until confirmed). Subscribing again is harmless (same answer; a signed-in shopper
   * activates a pending one). For an anonymous subscribe, under a per-address lock:
   * - already active, or a confirmation of this product (any variant) pending and not expired:
   *   no e-mail; another variant joins that confirmation (its link confirms both);
   * - else, unless the address was sent `confirmationsPerDay` confirmations in the last 24 hours,
   *   a confirmation e-mail with a fresh link to the store's page `BACK_IN_STOCK_CONFIRM_PATH`
   *   (an expired pending one gets a new link); past the cap nothing is stored or sent.
   * The answer is the same in every case ('Enviamos um e-mail para confirmar.').
   * @throws ZodError (bad ids or e-mail), ValidationError ('Informe seu e-mail' when anonymous
   * without one), NotFoundError (product or variant), ConflictError ('Este item está disponível').
   */
  async subscribe(em: EntityManager, userId: string | null, input: BackInStockSubscribeInput): Promise<BackInStockSubscriptionResult> {
    const data = backInStockSubscribeSchema.parse(input);
    const item = await this.deps.lookup(em, data.productId, data.variantId);
    if (!item) throw new NotFoundError(data.variantId ? 'Variante não encontrada' : 'Produto não encontrado');
    if (item.stock > 0) throw new ConflictError(BACK_IN_STOCK_MESSAGES.available, 'available');
    const user = userId ? await em.findOne(User, { id: userId, erasedAt: null }) : null;
    const email = user?.email.toLowerCase() ?? data.email;
    if (!email) throw new ValidationError('Informe seu e-mail', [{ path: 'email', message: 'Informe seu e-mail' }]);
    const where = { email, product: data.productId, variantId: data.variantId, status: { $in: [...OPEN] } };
    const now = this.deps.clock.now();
    const mails: OutboxEmail[] = [];
    try {
      await em.transactional(async (tx) => {
        if (user) {
          const open = await tx.findOne(StockSubscription, where);
          if (open) tx.assign(open, { status: 'active', user: user.id, confirmedAt: open.confirmedAt ?? now, tokenHash: null });
          else tx.create(StockSubscription, { product: data.productId, variantId: data.variantId, user: user.id, email, status: 'active', createdAt: now, confirmedAt: now });
          return;
        }
        // One anonymous subscribe per address at a time: the pending check and the daily count hold.
        await tx.getConnection().execute('select pg_advisory_xact_lock(hashtext(?))', [`back-in-stock:${email}`], 'all', tx.getTransactionContext());
        const open = await tx.findOne(StockSubscription, where);
        if (open?.status === 'active') return;
        const live = await tx.findOne(StockSubscription, {
          email,
          product: data.productId,
          status: 'pending_confirmation',
          tokenHash: { $ne: null },
          createdAt: { $gte: new Date(now.getTime() - CONFIRMATION_TTL_MS) },
        });
        if (live) {
          if (live.id === open?.id) return;
          // Another variant's confirmation is pending: this one joins it (no token of its own, so an old link of its cannot confirm it).
          if (open) tx.assign(open, { tokenHash: null, createdAt: now });
          else tx.create(StockSubscription, { product: data.productId, variantId: data.variantId, email, status: 'pending_confirmation', tokenHash: null, createdAt: now });
          return;
        }
        const sent = await tx.count(StockSubscription, { email, confirmationSentAt: { $gte: new Date(now.getTime() - CONFIRMATION_CAP_WINDOW_MS) } });
        if (sent >= this.deps.confirmationsPerDay) return;
        const token = randomToken();
        if (open) tx.assign(open, { tokenHash: sha256Hex(token), createdAt: now, confirmationSentAt: now });
        else tx.create(StockSubscription, { product: data.productId, variantId: data.variantId, email, status: 'pending_confirmation', tokenHash: sha256Hex(token), createdAt: now, confirmationSentAt: now });
        const link = `${this.deps.storeUrl}${BACK_IN_STOCK_CONFIRM_PATH}?token=${token}`;
        mails.push(
          this.deps.mailer.queue(tx, {
            to: email,
            subject: `Confirme seu aviso: ${item.name}`,
            text: `Olá!\n\nPara receber um e-mail quando "${item.name}" estiver disponível de novo, confirme seu pedido:\n${link}\n\nO link vale por 7 dias. Se não foi você, ignore este e-mail.`,
            link,
          }),
        );
      });
    } catch (error) {
      // A concurrent identical request created the open subscription first: same outcome.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
    }
    if (mails.length > 0) await this.deps.mailer.dispatch(em.fork(), mails);
    return user ? { status: 'active', message: BACK_IN_STOCK_MESSAGES.active } : { status: 'pending', message: BACK_IN_STOCK_MESSAGES.pending };
  }

  /**
   * Confirms the e-mailed token (`POST /api/back-in-stock/confirm`, posted by the store's
   * confirmation page): the pending subscription and every pending one of the same e-mail and
   * product that joined it become active (an active one stays so). Items already back in stock
   * are e-mailed at once (through the job queue).
   * @returns `confirmed`, `expired` (link older than {@link CONFIRMATION_TTL_MS}) or `invalid`
   * (unknown token, or its subscription notified or cancelled), with the product's name and slug.
   */
  async confirm(em: EntityManager, token: string): Promise<BackInStockConfirmResult> {
    const subscription = await em.findOne(StockSubscription, { tokenHash: sha256Hex(token) }, { populate: ['product'] });
    if (!subscription || !OPEN.includes(subscription.status as (typeof OPEN)[number])) return { outcome: 'invalid' };
    const product = { productName: subscription.product.name, productSlug: subscription.product.slug };
    if (subscription.status === 'active') return { outcome: 'confirmed', ...product };
    const now = this.deps.clock.now();
    if (now.getTime() - subscription.createdAt.getTime() > CONFIRMATION_TTL_MS) return { outcome: 'expired', ...product };
    const activated = await em
      .getConnection()
      .execute<{ variant_id: string | null }[]>(
        `update stock_subscriptions set status = 'active', confirmed_at = ? where email = ? and product_id = ? and status = 'pending_confirmation' returning variant_id`,
        [now, subscription.email, subscription.product.id],
        'all',
      );
    for (const { variant_id: variantId } of activated) {
      const item = await this.deps.lookup(em, subscription.product.id, variantId);
      if (item && item.stock > 0) await this.deps.onConfirmedInStock(subscription.product.id, variantId);
    }
    return { outcome: 'confirmed', ...product };
  }

  /**
   * What the unsubscribe link's page asks about, changing nothing (a mail scanner may open it):
   * the product of the notification, or `invalid` for an unknown token.
   */
  async unsubscribeTarget(em: EntityManager, token: string): Promise<LinkOutcome> {
    const subscription = await em.findOne(StockSubscription, { tokenHash: sha256Hex(token) }, { populate: ['product'] });
    if (!subscription) return { outcome: 'invalid' };
    return { outcome: 'unsubscribed', productName: subscription.product.name, productSlug: subscription.product.slug };
  }

  /** The unsubscribe link's POST (its page's button or RFC 8058 one-click): cancels every open alert of that e-mail. */
  async unsubscribe(em: EntityManager, token: string): Promise<LinkOutcome> {
    const subscription = await em.findOne(StockSubscription, { tokenHash: sha256Hex(token) }, { populate: ['product'] });
    if (!subscription) return { outcome: 'invalid' };
    await em.nativeUpdate(StockSubscription, { email: subscription.email, status: { $in: [...OPEN] } }, { status: 'cancelled' });
    return { outcome: 'unsubscribed', productName: subscription.product.name, productSlug: subscription.product.slug };
  }

  /** Deletes pending subscriptions whose confirmation link expired (the periodic job). @returns how many. */
  async dropExpiredPending(em: EntityManager): Promise<number> {
    const before = new Date(this.deps.clock.now().getTime() - CONFIRMATION_TTL_MS);
    return em.nativeDelete(StockSubscription, { status: 'pending_confirmation', createdAt: { $lt: before } });
  }

  /** Active subscribers per product and variant, most awaited first (products not archived). */
  async waiting(em: EntityManager): Promise<BackInStockWaiting[]> {
    const rows = await em.getConnection().execute<{ product_id: string; name: string; variant_id: string | null; waiting: string }[]>(
      `select s.product_id, p.name, s.variant_id, count(*) as waiting
         from stock_subscriptions s join products p on p.id = s.product_id
        where s.status = 'active' and p.status = 'active'
        group by s.product_id, p.name, s.variant_id
        order by count(*) desc, p.name, s.variant_id nulls first`,
      [],
      'all',
    );
    return rows.map((row) => ({ productId: row.product_id, productName: row.name, variantId: row.variant_id, waiting: Number(row.waiting) }));
  }
}
