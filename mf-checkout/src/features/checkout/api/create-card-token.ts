/**
 * Card tokenisation (issue 10 item 6): the card goes to the acquirer's tokenisation endpoint
 * (`cardTokenUrl` of the payment config, Mercado Pago's `POST /v1/card_tokens?public_key=`
 * shape), never to the store's order route; the order carries only the single-use token. With
 * a real acquirer the request goes straight to it without the store's credentials; in test mode
 * it goes to the sandbox acquirer of the service (signed-in shoppers only).
 * @throws ApiRequestError with a pt-BR message (field issues for a refused card).
 */
import { cardTokenSchema, toCardTokenRequest, type CardToken, type PaymentConfig } from '@prata/contracts';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';

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
