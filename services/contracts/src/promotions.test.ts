/**
 * Coupon contracts: the code upper-cased and limited to A-Z, 0-9 and hyphens; the value
 * fitting its kind; the window ending after it starts; the panel's typed form converted to the
 * service's units; the minimum order's refusal naming the amount.
 */
import { describe, expect, it } from 'vitest';
import { couponFormSchema, couponInputSchema, couponMinOrderMessage } from './promotions.ts';

const base = { code: 'PRATA10', kind: 'percent', value: 10, minOrderCents: null, startsAt: null, endsAt: null, maxUses: null, maxUsesPerCustomer: null, firstPurchaseOnly: false };
const messages = (input: object) => {
  const result = couponInputSchema.safeParse({ ...base, ...input });
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('couponInputSchema', () => {
  it('upper-cases the code and keeps it to 3..30 of A-Z, 0-9 and hyphens', () => {
    expect(couponInputSchema.parse({ ...base, code: ' natal-2026 ' }).code).toBe('NATAL-2026');
    expect(messages({ code: 'AB' })).toHaveLength(1);
    expect(messages({ code: 'A'.repeat(31) })).toHaveLength(1);
    expect(messages({ code: 'PROMOÇÃO' })).toHaveLength(1);
  });

  it('fits the value to the kind', () => {
    expect(messages({ value: 90 })).toEqual([]);
    expect(messages({ value: 91 })).toEqual(['value: O percentual vai de 1 a 90%']);
    expect(messages({ value: 0 })).toEqual(['value: Valor inválido']);
    expect(messages({ kind: 'fixed', value: 150_00 })).toEqual([]);
    expect(messages({ kind: 'fixed', value: null })).toEqual(['value: Informe o valor do desconto']);
    expect(messages({ kind: 'free_shipping', value: null })).toEqual([]);
    expect(messages({ kind: 'free_shipping', value: 10 })).toEqual(['value: Frete grátis não leva valor']);
  });

  it('ends the window after it starts', () => {
    expect(messages({ startsAt: '2026-12-01T00:00:00Z', endsAt: '2026-12-01T00:00:01Z' })).toEqual([]);
    expect(messages({ startsAt: '2026-12-01T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' })).toEqual(['endsAt: O fim da validade deve ser depois do início']);
  });
});

describe('couponFormSchema', () => {
  const typed = { code: 'natal', kind: 'fixed', value: '19,9', minOrderCents: '150', startsAt: '', endsAt: '', maxUses: '', maxUsesPerCustomer: '2', firstPurchaseOnly: false };
  it('converts reais to cents and empty fields to null', () => {
    expect(couponFormSchema.parse(typed)).toEqual({ ...base, code: 'NATAL', kind: 'fixed', value: 1_990, minOrderCents: 15_000, maxUsesPerCustomer: 2 });
    expect(couponFormSchema.parse({ ...typed, kind: 'free_shipping', value: 'ignored' }).value).toBeNull();
  });
  it('asks for a whole percentage', () => {
    const result = couponFormSchema.safeParse({ ...typed, kind: 'percent', value: '12,5' });
    expect(result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'))).toEqual(['value']);
  });
});

it('names the minimum order in reais', () => {
  expect(couponMinOrderMessage(15_000)).toBe('Pedido mínimo de R$\u00a0150,00 para este cupom');
});
