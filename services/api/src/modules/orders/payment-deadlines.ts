/**
 * The deadlines of a new unpaid order, by payment method (instants; a boleto's due date is a São
 * Paulo calendar date, `YYYY-MM-DD`):
 * - PIX: the code is payable for PIX_EXPIRY_MS (30 min); the order expires PIX_EXPIRY_GRACE_MS
 *   later, after asking the acquirer (a payment made at minute 29 may be notified at minute 31);
 * - boleto: due in BOLETO_BUSINESS_DAYS business days (holidays skipped), but its units are held
 *   only until the end of `boletoHoldBusinessDays` (config `orderLimits`): the boleto itself stays
 *   payable until its due date, a later payment becomes the staff's paid-after-expiry alert;
 * - card: the order expires CARD_ANSWER_TIMEOUT_MS after placing when the acquirer never answered;
 * - 'mercadopago-credits' (Linha de Crédito): like a card without an answer, CARD_ANSWER_TIMEOUT_MS
 *   (the acquirer's checkout expires then too), so its units are not held for a shopper who left;
 * - paid whole by store credit: none.
 * The expiry job (payment-reconciliation.service.ts `expireOverdue`) reads `expiresAt`.
 */
import { BOLETO_BUSINESS_DAYS, PIX_EXPIRY_MS, type PaymentMethod } from '@prata/contracts';
import { addBusinessDays, endOfSaoPauloDay } from '../payments/index.ts';

/** A card order without the acquirer's answer expires after this long (after asking it), ms. */
export const CARD_ANSWER_TIMEOUT_MS = 15 * 60_000;
/** A PIX order is checked with the acquirer this long after its code expired, ms. */
export const PIX_EXPIRY_GRACE_MS = 2 * 60_000;

/** The order's `pixExpiresAt`, `boletoDueDate` and `expiresAt` for `method`, placed at `now`. */
export function paymentDeadlines(
  method: PaymentMethod,
  paidByCredit: boolean,
  now: Date,
  boletoHoldBusinessDays: number,
): { pixExpiresAt: Date | null; boletoDueDate: string | null; expiresAt: Date | null } {
  const boletoDueDate = method === 'boleto' ? addBusinessDays(now, BOLETO_BUSINESS_DAYS) : null;
  // An unpaid boleto holds its units only until the end of the hold; the boleto itself stays payable until its due date.
  const boletoHoldEnds = method === 'boleto' ? endOfSaoPauloDay(addBusinessDays(now, boletoHoldBusinessDays)) : null;
  return {
    pixExpiresAt: method === 'pix' && !paidByCredit ? new Date(now.getTime() + PIX_EXPIRY_MS) : null,
    boletoDueDate: paidByCredit ? null : boletoDueDate,
    expiresAt: paidByCredit
      ? null
      : method === 'pix'
        ? new Date(now.getTime() + PIX_EXPIRY_MS + PIX_EXPIRY_GRACE_MS)
        : boletoHoldEnds
          ? boletoHoldEnds
          : new Date(now.getTime() + CARD_ANSWER_TIMEOUT_MS),
  };
}
