/**
 * The instalment rules' plans, against values computed by hand (with Python's `decimal` at 50
 * digits): the Price table PMT = PV·i/(1−(1+i)^−n), the regular instalment truncated to cents,
 * the plan's total n·PMT rounded half-up, the last instalment the rest.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_INSTALLMENT_RULES, advertisedInstallmentOption, installmentOption, installmentOptionText, installmentOptions, installmentSplitText, type InstallmentRules } from './installments.ts';

const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');
const sum = (amounts: number[]) => amounts.reduce((a, b) => a + b, 0);
const withInterest = (interestFreeInstallments: number, monthlyInterestPercent: number): InstallmentRules => ({ ...DEFAULT_INSTALLMENT_RULES, interestFreeInstallments, monthlyInterestPercent });

describe('installmentOption without interest', () => {
  it('R$ 149,90 in 12x: 11 x R$ 12,49 and a last R$ 12,51', () => {
    // 14990 / 12 = 1249.17 -> 1249; 14990 - 11 x 1249 = 1251.
    const option = installmentOption(14_990, 12, DEFAULT_INSTALLMENT_RULES)!;
    expect(option).toEqual({ count: 12, amounts: [...Array(11).fill(1249), 1251], installmentCents: 1249, totalCents: 14_990, interestFree: true });
    expect(nbsp(installmentOptionText(option))).toBe('12x de R$ 12,49 sem juros');
  });

  it('adds up exactly to the price for every count', () => {
    for (const total of [1_000, 40_970, 123_457, 999_999]) {
      for (const option of installmentOptions(total, DEFAULT_INSTALLMENT_RULES)) expect(sum(option.amounts)).toBe(total);
    }
  });
});

describe('installmentOption with interest (Price table)', () => {
  it('R$ 1.000,00 in 12x at 2,99 % a.m.', () => {
    // PMT = 100000 x 0.0299 / (1 - 1.0299^-12) = 10040.2124850598... -> 10040;
    // total = 12 x PMT = 120482.5498... -> 120483; last = 120483 - 11 x 10040 = 10043.
    const option = installmentOption(100_000, 12, withInterest(1, 2.99))!;
    expect(option).toEqual({ count: 12, amounts: [...Array(11).fill(10_040), 10_043], installmentCents: 10_040, totalCents: 120_483, interestFree: false });
    expect(nbsp(installmentOptionText(option))).toBe('12x de R$ 100,40 (total R$ 1.204,83)');
  });

  it('R$ 1.000,00 in 4x at 2,99 % and in 6x at 1,5 %', () => {
    // 4x: PMT = 26896.2715... -> 26896; total 107585.086... -> 107585; last 107585 - 3 x 26896 = 26897.
    expect(installmentOption(100_000, 4, withInterest(3, 2.99))!.amounts).toEqual([26_896, 26_896, 26_896, 26_897]);
    // 6x: PMT = 17552.5214... -> 17552; total 105315.128... -> 105315; last 105315 - 5 x 17552 = 17555.
    expect(installmentOption(100_000, 6, withInterest(3, 1.5))!.amounts).toEqual([17_552, 17_552, 17_552, 17_552, 17_552, 17_555]);
  });

  it('R$ 149,90 in 12x at 2,99 %: 12x de R$ 15,05 (total R$ 180,60)', () => {
    // PMT = 1505.0278... -> 1505; total 18060.334... -> 18060; last 18060 - 11 x 1505 = 1505.
    const option = installmentOption(14_990, 12, withInterest(6, 2.99))!;
    expect(option.amounts).toEqual(Array(12).fill(1505));
    expect(nbsp(installmentOptionText(option))).toBe('12x de R$ 15,05 (total R$ 180,60)');
  });

  it('keeps the plans up to the interest-free count without interest', () => {
    const options = installmentOptions(100_000, withInterest(3, 2.99));
    expect(options.map((option) => option.interestFree)).toEqual([true, true, true, false, false, false, false, false, false, false, false, false]);
    expect(options[2]!.totalCents).toBe(100_000);
    for (const option of options) expect(sum(option.amounts)).toBe(option.totalCents);
  });
});

describe('the rules', () => {
  it('a R$ 20,00 piece with a minimum of R$ 5,00 allows at most 4x', () => {
    expect(installmentOptions(2_000, DEFAULT_INSTALLMENT_RULES).map((option) => option.count)).toEqual([1, 2, 3, 4]);
    expect(installmentOption(2_000, 5, DEFAULT_INSTALLMENT_RULES)).toBeNull();
  });

  it('always allows 1x, even under the minimum', () => {
    expect(installmentOptions(300, DEFAULT_INSTALLMENT_RULES)).toEqual([{ count: 1, amounts: [300], installmentCents: 300, totalCents: 300, interestFree: true }]);
  });

  it('refuses more than the maximum', () => {
    const rules = { ...DEFAULT_INSTALLMENT_RULES, maxInstallments: 6, interestFreeInstallments: 6 };
    expect(installmentOption(100_000, 7, rules)).toBeNull();
    expect(installmentOptions(100_000, rules)).toHaveLength(6);
  });

  it('advertises the most interest-free instalments, else the most with interest', () => {
    expect(advertisedInstallmentOption(100_000, withInterest(3, 2.99))!.count).toBe(3);
    expect(advertisedInstallmentOption(100_000, withInterest(1, 2.99))!.count).toBe(12);
    expect(advertisedInstallmentOption(900, DEFAULT_INSTALLMENT_RULES)).toBeNull();
  });
});

describe('installmentSplitText', () => {
  it('states the exact instalments as charged', () => {
    expect(nbsp(installmentSplitText([9_900], 9_900))).toBe('1x de R$ 99,00 (à vista)');
    expect(nbsp(installmentSplitText([10_660, 10_660, 10_660], 31_980))).toBe('3x de R$ 106,60 sem juros');
    expect(nbsp(installmentSplitText([13_656, 13_656, 13_658], 40_970))).toBe('3x sem juros: 2x de R$ 136,56 + 1x de R$ 136,58');
    expect(nbsp(installmentSplitText([...Array(11).fill(10_040), 10_043], 100_000))).toBe('12x de R$ 100,40 (total R$ 1.204,83)');
  });
});
