/**
 * Reminders of carts left behind:
 * - {@link CartRecoveryService.sendDue} (the `cart-recovery` periodic job): while the owner has
 *   reminders on (the store's recovery settings, read at each run), a signed-in shopper who
 *   agreed to reminders and whose cart has lines and was not changed for the owner's first delay
 *   (default 1 h) is e-mailed step 1; past the second delay (default 24 h), step 2. Each step at
 *   most once per cart (the cart's `recoveryStep`; emptying or buying the cart starts again), under
 *   `for update skip locked`, the message written to the mail outbox in the same transaction.
 *   A cart whose lines are all gone from sale is e-mailed nothing.
 * - Every reminder carries a signed link to the store's {@link CART_RECOVERY_PATH} page, which
 *   restores the cart in any browser ({@link CartRecoveryService.recover}) and counts as opened,
 *   and a signed unsubscribe link (RFC 8058 one-click, as back-in-stock's) that turns the
 *   shopper's opt-in off.
 * - {@link CartRecoveryService.orderPlaced} (the `OrderPlaced` subscriber): the order ends the
 *   cart's reminders; when a reminder's link was opened (within the link's 30 days) and no order
 *   claimed it yet, the order is that reminder's recovery, with its total (BRL cents). The owner's
 *   figures (reports module, `GET /api/admin/recovery`) read these rows.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { CART_RECOVERY_PATH, formatBRL, type CartLine, type CartRecovered, type RecoverySettings } from '@prata/contracts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { OutboxEmail } from '../../mail/outbox-email.entity.ts';
import { RESTORE_LINK_TTL_MS, UNSUBSCRIBE_LINK_TTL_MS, type CartLinks } from './cart-links.ts';
import { linesValueCents } from './cart-pricing.ts';
import { CartRecoveryMessage, ShopperCart } from './cart.entities.ts';
import type { CartService } from './cart.service.ts';

const HOUR_MS = 3_600_000;

/** Carts handled per transaction by the job. */
const BATCH = 100;

export interface CartRecoveryDeps {
  carts: CartService;
  mailer: Mailer;
  clock: Clock;
  links: CartLinks;
  /** The API's public origin (the unsubscribe link is its route). */
  apiUrl: string;
  /** The store's origin (the restore page). */
  storeUrl: string;
  /** The store's recovery settings as stored now (settings module): reminders on/off and the two delays, hours. */
  settings(em: EntityManager): Promise<RecoverySettings>;
}

/** What the unsubscribe link's token names: the shopper, or nothing the store signed. */
export type UnsubscribeOutcome = 'unsubscribed' | 'invalid';

const SUBJECTS: Record<1 | 2, string> = {
  1: 'Você esqueceu algo no carrinho',
  2: 'Suas peças ainda esperam por você',
};

/** The reminder e-mail: the cart's lines at today's prices, the restore link and the unsubscribe link (also the mail's `List-Unsubscribe`). */
export function cartRecoveryMail(to: string, name: string | null, step: 1 | 2, lines: readonly CartLine[], link: string, unsubscribeUrl: string) {
  const items = lines
    .map((line) => `- ${line.quantity} × ${line.name}${line.variantLabel ? ` (${line.variantLabel})` : ''}${line.engraving ? `, gravação "${line.engraving.text}"` : ''}: ${formatBRL((line.priceCents + (line.engraving?.priceCents ?? 0)) * line.quantity)}`)
    .join('\n');
  const opening = step === 1 ? 'Você deixou estas peças no seu carrinho:' : 'Suas peças continuam no carrinho, mas o estoque é pequeno:';
  return {
    to,
    subject: SUBJECTS[step],
    text:
      `Olá${name ? `, ${name.split(' ')[0]}` : ''}!\n\n${opening}\n${items}\n\nTotal: ${formatBRL(linesValueCents(lines))}\n\n` +
      `Para continuar de onde parou, em qualquer aparelho:\n${link}\n\n` +
      `Você recebeu este e-mail porque pediu lembretes do seu carrinho. Não quer mais recebê-los? Cancele aqui:\n${unsubscribeUrl}`,
    link,
    unsubscribeUrl,
  };
}

export class CartRecoveryService {
  private readonly deps: CartRecoveryDeps;

  constructor(deps: CartRecoveryDeps) {
    this.deps = deps;
  }

