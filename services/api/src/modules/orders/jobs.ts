/**
 * The orders module's periodic jobs (record shapes: jobs/module-tasks.ts).
 * - `order-expiry`, every `RESERVATION_CLEANUP_INTERVAL_MS` (default 60 s): unpaid orders past
 *   their deadline are checked with the acquirer and then paid or cancelled, units back to stock
 *   (payment-reconciliation.service.ts `expireOverdue`). Returns how many were cancelled.
 * - `payment-reminders`, on the same interval: the one e-mail of each unpaid PIX or boleto order
 *   whose charge is about to expire (payment-recovery.service.ts `sendReminders`). Returns how many were sent.
 */
import type { ModulePeriodicJob } from '../../jobs/module-tasks.ts';

export const orderJobs: ModulePeriodicJob[] = [
  { name: 'order-expiry', everyMs: (app) => app.config.reservationCleanupIntervalMs, run: (app) => app.orders.reconciliation.expireOverdue(app.orm.em.fork()) },
  { name: 'payment-reminders', everyMs: (app) => app.config.reservationCleanupIntervalMs, run: (app) => app.orders.recovery.sendReminders(app.orm.em.fork()) },
];
