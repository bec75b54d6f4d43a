/**
 * Scheduled jobs of the service, every `RESERVATION_CLEANUP_INTERVAL_MS` (default 60 s), whether
 * or not any client is open; each run on its own EntityManager fork; stopped when the service
 * closes:
 * - reservation cleanup (storefront.md 4, 9): expired reservations release their units;
 * - order expiry (issues 5, 13): unpaid orders past their deadline are checked with the acquirer
 *   and then paid or cancelled, units back to stock (PaymentReconciliation.expireOverdue).
 */
import fp from 'fastify-plugin';
import { orderServices } from '../modules/orders/index.ts';
import { ReservationService } from '../modules/reservations/reservation.service.ts';

export default fp(
  async (app) => {
    const reservations = new ReservationService(app.clock, app.storage);
    const { reconciliation } = orderServices(app);
    const jobs = [
      { name: 'reservation cleanup', run: () => reservations.cleanup(app.orm.em.fork()) },
      { name: 'order expiry', run: () => reconciliation.expireOverdue(app.orm.em.fork()) },
    ];
    const tick = async () => {
      for (const job of jobs) {
        try {
          const count = await job.run();
          if (count > 0) app.log.info({ job: job.name, count }, 'scheduled job did work');
        } catch (error) {
          app.log.error({ err: error, job: job.name }, 'scheduled job failed');
        }
      }
    };
    const timer = setInterval(() => void tick(), app.config.reservationCleanupIntervalMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'scheduled-jobs', dependencies: ['config', 'clock', 'orm', 'storage', 'events', 'payments', 'mail'] },
);
