/**
 * The back in stock module's public face: other modules and the composition import these from here,
 * never another file of this folder. Its routes are routes.ts (registered by app.ts).
 */
export { default as backInStockPlugin, type BackInStockOptions } from './back-in-stock.plugin.ts';
export { StockSubscription, StockSubscriptionSchema } from './stock-subscription.entity.ts';
export { productStockLookup, type StockLookup, type StockedItem } from './stock-lookup.ts';
