/**
 * Gifts: the order's gift wrap ('Embalagem para presente', a priced option the store turns on and
 * prices in the panel), its gift message (printed on the packing slip, never on the NF-e), its gift
 * receipt (a document without prices) and a product's engraving ('Gravação': a text per cart line,
 * with a character limit, a price per piece and extra production days, set per product).
 *
 * The browser sends only choices (wrap yes/no, the message, the receipt, each line's engraving
 * text); the service prices them (contracts `priceOrder`). Money in BRL cents.
 */
import { z } from 'zod';
import { ENGRAVING_MAX_CHARS_LIMIT, GIFT_TEXT_MESSAGE as TEXT_MESSAGE, GIFT_TEXT_PATTERN, normaliseEngraving } from './engraving-text.ts';

export { ENGRAVING_MAX_CHARS_LIMIT, GIFT_TEXT_PATTERN, engravingTextSchema, normaliseEngraving } from './engraving-text.ts';

/** The wrap's name on the order, the e-mails, the NF-e and the packing list. */
export const GIFT_WRAP_LABEL = 'Embalagem para presente';
/** The engraving's name on the product page, the order and the NF-e. */
export const ENGRAVING_LABEL = 'Gravação';

/** Most characters of a gift message. */
export const GIFT_MESSAGE_MAX = 300;
/** Same as a gift text (engraving-text.ts), which may also break lines. */
const MESSAGE_PATTERN = /^[\p{L}\p{M}\p{N} .,!?'"&:;()\n-]*$/u;

/** The problem with `text` engraved on a product allowing `maxChars`, in pt-BR; null when fine. */
export function engravingProblem(text: string, maxChars: number): string | null {
  const value = normaliseEngraving(text);
  if (!value) return 'Digite o texto da gravação';
  if (!GIFT_TEXT_PATTERN.test(value)) return `Texto da gravação inválido. ${TEXT_MESSAGE}`;
  if ([...value].length > maxChars) return `A gravação aceita no máximo ${maxChars} caracteres`;
  return null;
}

/** The order's gift choices (`POST /api/orders` `gift`). */
export const giftChoicesSchema = z.object({
  /** 'Embalagem para presente' (priced by the store; refused when the store has it off). */
  wrap: z.boolean({ error: 'Opção de embalagem inválida' }).default(false),
  /** Printed on the packing slip; empty: none. */
  message: z
    .string({ error: 'Mensagem inválida' })
    .transform((text) => text.normalize('NFC').replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().max(GIFT_MESSAGE_MAX, `A mensagem aceita no máximo ${GIFT_MESSAGE_MAX} caracteres`).regex(MESSAGE_PATTERN, `Mensagem inválida. ${TEXT_MESSAGE}`))
    .default(''),
  /** 'Incluir recibo de presente (sem preços)'. */
  receipt: z.boolean({ error: 'Opção de recibo inválida' }).default(false),
});
export type GiftChoices = z.infer<typeof giftChoicesSchema>;

/** A product's engraving as the panel sets it and the store shows it. */
export const engravingSettingsSchema = z.object({
  enabled: z.boolean({ error: 'Informe se o produto aceita gravação' }),
  /** Price per engraved piece, BRL cents. */
  priceCents: z.number({ error: 'Preço da gravação inválido' }).int('Preço da gravação inválido').min(0, 'Preço da gravação inválido').max(100_000, 'Preço da gravação inválido'),
  maxChars: z.number({ error: 'Limite de caracteres inválido' }).int('Limite de caracteres inválido').min(1, 'Limite de caracteres inválido').max(ENGRAVING_MAX_CHARS_LIMIT, `No máximo ${ENGRAVING_MAX_CHARS_LIMIT} caracteres`),
  /** Business days the engraving adds before the piece ships. */
  extraDays: z.number({ error: 'Prazo de produção inválido' }).int('Prazo de produção inválido').min(0, 'Prazo de produção inválido').max(30, 'No máximo 30 dias úteis'),
});
export type EngravingSettings = z.infer<typeof engravingSettingsSchema>;

/** A product without engraving. */
export const NO_ENGRAVING: EngravingSettings = { enabled: false, priceCents: 0, maxChars: 20, extraDays: 0 };

/** The store's gift wrap (`GET`/`PUT /api/admin/settings/gift-wrap`, and in `GET /api/store-offers`). */
export const giftWrapSettingSchema = z.object({
  enabled: z.boolean({ error: 'Informe se a embalagem está disponível' }),
  priceCents: z.number({ error: 'Preço da embalagem inválido' }).int('Preço da embalagem inválido').min(0, 'Preço da embalagem inválido').max(100_000, 'Preço da embalagem inválido'),
});
export type GiftWrapSetting = z.infer<typeof giftWrapSettingSchema>;

/** A fresh store's wrap: R$ 9,90, available. */
export const DEFAULT_GIFT_WRAP: GiftWrapSetting = { enabled: true, priceCents: 990 };

/** The order's gift details as the buyer, the staff and the documents see them. */
export const orderGiftSchema = z.object({
  wrap: z.boolean(),
  wrapCents: z.number().int().nonnegative(),
  message: z.string().nullable(),
  receipt: z.boolean(),
});
export type OrderGift = z.infer<typeof orderGiftSchema>;

/** An order line's engraving: its text and price per piece, BRL cents. */
export const orderItemEngravingSchema = z.object({ text: z.string(), unitCents: z.number().int().nonnegative() });

/** '+3 dias úteis de produção' (1: 'dia útil'). */
export function productionDaysText(days: number): string {
  return `+${days} ${days === 1 ? 'dia útil' : 'dias úteis'} de produção`;
}

/** The production days of engraved lines: the longest (pieces are engraved in parallel). */
export function productionDays(lines: readonly { engraved: boolean; extraDays: number }[]): number {
  return lines.reduce((most, line) => (line.engraved ? Math.max(most, line.extraDays) : most), 0);
}

/** The printable documents of an order: its packing list (with the gift message) and its gift receipt (no prices). */
export const ORDER_DOCUMENT_KINDS = ['packing-list', 'gift-receipt'] as const;
export type OrderDocumentKind = (typeof ORDER_DOCUMENT_KINDS)[number];

/**
 * `GET /api/admin/orders/:id/documents` (admin): signed links (15 minutes) to the order's packing
 * list and, when the shopper asked for one, its gift receipt; a plain link the browser opens.
 */
export const orderDocumentsSchema = z.object({
  packingListUrl: z.string(),
  /** Null when the shopper did not ask for a gift receipt. */
  giftReceiptUrl: z.string().nullable(),
});
export type OrderDocuments = z.infer<typeof orderDocumentsSchema>;

/** Delivery options with `days` of production added to their business days (the engraving's), for the estimates shown. */
export function withProductionDays<T extends { minDays: number; maxDays: number }>(options: readonly T[], days: number): T[] {
  return options.map((option) => ({ ...option, minDays: option.minDays + days, maxDays: option.maxDays + days }));
}
