/**
 * Back-in-stock subscriptions (issue 22, "Avise-me quando chegar"):
 * - {@link BackInStockService.subscribe}: only for a sold-out item (stock 0, else 409 'Este item está
 *   disponível'). A signed-in shopper is subscribed at once (`active`) with the account's e-mail;
 *   an anonymous one gets `pending_confirmation` and a confirmation e-mail (double opt-in). The
 *   answer is neutral: it never tells whether the e-mail was already subscribed.
 * - {@link BackInStockService.confirm} / {@link BackInStockService.unsubscribe}: the e-mailed links
 *   (tokens stored as SHA-256 only). Unsubscribing cancels every open alert of that e-mail.
 * - {@link BackInStockService.waiting}: the owner's counts of active subscribers per product/variant.
 * The e-mails to subscribers when stock returns are notify-subscribers.ts.
 */
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { BACK_IN_STOCK_MESSAGES, backInStockSubscribeSchema, type BackInStockSubscribeInput, type BackInStockSubscriptionResult, type BackInStockWaiting } from '@prata/contracts';
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

export interface BackInStockDeps {
  lookup: StockLookup;
  mailer: Mailer;
  clock: Clock;
  /** The API's public origin (the e-mailed links are its routes). */
  apiUrl: string;
  /** The store's origin (product pages). */
  storeUrl: string;
  /** Called after a confirmation for an item already back in stock (the subscriber is e-mailed at once). */
  onConfirmedInStock(productId: string, variantId: string | null): Promise<void>;
}

/** What an e-mailed link did, for the page that answers it. */
export interface LinkOutcome {
  outcome: 'confirmed' | 'unsubscribed' | 'invalid' | 'expired';
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
   * pending, confirmation e-mailed) to the item. Subscribing again is harmless (same answer; a
   * pending one gets a fresh confirmation link, a signed-in shopper activates it).
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
        const open = await tx.findOne(StockSubscription, where);
        if (user) {
          if (open) tx.assign(open, { status: 'active', user: user.id, confirmedAt: open.confirmedAt ?? now, tokenHash: null });
          else tx.create(StockSubscription, { product: data.productId, variantId: data.variantId, user: user.id, email, status: 'active', createdAt: now, confirmedAt: now });
          return;
        }
        if (open?.status === 'active') return;
        const token = randomToken();
        if (open) tx.assign(open, { tokenHash: sha256Hex(token), createdAt: now });
        else tx.create(StockSubscription, { product: data.productId, variantId: data.variantId, email, status: 'pending_confirmation', tokenHash: sha256Hex(token), createdAt: now });
        const link = `${this.deps.apiUrl}/api/back-in-stock/confirm?token=${token}`;
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
   * The confirmation link: a pending subscription becomes active (an active one stays so). When
   * the item is already back in stock the subscriber is e-mailed at once (through the job queue).
   */
  async confirm(em: EntityManager, token: string): Promise<LinkOutcome> {
    const subscription = await em.findOne(StockSubscription, { tokenHash: sha256Hex(token) }, { populate: ['product'] });
    if (!subscription || !OPEN.includes(subscription.status as (typeof OPEN)[number])) return { outcome: 'invalid' };
    const product = { productName: subscription.product.name, productSlug: subscription.product.slug };
    if (subscription.status === 'active') return { outcome: 'confirmed', ...product };
    const now = this.deps.clock.now();
    if (now.getTime() - subscription.createdAt.getTime() > CONFIRMATION_TTL_MS) return { outcome: 'expired', ...product };
    const updated = await em.nativeUpdate(StockSubscription, { id: subscription.id, status: 'pending_confirmation' }, { status: 'active', confirmedAt: now });
    const item = await this.deps.lookup(em, subscription.product.id, subscription.variantId ?? null);
    if (updated > 0 && item && item.stock > 0) await this.deps.onConfirmedInStock(subscription.product.id, subscription.variantId ?? null);
    return { outcome: 'confirmed', ...product };
  }

  /** The unsubscribe link of a notification: cancels every open alert of that e-mail. */
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
