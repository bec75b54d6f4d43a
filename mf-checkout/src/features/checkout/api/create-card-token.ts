/**
 * Card tokenisation. With the acquirer's SDK (Mercado Pago): `createSecureCardToken`
 * asks MercadoPago.js's secure fields for a token; the card number, expiry and CVV never leave the
 * acquirer's frames. The sandbox's test form: the card goes to the tokenisation endpoint
 * (`cardTokenUrl` of the payment config, Mercado Pago's `POST /v1/card_tokens?public_key=`
 * shape), never to the store's order route; the order carries only the single-use token. With
 * a real acquirer the request goes straight to it without the store's credentials; in test mode
 * it goes to the sandbox acquirer of the service (signed-in shoppers only).
 * @throws ApiRequestError with a pt-BR message (field issues for a refused card).
 */
import { CARD_BRANDS, cardTokenSchema, toCardTokenRequest, type CardBrand, type CardToken, type PaymentConfig } from '@prata/contracts';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';
import type { MercadoPagoInstance } from '../../../lib/mercadopago-sdk.ts';

const REFUSED = 'Não foi possível validar o cartão. Confira os dados e tente novamente.';

export async function createCardToken(config: PaymentConfig, card: { cardNumber: string; cardName: string; cardExpiry: string; cardCvv: string }): Promise<CardToken> {
  const body = toCardTokenRequest(card);
  if (config.provider === 'sandbox') {
    return apiRequest('/api/payments/sandbox/card-tokens', cardTokenSchema, { method: 'POST', body });
  }
  let response: Response;
  try {
    response = await fetch(config.cardTokenUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), credentials: 'omit' });
  } catch {
    throw new ApiRequestError(0, 'Não foi possível conectar à operadora de pagamento');
  }
  const parsed = cardTokenSchema.safeParse(await response.json().catch(() => undefined));
  if (!response.ok || !parsed.success) throw new ApiRequestError(response.status >= 500 ? response.status : 400, REFUSED);
  return parsed.data;
}

/** A card held by the acquirer's mounted secure fields: its brand (from the BIN), null until known. */
export interface SecureCard {
  mp: MercadoPagoInstance;
  brand: CardBrand | null;
}

/** The store's brand for Mercado Pago's `payment_method_id`, or null for a brand it does not take. */
export function brandOfPaymentMethod(id: string | undefined): CardBrand | null {
  return id && (CARD_BRANDS as readonly string[]).includes(id) ? (id as CardBrand) : null;
}

/**
 * A single-use token from the secure fields (`mp.fields.createCardToken`), with the brand the
 * fields reported. @throws ApiRequestError 400 with a pt-BR message when the brand is not taken
 * or the acquirer refuses the card; 0 when it cannot be reached.
 */
export async function createSecureCardToken(card: SecureCard | null, cardholderName: string): Promise<{ token: string; brand: CardBrand }> {
  if (!card) throw new ApiRequestError(0, 'Os campos do cartão ainda não carregaram. Tente novamente em alguns instantes.');
  if (!card.brand) throw new ApiRequestError(400, 'Bandeira do cartão não aceita. Use Visa, Mastercard, American Express, Elo ou Hipercard.');
  let token: { id?: unknown };
  try {
    token = await card.mp.fields.createCardToken({ cardholderName });
  } catch {
    throw new ApiRequestError(400, REFUSED);
  }
  if (typeof token?.id !== 'string' || token.id === '') throw new ApiRequestError(400, REFUSED);
  return { token: token.id, brand: card.brand };
}
