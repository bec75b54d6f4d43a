/**
 * The review request: an e-mail "Avalie a sua compra" sent once per order, `reviewRequestDelayDays`
 * of the owner's recovery settings (default 8; read at each run) days after it was delivered, to orders with a piece
 * still to review, linking to the order's page in the account (where 'Avaliar' is). The periodic
 * job `review-requests` (jobs.ts) runs it; orders delivered more than {@link REQUEST_WINDOW_DAYS}
 * days before they became due are left alone (a store turning reviews on does not e-mail its
 * whole history). Each order's row in `review_request_mails` is inserted in the transaction that
 * queues its e-mail (`on conflict do nothing`), so two processes or a retry send it once.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer, MailMessage } from '../../mail/mailer.ts';
import type { OutboxEmail } from '../../mail/outbox-email.entity.ts';
import { Order } from '../orders/index.ts';

const DAY_MS = 86_400_000;
/** How long after it became due an order is still asked: later, no e-mail. */
export const REQUEST_WINDOW_DAYS = 30;
/** Orders handled per run (the next run takes the rest). */
const BATCH = 100;

export interface ReviewRequestDeps {
  mailer: Mailer;
  clock: Clock;
  /** The store's origin, for the link to the order's page. */
  storeUrl: string;
  /** Days after delivery (whole days of 24 h), as the store's settings say now. */
  delayDays(em: EntityManager): Promise<number>;
}

/** The request e-mail of `order` (its lines still to review named). */
export function reviewRequestMail(order: Pick<Order, 'id' | 'number' | 'customerName' | 'customerEmail' | 'contactVerified'>, pieces: string[], storeUrl: string): MailMessage {
  const link = `${storeUrl}/minha-conta/pedidos/${order.id}`;
  const hello = order.contactVerified ? `Olá, ${order.customerName}!` : 'Olá!';
  return {
    to: order.customerEmail,
    subject: `Avalie a sua compra - pedido ${order.number}`,
    text:
      `${hello}\n\nO seu pedido ${order.number} chegou há alguns dias. Conte para outras clientes o que achou ` +
      `de ${pieces.length === 1 ? 'a peça' : 'cada peça'}: ${pieces.join(', ')}.\n\n` +
      `Dê de 1 a 5 estrelas, escreva um comentário e, se quiser, envie até 3 fotos em: ${link}\n\n` +
      'As avaliações são publicadas depois de lidas pela nossa equipe.',
    link,
  };
}

/**
 * Queues and sends the due review requests; returns how many were sent.
 * Due: delivered at least `delayDays` ago (and at most `delayDays` + {@link REQUEST_WINDOW_DAYS}),
 * no request sent, and a line whose product still exists and has no review.
 */
export async function sendReviewRequests(deps: ReviewRequestDeps, em: EntityManager): Promise<number> {
  const now = deps.clock.now();
  const dueBefore = new Date(now.getTime() - (await deps.delayDays(em)) * DAY_MS);
  const notBefore = new Date(dueBefore.getTime() - REQUEST_WINDOW_DAYS * DAY_MS);
  const due: { id: string }[] = await em.getConnection().execute(
    `select o.id from orders o
      where o.status = 'delivered' and o.delivered_at <= ? and o.delivered_at > ?
        and not exists (select 1 from review_request_mails m where m.order_id = o.id)
        and exists (select 1 from order_items i where i.order_id = o.id and i.product_id is not null
                      and not exists (select 1 from reviews r where r.order_item_id = i.id))
      order by o.delivered_at limit ${BATCH}`,
    [dueBefore, notBefore],
  );
  let sent = 0;
  for (const { id } of due) {
    const queued = await em.fork().transactional(async (tx): Promise<OutboxEmail | null> => {
      const claimed: unknown[] = await tx.getConnection().execute(
        'insert into review_request_mails (order_id, sent_at) values (?, ?) on conflict do nothing returning order_id',
        [id, now],
        'all',
        tx.getTransactionContext(),
      );
      if (claimed.length === 0) return null;
      const order = await tx.findOneOrFail(Order, { id }, { populate: ['items'] });
      const pieces = order.items.getItems().filter((item) => item.product).map((item) => (item.variantLabel ? `${item.productName} (${item.variantLabel})` : item.productName));
      return deps.mailer.queue(tx, reviewRequestMail(order, [...new Set(pieces)], deps.storeUrl));
    });
    if (queued) {
      await deps.mailer.dispatch(em.fork(), [queued]);
      sent += 1;
    }
  }
  return sent;
}
