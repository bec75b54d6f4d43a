/**
 * The dashboard card 'Recuperação' (`GET /api/admin/recovery?days=`, contracts
 * `recoveryReportSchema`): what the cart reminders and the recovery of unpaid PIX and boleto orders
 * did over the last `days` days up to now, computed in SQL from the rows the carts, orders and
 * messaging modules keep:
 * - messages: cart reminders e-mailed (`cart_recovery_messages.sent_at`), payment reminders
 *   e-mailed (`orders.payment_reminder_sent_at`) and sent on WhatsApp (`order_messages` of kind
 *   'recovery' that WhatsApp accepted, by `sent_at`);
 * - carts recovered: reminders whose link led to an order placed in the period
 *   (`recovered_at`) that is a sale now (paid, shipped or delivered: an order still unpaid or
 *   cancelled since recovers nothing);
 * - orders recovered: orders whose last new charge ('Gerar novo PIX') or, without one, whose
 *   payment reminder went out in the period, and that are a sale now (both go only to an unpaid
 *   order, so a sale now was paid after them);
 * - revenue: the net value of those orders (reports.service.ts `NET`: total less refunds and store
 *   credit given back for returns), each order once even when both a cart and a payment reminder
 *   led to it, BRL cents.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecoveryReport } from '@prata/contracts';
import { NET, SALE } from './reports.service.ts';

const DAY_MS = 86_400_000;

/** The figures over [`now` - `days` days, `now`] (see the file's comment). */
export async function recoveryReport(em: EntityManager, now: Date, days: number): Promise<RecoveryReport> {
  const from = new Date(now.getTime() - days * DAY_MS);
  const to = now;
  const [row] = await em.getConnection().execute<Record<'cart_emails' | 'payment_emails' | 'payment_whatsapp' | 'carts' | 'orders' | 'revenue', string | null>[]>(
    `with cart_orders as (
        select order_id from cart_recovery_messages where recovered_at >= ? and recovered_at <= ? and order_id is not null
      ), payment_orders as (
        select id as order_id from orders
         where coalesce(payment_renewed_at, payment_reminder_sent_at) >= ? and coalesce(payment_renewed_at, payment_reminder_sent_at) <= ?
      ), sales as (
        select id, greatest(0, ${NET()}) as net from orders where ${SALE}
      )
      select
        (select count(*) from cart_recovery_messages where sent_at >= ? and sent_at <= ?) as cart_emails,
        (select count(*) from orders where payment_reminder_sent_at >= ? and payment_reminder_sent_at <= ?) as payment_emails,
        (select count(*) from order_messages where kind = 'recovery' and status in ('sent', 'delivered', 'read') and sent_at >= ? and sent_at <= ?) as payment_whatsapp,
        (select count(*) from cart_orders c join sales s on s.id = c.order_id) as carts,
        (select count(*) from payment_orders p join sales s on s.id = p.order_id) as orders,
        (select sum(s.net) from sales s where s.id in (select order_id from cart_orders union select order_id from payment_orders)) as revenue`,
    [from, to, from, to, from, to, from, to, from, to],
  );
  const n = (value: string | null | undefined) => Number(value ?? 0);
  const cartEmails = n(row?.cart_emails);
  const paymentEmails = n(row?.payment_emails);
  const paymentWhatsApp = n(row?.payment_whatsapp);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    messagesSent: { cartEmails, paymentEmails, paymentWhatsApp, total: cartEmails + paymentEmails + paymentWhatsApp },
    cartsRecovered: n(row?.carts),
    ordersRecovered: n(row?.orders),
    revenueRecoveredCents: n(row?.revenue),
  };
}
