/**
 * The sandbox label seller (`CARRIER=sandbox`): sells simulated
 * labels so the owner's flow (buy, print, tracking, delivery) can be seen without an aggregator.
 * No money moves; the tracking code is a made-up Correios-style code (`SB123456789BR`); the label
 * prints from the store's own page `GET /api/shipping/sandbox-labels/:id`; the tracking advances
 * with the app's clock: `generated` at purchase, `posted` {@link SANDBOX_POSTED_AFTER_MS} later,
 * `delivered` after {@link SANDBOX_DELIVERED_AFTER_MS}. The purchase instant is part of the
 * label's id (`sandbox-<epoch ms>-<uuid>`), so any process tracks it without shared memory.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { CarrierTracking, CompletedLabel, LabelGateway, LabelRequest, PurchasedLabel } from './carrier-gateway.ts';

/** After this long a sandbox label is `posted`, ms. */
export const SANDBOX_POSTED_AFTER_MS = 2 * 60_000;
/** After this long a sandbox label is `delivered`, ms. */
export const SANDBOX_DELIVERED_AFTER_MS = 5 * 60_000;

/** The store's page that prints a sandbox label. */
export const SANDBOX_LABEL_PATH = '/api/shipping/sandbox-labels';

const ID_PATTERN = /^sandbox-(\d{13})-[0-9a-f-]{36}$/;

/** Whether `id` is a sandbox label's id. */
export function isSandboxLabelId(id: string): boolean {
  return ID_PATTERN.test(id);
}

export class SandboxLabelGateway implements LabelGateway {
  readonly name = 'sandbox';
  private readonly publicUrl: string;
  private readonly now: () => Date;

  /** `publicUrl`: the API's public origin (the label's link); `now`: the app's clock. */
  constructor(publicUrl: string, now: () => Date) {
    this.publicUrl = publicUrl.replace(/\/$/, '');
    this.now = now;
  }

  async buyLabel(_request: LabelRequest): Promise<PurchasedLabel> {
    const carrierOrderId = `sandbox-${this.now().getTime()}-${randomUUID()}`;
    return {
      carrierOrderId,
      protocol: `SANDBOX-${carrierOrderId.slice(-8).toUpperCase()}`,
      priceCents: 0,
      trackingCode: `SB${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}BR`,
      labelUrl: `${this.publicUrl}${SANDBOX_LABEL_PATH}/${carrierOrderId}`,
      status: 'generated',
    };
  }

  /** Sandbox labels are complete when bought; this prints one again (its code is the shipment's own). */
  async completeLabel(carrierOrderId: string): Promise<CompletedLabel> {
    const [tracking] = await this.track([carrierOrderId]);
    return { labelUrl: `${this.publicUrl}${SANDBOX_LABEL_PATH}/${carrierOrderId}`, trackingCode: null, status: tracking?.status ?? 'generated' };
  }

  async track(carrierOrderIds: string[]): Promise<CarrierTracking[]> {
    const now = this.now().getTime();
    return carrierOrderIds.flatMap((id) => {
      const match = ID_PATTERN.exec(id);
      if (!match) return [];
      const boughtAt = Number(match[1]);
      const postedAt = boughtAt + SANDBOX_POSTED_AFTER_MS;
      const deliveredAt = boughtAt + SANDBOX_DELIVERED_AFTER_MS;
      const status = now >= deliveredAt ? 'delivered' : now >= postedAt ? 'posted' : 'generated';
      // The code is the shipment's own (kept by the store); the sandbox does not remember it.
      return [{ carrierOrderId: id, status, trackingCode: null, postedAt: now >= postedAt ? new Date(postedAt) : null, deliveredAt: now >= deliveredAt ? new Date(deliveredAt) : null }];
    });
  }
}
