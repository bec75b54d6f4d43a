/**
 * Paying an order by card and the acquirer's browser settings (split from orders.ts, which
 * re-exports this module so `@prata/contracts/orders` keeps its surface): the accepted card brands,
 * the card as typed in the checkout form, the acquirer's tokenisation request and answer
 * (Mercado Pago's documented shapes), Mercado Pago's default origins and the payment
 * configuration the browser reads (`GET /api/payments/config`). Validation messages are pt-BR, as
 * shown to shoppers.
 */
import cardValidator from 'card-validator';
import { z } from 'zod';

/**
 * Card brands the store accepts, as the acquirer's `payment_method_id` (Mercado Pago's ids for
 * Brazil), keyed by card-validator's brand type. The CVV length comes from the brand (Amex 4).
 */
export const CARD_BRANDS = ['visa', 'master', 'amex', 'elo', 'hipercard'] as const;
export const cardBrandSchema = z.enum(CARD_BRANDS, { error: 'Bandeira do cartão não aceita' });
export type CardBrand = z.infer<typeof cardBrandSchema>;
const BRAND_BY_VALIDATOR_TYPE: Readonly<Record<string, CardBrand>> = {
  visa: 'visa',
  mastercard: 'master',
  'american-express': 'amex',
  elo: 'elo',
  hipercard: 'hipercard',
};
/** Display names of the brands (the card line of an order: 'Visa final 1111'). */
export const CARD_BRAND_NAMES: Readonly<Record<CardBrand, string>> = {
  visa: 'Visa',
  master: 'Mastercard',
  amex: 'American Express',
  elo: 'Elo',
  hipercard: 'Hipercard',
};

/** The accepted brand of a card number and its CVV length, or null for an unknown/unaccepted brand. */
export function cardBrandOf(cardNumber: string): { brand: CardBrand; cvvLength: number } | null {
  const card = cardValidator.number(cardNumber.replace(/\D/g, '')).card;
  const brand = card ? BRAND_BY_VALIDATOR_TYPE[card.type] : undefined;
  return card && brand ? { brand, cvvLength: card.code.size } : null;
}

const cvvFits = (cardNumber: string, cvv: string) => {
  const brand = cardBrandOf(cardNumber);
  return brand ? cvv.length === brand.cvvLength : /^\d{3}$/.test(cvv);
};

/**
 * The card as typed in the checkout form (storefront.md 5 limits; checks: Luhn, an
 * accepted brand, a future expiry; the CVV has the brand's length, 4 for Amex).
 * These fields are sent only to the acquirer's tokenisation endpoint, never to the store's
 * order route.
 */
/** The cardholder's name as printed on the card (the one card detail the store's page handles). */
export const cardholderNameSchema = z.string().trim().min(1, 'Nome no cartão é obrigatório').max(100, 'Nome no cartão muito longo');

export const cardDetailsSchema = z
  .object({
    cardNumber: z
      .string()
      .transform((v) => v.replace(/\D/g, ''))
      .pipe(z.string().max(19, 'Número do cartão inválido').refine((v) => cardValidator.number(v).isValid && cardBrandOf(v) !== null, 'Número do cartão inválido')),
    cardName: cardholderNameSchema,
    cardExpiry: z
      .string()
      .trim()
      .max(5, 'Validade inválida')
      .refine((v) => /^\d{2}\/\d{2}$/.test(v) && cardValidator.expirationDate(v).isValid, 'Validade inválida'),
    cardCvv: z.string().trim().max(4, 'CVV inválido').regex(/^\d{3,4}$/, 'CVV inválido'),
  })
  .refine((card) => cvvFits(card.cardNumber, card.cardCvv), { path: ['cardCvv'], message: 'CVV inválido' });
export type CardDetails = z.input<typeof cardDetailsSchema>;

/**
 * Card tokenisation request, in the acquirer's documented shape (Mercado Pago
 * `POST /v1/card_tokens?public_key=`): the browser sends it to the acquirer (or, in test mode, to
 * the sandbox acquirer of the service), never with the order.
 */
