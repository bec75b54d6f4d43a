/**
 * The store's instalment rules and the one function that turns a total into the card plans they
 * allow ({@link installmentOptions}), used alike by the product page, the cart, the checkout and
 * the service's place-order (which refuses a plan not in the list and charges the plan's total).
 * The owner sets the rules in the panel (`PUT /api/admin/settings/installments`); the storefront
 * reads them with the store's offers (`GET /api/store-offers`). Kept free of zod and the
 * checkout's schemas so the product page can use it without their libraries; re-exported by
 * `orders.ts`.
 *
 * The arithmetic (docs/payments.md, "Instalments"):
 * - up to `interestFreeInstallments`, the plan's total is the price itself; above, the Price
 *   table (French amortization): PMT = PV·i/(1−(1+i)^−n) with i the monthly rate, and the plan's
 *   total is n·PMT rounded half-up to cents;
 * - the regular instalment is the exact instalment (total/n, or PMT) truncated to cents, and the
 *   last instalment is the total minus the others, so it absorbs the leftover cents and the
 *   instalments add up exactly to the total (R$ 149,90 in 12x: 11 x R$ 12,49 + R$ 12,51). The
 *   texts show the regular instalment; the last is never smaller than it;
 * - a plan of 2x or more is offered only when its regular instalment reaches the minimum
 *   instalment value (R$ 20,00 with a minimum of R$ 5,00: up to 4x); 1x is always offered.
 */
import { formatBRL } from './money.ts';

/** The most instalments the store's rules may allow (the panel's upper bound). */
export const MAX_INSTALLMENTS = 12;

/** The instalment rules the owner sets in the panel. */
export interface InstallmentRules {
  /** Most instalments a card payment may be split into, 1..{@link MAX_INSTALLMENTS}. */
  maxInstallments: number;
  /** The smallest instalment offered, in BRL cents (a plan of 2x or more below it is not offered). */
  minInstallmentCents: number;
  /** Plans up to this many instalments carry no interest, 1..`maxInstallments`. */
  interestFreeInstallments: number;
  /** Monthly interest of the plans above `interestFreeInstallments`, percent with up to two decimals (2.99 = 2,99 % a.m.). */
  monthlyInterestPercent: number;
}

/** Today's rules for a store that never set them: up to 12x, all interest-free, instalments of at least R$ 5,00. */
export const DEFAULT_INSTALLMENT_RULES: InstallmentRules = { maxInstallments: MAX_INSTALLMENTS, minInstallmentCents: 500, interestFreeInstallments: MAX_INSTALLMENTS, monthlyInterestPercent: 0 };

/** One card plan the rules allow for a total. */
export interface InstallmentOption {
  /** Number of instalments. */
  count: number;
  /** The instalments in BRL cents, in order; they add up to `totalCents`. */
  amounts: number[];
  /** The regular instalment (every one but the last, which may carry a few cents more), the one the texts show. */
  installmentCents: number;
  /** What the shopper pays in all: the price when interest-free, with the interest otherwise. */
  totalCents: number;
  interestFree: boolean;
}

/**
 * The plan of `count` instalments for `totalCents` under `rules` (see the module comment), or
 * null when the rules do not allow it (more than the maximum, or an instalment under the minimum).
 * @throws RangeError for a negative or non-integer total.
 */
