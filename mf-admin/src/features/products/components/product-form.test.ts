/** The product dialog's rules (admin.md 5) and the reais -> cents conversion. */
import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { EMPTY_PRODUCT_FORM, priceToCents, productFormSchema, toProductInput } from './product-form.ts';

describe('priceToCents', () => {
  it.each([
    ['129.90', 12_990],
    ['129,9', 12_990],
    ['0.01', 1],
    ['19.999', 2_000],
    ['abc', 0],
    ['', 0],
  ])('%s -> %i cents', (price, cents) => expect(priceToCents(price)).toBe(cents));
});

describe('toProductInput', () => {
  it('sends trimmed text, cents and null for an empty description', () => {
    const result = toProductInput({ ...EMPTY_PRODUCT_FORM, name: ' Anel ', category: 'aneis', price: '49.90', description: '   ', stock: '3' });
    expect(result.errors).toBeNull();
    expect(result.input).toMatchObject({ name: ' Anel ', category: 'aneis', priceCents: 4_990, stock: 3 });
  });

  it('names the broken rules: name after trimming, category, price above zero, whole stock', () => {
    const result = toProductInput({ ...EMPTY_PRODUCT_FORM, name: '   ', price: '0', stock: '1.5' });
    expect(result.errors).toEqual({
      name: 'Nome é obrigatório',
      category: 'Categoria é obrigatória',
      price: 'O preço deve ser maior que zero',
      stock: expect.any(String),
    });
  });
});

describe('productFormSchema (the dialog form resolver)', () => {
  const resolve = (values: typeof EMPTY_PRODUCT_FORM) => zodResolver(productFormSchema)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

  it("puts each broken rule on the dialog's field (price, not priceCents)", async () => {
    const { errors } = await resolve({ ...EMPTY_PRODUCT_FORM, price: '0' });
    expect(Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]))).toMatchObject({
      name: 'Nome é obrigatório',
      category: 'Categoria é obrigatória',
      price: 'O preço deve ser maior que zero',
    });
  });

  it('outputs the API body of a valid form', async () => {
    const { values, errors } = await resolve({ ...EMPTY_PRODUCT_FORM, name: 'Anel', category: 'aneis', price: '129,90', stock: '2' });
    expect(errors).toEqual({});
    expect(values).toMatchObject({ name: 'Anel', category: 'aneis', priceCents: 12_990, stock: 2 });
  });
});
