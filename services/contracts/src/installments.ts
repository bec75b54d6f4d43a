/**
 * The store's instalment rule (storefront.md 9: up to 12x "sem juros"), in a module of its own
 * so the product page can show it without the checkout's schemas and their libraries.
 * Re-exported by `orders.ts`.
 */

/** Most instalments a card payment may be split into, without interest. */
export const MAX_INSTALLMENTS = 12;

/**
 * The instalment plan of a total in BRL cents (storefront.md 9: up to 12x "sem juros"): `count`
 * amounts that add up exactly to the total; the first `total % count` instalments carry one
 * cent more (R$ 409,70 in 3x: 136,57 + 136,57 + 136,56). @throws RangeError for a count
 * outside 1..12 or a negative/non-integer total.
 */
export function installmentPlan(totalCents: number, count: number): number[] {
  if (!Number.isInteger(count) || count < 1 || count > MAX_INSTALLMENTS) throw new RangeError('installments must be 1..12');
  if (!Number.isInteger(totalCents) || totalCents < 0) throw new RangeError('total must be whole cents');
  const base = Math.floor(totalCents / count);
  const remainder = totalCents - base * count;
  return Array.from({ length: count }, (_, index) => (index < remainder ? base + 1 : base));
}

