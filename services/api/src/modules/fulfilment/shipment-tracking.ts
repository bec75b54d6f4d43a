/**
 * Tracking of the labels bought (the carrier's webhook and the `shipment-tracking` polling job,
 * jobs.ts): the carrier's status of a label is recorded; `posted` moves a paid order to shipped and
 * `delivered` a shipped order to delivered (`delivered_at`, from which the 7-day withdrawal right
 * counts; `OrderDelivered`; the shopper's "Pedido entregue" e-mail), through the order workflow. A
 * status already recorded, or older than it, changes nothing and e-mails nobody, so repeated
 * webhooks and polls are harmless.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { ORDER_EVENTS } from '@prata/contracts';
import type { Actor, OrderWorkflow } from '../orders/index.ts';
import type { CarrierTracking, LabelGateway } from '../shipping/index.ts';
import { Shipment } from './shipment.entity.ts';

/** Carrier statuses after which a label is no longer tracked. */
export const FINAL_CARRIER_STATUSES = ['delivered', 'undelivered', 'canceled', 'expired'] as const;
/** How far along each carrier status is; a report ranked below the recorded status is stale. */
const STATUS_RANK: Readonly<Record<string, number>> = { pending: 0, released: 1, generated: 2, posted: 3, delivered: 4, undelivered: 4, canceled: 4, expired: 4 };
/** A status's rank (a status the carrier adds later ranks with posted). */
function statusRank(status: string): number {
  return STATUS_RANK[status] ?? 3;
}

/** Labels tracked per polling round (oldest check first). */
export const TRACKING_BATCH = 100;

/** What a carrier's tracking did to the order: changed it, changed nothing, or named no label of ours. */
export type TrackingOutcome = 'updated' | 'unchanged' | 'unknown';

export class ShipmentTracking {
  private readonly workflow: OrderWorkflow;
  private readonly gateway: LabelGateway | null;

  /** `gateway`: the carrier's label API; null with `CARRIER=table` (nothing to poll). */
  constructor(workflow: OrderWorkflow, gateway: LabelGateway | null) {
    this.workflow = workflow;
    this.gateway = gateway;
  }

  /**
   * Applies one carrier tracking report (webhook or poll) to its label and order; idempotent.
   * `actor` names the source in the order's history ('Melhor Envio').
   */
  async applyTracking(em: EntityManager, tracking: CarrierTracking, actor: Actor): Promise<TrackingOutcome> {
    const known = await em.findOne(Shipment, { carrierOrderId: tracking.carrierOrderId }, { fields: ['id', 'order'] });
    if (!known) return 'unknown';
    const orderId = typeof known.order === 'string' ? known.order : known.order.id;
    return this.workflow.run(em, async (tx, effects) => {
      const order = await this.workflow.lock(tx, { id: orderId });
      const shipment = await tx.findOneOrFail(Shipment, { id: known.id });
      shipment.lastCheckedAt = this.workflow.clock.now();
      let changed = false;
      const code = tracking.trackingCode?.toUpperCase() ?? null;
      if (code && shipment.trackingCode !== code) {
        shipment.trackingCode = code;
        order.trackingCode = code;
        changed = true;
      }
      const status = tracking.status.slice(0, 30);
      // A repeat, or a report older than what is recorded (webhooks may arrive out of order).
      if (shipment.carrierStatus === status || statusRank(status) < statusRank(shipment.carrierStatus)) return changed ? 'updated' : 'unchanged';
      shipment.carrierStatus = status;
      if ((status === 'posted' || status === 'delivered') && order.status === 'paid') {
        this.workflow.transition(tx, order, 'shipped', actor, `Postado${order.trackingCode ? ` · ${order.trackingCode}` : ''}`);
        order.carrier ??= shipment.carrier;
        this.workflow.event(tx, effects, order, ORDER_EVENTS.shipped, { carrier: order.carrier, trackingCode: order.trackingCode });
        this.workflow.mail(tx, effects, order, 'shipped');
      }
      if (status === 'delivered' && order.status === 'shipped') {
        this.workflow.transition(tx, order, 'delivered', actor, 'Entregue pela transportadora');
        this.workflow.event(tx, effects, order, ORDER_EVENTS.delivered);
        this.workflow.mail(tx, effects, order, 'delivered');
      }
      return 'updated';
    });
  }

  /**
   * The polling job: completes paid labels not yet printed (generate and print again), then
   * reads the tracking of the labels not yet in a final status (oldest check first,
   * {@link TRACKING_BATCH} per round) and applies each. Returns how many changed.
   * @throws CarrierUnavailableError when the carrier does not answer (the next round retries).
   */
  async poll(em: EntityManager, actor: Actor): Promise<number> {
    const gateway = this.gateway;
    if (!gateway) return 0;
    // Labels paid whose generation or printing failed at purchase.
    const unprinted = await em.find(Shipment, { provider: gateway.name, labelUrl: null }, { limit: TRACKING_BATCH, orderBy: { createdAt: 'asc' } });
    for (const shipment of unprinted) {
      const done = await gateway.completeLabel(shipment.carrierOrderId).catch(() => null);
      if (!done) continue;
      shipment.labelUrl = done.labelUrl;
      await em.flush();
      await this.applyTracking(em.fork(), { carrierOrderId: shipment.carrierOrderId, status: done.status, trackingCode: done.trackingCode, postedAt: null, deliveredAt: null }, actor);
    }
    const open = await em.find(
      Shipment,
      { provider: gateway.name, carrierStatus: { $nin: [...FINAL_CARRIER_STATUSES] } },
      { fields: ['carrierOrderId'], orderBy: { lastCheckedAt: 'asc nulls first', id: 'asc' }, limit: TRACKING_BATCH },
    );
    if (open.length === 0) return 0;
    const reports = await gateway.track(open.map((shipment) => shipment.carrierOrderId));
    let changed = 0;
    for (const report of reports) {
      if ((await this.applyTracking(em.fork(), report, actor)) === 'updated') changed += 1;
    }
    return changed;
  }
}
