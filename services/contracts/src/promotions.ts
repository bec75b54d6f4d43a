/**
 * Coupon contracts: the coupon an admin creates and edits (`POST` /
 * `PATCH /api/admin/coupons`), the coupon as the panel lists it (with its uses and status), the
 * shopper's check (`POST /api/coupons/check`) and one pt-BR message per refusal, shared by the
 * service (which refuses) and the cart and checkout (which show the message).
 */
import { z } from 'zod';
import { formatBRL } from './money.ts';
import { optionalReaisInputSchema } from './money-input.ts';
import { decimalToCents } from './orders.ts';

/** What a coupon gives: a percentage of the goods, a fixed amount off the goods, or free shipping. */
export const COUPON_KINDS = ['percent', 'fixed', 'free_shipping'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
/** Each kind as the panel names it. */
export const COUPON_KIND_LABELS: Readonly<Record<CouponKind, string>> = { percent: 'Percentual', fixed: 'Valor fixo', free_shipping: 'Frete grátis' };

/**
 * A coupon's status at an instant: `paused` by an admin, `scheduled` before `startsAt`, `expired`
 * from `endsAt`, `exhausted` when its total uses reached `maxUses`, else `active` (in that order).
 */
export const COUPON_STATUSES = ['active', 'paused', 'expired', 'scheduled', 'exhausted'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];
export const COUPON_STATUS_LABELS: Readonly<Record<CouponStatus, string>> = { active: 'Ativo', paused: 'Pausado', expired: 'Expirado', scheduled: 'Agendado', exhausted: 'Esgotado' };

/** Largest percentage a coupon may give. */
export const COUPON_MAX_PERCENT = 90;

/**
 * Why a coupon is refused, each with its pt-BR message (the minimum order's names the amount:
 * `couponMinOrderMessage`). `coupon_exhausted` and `coupon_already_used` answer 409 (the state
 * changed under the shopper, e.g. another shopper took the last use), the others 422.
 */
export const COUPON_REFUSALS = {
  coupon_not_found: 'Cupom não encontrado',
  coupon_paused: 'Cupom pausado',
  coupon_not_started: 'Cupom ainda não está válido',
  coupon_expired: 'Cupom expirado',
  coupon_exhausted: 'Cupom esgotado',
  coupon_already_used: 'Você já usou este cupom',
  coupon_first_purchase: 'Cupom válido só para a primeira compra',
  coupon_min_order: 'Pedido mínimo para este cupom',
} as const;
export type CouponRefusal = keyof typeof COUPON_REFUSALS;

/** The refusal of an order under the coupon's minimum, e.g. 'Pedido mínimo de R$ 150,00 para este cupom'. */
export function couponMinOrderMessage(minOrderCents: number): string {
  return `Pedido mínimo de ${formatBRL(minOrderCents)} para este cupom`;
}

/** A coupon code as typed: trimmed and upper-cased, 3 to 30 letters A-Z, digits or hyphens. */
export const couponCodeSchema = z
  .string({ error: 'Informe o código do cupom' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{3,30}$/, 'Código inválido: use de 3 a 30 letras (sem acento), números ou hífen');

const optionalCount = (message: string) => z.number({ error: message }).int(message).min(1, message).max(1_000_000, message).nullable();
const instant = z.iso.datetime({ offset: true, error: 'Data inválida' }).nullable();

/** The coupon's fields without the rules across fields (the PATCH body is a part of it). */
export const couponFieldsSchema = z.object({
  code: couponCodeSchema,
  kind: z.enum(COUPON_KINDS, { error: 'Tipo de cupom inválido' }),
  /** Percent: 1..90; fixed: BRL cents > 0; free shipping: null. */
  value: z.number({ error: 'Valor inválido' }).int('Valor inválido').positive('Valor inválido').max(100_000_00, 'Valor muito alto').nullable(),
  /** Smallest goods subtotal (BRL cents) the coupon accepts; null: any. */
  minOrderCents: z.number({ error: 'Valor inválido' }).int('Valor inválido').positive('Valor inválido').max(100_000_00, 'Valor muito alto').nullable(),
  /** Valid from (inclusive) / until (exclusive), ISO 8601 with offset; null: unbounded. */
  startsAt: instant,
  endsAt: instant,
  /** Uses in all (null: unlimited) and per account (null: unlimited). */
  maxUses: optionalCount('Limite de usos inválido'),
  maxUsesPerCustomer: optionalCount('Limite por cliente inválido'),
  firstPurchaseOnly: z.boolean({ error: 'Valor inválido' }),
});

type CouponFields = z.infer<typeof couponFieldsSchema>;

/** The rules across fields: the value fits the kind, and the window ends after it starts. */
function checkCouponRules(coupon: CouponFields, ctx: z.RefinementCtx): void {
  if (coupon.kind === 'free_shipping' && coupon.value !== null) ctx.addIssue({ code: 'custom', message: 'Frete grátis não leva valor', path: ['value'] });
  if (coupon.kind !== 'free_shipping' && coupon.value === null) ctx.addIssue({ code: 'custom', message: 'Informe o valor do desconto', path: ['value'] });
  if (coupon.kind === 'percent' && coupon.value !== null && coupon.value > COUPON_MAX_PERCENT) ctx.addIssue({ code: 'custom', message: `O percentual vai de 1 a ${COUPON_MAX_PERCENT}%`, path: ['value'] });
  if (coupon.startsAt && coupon.endsAt && Date.parse(coupon.endsAt) <= Date.parse(coupon.startsAt)) ctx.addIssue({ code: 'custom', message: 'O fim da validade deve ser depois do início', path: ['endsAt'] });
}

/** Body of `POST /api/admin/coupons`, and a coupon after a PATCH is merged into it. */
export const couponInputSchema = couponFieldsSchema.superRefine(checkCouponRules);
export type CouponInput = z.infer<typeof couponInputSchema>;

/** Body of `PATCH /api/admin/coupons/:id`: any of the fields (checked again merged with the stored ones) and `paused`. */
export const couponPatchSchema = couponFieldsSchema.partial().extend({ paused: z.boolean({ error: 'Valor inválido' }).optional() });
export type CouponPatch = z.infer<typeof couponPatchSchema>;

/** Path parameter of `PATCH /api/admin/coupons/:id`. */
export const couponParamsSchema = z.object({ id: z.uuid({ error: 'Cupom não encontrado' }) });

/** A coupon as the panel lists it: its fields, `paused`, its status now, uses and the discount given in BRL cents. */
export const couponSchema = couponFieldsSchema.extend({
  id: z.uuid(),
  paused: z.boolean(),
  status: z.enum(COUPON_STATUSES),
  usedCount: z.number().int().nonnegative(),
  discountTotalCents: z.number().int().nonnegative(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Coupon = z.infer<typeof couponSchema>;
export const couponListSchema = z.array(couponSchema);

/** Body of `POST /api/coupons/check`: the code and the cart's goods and shipping, in BRL cents. */
export const couponCheckRequestSchema = z.object({
  code: z.string({ error: 'Informe o código do cupom' }).trim().toUpperCase().min(1, 'Informe o código do cupom').max(30, COUPON_REFUSALS.coupon_not_found),
  subtotalCents: z.number({ error: 'Valor inválido' }).int('Valor inválido').nonnegative('Valor inválido').max(100_000_000, 'Valor inválido'),
  shippingCents: z.number({ error: 'Valor inválido' }).int('Valor inválido').nonnegative('Valor inválido').max(10_000_000, 'Valor inválido'),
});
export type CouponCheckRequest = z.infer<typeof couponCheckRequestSchema>;

/** The answer of a valid coupon: the discount in BRL cents (the shipping's, for free shipping) and a pt-BR line for the cart. */
export const couponCheckSchema = z.object({
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  discountCents: z.number().int().nonnegative(),
  freeShipping: z.boolean(),
  message: z.string(),
});
export type CouponCheck = z.infer<typeof couponCheckSchema>;

/** The line a valid coupon shows, e.g. 'Cupom PRATA10 aplicado: 10% de desconto'. */
export function couponAppliedMessage(coupon: { code: string; kind: CouponKind; value: number | null }): string {
  const what = coupon.kind === 'free_shipping' ? 'frete grátis' : coupon.kind === 'percent' ? `${coupon.value}% de desconto` : `${formatBRL(coupon.value ?? 0)} de desconto`;
  return `Cupom ${coupon.code} aplicado: ${what}`;
}

const optionalWhole = z
  .string()
  .trim()
  .regex(/^\d{0,7}$/, 'Informe um número inteiro')
  .transform((typed) => (typed === '' ? null : Number(typed)));
/** A `datetime-local` value ('2026-12-01T09:00', the browser's time zone), empty for none -> ISO 8601. */
const optionalLocalInstant = z
  .string()
  .trim()
  .refine((typed) => typed === '' || !Number.isNaN(new Date(typed).getTime()), 'Data inválida')
  .transform((typed) => (typed === '' ? null : new Date(typed).toISOString()));

/**
 * The panel's coupon form as typed (the fields named as the coupon's, so the shared schema's
 * messages land on them): the value in percent (whole) or reais by kind, the minimum order
 * (`minOrderCents`) in reais, the window as `datetime-local` values, the limits as whole numbers (empty: none).
 */
export const couponFormSchema = z
  .object({
    code: z.string(),
    kind: z.enum(COUPON_KINDS, { error: 'Tipo de cupom inválido' }),
    value: z.string().trim(),
    minOrderCents: optionalReaisInputSchema,
    startsAt: optionalLocalInstant,
    endsAt: optionalLocalInstant,
    maxUses: optionalWhole,
    maxUsesPerCustomer: optionalWhole,
    firstPurchaseOnly: z.boolean(),
  })
  .superRefine((form, ctx) => {
    const pattern = form.kind === 'percent' ? /^\d{1,2}$/ : /^\d{1,6}([.,]\d{1,2})?$/;
    if (form.kind !== 'free_shipping' && !pattern.test(form.value)) {
      ctx.addIssue({ code: 'custom', message: form.kind === 'percent' ? `Informe um percentual de 1 a ${COUPON_MAX_PERCENT}` : 'Informe um valor em reais, ex.: 19,90', path: ['value'] });
    }
  })
  .transform(({ value, kind, ...form }) => ({
    ...form,
    kind,
    value: kind === 'free_shipping' ? null : kind === 'percent' ? Number(value) : decimalToCents(value.replace(',', '.')),
  }))
  .pipe(couponInputSchema);

/** The shopper's coupon field in the cart as typed: the code, trimmed and upper-cased (`POST /api/coupons/check` says whether it applies). */
export const couponEntryFormSchema = z.object({ code: couponCheckRequestSchema.shape.code });
