/** Money and card rules of the checkout: exact instalments, decimal amounts, CVV by brand. */
import { describe, expect, it } from 'vitest';
import { cardDetailsSchema, centsToDecimal, createOrderSchema, decimalToCents, formatCpf, installmentPlan, ORDER_CODE_ALPHABET, whatsappNumber } from './orders.ts';

describe('installmentPlan', () => {
  // The last instalment absorbs the leftover cents (it was the first ones before the instalment rules).
  it('adds up exactly to the total: R$ 409,70 in 3x is 136,56 + 136,56 + 136,58', () => {
    // 40970 / 3 = 13656.67 -> 13656; 40970 - 2 x 13656 = 13658.
    expect(installmentPlan(40970, 3)).toEqual([13656, 13656, 13658]);
    expect(installmentPlan(30000, 3)).toEqual([10000, 10000, 10000]);
    expect(installmentPlan(1, 12)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
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

describe('whatsappNumber', () => {
  it('turns a Brazilian phone with DDD into E.164 digits, with or without the country code', () => {
    expect(whatsappNumber('(11) 98765-4321')).toBe('5511987654321');
    expect(whatsappNumber('+55 21 3333-4444')).toBe('552133334444');
    expect(whatsappNumber('5511987654321')).toBe('5511987654321');
  });

  it('refuses what is not one: no DDD, a DDD starting with 0, too short or too long', () => {
    expect(whatsappNumber('98765-4321')).toBeNull();
    expect(whatsappNumber('(01) 98765-4321')).toBeNull();
    expect(whatsappNumber('0000000000')).toBeNull();
    expect(whatsappNumber('(11) 98765-43210')).toBeNull();
  });

  it('is asked for in the order only when ticked (default false)', () => {
    const order = { items: [{ productId: '00000000-0000-4000-8000-000000000001', quantity: 1 }], customer: { fullName: 'Maria', email: 'maria@exemplo.com.br', phone: '11987654321', cpf: '529.982.247-25', zipCode: '01310-100', street: 'Av. Paulista', number: '1', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' }, payment: { method: 'pix' } };
    expect(createOrderSchema.parse(order).whatsappOptIn).toBe(false);
    expect(createOrderSchema.parse({ ...order, whatsappOptIn: true }).whatsappOptIn).toBe(true);
    expect(createOrderSchema.safeParse({ ...order, whatsappOptIn: 'sim' }).error?.issues[0]?.message).toBe('Opção do WhatsApp inválida');
  });
});
