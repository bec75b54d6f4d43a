/**
 * Meta Conversions API (https://developers.facebook.com/docs/marketing-api/conversions-api):
 * `POST <origin>/v21.0/<pixel id>/events?access_token=<token>` with a JSON body `{ data: [event] }`,
 * the event `{ event_name: 'Purchase', event_time (Unix seconds), event_id, action_source:
 * 'website', user_data: { em: [sha256], ph: [sha256] }, custom_data: { currency, value, order_id,
 * content_type: 'product', content_ids, contents: [{ id, quantity, item_price }] } }`. Meta
 * de-duplicates it against the Pixel's browser event with the same `event_name` and `event_id`
 * (its `eventID`). Answers `{ events_received, fbtrace_id }`; an error is 4xx with `{ error }`.
 * Only sent for a shopper who allowed marketing (server-purchase.ts), so `user_data` always
 * carries the hashed e-mail (Meta requires customer information for website events).
 */
import { reais, type ConversionsProvider, type PurchaseConversion } from './conversions-provider.ts';

/** The Graph API version the calls name. */
export const META_GRAPH_VERSION = 'v21.0';

export interface MetaOptions {
  /** The Graph API's origin (`META_GRAPH_URL`). */
  origin: string;
  pixelId: string;
  accessToken: string;
  timeoutMs: number;
}

export class MetaConversionsApi implements ConversionsProvider {
  readonly name = 'meta' as const;
  private readonly options: MetaOptions;

  constructor(options: MetaOptions) {
    this.options = options;
  }

  /** Sends the purchase. @throws Error on a non-2xx answer or a timeout. */
  async sendPurchase(purchase: PurchaseConversion): Promise<void> {
    const { origin, pixelId, accessToken, timeoutMs } = this.options;
    const url = `${origin}/${META_GRAPH_VERSION}/${encodeURIComponent(pixelId)}/events?access_token=${encodeURIComponent(accessToken)}`;
    const event = {
      event_name: 'Purchase',
      event_time: Math.floor(purchase.occurredAt.getTime() / 1000),
      event_id: purchase.eventId,
      action_source: 'website',
      user_data: purchase.user ? { em: [purchase.user.emailSha256], ...(purchase.user.phone ? { ph: [purchase.user.phone.digitsSha256] } : {}) } : {},
      custom_data: {
        currency: 'BRL',
        value: reais(purchase.valueCents),
        order_id: purchase.transactionId,
        content_type: 'product',
        content_ids: purchase.items.map((item) => item.id),
        contents: purchase.items.map((item) => ({ id: item.id, quantity: item.quantity, item_price: reais(item.priceCents) })),
      },
    };
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data: [event] }), signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) throw new Error(`Meta Conversions API answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  }
}
