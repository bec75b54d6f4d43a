/**
 * Returns and exchanges contracts (Código de Defesa do
 * Consumidor art. 49, Decreto 7.962/2013): the shopper's request from the order page
 * (`POST /api/orders/:id/returns`), what the order page shows (`GET /api/orders/:id/returns`),
 * the owner's list and actions (`/api/admin/returns`), and the store-credit ledger shown on the
 * shopper's account page (`GET /api/me/store-credit`). Amounts in BRL cents, instants ISO 8601.
 *
 * Status: requested -> approved (at once within the withdrawal right) | rejected;
 * approved -> received (units back in stock) -> refunded | credited (kind `return`, or an
 * exchange the store cannot fulfil) or exchanged (kind `exchange`: the replacement units leave
 * stock then).
 *
 * An exchange line names its replacement: another option (variant) of the same product, e.g.
 * another ring size (`replacementVariantId`); without it, the same piece again.
 */
import { z } from 'zod';

/** The withdrawal right (CDC art. 49): calendar days after delivery, in São Paulo, during which a return is accepted at once. */
export const WITHDRAWAL_DAYS = 7;

export const RETURN_KINDS = ['return', 'exchange'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];
export const RETURN_KIND_LABELS: Readonly<Record<ReturnKind, string>> = { return: 'Devolução', exchange: 'Troca' };

export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'refunded', 'credited', 'exchanged'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_STATUS_LABELS: Readonly<Record<ReturnStatus, string>> = {
  requested: 'Em análise',
  approved: 'Aprovada: envie as peças',
  rejected: 'Recusada',
  received: 'Peças recebidas',
  refunded: 'Reembolsada',
  credited: 'Crédito na loja',
  exchanged: 'Troca concluída',
};

/** The owner's actions on a request (`POST /api/admin/returns/:id/<action>`). */
export const RETURN_ACTIONS = ['approve', 'reject', 'receive', 'refund', 'credit', 'exchange'] as const;
export type ReturnAction = (typeof RETURN_ACTIONS)[number];

/** Longest reason a shopper may write, and the shortest. */
export const RETURN_REASON_MAX = 500;
export const RETURN_REASON_MIN = 5;

/** One line of a request: an order line and how many of its units. */
export const returnLineInputSchema = z.object({
  orderItemId: z.uuid({ error: 'Item inválido' }),
  quantity: z.number({ error: 'Quantidade inválida' }).int('Quantidade inválida').min(0, 'Quantidade inválida').max(1000, 'Quantidade inválida'),
  /**
   * An exchange's replacement: one of `returnable[].options` (a variant of the same product).
   * Absent or null: the same piece (the line's own variant). Ignored on a return.
   */
  replacementVariantId: z.uuid({ error: 'Opção de troca inválida' }).nullable().optional(),
});

/**
 * Body of `POST /api/orders/:id/returns`. Lines with quantity 0 are dropped (the form lists every
 * item); at least one unit must remain, each order line at most once.
 */
export const createReturnSchema = z.object({
  kind: z.enum(RETURN_KINDS, { error: 'Escolha devolução ou troca' }),
  reason: z
    .string({ error: 'Conte o motivo' })
    .trim()
    .min(RETURN_REASON_MIN, `Conte o motivo (ao menos ${RETURN_REASON_MIN} letras)`)
    .max(RETURN_REASON_MAX, `Motivo muito longo (até ${RETURN_REASON_MAX} letras)`),
  lines: z
    .array(returnLineInputSchema, { error: 'Escolha as peças' })
    .max(100, 'Itens demais')
    .transform((lines) => lines.filter((line) => line.quantity > 0))
    .refine((lines) => lines.length > 0, 'Escolha ao menos uma peça')
    .refine((lines) => new Set(lines.map((line) => line.orderItemId)).size === lines.length, 'Cada peça aparece uma vez só'),
});
export type CreateReturnInput = z.input<typeof createReturnSchema>;

/** Body of `POST /api/admin/returns/:id/reject`: why, shown to the shopper. */
export const rejectReturnSchema = z.object({
  note: z.string({ error: 'Informe o motivo da recusa' }).trim().min(1, 'Informe o motivo da recusa').max(300, 'Motivo muito longo'),
});
export type RejectReturnInput = z.infer<typeof rejectReturnSchema>;

/** Path parameter of a request. */
export const returnParamsSchema = z.object({ id: z.uuid({ error: 'Solicitação não encontrada' }) });

