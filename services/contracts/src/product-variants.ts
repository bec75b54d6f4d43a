/**
 * A product's options and variants: the option names and their values, a variant as the API
 * returns it and as the admin sends it, its label, and the rules between options and variants
 * that the product body ({@link checkVariants}, catalogue.ts `productInputSchema`) enforces.
 */
import { z } from 'zod';

/** Option names a product may have: ring size, chain length, plating. */
export const PRODUCT_OPTION_NAMES = ['Aro', 'Comprimento', 'Banho'] as const;
export const productOptionNameSchema = z.enum(PRODUCT_OPTION_NAMES, { error: 'Opção inválida' });
export type ProductOptionName = z.infer<typeof productOptionNameSchema>;
/** At most this many options per product, and values per option. */
export const PRODUCT_OPTIONS_MAX = 3;
export const PRODUCT_OPTION_VALUES_MAX = 30;

/** One option of a product, its values in display order (e.g. `{ name: 'Aro', values: ['14', '16'] }`). */
export const productOptionSchema = z.object({
  name: productOptionNameSchema,
  values: z
    .array(z.string().trim().min(1, 'Valor de opção vazio').max(40, 'Valor de opção muito longo'))
    .min(1, 'Informe ao menos um valor para a opção')
    .max(PRODUCT_OPTION_VALUES_MAX, `No máximo ${PRODUCT_OPTION_VALUES_MAX} valores por opção`)
    .refine((values) => new Set(values).size === values.length, 'Valor de opção repetido'),
});
export type ProductOption = z.infer<typeof productOptionSchema>;

/** A variant's combination: one value per option of its product, by option name. */
export const variantOptionsSchema = z.partialRecord(productOptionNameSchema, z.string().trim().min(1).max(40));
export type VariantOptions = z.infer<typeof variantOptionsSchema>;

/**
 * A variant as the API returns it: `priceCents` is effective (its own price or the product's),
 * `available` = stock minus active reservations of this variant.
 */
export const productVariantSchema = z.object({
  id: z.uuid(),
  sku: z.string(),
  options: variantOptionsSchema,
  priceCents: z.number().int().nonnegative(),
  stock: z.number().int().nonnegative(),
  available: z.number().int().nonnegative(),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

/**
 * The highest price a product or variant can have: R$ 1.000.000,00 (BRL cents). Far above any
 * piece the store sells, and below PostgreSQL's `integer` columns that hold prices and totals.
 */
export const MAX_PRICE_CENTS = 100_000_000;
/** The most units a product or variant can have in stock (PostgreSQL `integer` columns). */
export const MAX_STOCK = 1_000_000;
/** Stock as the admin's forms send it: a whole number from 0 to {@link MAX_STOCK}. */
export const stockInputSchema = z.number().int('Estoque inválido').nonnegative('Estoque inválido').max(MAX_STOCK, 'Estoque inválido');
/** A price as the admin's forms send it, in BRL cents: above zero, at most {@link MAX_PRICE_CENTS}. */
export const priceInputSchema = z
  .number()
  .int('Preço inválido')
  .positive('O preço deve ser maior que zero')
  .max(MAX_PRICE_CENTS, 'O preço deve ser no máximo R$ 1.000.000,00');

/** A variant in the admin's create/update body; `id` names an existing variant to update. */
export const productVariantInputSchema = z.object({
  id: z.uuid({ error: 'Variante inválida' }).optional(),
  sku: z.string().trim().min(1, 'SKU é obrigatório').max(60, 'SKU muito longo'),
  options: variantOptionsSchema,
  stock: stockInputSchema,
  priceCents: priceInputSchema.nullable().default(null),
});
export type ProductVariantInput = z.input<typeof productVariantInputSchema>;

/**
 * A variant's label: its values in the product's option order, `${name} ${value}` joined with
 * ' · ' (e.g. 'Aro 16', 'Comprimento 45 cm · Banho Ouro'). Options missing from `options` are skipped.
 */
export function variantLabel(options: Readonly<Record<string, string | undefined>>, order: readonly Pick<ProductOption, 'name'>[]): string {
  return order
    .filter((option) => options[option.name] !== undefined)
    .map((option) => `${option.name} ${options[option.name]}`)
    .join(' · ');
}

/** The key of a variant's combination (values in option order), to find repeated combinations. */
function combinationKey(options: Readonly<Record<string, string | undefined>>, order: readonly ProductOption[]): string {
  return JSON.stringify(order.map((option) => options[option.name] ?? null));
}

/**
 * The rules between a product's options and variants: options non-empty <=> variants
 * non-empty; distinct option names; every variant names exactly the product's options with one of
 * their values; no combination or SKU twice. Issues carry pt-BR messages and their paths.
 */
export function checkVariants(data: { options: ProductOption[]; variants: { id?: string | undefined; sku: string; options: VariantOptions }[] }, ctx: z.RefinementCtx): void {
  const { options, variants } = data;
  if (new Set(options.map((option) => option.name)).size !== options.length) {
    ctx.addIssue({ code: 'custom', path: ['options'], message: 'Opção repetida' });
    return;
  }
  if (options.length > 0 && variants.length === 0) ctx.addIssue({ code: 'custom', path: ['variants'], message: 'Cadastre ao menos uma variante para as opções' });
  if (options.length === 0 && variants.length > 0) ctx.addIssue({ code: 'custom', path: ['variants'], message: 'Variantes exigem ao menos uma opção' });
  if (options.length === 0) return;
  const skus = new Set<string>();
  const combinations = new Set<string>();
  const ids = new Set<string>();
  variants.forEach((variant, index) => {
    if (variant.id !== undefined) {
      if (ids.has(variant.id)) ctx.addIssue({ code: 'custom', path: ['variants', index, 'id'], message: 'Variante repetida' });
      ids.add(variant.id);
    }
    const names = Object.keys(variant.options);
    const complete = names.length === options.length && options.every((option) => option.values.includes(variant.options[option.name] ?? '\u0000'));
    if (!complete) {
      ctx.addIssue({ code: 'custom', path: ['variants', index, 'options'], message: 'Cada variante precisa de um valor para cada opção' });
      return;
    }
    const sku = variant.sku.toLowerCase();
    if (skus.has(sku)) ctx.addIssue({ code: 'custom', path: ['variants', index, 'sku'], message: 'SKU duplicado' });
    skus.add(sku);
    const key = combinationKey(variant.options, options);
    if (combinations.has(key)) ctx.addIssue({ code: 'custom', path: ['variants', index, 'options'], message: 'Combinação de opções repetida' });
    combinations.add(key);
  });
}
