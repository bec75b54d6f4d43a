/**
 * The carts module's periodic job (registered by bootstrap/background-work.ts):
 * `cart-recovery` e-mails the cart reminders that are due (cart-recovery.service.ts), every
 * `CART_RECOVERY_INTERVAL_MS` (default 5 minutes).
 */
import type { ModulePeriodicJob } from '../../jobs/module-tasks.ts';

export const cartJobs: ModulePeriodicJob[] = [
  {
    name: 'cart-recovery',
    everyMs: (app) => app.config.cartRecoveryIntervalMs,
    run: (app) => app.carts.recovery.sendDue(app.orm.em.fork()),
  },
];
