import { describe, expect, it } from 'vitest';
import { productInputSchema, variantLabel } from './catalogue.ts';

const base = { name: 'Anel Solitário', category: 'aneis', priceCents: 18990 } as const;
const aro = { name: 'Aro', values: ['14', '16', '18'] } as const;
const messages = (input: unknown) => productInputSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

describe('variant contracts', () => {
  it('labels a variant in the order of its product options', () => {
    expect(variantLabel({ Banho: 'Ouro', Comprimento: '45 cm' }, [{ name: 'Comprimento' }, { name: 'Banho' }])).toBe('Comprimento 45 cm · Banho Ouro');
    expect(variantLabel({ Aro: '16' }, [aro])).toBe('Aro 16');
  });

  it('accepts a product without options and one with a variant per combination', () => {
    expect(productInputSchema.parse(base)).toMatchObject({ options: [], variants: [] });
    const parsed = productInputSchema.parse({ ...base, options: [aro], variants: [{ sku: 'AN-14', options: { Aro: '14' }, stock: 2 }] });
    expect(parsed.variants[0]).toEqual({ sku: 'AN-14', options: { Aro: '14' }, stock: 2, priceCents: null });
  });

  it('refuses duplicate SKUs, repeated combinations, missing values and options without variants', () => {
    const variant = (sku: string, value: string) => ({ sku, options: { Aro: value }, stock: 1 });
    expect(messages({ ...base, options: [aro], variants: [variant('A', '14'), variant('a', '16')] })).toEqual(['SKU duplicado']);
    expect(messages({ ...base, options: [aro], variants: [variant('A', '14'), variant('B', '14')] })).toEqual(['Combinação de opções repetida']);
    expect(messages({ ...base, options: [aro], variants: [variant('A', '15')] })).toEqual(['Cada variante precisa de um valor para cada opção']);
    expect(messages({ ...base, options: [aro], variants: [{ sku: 'A', options: {}, stock: 1 }] })).toEqual(['Cada variante precisa de um valor para cada opção']);
    expect(messages({ ...base, options: [aro] })).toEqual(['Cadastre ao menos uma variante para as opções']);
    expect(messages({ ...base, variants: [variant('A', '14')] })).toEqual(['Variantes exigem ao menos uma opção']);
    expect(messages({ ...base, options: [aro, aro], variants: [variant('A', '14')] })).toEqual(['Opção repetida']);
    const id = '6f1c1a52-5d38-4f43-9d0e-8f3e3f1b2a10';
    expect(messages({ ...base, options: [aro], variants: [{ ...variant('A', '14'), id }, { ...variant('B', '16'), id }] })).toEqual(['Variante repetida']);
  });
});
