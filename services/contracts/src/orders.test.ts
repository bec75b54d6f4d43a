/** Money and card rules of the checkout: exact instalments, decimal amounts, CVV by brand. */
import { describe, expect, it } from 'vitest';
import { cardDetailsSchema, centsToDecimal, decimalToCents, formatCpf, installmentPlan, ORDER_CODE_ALPHABET } from './orders.ts';

describe('installmentPlan', () => {
  it('adds up exactly to the total: R$ 409,70 in 3x is 136,57 + 136,57 + 136,56', () => {
    expect(installmentPlan(40970, 3)).toEqual([13657, 13657, 13656]);
    expect(installmentPlan(30000, 3)).toEqual([10000, 10000, 10000]);
    expect(installmentPlan(1, 12)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('sums to the total for every count up to 12x', () => {
    for (const total of [1, 99, 40970, 123457, 999999]) {
      for (let n = 1; n <= 12; n += 1) expect(installmentPlan(total, n).reduce((a, b) => a + b, 0)).toBe(total);
    }
    expect(() => installmentPlan(100, 13)).toThrow(RangeError);
  });
});

describe('decimal amounts', () => {
  it('converts cents by integer arithmetic', () => {
    expect(centsToDecimal(40970)).toBe('409.70');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(100000)).toBe('1000.00');
    expect(decimalToCents(409.7)).toBe(40970);
    expect(decimalToCents(0.29)).toBe(29);
    expect(decimalToCents('1.005')).toBe(100);
  });
});

describe('card details', () => {
  const card = { cardNumber: '4111 1111 1111 1111', cardName: 'MARIA', cardExpiry: '12/30', cardCvv: '123' };
  const cvvError = (input: typeof card) => cardDetailsSchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

  it('takes a 4-digit CVV for Amex and 3 digits for the others', () => {
    expect(cardDetailsSchema.safeParse({ ...card, cardNumber: '3782 822463 10005', cardCvv: '1234' }).success).toBe(true);
    expect(cvvError({ ...card, cardNumber: '3782 822463 10005', cardCvv: '123' })).toEqual(['cardCvv: CVV inválido']);
    expect(cvvError({ ...card, cardCvv: '1234' })).toEqual(['cardCvv: CVV inválido']);
    expect(cardDetailsSchema.safeParse(card).success).toBe(true);
  });

  it('refuses an unaccepted brand', () => {
    // A valid Discover number: not a brand the store accepts.
    expect(cvvError({ ...card, cardNumber: '6011 1111 1111 1117' })).toEqual(['cardNumber: Número do cartão inválido']);
  });
});

describe('order codes', () => {
  it('use an alphabet without look-alikes', () => {
    for (const ambiguous of ['0', 'O', '1', 'I', 'L', 'U']) expect(ORDER_CODE_ALPHABET).not.toContain(ambiguous);
  });
});

describe('formatCpf', () => {
  it('masks a CPF as typed: 000.000.000-00, other characters dropped, partial input kept partial', () => {
    expect(['1234', '123456', '12345678901', '123.456.789-0199x', ''].map(formatCpf)).toEqual(['123.4', '123.456', '123.456.789-01', '123.456.789-01', '']);
  });
});
