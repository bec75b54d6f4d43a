/**
 * Reservation cleanup job (storefront.md 4, 9): every `RESERVATION_CLEANUP_INTERVAL_MS`
 * (default 60 s) expired reservations are deactivated, releasing their units, whether or not
 * any client is open. Runs on its own EntityManager fork; stops when the service closes.
 */
import fp from 'fastify-plugin';
import { ReservationService } from '../modules/reservations/reservation.service.ts';

export default fp(
  async (app) => {
    const service = new ReservationService(app.clock, app.storage);
    const run = async () => {
      try {
        const released = await service.cleanup(app.orm.em.fork());
        if (released > 0) app.log.info({ released }, 'released expired reservations');
      } catch (error) {
        app.log.error({ err: error }, 'reservation cleanup failed');
      }
    };
    const timer = setInterval(() => void run(), app.config.reservationCleanupIntervalMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'reservation-cleanup', dependencies: ['config', 'clock', 'orm', 'storage'] },
);
