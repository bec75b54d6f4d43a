/**
 * The product page's variant choice, pure: the shopper picks one value per option;
 * the variant is the one whose values are exactly those. A value is sold out when no variant
 * with it (and with the values already chosen for the other options) has a unit available.
 */
import type { Product, ProductOptionName, ProductVariant } from '@prata/contracts/catalogue';

/** The values chosen so far, by option name. */
export type VariantChoice = Partial<Record<ProductOptionName, string>>;

/** The variant of a complete choice, or null while some option has no value (or no variant has them). */
export function chosenVariant(product: Pick<Product, 'options' | 'variants'>, choice: VariantChoice): ProductVariant | null {
  if (product.options.length === 0 || product.options.some((option) => !choice[option.name])) return null;
  return product.variants.find((variant) => product.options.every((option) => variant.options[option.name] === choice[option.name])) ?? null;
}

/** Whether `value` of `option` has no unit available, given the values chosen for the other options. */
export function isSoldOut(product: Pick<Product, 'options' | 'variants'>, choice: VariantChoice, option: ProductOptionName, value: string): boolean {
  return !product.variants.some(
    (variant) =>
      variant.available > 0 &&
      variant.options[option] === value &&
      product.options.every((other) => other.name === option || !choice[other.name] || variant.options[other.name] === choice[other.name]),
  );
}

/** The lowest and highest variant prices in cents (the product's price without variants). */
export function priceRange(product: Pick<Product, 'priceCents' | 'variants'>): { min: number; max: number } {
  if (product.variants.length === 0) return { min: product.priceCents, max: product.priceCents };
  const prices = product.variants.map((variant) => variant.priceCents);
  return { min: Math.min(...prices), max: Math.max(...prices) };
}

/** The first option still without a value (where 'Escolha uma opção' goes), or null when all are chosen. */
export function firstUnchosen(product: Pick<Product, 'options'>, choice: VariantChoice): ProductOptionName | null {
  return product.options.find((option) => !choice[option.name])?.name ?? null;
}
