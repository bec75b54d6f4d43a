/**
 * The messaging module's public face: the composition imports these from here, never another
 * file of this folder. Its routes are routes.ts (registered by app.ts), its job jobs.ts and its
 * subscribers subscribers.ts (bootstrap/background-work.ts).
 *
 * The module owns the order updates on WhatsApp: the {@link MessagingProvider} (the WhatsApp
 * Business Cloud API, or none), the `order_messages` it sent and their delivery statuses.
 */
export { default as messagingPlugin } from './messaging.plugin.ts';
export { OrderMessage, OrderMessageSchema } from './order-message.entity.ts';
export type { MessagingProvider } from './messaging-provider.ts';
