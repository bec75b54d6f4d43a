/**
 * Order tracking without signing in: every order e-mail carries `<store>/pedido/<token>`, a
 * signed link naming one order and an expiry (the service's orders module signs and checks it),
 * and `/rastrear-pedido` finds an order by its number and the buyer's e-mail or CPF.
 *
 * - `GET /api/order-tracking/:token` (anonymous) answers {@link OrderTrackingView}: the buyer's
 *   order view (`Order`, amounts in BRL cents, instants ISO 8601) without what would expose the
 *   buyer to whoever holds the link: no street, number, CEP or recipient name (city and UF only),
 *   never the CPF, e-mail or phone (the order view has none of them). 404 for a link the service did
 *   not sign (or a changed one), 410 for one it signed that has expired.
 * - `POST /api/order-tracking/lookup` {@link OrderTrackingLookup} answers `{ token }`, or 404 with
 *   {@link ORDER_TRACKING_NOT_FOUND_MESSAGE} whichever part was wrong (so it tells nobody whether a
 *   number exists); rate-limited per address.
 */
import { z } from 'zod';
import { cpfSchema, orderSchema } from './orders.ts';

/** Length of a tracking token: base64url of 54 bytes (order id 16, expiry 6, HMAC-SHA256 32). */
export const ORDER_TRACKING_TOKEN_LENGTH = 72;

/** The one answer of a lookup that found nothing, whatever was wrong (number, e-mail or CPF). */
export const ORDER_TRACKING_NOT_FOUND_MESSAGE = 'Não encontramos um pedido com esses dados. Confira o número do pedido e o e-mail ou CPF.';
/** 404 of a link the store did not sign (mistyped, cut or changed). */
export const ORDER_TRACKING_INVALID_MESSAGE = 'Link de acompanhamento inválido. Consulte o pedido em Rastrear pedido.';
/** 410 of a genuine link past its expiry. */
export const ORDER_TRACKING_EXPIRED_MESSAGE = 'Este link de acompanhamento expirou. Consulte o pedido em Rastrear pedido com o número do pedido e o seu e-mail ou CPF.';

/** A tracking token as it appears in `/pedido/<token>`. */
export const orderTrackingTokenSchema = z
  .string()
  .regex(new RegExp(`^[A-Za-z0-9_-]{${ORDER_TRACKING_TOKEN_LENGTH}}$`), ORDER_TRACKING_INVALID_MESSAGE);
export const orderTrackingParamsSchema = z.object({ token: orderTrackingTokenSchema });

/** Where a shipment can be followed: Melhor Rastreio follows the codes of every carrier Melhor Envio sells. */
export function carrierTrackingUrl(trackingCode: string): string {
  return `https://www.melhorrastreio.com.br/rastreio/${encodeURIComponent(trackingCode)}`;
}

/** What `GET /api/order-tracking/:token` answers: an order for whoever holds its link. */
export const orderTrackingViewSchema = orderSchema.omit({ shipping: true, shipment: true }).extend({
  /** Where the order goes, city and UF only. */
  shipping: z.object({ city: z.string(), state: z.string() }),
  shipment: orderSchema.shape.shipment.unwrap().extend({ trackingUrl: z.url() }).nullable(),
  /**
   * True when the order awaits a PIX or boleto payment whose code is withheld here: the order's
   * contact address was not the account's confirmed e-mail (security review 2026-11-29 #2), so the
   * code is shown only in the account, after sign-in.
   */
  paymentCodeInAccount: z.boolean(),
});
export type OrderTrackingView = z.infer<typeof orderTrackingViewSchema>;

/** `POST /api/order-tracking/lookup`: the order's number and one of the buyer's e-mail or CPF (normalised to 11 digits). */
export const orderTrackingLookupSchema = z
  .object({
    orderNumber: z
      .string()
      .trim()
      .min(1, 'Informe o número do pedido')
      .max(20, 'Número do pedido inválido')
      .transform((value) => value.toUpperCase()),
    email: z.string().trim().max(255, 'Email muito longo').pipe(z.email({ error: 'Email inválido' })).transform((value) => value.toLowerCase()).optional(),
    cpf: cpfSchema.optional(),
  })
  .refine((value) => (value.email === undefined) !== (value.cpf === undefined), { message: 'Informe o e-mail ou o CPF usado no pedido', path: ['email'] });
export type OrderTrackingLookup = z.input<typeof orderTrackingLookupSchema>;

/** The answer of a lookup that found the order: its tracking token (open `/pedido/<token>`). */
export const orderTrackingTokenResultSchema = z.object({ token: orderTrackingTokenSchema });

/**
 * Returns from the tracking page, without signing in: the shopper asks for a one-time code, the
 * service e-mails it to the order's contact address, and the right code buys a short-lived grant
 * for that one order's return request (sent as the {@link RETURN_GRANT_HEADER} header).
 *
 * - `GET /api/order-tracking/:token/return-access` answers {@link ReturnAccess};
 * - `POST /api/order-tracking/:token/return-code` e-mails a code, answers {@link ReturnCodeSent};
 * - `POST /api/order-tracking/:token/return-code/verify` {@link ReturnCodeVerify} answers {@link ReturnGrant};
 * - `GET|POST /api/order-tracking/:token/returns` with the grant: the account's order returns routes' answers.
 */
/** Digits of a one-time return code. */
export const RETURN_CODE_LENGTH = 6;
/** The header that carries a return grant. */
export const RETURN_GRANT_HEADER = 'x-return-grant';

/** Whether the tracked order can be returned now, and where a code would go (masked: `m***@exemplo.com`). */
export const returnAccessSchema = z.object({ open: z.boolean(), maskedEmail: z.string() });
export type ReturnAccess = z.infer<typeof returnAccessSchema>;

/** A code was e-mailed to `maskedEmail`; it stops counting at `expiresAt`. */
export const returnCodeSentSchema = z.object({ maskedEmail: z.string(), expiresAt: z.iso.datetime({ offset: true }) });
export type ReturnCodeSent = z.infer<typeof returnCodeSentSchema>;

/** The code the shopper typed. */
export const returnCodeVerifySchema = z.object({
  code: z
    .string({ error: 'Digite o código recebido por e-mail' })
    .trim()
    .regex(new RegExp(`^\\d{${RETURN_CODE_LENGTH}}$`), `Digite os ${RETURN_CODE_LENGTH} números do código recebido por e-mail`),
});
export type ReturnCodeVerify = z.input<typeof returnCodeVerifySchema>;

/** A grant for one order's return request, valid until `expiresAt`. */
export const returnGrantSchema = z.object({ grant: orderTrackingTokenSchema, expiresAt: z.iso.datetime({ offset: true }) });
export type ReturnGrant = z.infer<typeof returnGrantSchema>;

/** The headers of a request made with a grant. */
export const returnGrantHeadersSchema = z.object({
  [RETURN_GRANT_HEADER]: z.string({ error: 'Confirme o código enviado por e-mail para continuar' }).regex(new RegExp(`^[A-Za-z0-9_-]{${ORDER_TRACKING_TOKEN_LENGTH}}$`), 'Código de acesso inválido. Peça um novo código.'),
});
