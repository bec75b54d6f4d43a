/**
 * Recovering an unpaid PIX or boleto order: 'Gerar novo PIX' / 'Gerar novo boleto' issues a new
 * charge for the same order, at the order's own price, from the order's page in the account
 * (`POST /api/orders/:id/renew-payment`) or from its signed tracking link
 * (`POST /api/order-tracking/:token/renew-payment`). The service allows it only for an unpaid PIX
 * or boleto order whose charge is about to expire (within {@link PAYMENT_RENEWAL_LEAD_MS} of its
 * deadline) or expired (cancelled for `payment_expired` or `payment_failed`) less than the
 * store's recovery window ago, at most {@link MAX_PAYMENT_RENEWALS} times per order; an expired
 * order takes its units again, or is refused with a 409 naming the pieces that are gone.
 *
 * The staff's dashboard card 'Recuperação' reads {@link RecoveryReport} from
 * `GET /api/admin/recovery?days=` (cart reminders and unpaid orders together), and the owner sets
 * the recovery's timings in the panel ({@link RecoverySettings}, `GET`/`PUT /api/admin/settings/recovery`).
 */
import { z } from 'zod';

/** How many new charges one order may get. */
export const MAX_PAYMENT_RENEWALS = 3;

/**
 * How long before its deadline a pending charge counts as about to expire, ms: a PIX code 10
 * minutes before it expires, a boleto a day before its units are released. From then on the
 * order may get a new charge, and the shopper gets one reminder e-mail.
 */
export const PAYMENT_RENEWAL_LEAD_MS = { pix: 10 * 60_000, boleto: 24 * 60 * 60_000 } as const;

/** The button's label for an order paid by `method`. */
export function renewPaymentLabel(method: 'pix' | 'boleto' | string): string {
  return method === 'boleto' ? 'Gerar novo boleto' : 'Gerar novo PIX';
}

/** 409: the order cannot get a new charge (paid, card, too late, or the limit reached). */
export const PAYMENT_RENEWAL_REFUSED_MESSAGE = 'Não é possível gerar um novo pagamento para este pedido. Faça um novo pedido pela loja.';
/** 409: the order already got {@link MAX_PAYMENT_RENEWALS} new charges. */
export const PAYMENT_RENEWAL_LIMIT_MESSAGE = `Este pedido já recebeu ${MAX_PAYMENT_RENEWALS} novos pagamentos. Faça um novo pedido pela loja.`;
/** 409: the current charge is still valid and not about to expire. */
export const PAYMENT_RENEWAL_TOO_EARLY_MESSAGE = 'O pagamento atual deste pedido ainda está válido. Use o código que já está na página do pedido.';

/** 409 naming the pieces that are no longer available, e.g. 'Anel Solitário (Aro 16)'. */
export function paymentRenewalStockMessage(pieces: readonly string[]): string {
  const list = pieces.length === 1 ? pieces[0] : `${pieces.slice(0, -1).join(', ')} e ${pieces.at(-1)}`;
  return `Não foi possível gerar um novo pagamento: ${pieces.length === 1 ? 'esta peça não está mais disponível' : 'estas peças não estão mais disponíveis'}: ${list}. Faça um novo pedido com as peças disponíveis.`;
}

/** When an order's charge may be renewed (ISO instants): from `from` (inclusive) until `until`. */
export const paymentRenewalWindowSchema = z.object({
  from: z.iso.datetime({ offset: true }),
  until: z.iso.datetime({ offset: true }),
  /** New charges the order got so far. */
  renewals: z.number().int().min(0),
});
export type PaymentRenewalWindow = z.infer<typeof paymentRenewalWindowSchema>;

/** `GET /api/admin/recovery` query: the last `days` days up to now (default 30). */
export const recoveryReportQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'Período inválido' })
    .int({ error: 'Período inválido' })
    .min(1, 'O período deve ter ao menos 1 dia')
    .max(366, 'O período deve ter no máximo 366 dias')
    .default(30),
});
export type RecoveryReportQuery = z.input<typeof recoveryReportQuerySchema>;

const count = z.number().int().min(0);