export const cardTokenRequestSchema = z
  .object({
    card_number: z.string().regex(/^\d{12,19}$/, 'Número do cartão inválido').refine((v) => cardValidator.number(v).isValid && cardBrandOf(v) !== null, 'Número do cartão inválido'),
    expiration_month: z.number().int().min(1, 'Validade inválida').max(12, 'Validade inválida'),
    expiration_year: z.number().int().min(2000, 'Validade inválida').max(2100, 'Validade inválida'),
    security_code: z.string().regex(/^\d{3,4}$/, 'CVV inválido'),
    cardholder: z.object({ name: z.string().trim().min(1, 'Nome no cartão é obrigatório').max(100, 'Nome no cartão muito longo') }),
  })
  .refine((t) => cardValidator.expirationDate({ month: String(t.expiration_month), year: String(t.expiration_year) }).isValid, { path: ['expiration_month'], message: 'Validade inválida' })
  .refine((t) => cvvFits(t.card_number, t.security_code), { path: ['security_code'], message: 'CVV inválido' });
export type CardTokenRequest = z.infer<typeof cardTokenRequestSchema>;

/** The card token the acquirer answers (Mercado Pago's fields; others ignored). */
export const cardTokenSchema = z
  .object({ id: z.string().min(1), first_six_digits: z.string(), last_four_digits: z.string(), expiration_month: z.number(), expiration_year: z.number() })
  .loose();
export type CardToken = z.infer<typeof cardTokenSchema>;

/** The tokenisation request for card details typed in the form ('12/30' -> month 12, year 2030). */
export function toCardTokenRequest(card: { cardNumber: string; cardName: string; cardExpiry: string; cardCvv: string }): CardTokenRequest {
  const [month = '0', year = '0'] = card.cardExpiry.split('/');
  return {
    card_number: card.cardNumber.replace(/\D/g, ''),
    expiration_month: Number(month),
    expiration_year: 2000 + Number(year),
    security_code: card.cardCvv.trim(),
    cardholder: { name: card.cardName.trim() },
  };
}

/**
 * Mercado Pago's browser origins (MercadoPago.js v2 and its secure card fields), the defaults of
 * the settings that name them and the sources the shell's CSP adds for them
 * (services/static-host/src/acquirer-csp.ts, where the sources this list was derived from are
 * cited):
 *
 * - `sdkUrl` (`MERCADOPAGO_SDK_URL`): MercadoPago.js v2, loaded from Mercado Pago only (CSP
 *   `script-src`).
 * - `apiUrl` (`MERCADOPAGO_API_URL`): payment-method look-ups and tokenisation (`connect-src`).
 * - `fieldsOrigins` (`MERCADOPAGO_FIELDS_ORIGIN`, one origin or several): the secure fields'
 *   frames. The SDK fetches a field's page before framing it, from `secure-fields` and, when that
 *   fails, from `api-static`; so both are in `frame-src` and in `connect-src`.
 * - `staticOrigin`: Mercado Pago's static CDN (the SDK's assets, the payment methods' logos):
 *   `script-src`, `connect-src`, `img-src`.
 * - `platformConnectSources`: what the SDK calls from the page besides the API: its usage metrics
 *   (`api.mercadolibre.com`) and its fraud prevention's device fingerprint (`www.mercadolibre.com`).
 * - `platformFrameSources`, `platformImageSources`: the families of hosts Mercado Pago's own
 *   plugins allow for frames and images (fraud prevention, 3-D Secure and other Mercado Pago
 *   pages a frame may open): a frame is isolated by its origin and an image runs no code, so
 *   these may be wildcards; `script-src` and `connect-src` name hosts only.
 *
 * The API and every shell host derive their values from the same variables.
 */
