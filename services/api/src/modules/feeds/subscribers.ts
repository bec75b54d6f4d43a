/**
 * The feeds module's subscribers (subscribed by bootstrap/background-work.ts): each domain event
 * that can change what the catalogue feeds list (a product created, updated or deleted, what the
 * store shows of one changing: price, pictures, variants, stock crossing zero, entering or leaving
 * the catalogue, `ProductListingChanged`; stock replenished; the free-shipping setting and the
 * freight table, which price `g:shipping`) queues the debounced rebuild (jobs.ts). The other settings (contact, low-stock line,
 * PIX discount, which is no sale price) change nothing the feeds list. Idempotent: a second
 * dispatch queues the same job id.
 */
import { PRODUCT_EVENTS, PRODUCT_LISTING_CHANGED, STOCK_REPLENISHED, STORE_SETTINGS_CHANGED, type DomainEventName } from '@prata/contracts';
import { subscriber, type ModuleSubscriber } from '../../jobs/module-tasks.ts';
import { scheduleFeedRegeneration } from './jobs.ts';

/** The settings that price the feeds' `g:shipping`. */
const FREIGHT_SETTINGS: ReadonlySet<string> = new Set(['free-shipping', 'freight-table']);

/** The events that rebuild the feeds, with their subscribers' names. */
const FEED_EVENTS: readonly [string, DomainEventName][] = [
  ['catalogue-feeds-on-product-created', PRODUCT_EVENTS.created],
  ['catalogue-feeds-on-product-updated', PRODUCT_EVENTS.updated],
  ['catalogue-feeds-on-product-deleted', PRODUCT_EVENTS.deleted],
  ['catalogue-feeds-on-listing-changed', PRODUCT_LISTING_CHANGED],
  ['catalogue-feeds-on-stock-replenished', STOCK_REPLENISHED],
];

export const feedSubscribers: ModuleSubscriber[] = [
  ...FEED_EVENTS.map(([name, event]) => subscriber({ name, event, handle: (app, relayed) => scheduleFeedRegeneration(app, `event:${relayed.position}`) })),
  subscriber({
    name: 'catalogue-feeds-on-settings-changed',
    event: STORE_SETTINGS_CHANGED,
    handle: (app, relayed) => (FREIGHT_SETTINGS.has(relayed.payload.setting) ? scheduleFeedRegeneration(app, `event:${relayed.position}`) : undefined),
  }),
];
