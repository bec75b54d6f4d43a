/**
 * The back-in-stock module's subscribers (subscribed by bootstrap/background-work.ts):
 * `back-in-stock-enqueue` queues `back-in-stock-notify` once per `StockReplenished` event (the
 * job id derives from the event's position, so a second dispatch queues nothing).
 */
import { STOCK_REPLENISHED } from '@prata/contracts';
import { subscriber, type ModuleSubscriber } from '../../jobs/module-tasks.ts';
import { enqueueBackInStock } from './jobs.ts';

export const backInStockSubscribers: ModuleSubscriber[] = [
  subscriber({
    name: 'back-in-stock-enqueue',
    event: STOCK_REPLENISHED,
    handle: (app, event) => enqueueBackInStock(app, { productId: event.payload.productId, variantId: event.payload.variantId }, `event:${event.position}`),
  }),
];