export const MERCADOPAGO_DEFAULTS = {
  sdkUrl: 'https://sdk.mercadopago.com/js/v2',
  apiUrl: 'https://api.mercadopago.com',
  fieldsOrigins: ['https://secure-fields.mercadopago.com', 'https://api-static.mercadopago.com'],
  staticOrigin: 'https://http2.mlstatic.com',
  platformConnectSources: ['https://api.mercadolibre.com', 'https://www.mercadolibre.com'],
  platformFrameSources: ['https://*.mercadopago.com', 'https://*.mercadopago.com.br', 'https://*.mercadolibre.com'],
  platformImageSources: ['https://*.mercadopago.com', 'https://*.mercadopago.com.br', 'https://*.mercadolibre.com'],
} as const;

/** How the browser pays: `GET /api/payments/config`. */
export const paymentConfigSchema = z.object({
  provider: z.enum(['sandbox', 'mercadopago']),
  /** True when no real money moves (the sandbox, or the acquirer's test credentials): the store shows 'Modo de teste'. */
  testMode: z.boolean(),
  /** The acquirer's public key for its browser tokenisation (null for the sandbox). */
  publicKey: z.string().nullable(),
  /**
   * The acquirer's browser SDK (MercadoPago.js v2): the checkout loads it and mounts its secure
   * card fields, so the card number and CVV stay inside the acquirer's frames (PCI SAQ A).
   * Null for the sandbox, whose test form posts to `cardTokenUrl`.
   */
  sdkUrl: z.url().nullable(),
  /** Where the browser POSTs the card for a token (`cardTokenRequestSchema` body; the sandbox). */
  cardTokenUrl: z.url(),
  /** True when a pending order can be paid from its page ('Simular pagamento'; sandbox only). */
  simulation: z.boolean(),
  /** True when the acquirer offers 'Parcelamento sem cartão' (Mercado Pago's Linha de Crédito): the checkout lists 'mercadopago-credits'. */
  credits: z.boolean().default(false),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/**
 * 'Parcelamento sem cartão': Mercado Pago's Linha de Crédito, instalments without a card (payment
 * method 'mercadopago-credits'). The service creates a Checkout Pro preference with
 * `purpose: 'onboarding_credits'` for the order's amount due and the shopper finishes at the
 * preference's `init_point`; Mercado Pago credits the store in full and the shopper pays it up to
 * 12 fixed monthly instalments from their Mercado Pago account. The payment is confirmed by the
 * usual payment webhook. Source:
 * https://www.mercadopago.com.br/developers/en/docs/checkout-api-payments/integration-configuration/installments-without-card
 */
export const CREDITS_CHECKOUT_LABEL = 'Parcelamento sem cartão';
/** The explanation under the option at checkout (pt-BR). */
export const CREDITS_CHECKOUT_DESCRIPTION = 'Pague em até 12x pela sua conta Mercado Pago, sem cartão de crédito.';
/** The order page's link while a 'mercadopago-credits' order is unpaid. */
export const CREDITS_CHECKOUT_LINK_TEXT = 'Continuar pagamento no Mercado Pago';
/** 400 of `POST /api/orders` with 'mercadopago-credits' when the store's acquirer does not offer it. */
export const CREDITS_UNAVAILABLE_MESSAGE = 'Parcelamento sem cartão não está disponível nesta loja. Escolha outra forma de pagamento.';

/** Where an unpaid 'mercadopago-credits' order is paid: the preference's `init_point` (`checkoutUrl`) and its id. */
export const creditsCheckoutSchema = z.object({ checkoutUrl: z.url(), preferenceId: z.string() });
export type CreditsCheckout = z.infer<typeof creditsCheckoutSchema>;

/** The methods the checkout offers: 'mercadopago-credits' only when the acquirer supports it (`PaymentConfig.credits`). */
export function checkoutMethods<M extends string>(methods: readonly M[], config: Pick<PaymentConfig, 'credits'> | null | undefined): M[] {
  return methods.filter((method) => method !== 'mercadopago-credits' || config?.credits === true);
}
