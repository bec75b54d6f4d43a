/** The reservations module's periodic jobs (registered by bootstrap/background-work.ts). */
import type { ModulePeriodicJob } from '../../jobs/module-tasks.ts';

export const reservationJobs: ModulePeriodicJob[] = [
  // Expired holds release their units (every `RESERVATION_CLEANUP_INTERVAL_MS`, default 60 s).
  { name: 'reservation-cleanup', everyMs: (app) => app.config.reservationCleanupIntervalMs, run: (app) => app.reservations.cleanup(app.orm.em.fork()) },
];
