/**
 * Reservations plugin: decorates `app.reservations`, the one ReservationService of the app (on its
 * clock, storage, event bus and `RESERVATION_*` limits), used by the routes and by the periodic
 * `reservation-cleanup` job (jobs.ts).
 */
import fp from 'fastify-plugin';
import { ReservationService } from './reservation.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    reservations: ReservationService;
  }
}

export default fp(
  async (app) => {
    app.decorate('reservations', new ReservationService(app.clock, app.storage, app.events, app.config.reservationLimits));
  },
  { name: 'reservations', dependencies: ['config', 'clock', 'storage', 'events'] },
);