  /** E-mails the reminders that are due (see the file's comment). @returns how many were sent. */
  async sendDue(em: EntityManager): Promise<number> {
    const settings = await this.deps.settings(em.fork());
    if (!settings.cartRemindersEnabled) return 0;
    let total = 0;
    for (;;) {
      const mails: OutboxEmail[] = [];
      let handled = 0;
      await em.fork().transactional(async (tx) => {
        const now = this.deps.clock.now();
        const firstDue = new Date(now.getTime() - settings.cartFirstReminderHours * HOUR_MS);
        const secondDue = new Date(now.getTime() - settings.cartSecondReminderHours * HOUR_MS);
        const due = await tx.getConnection().execute<{ user_id: string; email: string; full_name: string | null; updated_at: Date; recovery_step: number }[]>(
          `select c.user_id, u.email, p.full_name, c.updated_at, c.recovery_step
             from carts c join users u on u.id = c.user_id left join profiles p on p.user_id = u.id
            where c.recovery_consent and jsonb_array_length(c.lines) > 0 and u.erased_at is null
              and ((c.recovery_step = 0 and c.updated_at <= ?) or (c.recovery_step = 1 and c.updated_at <= ?))
            order by c.updated_at limit ? for update of c skip locked`,
          [firstDue, secondDue, BATCH],
          'all',
          tx.getTransactionContext(),
        );
        handled = due.length;
        for (const row of due) {
          const step: 1 | 2 = new Date(row.updated_at) <= secondDue ? 2 : 1;
          const cart = await tx.findOneOrFail(ShopperCart, { user: row.user_id });
          cart.recoveryStep = step;
          const lines = await this.deps.carts.price(tx, cart);
          if (lines.length === 0) continue;
          const message = tx.create(CartRecoveryMessage, { user: row.user_id, step, cartValueCents: linesValueCents(lines), sentAt: now });
          const link = `${this.deps.storeUrl}${CART_RECOVERY_PATH}/${this.deps.links.sign('restore', message.id, new Date(now.getTime() + RESTORE_LINK_TTL_MS))}`;
          const unsubscribeToken = this.deps.links.sign('unsubscribe', row.user_id, new Date(now.getTime() + UNSUBSCRIBE_LINK_TTL_MS));
          const unsubscribeUrl = `${this.deps.apiUrl}/api/cart/recovery/unsubscribe?token=${unsubscribeToken}`;
          mails.push(this.deps.mailer.queue(tx, cartRecoveryMail(row.email, row.full_name, step, lines, link, unsubscribeUrl)));
        }
      });
      if (mails.length > 0) await this.deps.mailer.dispatch(em.fork(), mails);
      total += mails.length;
      if (handled < BATCH) return total;
    }
  }

  /**
   * The restore link's page (`POST /api/cart/recover`): the lines of the reminded shopper's cart
   * as it stands, priced now, for any browser (signed in or not). The first call marks the
   * reminder opened, so an order placed after it counts as recovered.
   * @throws NotFoundError 'Link inválido' (a token the store did not sign), ConflictError
   * 'Este link expirou' (older than 30 days).
   */
  async recover(em: EntityManager, token: string): Promise<CartRecovered> {
    const now = this.deps.clock.now();
    const check = this.deps.links.check('restore', token, now);
    const message = check ? await em.findOne(CartRecoveryMessage, { id: check.id }) : null;
    if (!check || !message) throw new NotFoundError('Link inválido');
    if (check.expired) throw new ConflictError('Este link expirou. Os itens podem ser adicionados de novo na loja.', 'link_expired');
    if (!message.openedAt && !message.closedAt) {
      message.openedAt = now;
      await em.flush();
    }
    const cart = await em.findOne(ShopperCart, { user: message.user.id });
    return { lines: await this.deps.carts.price(em, cart) };
  }

  /** Whether the unsubscribe link names a shopper (its page asks before changing anything). */
  async unsubscribeTarget(em: EntityManager, token: string): Promise<UnsubscribeOutcome> {
    const check = this.deps.links.check('unsubscribe', token, this.deps.clock.now());
    if (!check || check.expired) return 'invalid';
    return (await em.count(ShopperCart, { user: check.id })) > 0 ? 'unsubscribed' : 'invalid';
  }

  /** The unsubscribe link's POST (its page's button or RFC 8058 one-click): turns the shopper's opt-in off. */
  async unsubscribe(em: EntityManager, token: string): Promise<UnsubscribeOutcome> {
    if ((await this.unsubscribeTarget(em, token)) === 'invalid') return 'invalid';
    const check = this.deps.links.check('unsubscribe', token, this.deps.clock.now())!;
    await em.nativeUpdate(ShopperCart, { user: check.id }, { recoveryConsent: false, recoveryConsentAt: null });
    return 'unsubscribed';
  }

  /**
   * An order of `userId` was placed (`OrderPlaced`, after commit; may run twice): the newest
   * reminder whose link was opened in the last 30 days and that no order claimed is recovered by
   * it; then the cart's reminders end (step 0, reminders closed, lines emptied: they were bought).
   * Idempotent: the order id is unique among recoveries, and a second run finds nothing open.
   */
  async orderPlaced(em: EntityManager, order: { userId: string; orderId: string; totalCents: number }): Promise<void> {
    const now = this.deps.clock.now();
    await em.transactional(async (tx) => {
      if ((await tx.count(CartRecoveryMessage, { orderId: order.orderId })) > 0) return;
      const opened = await tx.findOne(
        CartRecoveryMessage,
        { user: order.userId, orderId: null, closedAt: null, openedAt: { $ne: null, $gte: new Date(now.getTime() - RESTORE_LINK_TTL_MS) } },
        { orderBy: { openedAt: 'desc' } },
      );
      if (opened) tx.assign(opened, { orderId: order.orderId, orderTotalCents: order.totalCents, recoveredAt: now });
      await tx.nativeUpdate(CartRecoveryMessage, { user: order.userId, closedAt: null }, { closedAt: now });
      const cart = await tx.findOne(ShopperCart, { user: order.userId });
      if (cart) tx.assign(cart, { lines: [], recoveryStep: 0, updatedAt: now });
    });
  }
}
