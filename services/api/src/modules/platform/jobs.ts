/** The platform module's periodic jobs (registered by bootstrap/background-work.ts). */
import type { ModulePeriodicJob } from '../../jobs/module-tasks.ts';
import { CANARY_CHECK_INTERVAL_MS } from './canary-guard.ts';

export const platformJobs: ModulePeriodicJob[] = [
  // A running canary whose error rate or vitals are past the thresholds is rolled back, the reason recorded (canary-guard.ts).
  { name: 'canary-guard', everyMs: () => CANARY_CHECK_INTERVAL_MS, run: (app) => app.platform.canaryGuard.check(app.orm.em.fork()) },
];
