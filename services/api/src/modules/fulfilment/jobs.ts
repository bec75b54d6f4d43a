/**
 * The fulfilment module's periodic jobs (record shapes: jobs/module-tasks.ts).
 * - `shipment-tracking`, every `SHIPMENT_TRACKING_INTERVAL_MS`: polls the carrier for the labels
 *   not yet delivered and applies their status (shipment-tracking.ts `poll`);
 * - `carrier-webhook-receipts-retention`, hourly: deletes the carrier webhook receipts (kept to
 *   refuse replays) older than CARRIER_WEBHOOK_RECEIPT_DAYS.
 */
import type { ModulePeriodicJob } from '../../jobs/module-tasks.ts';
import { CARRIER_WEBHOOK_RECEIPT_DAYS } from './shipment.entity.ts';

export const fulfilmentJobs: ModulePeriodicJob[] = [
  {
    name: 'shipment-tracking',
    everyMs: (app) => app.config.shipping.trackingIntervalMs,
    run: (app) => app.fulfilment.tracking.poll(app.orm.em.fork(), app.fulfilment.carrierActor),
  },
  {
    name: 'carrier-webhook-receipts-retention',
    everyMs: () => 3_600_000,
    run: async (app) => {
      await app.orm.em.getConnection().execute('delete from carrier_webhook_receipts where received_at < ?', [new Date(app.clock.now().getTime() - CARRIER_WEBHOOK_RECEIPT_DAYS * 86_400_000)], 'run');
    },
  },
];
