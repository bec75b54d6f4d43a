/**
 * The product page's instalment line by the store's rule (storefront.md 9, contracts
 * `installmentPlan`): up to 12x without interest, the first instalments carrying the leftover cents.
 */
import { MAX_INSTALLMENTS, installmentPlan } from '@prata/contracts/installments';
import { formatBRL } from '@prata/shared-ui';

/**
 * 'ou 12x de R$ 13,33 sem juros' for a price in BRL cents that splits evenly; otherwise the
 * highest instalment: 'ou 12x de até R$ 13,33 sem juros' (R$ 159,90: 6x R$ 13,33 + 6x R$ 13,32).
 * Null for a price too small to split (under 1 cent per instalment).
 */
export function installmentLine(priceCents: number): string | null {
  if (priceCents < MAX_INSTALLMENTS) return null;
  const plan = installmentPlan(priceCents, MAX_INSTALLMENTS);
  const first = plan[0]!;
  const even = first === plan[plan.length - 1];
  return `ou ${MAX_INSTALLMENTS}x de ${even ? '' : 'até '}${formatBRL(first)} sem juros`;
}
