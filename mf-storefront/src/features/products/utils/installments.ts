/**
 * The product page's instalment line, from the store's instalment rules (contracts
 * `advertisedInstallmentOption`, the plans the checkout offers and the service accepts).
 */
import { DEFAULT_INSTALLMENT_RULES, advertisedInstallmentOption, installmentOptionText, type InstallmentRules } from '@prata/contracts/installments';

/**
 * 'ou 12x de R$ 12,49 sem juros' for R$ 149,90 under the default rules: the most instalments
 * without interest, showing the regular instalment (the last one carries the leftover cents:
 * 11 x R$ 12,49 + R$ 12,51); with interest above them only, the most instalments and their total
 * ('ou 12x de R$ 100,40 (total R$ 1.204,83)'); null when only 1x is allowed (the minimum
 * instalment: R$ 9,00 cannot split into instalments of R$ 5,00).
 */
export function installmentLine(priceCents: number, rules: InstallmentRules = DEFAULT_INSTALLMENT_RULES): string | null {
  const option = advertisedInstallmentOption(priceCents, rules);
  return option ? `ou ${installmentOptionText(option)}` : null;
}
