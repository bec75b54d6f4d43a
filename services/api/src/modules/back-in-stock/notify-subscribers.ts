/**
 * E-mails the subscribers of an item back in stock, run by the job queue after
 * `StockReplenished`. Exactly once per subscriber, also under retries and with several service
 * processes: each batch of active subscriptions is taken with `for update skip locked`, marked
 * `notified` and its e-mails written to the mail outbox in the same transaction, so a second run
 * (a retry, the other replica) finds nothing left to send; the outbox delivers after commit.
 * An item out of stock again by the time the job runs e-mails nobody (its subscribers keep waiting).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { OutboxEmail } from '../../mail/outbox-email.entity.ts';
import type { StockLookup } from './stock-lookup.ts';

/** Subscriptions notified per transaction. */
const BATCH = 200;

export interface NotifyDeps {
  lookup: StockLookup;
  mailer: Mailer;
  clock: Clock;
  apiUrl: string;
  storeUrl: string;
}

/**
 * The e-mail to one subscriber: the product page, and a link that stops all their alerts (also
 * the mail's one-click `List-Unsubscribe`, RFC 8058).
 */
export function backInStockMail(deps: Pick<NotifyDeps, 'apiUrl' | 'storeUrl'>, to: string, item: { name: string; slug: string }, unsubscribeToken: string) {
  const link = `${deps.storeUrl}/produtos/${item.slug}`;
  const unsubscribeUrl = `${deps.apiUrl}/api/back-in-stock/unsubscribe?token=${unsubscribeToken}`;
  return {
    to,
    subject: `Chegou! ${item.name} está disponível de novo`,
    text:
      `Olá!\n\n${item.name} está disponível de novo na loja. Corra, as unidades são poucas:\n${link}\n\n` +
      `Você recebeu este e-mail porque pediu para ser avisado. Não quer mais avisos? Cancele aqui:\n` +
      unsubscribeUrl,
    link,
    unsubscribeUrl,
  };
}

/**
 * Notifies every active subscriber of the product (`variantId` null) or variant, if it is in stock.
 * @returns how many were e-mailed by this run.
 */
export async function notifySubscribers(deps: NotifyDeps, em: EntityManager, productId: string, variantId: string | null): Promise<number> {
  let total = 0;
  for (;;) {
    const mails: OutboxEmail[] = [];
    await em.fork().transactional(async (tx) => {
      const item = await deps.lookup(tx, productId, variantId);
      if (!item || item.stock <= 0) return;
      const connection = tx.getConnection();
      const ctx = tx.getTransactionContext();
      const due = await connection.execute<{ id: string; email: string }[]>(
        `select id, email from stock_subscriptions
          where product_id = ? and variant_id is not distinct from ? and status = 'active'
          order by created_at limit ? for update skip locked`,
        [productId, variantId, BATCH],
        'all',
        ctx,
      );
      const now = deps.clock.now();
      for (const row of due) {
        const token = randomToken();
        await connection.execute(`update stock_subscriptions set status = 'notified', notified_at = ?, token_hash = ? where id = ?`, [now, sha256Hex(token), row.id], 'run', ctx);
        mails.push(deps.mailer.queue(tx, backInStockMail(deps, row.email, item, token)));
      }
    });
    if (mails.length === 0) return total;
    total += mails.length;
    await deps.mailer.dispatch(em.fork(), mails);
    if (mails.length < BATCH) return total;
  }
}
