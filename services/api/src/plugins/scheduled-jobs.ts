/**
 * Scheduled jobs of the service, every `RESERVATION_CLEANUP_INTERVAL_MS` (default 60 s), whether
 * or not any client is open; each run on its own EntityManager fork; stopped when the service
 * closes:
 * - reservation cleanup (storefront.md 4, 9): expired reservations release their units;
 * - order expiry (issue 5): unpaid PIX orders after 30 minutes and boleto orders after their
 *   due date are cancelled and their units return to stock.
 */
import fp from 'fastify-plugin';
import { OrderService } from '../modules/orders/order.service.ts';
import { ReservationService } from '../modules/reservations/reservation.service.ts';

export default fp(
  async (app) => {
    const reservations = new ReservationService(app.clock, app.storage);
    const orders = new OrderService(app.payments, app.events, app.clock);
    const jobs = [
      { name: 'reservation cleanup', run: () => reservations.cleanup(app.orm.em.fork()) },
      { name: 'order expiry', run: () => orders.expirePending(app.orm.em.fork()) },
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
  { name: 'scheduled-jobs', dependencies: ['config', 'clock', 'orm', 'storage', 'events', 'payments'] },
);