export function installmentOption(totalCents: number, count: number, rules: InstallmentRules): InstallmentOption | null {
  if (!Number.isInteger(totalCents) || totalCents < 0) throw new RangeError('total must be whole cents');
  if (!Number.isInteger(count) || count < 1 || count > Math.min(rules.maxInstallments, MAX_INSTALLMENTS)) return null;
  const interestFree = count <= rules.interestFreeInstallments || rules.monthlyInterestPercent <= 0;
  const rate = rules.monthlyInterestPercent / 100;
  const exact = interestFree ? totalCents / count : (totalCents * rate) / (1 - (1 + rate) ** -count);
  const planTotal = interestFree ? totalCents : Math.round(exact * count);
  // The epsilon keeps an exact division (R$ 120,00 / 12) from truncating a floating-point 999.9999...
  const installmentCents = Math.floor(exact + 1e-9);
  if (count > 1 && installmentCents < rules.minInstallmentCents) return null;
  const amounts = Array.from({ length: count }, (_, index) => (index < count - 1 ? installmentCents : planTotal - installmentCents * (count - 1)));
  return { count, amounts, installmentCents, totalCents: planTotal, interestFree };
}

/** Every plan the rules allow for `totalCents`, from 1x up; never empty (1x is always allowed). */
export function installmentOptions(totalCents: number, rules: InstallmentRules): InstallmentOption[] {
  const options: InstallmentOption[] = [];
  for (let count = 1; count <= Math.min(rules.maxInstallments, MAX_INSTALLMENTS); count += 1) {
    const option = installmentOption(totalCents, count, rules);
    if (option) options.push(option);
  }
  return options;
}

/**
 * The interest-free split of a total in BRL cents in `count` instalments (1..12): the truncated
 * instalment, the last absorbing the leftover cents (R$ 409,70 in 3x: 136,56 + 136,56 + 136,58).
 * For orders placed before their instalments were stored. @throws RangeError.
 */
export function installmentPlan(totalCents: number, count: number): number[] {
  if (!Number.isInteger(count) || count < 1 || count > MAX_INSTALLMENTS) throw new RangeError('installments must be 1..12');
  return installmentOption(totalCents, count, { ...DEFAULT_INSTALLMENT_RULES, minInstallmentCents: 0 })!.amounts;
}

/**
 * The plan's regular instalment, as the product page and the cart advertise a price:
 * '12x de R$ 12,49 sem juros', or with interest '12x de R$ 100,40 (total R$ 1.204,83)'.
 */
export function installmentOptionText(option: Pick<InstallmentOption, 'count' | 'installmentCents' | 'totalCents' | 'interestFree'>): string {
  if (option.interestFree) return `${option.count}x de ${formatBRL(option.installmentCents)} sem juros`;
  return `${option.count}x de ${formatBRL(option.installmentCents)} (total ${formatBRL(option.totalCents)})`;
}

/**
 * The exact instalments of a plan, as the checkout offers it and the order shows it (`priceCents`:
 * what the order costs without interest): '1x de R$ 99,00 (à vista)', '3x de R$ 106,60 sem juros',
 * '3x sem juros: 2x de R$ 136,56 + 1x de R$ 136,58', or with interest
 * '12x de R$ 100,40 (total R$ 1.204,83)'.
 */
export function installmentSplitText(amounts: readonly number[], priceCents: number): string {
  const [regular = 0] = amounts;
  const last = amounts.at(-1) ?? regular;
  const totalCents = amounts.reduce((sum, amount) => sum + amount, 0);
  if (amounts.length === 1) return `1x de ${formatBRL(regular)} (à vista)`;
  if (totalCents > priceCents) return installmentOptionText({ count: amounts.length, installmentCents: regular, totalCents, interestFree: false });
  if (regular === last) return `${amounts.length}x de ${formatBRL(regular)} sem juros`;
  return `${amounts.length}x sem juros: ${amounts.length - 1}x de ${formatBRL(regular)} + 1x de ${formatBRL(last)}`;
}

/**
 * The plan a price is advertised with on the product page: the most instalments without
 * interest (2x or more), else the most instalments with interest; null when only 1x is allowed.
 */
export function advertisedInstallmentOption(totalCents: number, rules: InstallmentRules): InstallmentOption | null {
  const options = installmentOptions(totalCents, rules).filter((option) => option.count > 1);
  return options.filter((option) => option.interestFree).at(-1) ?? options.at(-1) ?? null;
}
