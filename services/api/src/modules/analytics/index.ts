/**
 * The analytics module's public face: the purchases the server sends to GA4 and Meta when an
 * order is paid (server-purchase.ts, behind the ConversionsProvider strategy). The composition
 * imports the entity and the subscribers from here; the settings are the settings module's.
 */
export { AnalyticsDelivery, AnalyticsDeliverySchema } from './analytics-delivery.entity.ts';
export { analyticsSubscribers } from './subscribers.ts';
export { hashedUser, sendPaidPurchase, type ServerPurchaseOptions } from './server-purchase.ts';
export type { ConversionsProvider, PurchaseConversion } from './conversions-provider.ts';
