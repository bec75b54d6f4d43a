/**
 * A provider of server-side conversions: GA4's Measurement Protocol (ga4-measurement-protocol.ts)
 * and Meta's Conversions API (meta-conversions-api.ts), each sending one paid order's purchase.
 * The strategy the analytics module's subscriber calls; tested against local doubles of their
 * documented APIs (test/analytics-doubles.ts).
 */

/** One paid order's purchase, as the providers send it. */
export interface PurchaseConversion {
  /** The browser's purchase used the same id (contracts/analytics.ts `purchaseEventId`): the providers de-duplicate by it. */
  eventId: string;
  /** The order's number (GA4 `transaction_id`, Meta `order_id`). */
  transactionId: string;
  /** What the shopper paid for the goods and freight, BRL cents. */
  valueCents: number;
  shippingCents: number;
  items: { id: string; name: string; variant: string | null; priceCents: number; quantity: number }[];
  /** When the order was paid (GA4 `timestamp_micros`, Meta `event_time`). */
  occurredAt: Date;
  /**
   * Hex SHA-256 of the normalised e-mail and phone (server-purchase.ts: the phone as GA4 wants it,
   * E.164 with '+', and as Meta wants it, digits with the country code), present only when the
   * shopper allowed marketing; null otherwise.
   */
  user: { emailSha256: string; phone: { e164Sha256: string; digitsSha256: string } | null } | null;
}

export interface ConversionsProvider {
  /** `ga4` or `meta`: the key of a sent purchase (`analytics_deliveries.provider`). */
  readonly name: 'ga4' | 'meta';
  /** Sends `purchase`. @throws Error when the provider refused it or did not answer (the subscriber retries). */
  sendPurchase(purchase: PurchaseConversion): Promise<void>;
}

/** `cents` as the providers' decimal currency amount (4990 -> 49.9). */
export const reais = (cents: number): number => Math.round(cents) / 100;
