import { describe, expect, it } from 'vitest';
import { DEFAULT_INSTALLMENT_RULES } from '@prata/contracts/installments';
import { installmentLine } from './installments.ts';

const nbsp = (text: string | null) => text?.replace(/\u00a0/g, ' ');

describe('installmentLine', () => {
  it('splits an even price in 12 instalments without interest', () => {
    expect(nbsp(installmentLine(12_000))).toBe('ou 12x de R$ 10,00 sem juros');
  });

  it('shows the regular instalment when the cents do not split evenly', () => {
    // R$ 149,90 / 12 = 12,4917 -> R$ 12,49 a month, the last R$ 12,51 (11 x 12,49 = 137,39).
    expect(nbsp(installmentLine(14_990))).toBe('ou 12x de R$ 12,49 sem juros');
  });

  it('respects the minimum instalment: R$ 20,00 at R$ 5,00 at least is 4x', () => {
    expect(nbsp(installmentLine(2_000))).toBe('ou 4x de R$ 5,00 sem juros');
    expect(installmentLine(900)).toBeNull();
  });

  it('shows the most interest-free instalments, or the total with interest when there are none', () => {
    const rules = { ...DEFAULT_INSTALLMENT_RULES, interestFreeInstallments: 3, monthlyInterestPercent: 2.99 };
    expect(nbsp(installmentLine(100_000, rules))).toBe('ou 3x de R$ 333,33 sem juros');
    // PMT = 100000 x 0.0299 / (1 - 1.0299^-12) = 10040.21 -> R$ 100,40; total 12 x PMT = 120482.55 -> R$ 1.204,83.
    expect(nbsp(installmentLine(100_000, { ...rules, interestFreeInstallments: 1 }))).toBe('ou 12x de R$ 100,40 (total R$ 1.204,83)');
  });
});
