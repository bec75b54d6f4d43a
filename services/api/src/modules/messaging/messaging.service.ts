/**
 * The order updates on WhatsApp, for shoppers who opted in at checkout (`orders.whatsapp_opt_in`):
 * sent through the {@link MessagingProvider} by the job queue, in addition to the e-mails, which
 * always go (a message that fails is recorded `failed` and shown to the staff; the e-mail is the
 * fallback the shopper already has).
 *
 * - {@link OrderMessaging.request} (subscribers, on `OrderPlaced` for PIX and boleto orders, `OrderPaid`,
 *   `OrderShipped`, `OrderDelivered`, and `OrderPaymentReminderSent` for 'recovery'): the order's
 *   `order_messages` row of that kind, once.
 * - {@link OrderMessaging.send} (job `whatsapp-order-message`): fills the kind's template
 *   (order-message-templates.ts) and sends it. The provider down counts an attempt and throws, so
 *   the queue retries it; a refusal, or a number that is not a Brazilian one, is `failed` at once;
 *   a 'received' whose order is no longer pending, or a 'recovery' whose order was paid or
 *   cancelled by someone meanwhile (an order expired since may still get a new PIX), is `skipped`.
 * - {@link OrderMessaging.giveUp}: the last retry failed: `failed`.
 * - {@link OrderMessaging.applyStatuses} (the signed webhook): `delivered`, `read` or `failed`,
 *   never going back (WhatsApp may deliver its webhooks out of order).
 * - {@link orderMessagesForStaff}: the order page's list (also with `MESSAGING_PROVIDER=off`).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { whatsappNumber, type AdminOrderMessages, type OrderMessageKind, type OrderMessageStatus } from '@prata/contracts';
import type { Clock } from '../../lib/clock.ts';
import { Order } from '../orders/index.ts';
import { MessagingRejectedError, MessagingUnavailableError, type MessagingProvider } from './messaging-provider.ts';
import { OrderMessage } from './order-message.entity.ts';
import { WHATSAPP_TEMPLATES, WHATSAPP_TEMPLATE_LANGUAGE, orderTemplateParameters } from './order-message-templates.ts';
import type { WhatsAppStatus } from './whatsapp-cloud-provider.ts';

/** Cancellations after which the order may still be paid with a new PIX or boleto (orders/payment-recovery.service.ts). */
const RENEWABLE_CANCELLATIONS = new Set(['payment_expired', 'payment_failed']);

/** The order is still waiting for its payment: pending, or expired with a new charge still possible. */
function awaitsPayment(order: Order): boolean {
  return order.status === 'pending' || (order.status === 'cancelled' && RENEWABLE_CANCELLATIONS.has(order.cancelReason ?? ''));
}

/** What {@link OrderMessaging.send} did with a message. */
export type SendOutcome = 'sent' | 'failed' | 'skipped' | 'already_done';

export interface OrderMessagingDeps {
  provider: MessagingProvider;
  clock: Clock;
  /** The order's tracking page without sign-in, `<store>/pedido/<token>`, its token issued now. */
  trackingLink(orderId: string): string;
}

