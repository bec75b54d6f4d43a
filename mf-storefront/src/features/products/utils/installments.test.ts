import { describe, expect, it } from 'vitest';
import { installmentLine } from './installments.ts';

const nbsp = (text: string | null) => text?.replace(/\u00a0/g, ' ');

describe('installmentLine', () => {
  it('splits an even price in 12 instalments without interest', () => {
    expect(nbsp(installmentLine(12_000))).toBe('ou 12x de R$ 10,00 sem juros');
  });

  it('shows the highest instalment when the cents do not split evenly', () => {
    // R$ 159,90 = 6 x R$ 13,33 + 6 x R$ 13,32 (contracts installmentPlan).
    expect(nbsp(installmentLine(15_990))).toBe('ou 12x de até R$ 13,33 sem juros');
  });

  it('shows nothing for a price too small to split', () => {
    expect(installmentLine(11)).toBeNull();
  });
});
