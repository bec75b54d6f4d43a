/**
 * GA4 Measurement Protocol (https://developers.google.com/analytics/devguides/collection/protocol/ga4):
 * `POST <origin>/mp/collect?measurement_id=<G-...>&api_secret=<secret>` with a JSON body
 * `{ client_id, timestamp_micros, events: [{ name: 'purchase', params }], user_data? }`. The
 * purchase's params are GA4's recommended e-commerce ones (`transaction_id`, `value`, `currency`,
 * `shipping`, `items[]` with `item_id`, `item_name`, `item_variant`, `price`, `quantity`) plus
 * `event_id`; `user_data` carries the hashed e-mail and phone (`sha256_email_address`,
 * `sha256_phone_number`, the user-provided data collection's fields) only when given. GA4 answers
 * 2xx with an empty body whatever it made of the event (its validation server is `/debug/mp/collect`).
 * `client_id`: the order's id, since the server has no browser's GA cookie; GA4 counts the
 * purchase once per `transaction_id`.
 */
import { reais, type ConversionsProvider, type PurchaseConversion } from './conversions-provider.ts';

export interface Ga4Options {
  /** The Measurement Protocol's origin (`GA4_MP_URL`). */
  origin: string;
  measurementId: string;
  apiSecret: string;
  timeoutMs: number;
}

export class Ga4MeasurementProtocol implements ConversionsProvider {
  readonly name = 'ga4' as const;
  private readonly options: Ga4Options;

  constructor(options: Ga4Options) {
    this.options = options;
  }

  /** Sends the purchase. @throws Error on a non-2xx answer or a timeout. */
  async sendPurchase(purchase: PurchaseConversion): Promise<void> {
    const { origin, measurementId, apiSecret, timeoutMs } = this.options;
    const url = `${origin}/mp/collect?measurement_id=${encodeURIComponent(measurementId)}&api_secret=${encodeURIComponent(apiSecret)}`;
    const body = {
      client_id: purchase.eventId,
      timestamp_micros: purchase.occurredAt.getTime() * 1000,
      events: [
        {
          name: 'purchase',
          params: {
            event_id: purchase.eventId,
            transaction_id: purchase.transactionId,
            currency: 'BRL',
            value: reais(purchase.valueCents),
            shipping: reais(purchase.shippingCents),
            items: purchase.items.map((item) => ({ item_id: item.id, item_name: item.name, ...(item.variant ? { item_variant: item.variant } : {}), price: reais(item.priceCents), quantity: item.quantity })),
          },
        },
      ],
      ...(purchase.user
        ? { user_data: { sha256_email_address: [purchase.user.emailSha256], ...(purchase.user.phone ? { sha256_phone_number: [purchase.user.phone.e164Sha256] } : {}) } }
        : {}),
    };
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`GA4 Measurement Protocol answered ${response.status}`);
  }
}
