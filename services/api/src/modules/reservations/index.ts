/**
 * The reservations module's public face: other modules and the composition import these from here,
 * never another file of this folder. Its routes are routes.ts (registered by app.ts).
 */
export { default as reservationsPlugin } from './reservations.plugin.ts';
export { ReservationService } from './reservation.service.ts';
