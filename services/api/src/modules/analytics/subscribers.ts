/**
 * The analytics module's subscriber (subscribed by bootstrap/background-work.ts): when an order is
 * paid (`OrderPaid`, relayed from the outbox once across service processes, again after a crash),
 * its purchase goes to GA4 and Meta from the server (server-purchase.ts). Idempotent: a purchase
 * already sent to a provider is not sent again (`analytics_deliveries`).
 */
import { ORDER_EVENTS } from '@prata/contracts';
import { SecretBox } from '../../lib/crypto.ts';
import { subscriber, type ModuleSubscriber } from '../../jobs/module-tasks.ts';
import { AnalyticsSettingsService } from '../settings/index.ts';
import { sendPaidPurchase } from './server-purchase.ts';

export const analyticsSubscribers: ModuleSubscriber[] = [
  subscriber({
    name: 'analytics-purchase-on-order-paid',
    event: ORDER_EVENTS.paid,
    handle: async (app, event) => {
      const em = app.orm.em.fork();
      const settings = new AnalyticsSettingsService(em, new SecretBox(app.config.encryptionKey));
      await sendPaidPurchase(em, { credentials: () => settings.credentials(), endpoints: app.config.analytics }, event.payload.orderId, new Date(event.occurredAt));
    },
  }),
];