/**
 * What recovery did over a period (`GET /api/admin/recovery`), the dashboard card 'Recuperação':
 * - `messagesSent`: cart reminders e-mailed, payment reminders e-mailed and sent on WhatsApp
 *   (the 'recovery' template, counted once WhatsApp accepted it), `total` their sum;
 * - `cartsRecovered`: reminders whose link led to an order placed in the period that is paid and
 *   not cancelled since;
 * - `ordersRecovered`: PIX and boleto orders given a new charge ('Gerar novo PIX') or a payment
 *   reminder in the period and paid after it, not cancelled since;
 * - `revenueRecoveredCents`: those orders' totals (each order once) net of what was refunded or
 *   returned as store credit, BRL cents; an order cancelled later counts nothing.
 */
export const recoveryReportSchema = z.object({
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  messagesSent: z.object({ cartEmails: count, paymentEmails: count, paymentWhatsApp: count, total: count }),
  cartsRecovered: count,
  ordersRecovered: count,
  revenueRecoveredCents: count,
});
export type RecoveryReport = z.infer<typeof recoveryReportSchema>;

/**
 * The owner's recovery settings (`GET`/`PUT /api/admin/settings/recovery`), stored in the store's
 * settings row: cart reminders on/off and their two delays (whole hours since the cart's last
 * change), the days after an expired PIX or boleto when 'Gerar novo PIX' is still offered, and the
 * days after delivery when the review request is e-mailed.
 */
export const recoverySettingsSchema = z
  .object({
    cartRemindersEnabled: z.boolean({ error: 'Informe se os lembretes de carrinho estão ativos' }),
    cartFirstReminderHours: z
      .number({ error: 'Informe o prazo do primeiro lembrete' })
      .int('Use horas inteiras')
      .min(1, 'O primeiro lembrete sai após no mínimo 1 hora')
      .max(168, 'O primeiro lembrete sai em no máximo 168 horas (7 dias)'),
    cartSecondReminderHours: z
      .number({ error: 'Informe o prazo do segundo lembrete' })
      .int('Use horas inteiras')
      .min(2, 'O segundo lembrete sai após no mínimo 2 horas')
      .max(336, 'O segundo lembrete sai em no máximo 336 horas (14 dias)'),
    paymentRenewalWindowDays: z
      .number({ error: 'Informe o prazo para gerar um novo PIX ou boleto' })
      .int('Use dias inteiros')
      .min(1, 'O novo PIX ou boleto fica disponível por no mínimo 1 dia')
      .max(30, 'O novo PIX ou boleto fica disponível por no máximo 30 dias'),
    reviewRequestDelayDays: z
      .number({ error: 'Informe o prazo do pedido de avaliação' })
      .int('Use dias inteiros')
      .min(1, 'O pedido de avaliação sai no mínimo 1 dia após a entrega')
      .max(90, 'O pedido de avaliação sai no máximo 90 dias após a entrega'),
  })
  .refine((value) => value.cartSecondReminderHours > value.cartFirstReminderHours, { error: 'O segundo lembrete deve sair depois do primeiro', path: ['cartSecondReminderHours'] });
export type RecoverySettings = z.infer<typeof recoverySettingsSchema>;

/** The settings a store starts with: cart reminders on after 1 h and 24 h, a new PIX for 7 days, the review request 8 days after delivery. */
export const DEFAULT_RECOVERY_SETTINGS: RecoverySettings = { cartRemindersEnabled: true, cartFirstReminderHours: 1, cartSecondReminderHours: 24, paymentRenewalWindowDays: 7, reviewRequestDelayDays: 8 };

const wholeNumber = (message: string) => z.string().trim().regex(/^\d{1,4}$/, message);

/** The panel's form of {@link recoverySettingsSchema}: the numbers as typed, checked by the same schema. */
export const recoverySettingsFormSchema = z
  .object({
    cartRemindersEnabled: z.boolean(),
    cartFirstReminderHours: wholeNumber('Informe horas inteiras'),
    cartSecondReminderHours: wholeNumber('Informe horas inteiras'),
    paymentRenewalWindowDays: wholeNumber('Informe dias inteiros'),
    reviewRequestDelayDays: wholeNumber('Informe dias inteiros'),
  })
  .transform((value) => ({
    cartRemindersEnabled: value.cartRemindersEnabled,
    cartFirstReminderHours: Number(value.cartFirstReminderHours),
    cartSecondReminderHours: Number(value.cartSecondReminderHours),
    paymentRenewalWindowDays: Number(value.paymentRenewalWindowDays),
    reviewRequestDelayDays: Number(value.reviewRequestDelayDays),
  }))
  .pipe(recoverySettingsSchema);
