/**
 * `POST /api/orders` (signed-in customer): places the order with an `Idempotency-Key` header;
 * prices are read by the service, never sent. A card is first tokenised at the acquirer
 * (create-card-token.ts) and only its token goes with the order. Answers the order (paid card,
 * or pending PIX / boleto with their instructions). Errors: 400 'Dados inválidos' (issues), 402
 * payment_declined, 404 product_not_found, 409 insufficient_stock / too_many_pending /
 * shipping_changed (the freight shown is not the one quoted now), 422/409 coupon refusals,
 * 409 store_credit_short (method 'store-credit' and a balance short of the total) / store_credit_changed
 * (the credit spent would not be the `storeCreditCents` shown), 429, 502.
 * Store credit: `useStoreCredit` spends the shopper's balance up to the total; when it
 * pays the whole order the payment sent is `{ method: 'store-credit' }` (no card, no acquirer).
 * The order carries the shopper's cookie choice (`cookieConsent`, contracts/consent.ts).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderSchema, type CheckoutCustomer, type CreateOrderInput, type Order, type PaymentConfig } from '@prata/contracts';
import { hasConsent } from '@prata/shared-ui/state';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';
import { storeCreditQueryOptions } from '../../../lib/store-credit.ts';
import type { PaymentDraft } from '../utils/checkout-values.ts';
import { createCardToken, createSecureCardToken, type SecureCard } from './create-card-token.ts';

export interface CreateOrderVariables {
  input: CreateOrderInput;
  idempotencyKey: string;
}

export function createOrder({ input, idempotencyKey }: CreateOrderVariables): Promise<Order> {
  return apiRequest('/api/orders', orderSchema, { method: 'POST', body: input, headers: { 'Idempotency-Key': idempotencyKey } });
}

export interface PlaceOrderVariables {
  items: CreateOrderInput['items'];
  /** The delivery option chosen and the price shown. */
  shipping?: CreateOrderInput['shipping'];
  /** The coupon applied, if any. */
  couponCode?: string;
  /** Spend the shopper's store credit on the order; absent: not. */
  useStoreCredit?: boolean;
  /** With `useStoreCredit`: the credit the summary showed, BRL cents (another figure at the service: 409). */
  storeCreditCents?: number;
  /** The shopper asked for the order's updates on WhatsApp at `customer.phone`; absent: not. */
  whatsappOptIn?: boolean;
  /** The gift wrap, message and receipt chosen (contracts gifts.ts); absent: none. */
  gift?: CreateOrderInput['gift'];
  customer: CheckoutCustomer;
  payment: PaymentDraft;
  /** The payment configuration; undefined when it could not be loaded (PIX, boleto and store credit need none). */
  config: PaymentConfig | undefined;
  idempotencyKey: string;
  /** The acquirer's mounted secure fields (Mercado Pago), when the card is typed there. */
  secureCard?: SecureCard | null;
}

/**
 * Tokenises the card (if any; in the acquirer's secure fields when they hold it), then places the
 * order. A card typed into the page is taken for the sandbox only: without a configuration that
 * says so, it is refused before it is sent anywhere.
 * @throws ApiRequestError 0 for such a card (and as the tokenisation and the order route do).
 */
export async function placeOrder({ items, shipping, couponCode, useStoreCredit, storeCreditCents, whatsappOptIn, gift, customer, payment, config, idempotencyKey, secureCard }: PlaceOrderVariables): Promise<Order> {
  const order = {
    items,
    customer,
    ...(shipping ? { shipping } : {}),
    ...(couponCode ? { couponCode } : {}),
    ...(useStoreCredit ? { useStoreCredit, storeCreditCents } : {}),
    ...(whatsappOptIn ? { whatsappOptIn } : {}),
    ...(gift ? { gift } : {}),
    // The shopper's cookie choice, recorded on the order: which providers the server may tell of its purchase.
    cookieConsent: { analytics: hasConsent('analytics'), marketing: hasConsent('marketing') },
  };
  if (payment.method !== 'credit-card') return createOrder({ input: { ...order, payment }, idempotencyKey });
  if ('secureFields' in payment) {
    const { token, brand } = await createSecureCardToken(secureCard ?? null, payment.cardName);
    return createOrder({ input: { ...order, payment: { method: 'credit-card', cardToken: token, cardBrand: brand, installments: payment.installments } }, idempotencyKey });
  }
  if (config?.provider !== 'sandbox') throw new ApiRequestError(0, 'Não foi possível carregar o pagamento com cartão. Tente novamente ou escolha PIX ou boleto.');
  const token = await createCardToken(config, payment.card);
  return createOrder({ input: { ...order, payment: { method: 'credit-card', cardToken: token.id, cardBrand: payment.cardBrand, installments: payment.installments } }, idempotencyKey });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    // Stock, the shopper's orders and their store credit changed.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
        queryClient.invalidateQueries({ queryKey: storeCreditQueryOptions.queryKey }),
      ]),
  });
}