/** How far along each status is: the webhook only moves a message forward. */
const RANK: Readonly<Record<OrderMessageStatus, number>> = { queued: 0, skipped: 0, sent: 1, failed: 2, delivered: 3, read: 4 };
const clip = (text: string) => text.slice(0, 500);
const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export class OrderMessaging {
  private readonly deps: OrderMessagingDeps;

  constructor(deps: OrderMessagingDeps) {
    this.deps = deps;
  }

  /**
   * Creates the `kind` message of order `orderId` (`queued`) when the shopper opted in and it has
   * none of that kind yet; 'received' only for PIX and boleto orders (a card's answer or store
   * credit pays at once, and 'paid' follows), as the e-mails do.
   * @returns the message id to send, or null (not opted in, not due, or already requested).
   */
  async request(em: EntityManager, orderId: string, kind: OrderMessageKind): Promise<string | null> {
    const order = await em.findOne(Order, { id: orderId }, { fields: ['id', 'whatsappOptIn', 'paymentMethod'] });
    if (!order?.whatsappOptIn) return null;
    if (kind === 'received' && order.paymentMethod !== 'pix' && order.paymentMethod !== 'boleto') return null;
    const now = this.deps.clock.now();
    const rows = await em.getConnection().execute<{ id: string }[]>(
      `insert into order_messages (id, order_id, channel, kind, template, status, attempts, created_at, updated_at)
       values (gen_random_uuid(), ?, 'whatsapp', ?, ?, 'queued', 0, ?, ?) on conflict (order_id, kind) do nothing returning id`,
      [orderId, kind, WHATSAPP_TEMPLATES[kind], now, now],
    );
    return rows[0]?.id ?? null;
  }

  /**
   * Sends the queued message `messageId` (the job). @throws MessagingUnavailableError when the
   * provider could not answer (the attempt is counted; the queue retries).
   */
  async send(em: EntityManager, messageId: string): Promise<SendOutcome> {
    const message = await em.findOne(OrderMessage, { id: messageId });
    if (!message || message.status !== 'queued') return 'already_done';
    const orderId = typeof message.order === 'string' ? message.order : message.order.id;
    const order = await em.findOneOrFail(Order, { id: orderId });
    const now = this.deps.clock.now();
    if ((message.kind === 'received' && order.status !== 'pending') || (message.kind === 'recovery' && !awaitsPayment(order))) {
      em.assign(message, { status: 'skipped', error: `pedido ${order.status} antes do envio` });
      await em.flush();
      return 'skipped';
    }
    const to = whatsappNumber(order.customerPhone);
    if (!to) {
      em.assign(message, { status: 'failed', failedAt: now, error: 'telefone do pedido não é um número brasileiro com DDD' });
      await em.flush();
      return 'failed';
    }
    message.attempts += 1;
    try {
      const sent = await this.deps.provider.send({
        to,
        template: message.template,
        language: WHATSAPP_TEMPLATE_LANGUAGE,
        bodyParameters: orderTemplateParameters(order, message.kind, this.deps.trackingLink(order.id)),
      });
      em.assign(message, { status: 'sent', providerMessageId: sent.providerMessageId, sentAt: now, error: null });
      await em.flush();
      return 'sent';
    } catch (error) {
      const reason = clip(error instanceof Error ? error.message : String(error));
      if (error instanceof MessagingRejectedError) {
        em.assign(message, { status: 'failed', failedAt: now, error: reason });
        await em.flush();
        return 'failed';
      }
      message.error = reason;
      await em.flush();
      throw error instanceof MessagingUnavailableError ? error : new MessagingUnavailableError(reason);
    }
  }

  /** The last retry of `messageId` failed: `failed`, with the last error. */
  async giveUp(em: EntityManager, messageId: string, error: unknown): Promise<void> {
    const message = await em.findOne(OrderMessage, { id: messageId, status: 'queued' });
    if (!message) return;
    em.assign(message, { status: 'failed', failedAt: this.deps.clock.now(), error: clip(error instanceof Error ? error.message : String(error)) });
    await em.flush();
  }

  /**
   * Applies the webhook's statuses to the messages they name; a status behind the stored one
   * (a late `sent` after `delivered`) or of a message that is not ours changes nothing.
   * @returns how many messages changed.
   */
  async applyStatuses(em: EntityManager, statuses: WhatsAppStatus[]): Promise<number> {
    if (statuses.length === 0) return 0;
    const messages = await em.find(OrderMessage, { providerMessageId: { $in: [...new Set(statuses.map((s) => s.providerMessageId))] } });
    const byId = new Map(messages.map((message) => [message.providerMessageId!, message]));
    const changed = new Set<string>();
    for (const status of statuses) {
      const message = byId.get(status.providerMessageId);
      if (!message || RANK[status.status] <= RANK[message.status]) continue;
      message.status = status.status;
      if (status.status === 'sent') message.sentAt ??= status.at;
      if (status.status === 'delivered') message.deliveredAt = status.at;
      if (status.status === 'read') {
        message.readAt = status.at;
        message.deliveredAt ??= status.at;
      }
      if (status.status === 'failed') {
        message.failedAt = status.at;
        message.error = status.error ?? 'falha informada pelo WhatsApp';
      }
      changed.add(message.id);
    }
    await em.flush();
    return changed.size;
  }
}

/** The order's WhatsApp messages, oldest first, and whether its shopper opted in. @returns null for an unknown order. */
export async function orderMessagesForStaff(em: EntityManager, orderId: string): Promise<Omit<AdminOrderMessages, 'enabled'> | null> {
  const order = await em.findOne(Order, { id: orderId }, { fields: ['id', 'whatsappOptIn'] });
  if (!order) return null;
  const messages = await em.find(OrderMessage, { order: orderId }, { orderBy: { createdAt: 'asc', kind: 'asc' } });
  return {
    optIn: order.whatsappOptIn,
    messages: messages.map((message) => ({
      id: message.id,
      channel: 'whatsapp' as const,
      kind: message.kind,
      template: message.template,
      status: message.status,
      attempts: message.attempts,
      error: message.error ?? null,
      createdAt: message.createdAt.toISOString(),
      sentAt: iso(message.sentAt),
      deliveredAt: iso(message.deliveredAt),
      readAt: iso(message.readAt),
      failedAt: iso(message.failedAt),
    })),
  };
}
