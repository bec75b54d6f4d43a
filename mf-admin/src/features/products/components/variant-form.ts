/**
 * The product dialog's options and variants, as form values and their conversion to
 * the API body's `options` / `variants` (the shared `productInputSchema` checks them).
 *
 * - An option is a name (Aro, Comprimento, Banho) and its values typed in one field, separated by
 *   commas ('14, 16, 18').
 * - The variants grid has one row per combination of the options' values, in option order
 *   (`variantRows`): SKU, stock and an optional price. A row whose combination still exists is
 *   kept when the options change (its SKU, stock and price too); a new row starts with stock 0,
 *   no price of its own and a SKU made of the product's name and its values ('ANEL-SOLITARIO-16'),
 *   which follows the name until the admin edits it.
 */
import { PRODUCT_OPTION_NAMES, type Product, type ProductOption, type ProductOptionName, type ProductVariantInput, type VariantOptions } from '@prata/contracts';

/** One option in the form: its values as typed ('14, 16, 18'). */
export interface OptionFormValue {
  name: ProductOptionName;
  values: string;
}

/** One row of the variants grid. */
export interface VariantFormValue {
  /** The stored variant's id; null for a new row. (Not `id`: react-hook-form's field arrays use that key.) */
  variantId: string | null;
  /** The row's combination, one value per option. */
  options: VariantOptions;
  sku: string;
  /** True while the SKU is the generated one (it then follows the product's name). */
  autoSku: boolean;
  /** Units, as typed. */
  stock: string;
  /** The row's own price in reais as typed; blank: the product's price. */
  price: string;
}

/** The values of an option field: split on commas, trimmed, blanks dropped ('14, 16,,18 ' -> ['14', '16', '18']). */
export function parseOptionValues(typed: string): string[] {
  return typed
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value.length > 0);
}

/** The options of the API body from the form's (values parsed, in order). */
export function optionsInput(options: readonly OptionFormValue[]): ProductOption[] {
  return options.map((option) => ({ name: option.name, values: parseOptionValues(option.values) }));
}

/** Upper-case ASCII words joined by '-' ('Anel Solitário' -> 'ANEL-SOLITARIO'). */
function skuPart(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The SKU a new row starts with: the product's name and the row's values, at most 60 characters ('ANEL-SOLITARIO-16'). */
export function generatedSku(productName: string, options: VariantOptions, order: readonly Pick<ProductOption, 'name'>[]): string {
  const values = order.map((option) => skuPart(options[option.name] ?? '')).filter(Boolean);
  const suffix = values.join('-');
  const name = skuPart(productName).slice(0, Math.max(0, 59 - suffix.length)).replace(/-+$/, '') || 'SKU';
  return suffix ? `${name}-${suffix}`.slice(0, 60) : name;
}

/** Every combination of the options' values, in option order (options without values are skipped; none: no combination). */
export function combinations(options: readonly ProductOption[]): VariantOptions[] {
  const withValues = options.filter((option) => option.values.length > 0);
  if (withValues.length === 0) return [];
  return withValues.reduce<VariantOptions[]>(
    (rows, option) => rows.flatMap((row) => [...new Set(option.values)].map((value) => ({ ...row, [option.name]: value }))),
    [{}],
  );
}

/** A combination's identity (its values by option name, in a stable order). */
function combinationKey(options: VariantOptions): string {
  return JSON.stringify(PRODUCT_OPTION_NAMES.map((name) => options[name] ?? null));
}

/**
 * The grid's rows for the current options: one per combination, the existing row of a
 * combination kept as it is (a generated SKU renewed from `productName`), new rows with stock 0.
 */
export function variantRows(productName: string, options: readonly OptionFormValue[], current: readonly VariantFormValue[]): VariantFormValue[] {
  const parsed = optionsInput(options);
  const byKey = new Map(current.map((row) => [combinationKey(row.options), row]));
  return combinations(parsed).map((combination) => {
    const existing = byKey.get(combinationKey(combination));
    const sku = generatedSku(productName, combination, parsed);
    if (existing) return existing.autoSku && existing.sku !== sku ? { ...existing, sku } : existing;
    return { variantId: null, options: combination, sku, autoSku: true, stock: '0', price: '' };
  });
}

/** Whether two grids hold the same rows (same combinations in the same order, same SKUs). */
export function sameRows(a: readonly VariantFormValue[], b: readonly VariantFormValue[]): boolean {
  return a.length === b.length && a.every((row, index) => combinationKey(row.options) === combinationKey(b[index]!.options) && row.sku === b[index]!.sku);
}

/** A typed whole number of units (blank: 0; anything else not a number: NaN, which the schema refuses). */
export function unitsOf(typed: string): number {
  return typed.trim() === '' ? 0 : Number(typed);
}

/** The product's stock with variants: the sum of the rows' (what the read-only stock field shows); a row's invalid stock counts 0 (the row shows its error). */
export function variantStockSum(rows: readonly Pick<VariantFormValue, 'stock'>[]): number {
  return rows.reduce((sum, row) => {
    const units = unitsOf(row.stock);
    return sum + (Number.isInteger(units) && units > 0 ? units : 0);
  }, 0);
}

/** The variants of the API body; `toCents` converts a typed price (blank: null, the product's price). */
export function variantsInput(rows: readonly VariantFormValue[], toCents: (price: string) => number): ProductVariantInput[] {
  return rows.map((row) => ({
    ...(row.variantId ? { id: row.variantId } : {}),
    sku: row.sku,
    options: row.options,
    stock: unitsOf(row.stock),
    priceCents: row.price.trim() === '' ? null : toCents(row.price),
  }));
}

/** The form's options and rows of a stored product; a variant's own price shows only when it differs from the product's. */
export function variantFormOf(product: Pick<Product, 'options' | 'variants' | 'priceCents'>, toPrice: (cents: number) => string): { options: OptionFormValue[]; variants: VariantFormValue[] } {
  return {
    options: product.options.map((option) => ({ name: option.name, values: option.values.join(', ') })),
    variants: product.variants.map((variant) => ({
      variantId: variant.id,
      options: variant.options,
      sku: variant.sku,
      autoSku: false,
      stock: String(variant.stock),
      price: variant.priceCents === product.priceCents ? '' : toPrice(variant.priceCents),
    })),
  };
}

/** The first option name the product does not use yet (for 'Adicionar opção'), or null when all three are used. */
export function nextOptionName(options: readonly Pick<OptionFormValue, 'name'>[]): ProductOptionName | null {
  return PRODUCT_OPTION_NAMES.find((name) => !options.some((option) => option.name === name)) ?? null;
}
