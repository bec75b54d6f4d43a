/**
 * The product dialog's options and variants grid in a DOM: 'Adicionar opção', values
 * typed with commas make one row per value with a prefilled SKU; a row whose value remains keeps
 * its stock and an edited SKU when the values change; the stock field sums the rows.
 */
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useWatch, useZodForm } from '@prata/shared-ui/form';
import { inputByLabel, render, type, type Rendered } from '@prata/shared-ui/testing';
import { EMPTY_PRODUCT_FORM, productFormSchema } from './product-form.ts';
import { variantStockSum } from './variant-form.ts';
import { VariantsField } from './variants-field.tsx';

function Harness() {
  const form = useZodForm(productFormSchema, { defaultValues: { ...EMPTY_PRODUCT_FORM, name: 'Anel Solitário' } });
  const rows = useWatch({ control: form.control, name: 'variants' });
  return (
    <>
      <output data-testid="sum">{variantStockSum(rows)}</output>
      <VariantsField form={form} />
    </>
  );
}

let view: Rendered;
afterEach(() => view.unmount());
/** The input labelled `label` (a required field's label ends with its ' *' mark). */
function field(label: string): HTMLInputElement {
  const mark = [...view.container.querySelectorAll('label')].find((element) => element.textContent?.replace(/\s*\*$/, '').trim() === label);
  return mark ? view.container.querySelector<HTMLInputElement>(`#${CSS.escape(mark.htmlFor)}`)! : inputByLabel(view.container, label);
}
const skus = () => [...view.container.querySelectorAll<HTMLInputElement>('[data-testid="variant-grid"] tbody tr td:first-of-type input')].map((input) => input.value);
const labels = () => [...view.container.querySelectorAll('[data-testid="variant-grid"] tbody th')].map((th) => th.textContent);

describe('VariantsField', () => {
  it('makes a row per value, keeps the rows whose value remains, and sums their stock', () => {
    view = render(<Harness />);
    const add = [...view.container.querySelectorAll('button')].find((button) => button.textContent?.includes('Adicionar opção'))!;
    act(() => add.click());
    expect(field('Opção 1').value).toBe('Aro');
    type(field('Valores de Aro'), '14, 16');
    expect(labels()).toEqual(['Aro 14', 'Aro 16']);
    expect(skus()).toEqual(['ANEL-SOLITARIO-14', 'ANEL-SOLITARIO-16']);

    type(field('SKU de Aro 16'), 'AN-16');
    type(field('Estoque de Aro 16'), '3');
    type(field('Valores de Aro'), '16, 18');
    expect(labels()).toEqual(['Aro 16', 'Aro 18']);
    expect(skus()).toEqual(['AN-16', 'ANEL-SOLITARIO-18']);
    expect(field('Estoque de Aro 16').value).toBe('3');
    expect(field('Estoque de Aro 18').value).toBe('0');
    expect(view.container.querySelector('[data-testid="sum"]')!.textContent).toBe('3');
  });
});