/** One line of a request as stored: the order line, units and the amount they give back (their share of what was paid). */
export const returnLineSchema = z.object({
  orderItemId: z.uuid(),
  productName: z.string(),
  variantLabel: z.string().nullable(),
  quantity: z.number().int(),
  amountCents: z.number().int(),
  /** An exchange line's replacement: the option sent instead (e.g. 'Aro 16'); null: the same piece, or a return. */
  replacementLabel: z.string().nullable(),
});

/**
 * A request line as the shopper's and the owner's pages write it: '1× Anel Solitário (Aro 16)', or
 * with the option an exchange sends instead, '1× Anel Solitário (Aro 18 → Aro 16)'.
 */
export function returnLineText({ quantity, productName, variantLabel, replacementLabel }: z.infer<typeof returnLineSchema>): string {
  const piece = `${quantity}× ${productName}`;
  if (!replacementLabel || replacementLabel === variantLabel) return variantLabel ? `${piece} (${variantLabel})` : piece;
  return variantLabel ? `${piece} (${variantLabel} → ${replacementLabel})` : `${piece} → ${replacementLabel}`;
}

/** A return or exchange request. `amountCents` = lines (engraving with its piece) + `shippingCents` + `giftWrapCents` (freight and wrap, only for everything returned within the right). */
export const returnRequestSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  orderNumber: z.string(),
  kind: z.enum(RETURN_KINDS),
  status: z.enum(RETURN_STATUSES),
  reason: z.string(),
  /** Asked within the 7-day withdrawal right (approved at once). */
  withinWithdrawal: z.boolean(),
  lines: z.array(returnLineSchema),
  shippingCents: z.number().int(),
  /** The gift wrap given back (with the whole order, within the right, like the freight); 0 otherwise. */
  giftWrapCents: z.number().int().optional(),
  amountCents: z.number().int(),
  /** Money given back through the acquirer, or as store credit; null until then. */
  refundedCents: z.number().int().nullable(),
  creditedCents: z.number().int().nullable(),
  /** The owner's note on a refusal (or on a manual refund). */
  note: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

/** `GET /api/orders/:id/returns`: the window, what can still be returned per order line, and the requests, newest first. */
export const orderReturnsSchema = z.object({
  /** The end of the withdrawal right (null: not delivered). */
  withdrawalUntil: z.iso.datetime({ offset: true }).nullable(),
  /** Whether a request can be made now (delivered, and units left). */
  open: z.boolean(),
  /** Every order line: what was bought and how many units can still be asked (bought minus those in requests not refused). */
  returnable: z.array(
    z.object({
      orderItemId: z.uuid(),
      productName: z.string(),
      variantLabel: z.string().nullable(),
      /** The option bought (null: a product without options). */
      variantId: z.uuid().nullable(),
      bought: z.number().int(),
      quantity: z.number().int(),
      /** What an exchange may send instead: the product's options today (empty: the same piece only). */
      options: z.array(z.object({ variantId: z.uuid(), label: z.string() })),
    }),
  ),
  requests: z.array(returnRequestSchema),
});
export type OrderReturns = z.infer<typeof orderReturnsSchema>;

/** `GET /api/admin/returns?status&orderId`. */
export const adminReturnQuerySchema = z.object({
  status: z.enum(RETURN_STATUSES, { error: 'Status inválido' }).optional(),
  orderId: z.uuid({ error: 'Pedido inválido' }).optional(),
});
export type AdminReturnQuery = z.infer<typeof adminReturnQuerySchema>;

/** A request as the owner lists it: with the buyer. */
export const adminReturnSchema = returnRequestSchema.extend({ customerName: z.string(), customerEmail: z.string() });
export type AdminReturn = z.infer<typeof adminReturnSchema>;
export const adminReturnListSchema = z.array(adminReturnSchema);

/** One store-credit movement: positive when given (a return credited), negative when spent. */
export const storeCreditEntrySchema = z.object({
  id: z.uuid(),
  amountCents: z.number().int(),
  reason: z.string(),
  returnId: z.uuid().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});

/** `GET /api/me/store-credit`: the balance and the newest movements. */
export const storeCreditSchema = z.object({ balanceCents: z.number().int(), entries: z.array(storeCreditEntrySchema) });
export type StoreCredit = z.infer<typeof storeCreditSchema>;
