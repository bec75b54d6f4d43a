/**
 * The reviews module's jobs (registered by bootstrap/background-work.ts):
 * - `review-requests` (hourly): e-mails "Avalie a sua compra" once per delivered order,
 *   the owner's `reviewRequestDelayDays` (recovery settings, default 8) days after delivery (review-requests.ts).
 */
import type { ModulePeriodicJob } from '../../jobs/module-tasks.ts';

export const reviewJobs: ModulePeriodicJob[] = [{ name: 'review-requests', everyMs: () => 60 * 60 * 1000, run: (app) => app.reviews.sendRequests(app.orm.em.fork()) }];
