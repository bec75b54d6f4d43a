/**
 * The purchase the server sends when an order is paid (GA4 Measurement Protocol, Meta Conversions
 * API), beside the one the shopper's browser sent on placing it, with the same `event_id`
 * (contracts/analytics.ts `purchaseEventId`: the order's id), so each provider counts it once.
 *
 * Consent (LGPD art. 7 I; the shopper's cookie choice recorded on the order at checkout): GA4 only
 * with `analytics`, Meta only with `marketing`; the hashed e-mail and phone only with `marketing`.
 * Off for a provider whose id or secret the owner has not set.
 *
 * Normalisation before SHA-256 (Meta's customer information parameters, GA4's user-provided data):
 * the e-mail trimmed and lower-cased; the phone as a Brazilian number with the country code, as
 * digits for Meta (`5511987654321`) and E.164 for GA4 (`+5511987654321`); a phone that is not a
 * Brazilian number is left out.
 */
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { purchaseEventId, whatsappNumber } from '@prata/contracts';
import { Order, OrderItem } from '../orders/index.ts';
import type { AnalyticsCredentials } from '../settings/index.ts';
import type { ConversionsProvider, PurchaseConversion } from './conversions-provider.ts';
import { Ga4MeasurementProtocol } from './ga4-measurement-protocol.ts';
import { MetaConversionsApi } from './meta-conversions-api.ts';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The hashed e-mail and phone (see the module doc). */
export function hashedUser(email: string, phone: string): NonNullable<PurchaseConversion['user']> {
  const digits = whatsappNumber(phone);
  return { emailSha256: sha256(email.trim().toLowerCase()), phone: digits ? { digitsSha256: sha256(digits), e164Sha256: sha256(`+${digits}`) } : null };
}

export interface ServerPurchaseOptions {
  /** The owner's ids and secrets, read at each purchase (a change in the panel applies at once). */
  credentials: () => Promise<AnalyticsCredentials>;
  /** The providers' origins and timeout (config `analytics`). */
  endpoints: { ga4Url: string; metaUrl: string; timeoutMs: number };
}

/** The providers set up and allowed for an order with this consent. */
function providersFor(credentials: AnalyticsCredentials, consent: { analytics: boolean; marketing: boolean }, endpoints: ServerPurchaseOptions['endpoints']): ConversionsProvider[] {
  const providers: ConversionsProvider[] = [];
  if (credentials.ga4 && consent.analytics) providers.push(new Ga4MeasurementProtocol({ origin: endpoints.ga4Url, ...credentials.ga4, timeoutMs: endpoints.timeoutMs }));
  if (credentials.meta && consent.marketing) providers.push(new MetaConversionsApi({ origin: endpoints.metaUrl, ...credentials.meta, timeoutMs: endpoints.timeoutMs }));
  return providers;
}

/**
 * Sends order `orderId`'s purchase, paid at `paidAt`, to each provider set up and allowed, once per
 * provider (`analytics_deliveries`). Returns the providers it sent to now.
 * @throws Error from a provider (its claim is released, so a retry sends it again).
 */
export async function sendPaidPurchase(em: EntityManager, options: ServerPurchaseOptions, orderId: string, paidAt: Date): Promise<string[]> {
  const order = await em.findOne(Order, { id: orderId });
  if (!order || (!order.consentAnalytics && !order.consentMarketing)) return [];
  const providers = providersFor(await options.credentials(), { analytics: order.consentAnalytics, marketing: order.consentMarketing }, options.endpoints);
  if (providers.length === 0) return [];
  const items = await em.find(OrderItem, { order: orderId }, { orderBy: { id: 'asc' } });
  const purchase: PurchaseConversion = {
    eventId: purchaseEventId(order.id),
    transactionId: order.number,
    valueCents: order.totalCents,
    shippingCents: order.shippingCents,
    items: items.map((item) => ({ id: item.variant?.id ?? item.product?.id ?? item.id, name: item.productName, variant: item.variantLabel ?? null, priceCents: item.unitPriceCents, quantity: item.quantity })),
    occurredAt: paidAt,
    user: order.consentMarketing ? hashedUser(order.customerEmail, order.customerPhone) : null,
  };
  const connection = em.getConnection();
  const sent: string[] = [];
  for (const provider of providers) {
    const claimed = await connection.execute<{ event_id: string }[]>(
      'insert into analytics_deliveries (event_id, provider, sent_at) values (?, ?, ?) on conflict do nothing returning event_id',
      [purchase.eventId, provider.name, new Date()],
      'all',
    );
    if (claimed.length === 0) continue;
    try {
      await provider.sendPurchase(purchase);
      sent.push(provider.name);
    } catch (error) {
      await connection.execute('delete from analytics_deliveries where event_id = ? and provider = ?', [purchase.eventId, provider.name], 'run');
      throw error;
    }
  }
  return sent;
}
