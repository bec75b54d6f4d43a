/** The product dialog's options and variants grid: rows per combination, kept rows, SKUs and the API body. */
import { describe, expect, it } from 'vitest';
import { EMPTY_PRODUCT_FORM, toProductInput } from './product-form.ts';
import { combinations, generatedSku, parseOptionValues, variantRows, variantStockSum, type VariantFormValue } from './variant-form.ts';

const aro = (values: string) => ({ name: 'Aro' as const, values });
const valid = { ...EMPTY_PRODUCT_FORM, name: 'Anel Solitário', category: 'aneis' as const, price: '189.90', stock: '7' };

describe('the variants grid', () => {
  it('reads comma-separated values and makes one combination per value pair, in option order', () => {
    expect(parseOptionValues(' 14, 16,,18 ')).toEqual(['14', '16', '18']);
    expect(combinations([{ name: 'Comprimento', values: ['40 cm', '45 cm'] }, { name: 'Banho', values: ['Prata', 'Ouro'] }])).toEqual([
      { Comprimento: '40 cm', Banho: 'Prata' },
      { Comprimento: '40 cm', Banho: 'Ouro' },
      { Comprimento: '45 cm', Banho: 'Prata' },
      { Comprimento: '45 cm', Banho: 'Ouro' },
    ]);
    expect(combinations([{ name: 'Aro', values: [] }])).toEqual([]);
  });

  it("prefills a SKU from the product's name and the values, without accents", () => {
    expect(generatedSku('Anel Solitário', { Aro: '16' }, [{ name: 'Aro' }])).toBe('ANEL-SOLITARIO-16');
    expect(generatedSku('Colar', { Comprimento: '45 cm', Banho: 'Ouro' }, [{ name: 'Comprimento' }, { name: 'Banho' }])).toBe('COLAR-45-CM-OURO');
    expect(generatedSku('x'.repeat(80), { Aro: '16' }, [{ name: 'Aro' }])).toHaveLength(60);
  });

  it('keeps the rows whose combination remains when the options change, and adds new ones at stock 0', () => {
    const first = variantRows('Anel', [aro('14, 16')], []);
    expect(first.map((row) => row.sku)).toEqual(['ANEL-14', 'ANEL-16']);
    const edited: VariantFormValue[] = [{ ...first[0]!, sku: 'MEU-SKU', autoSku: false, stock: '2' }, { ...first[1]!, stock: '1', price: '199.90' }];
    const next = variantRows('Anel Fino', [aro('16, 18, 14')], edited);
    expect(next).toEqual([
      { ...edited[1], sku: 'ANEL-FINO-16' },
      { variantId: null, options: { Aro: '18' }, sku: 'ANEL-FINO-18', autoSku: true, stock: '0', price: '' },
      edited[0],
    ]);
    expect(variantStockSum(next)).toBe(3);
  });
});

describe('toProductInput with options', () => {
  it('sends the options, a variant per row (blank price: null) and the sum of their stock', () => {
    const variants = variantRows('Anel Solitário', [aro('14, 16, 18')], []).map((row, index) => ({ ...row, stock: String([2, 1, 0][index]), price: index === 2 ? '199,90' : '' }));
    const result = toProductInput({ ...valid, options: [aro('14, 16, 18')], variants });
    expect(result.errors).toBeNull();
    expect(result.input).toMatchObject({
      stock: 3,
      options: [{ name: 'Aro', values: ['14', '16', '18'] }],
      variants: [
        { sku: 'ANEL-SOLITARIO-14', options: { Aro: '14' }, stock: 2, priceCents: null },
        { sku: 'ANEL-SOLITARIO-16', options: { Aro: '16' }, stock: 1, priceCents: null },
        { sku: 'ANEL-SOLITARIO-18', options: { Aro: '18' }, stock: 0, priceCents: 19_990 },
      ],
    });
  });

  it("puts the shared schema's messages on the option's and the row's fields", () => {
    const rows = variantRows('Anel', [aro('14, 16')], []);
    const errors = toProductInput({ ...valid, options: [aro('14, 16')], variants: [{ ...rows[0]!, sku: 'X' }, { ...rows[1]!, sku: 'x', stock: '-1' }] }).errors;
    expect(errors).toEqual({ 'variants.1.sku': 'SKU duplicado', 'variants.1.stock': 'Estoque inválido' });
    expect(toProductInput({ ...valid, options: [aro(' , ')], variants: [] }).errors).toMatchObject({ 'options.0.values': 'Informe ao menos um valor para a opção', variants: 'Cadastre ao menos uma variante para as opções' });
  });

  it('sends no variants and the typed stock without options', () => {
    expect(toProductInput(valid).input).toMatchObject({ stock: 7, options: [], variants: [] });
  });
});
