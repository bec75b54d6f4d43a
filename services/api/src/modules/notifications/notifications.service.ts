/**
 * Admin notifications produced by the service from real events (admin.md 2 "Notifications"):
 * a new order (only while under 1 hour old), a confirmed payment, a payment confirmed
 * after the order expired, a return or exchange requested, low stock (stock at or below the stored low-stock threshold, after an order or an
 * admin's change), and errors piling up (ERROR_ALERT_THRESHOLD unresolved occurrences within an
 * hour). Each is written once (unique `dedupe_key`) and announced with a `NotificationCreated`
 * event on the `notifications` channel. Read and dismissed state is kept per admin;
 * `NotificationsChanged` (payload.userId) tells that admin's other tabs.
 *
 * The `on*` handlers and `checkErrors` are subscribed in subscribers.ts: they run once across
 * service processes, after commit.
 */
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import {
  NOTIFICATIONS_MAX,
  NOTIFICATION_EVENTS,
  RETURN_KIND_LABELS,
  formatBRL,
  type NotificationDto,
  type NotificationType,
} from '@prata/contracts';
import { NotFoundError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { labelOf, Product, variantsByProduct } from '../catalogue/index.ts';
import type { DomainEventRecord } from '../../events/domain-event.entity.ts';
import type { EventBus, RelayedEvent } from '../../events/event-bus.ts';
import { User } from '../identity/index.ts';
import { OrderItem } from '../orders/index.ts';
import { Notification, NotificationState } from './notification.entities.ts';


/** A new-order alert is produced for orders under this age, ms (admin.md 9). */
export const NEW_ORDER_ALERT_MAX_AGE_MS = 60 * 60_000;

interface Draft {
  type: NotificationType;
  title: string;
  description: string;
  dedupeKey: string;
  action?: { label: string; url: string };
}

export interface NotificationSettings {
  /** The stored low-stock threshold in units, read at each check. */
  lowStockThreshold: (em: EntityManager) => Promise<number>;
  errorAlertThreshold: number;
}

/** The action of an order's notification: that order's page in the panel (`/admin/orders/:id`). */
export function orderAction(orderId: string): { label: string; url: string } {
  return { label: 'Ver pedido', url: `/admin/orders/${encodeURIComponent(orderId)}` };
}

const hourKey = (date: Date) => date.toISOString().slice(0, 13);
const dayKey = (date: Date) => date.toISOString().slice(0, 10);

export class NotificationService {
  private readonly em: () => EntityManager;
  private readonly events: EventBus;
  private readonly clock: Clock;
  private readonly settings: NotificationSettings;

  constructor(em: () => EntityManager, events: EventBus, clock: Clock, settings: NotificationSettings) {
    this.em = em;
    this.events = events;
    this.clock = clock;
    this.settings = settings;
  }

  /** A confirmed payment: "Pagamento confirmado" with the order's number and total (once per order). */
  async onOrderPaid(event: RelayedEvent<'OrderPaid'>): Promise<void> {
    await this.create({
      type: 'success',
      title: 'Pagamento confirmado',
      description: `Pedido ${String(event.payload.number)} pago: ${formatBRL(Number(event.payload.totalCents))}.`,
      dedupeKey: `order-paid:${event.aggregateId}`,
      action: orderAction(event.aggregateId),
    });
  }

  /** A payment confirmed after the order expired: an error for staff to check stock and refund (once per order). */
  async onPaidAfterExpiry(event: RelayedEvent<'PaymentConfirmedAfterExpiry'>): Promise<void> {
    await this.create({
      type: 'error',
      title: 'Pagamento após expiração',
      description: `O pagamento do pedido ${String(event.payload.number ?? event.aggregateId)} foi confirmado depois que o pedido expirou. Verifique o estoque e o estorno.`,
      dedupeKey: `payment-after-expiry:${event.aggregateId}`,
      action: orderAction(event.aggregateId),
    });
  }

  /** A return or exchange requested: info when approved at once (within the 7-day withdrawal right), else a warning to decide. */
  async onReturnRequested(event: RelayedEvent<'ReturnRequested'>): Promise<void> {
    await this.create({
      type: event.payload.withinWithdrawal ? 'info' : 'warning',
      title: `${RETURN_KIND_LABELS[event.payload.kind]} solicitada`,
      description: event.payload.withinWithdrawal
        ? `Pedido ${event.payload.number}: no prazo de 7 dias, aprovada automaticamente (${formatBRL(event.payload.amountCents)}). Aguarde as peças.`
        : `Pedido ${event.payload.number}: fora do prazo de 7 dias. Aprove ou recuse.`,
      dedupeKey: `return-requested:${event.payload.returnId}`,
      action: orderAction(event.aggregateId),
    });
  }

  /** A product changed (e.g. an admin's stock edit): checks its stock against the low-stock threshold. */
  async onProductUpdated(event: RelayedEvent<'ProductUpdated'>): Promise<void> {
    const productId = typeof event.payload.productId === 'string' ? event.payload.productId : event.aggregateId;
    await this.checkStock([productId]);
  }

  /** A new order (alert only while under 1 hour old), then the stock of its products. */
  async onOrderPlaced(event: RelayedEvent<'OrderPlaced'>): Promise<void> {
    if (this.clock.now().getTime() - Date.parse(event.occurredAt) < NEW_ORDER_ALERT_MAX_AGE_MS) {
      await this.create({
        type: 'info',
        title: 'Novo pedido',
        description: `Pedido ${String(event.payload.number)} recebido: ${formatBRL(Number(event.payload.totalCents))}.`,
        dedupeKey: `order-placed:${event.aggregateId}`,
        action: orderAction(event.aggregateId),
      });
    }
    const items = await this.em().find(OrderItem, { order: event.aggregateId }, { fields: ['product'] });
    await this.checkStock(items.flatMap((item) => (item.product ? [item.product.id] : [])));
  }

  /**
   * Raises a low-stock alert for each product at or below the threshold (once per level and day);
   * a product with variants per variant: 'Anel Solitário — Aro 18: resta 1 unidade.'.
   */
  async checkStock(productIds: string[]): Promise<void> {
    if (productIds.length === 0) return;
    const em = this.em();
    const threshold = await this.settings.lowStockThreshold(em);
    const products = await em.find(Product, { id: { $in: productIds } });
    const variants = await variantsByProduct(em, products.filter((product) => (product.options ?? []).length > 0).map((product) => product.id));
    const low = products.flatMap((product) =>
      (product.options ?? []).length === 0
        ? product.stock <= threshold ? [{ key: product.id, productId: product.id, name: product.name, stock: product.stock }] : []
        : (variants.get(product.id) ?? [])
            .filter((variant) => variant.stock <= threshold)
            .map((variant) => ({ key: variant.id, productId: product.id, name: `${product.name} — ${labelOf(variant, product.options)}`, stock: variant.stock })),
    );
    for (const item of low) {
      await this.create({
        type: 'warning',
        title: 'Estoque baixo',
        description: item.stock === 0 ? `${item.name} está sem estoque.` : `${item.name}: ${item.stock === 1 ? 'resta 1 unidade' : `restam ${item.stock} unidades`}.`,
        dedupeKey: `low-stock:${item.key}:${item.stock}:${dayKey(this.clock.now())}`,
        action: { label: 'Ver produto', url: `/admin/products?editar=${item.productId}` },
      });
    }
  }

  /** Errors piling up: ERROR_ALERT_THRESHOLD unresolved occurrences within the last hour raise one alert per hour. */
  async checkErrors(): Promise<void> {
    const since = new Date(this.clock.now().getTime() - 60 * 60_000);
    const [row] = await this.em()
      .getConnection()
      .execute<{ total: string | null }[]>(`select sum(v.count) as total from system_error_versions v join system_errors e on e.id = v.issue_id where e.status = 'unresolved' and v.minute >= date_trunc('minute', ?::timestamptz)`, [since]);
    const total = Number(row?.total ?? 0);
    if (total < this.settings.errorAlertThreshold) return;
    await this.create({
      type: 'error',
      title: 'Erros acumulando',
      description: `${total} ocorrências de erro sem solução na última hora.`,
      dedupeKey: `errors-piling:${hourKey(this.clock.now())}`,
      action: { label: 'Ver status do sistema', url: '/admin/qa' },
    });
  }

  /** Writes a notification unless its key exists; announces it. Returns whether it was new. */
  async create(draft: Draft): Promise<boolean> {
    const em = this.em();
    const records: DomainEventRecord[] = [];
    try {
      await em.transactional(async (tx) => {
        const row = tx.create(Notification, {
          type: draft.type,
          title: draft.title,
          description: draft.description,
          actionLabel: draft.action?.label ?? null,
          actionUrl: draft.action?.url ?? null,
          dedupeKey: draft.dedupeKey,
          createdAt: this.clock.now(),
        });
        await tx.flush();
        records.push(this.events.record(tx, { type: NOTIFICATION_EVENTS.created, aggregateId: row.id, payload: toDto(row, false) }));
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return false;
      throw error;
    }
    await this.events.publish(em, records);
    return true;
  }

  /** The newest 10 notifications `userId` has not dismissed, with their read state. */
  async list(em: EntityManager, userId: string): Promise<NotificationDto[]> {
    const rows = await em
      .getConnection()
      .execute<{ id: string }[]>(
        `select n.id from notifications n
         left join notification_states s on s.notification_id = n.id and s.user_id = ?
         where s.dismissed_at is null order by n.created_at desc, n.id desc limit ?`,
        [userId, NOTIFICATIONS_MAX],
      );
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return [];
    const [notifications, states] = await Promise.all([
      em.find(Notification, { id: { $in: ids } }),
      em.find(NotificationState, { notification: { $in: ids }, user: userId }),
    ]);
    const read = new Set(states.filter((s) => s.readAt).map((s) => s.notification.id));
    const byId = new Map(notifications.map((n) => [n.id, n]));
    return ids.map((id) => toDto(byId.get(id)!, read.has(id)));
  }

  /** Marks notifications read (`ids`, or all of the admin's list when null). */
  async markRead(em: EntityManager, userId: string, ids: string[] | null): Promise<void> {
    const targets = ids ?? (await this.list(em, userId)).map((n) => n.id);
    await this.setState(em, userId, targets, 'readAt');
  }

  /** Hides a notification from this admin's list. @throws NotFoundError. */
  async dismiss(em: EntityManager, userId: string, id: string): Promise<void> {
    await this.setState(em, userId, [id], 'dismissedAt');
  }

  private async setState(em: EntityManager, userId: string, ids: string[], field: 'readAt' | 'dismissedAt'): Promise<void> {
    if (ids.length === 0) return;
    const now = this.clock.now();
    const records: DomainEventRecord[] = [];
    await em.transactional(async (tx) => {
      const found = await tx.count(Notification, { id: { $in: ids } });
      if (found !== new Set(ids).size) throw new NotFoundError('Notificação não encontrada');
      const existing = new Map((await tx.find(NotificationState, { notification: { $in: ids }, user: userId })).map((s) => [s.notification.id, s]));
      for (const id of ids) {
        const state =
          existing.get(id) ?? tx.create(NotificationState, { notification: tx.getReference(Notification, id), user: tx.getReference(User, userId), readAt: null, dismissedAt: null });
        state[field] ??= now;
      }
      records.push(this.events.record(tx, { type: NOTIFICATION_EVENTS.changed, aggregateId: userId, payload: { userId, ids, change: field === 'readAt' ? 'read' : 'dismissed' } }));
    });
    await this.events.publish(em, records);
  }
}

function toDto(row: Notification, read: boolean): NotificationDto {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    timestamp: row.createdAt.toISOString(),
    read,
    action: row.actionLabel && row.actionUrl ? { label: row.actionLabel, url: row.actionUrl } : null,
  };
}
