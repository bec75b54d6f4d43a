/**
 * The product dialog's options and variants: 'Adicionar opção' adds an option (Aro,
 * Comprimento or Banho, each at most once, at most three) whose values are typed separated by
 * commas ('14, 16, 18'); 'Remover opção' drops it. Under them, the variants grid: a row per
 * combination of the values (variant-form.ts `variantRows`, recomputed as the options and the
 * product's name change, rows of combinations that remain kept), each with its SKU (required,
 * prefilled), stock and an optional price ('Preço próprio (R$)', blank: the product's price).
 * Messages of the shared schema show under their fields; a row's combination message under its label.
 */
import { Plus, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { PRODUCT_OPTIONS_MAX, PRODUCT_OPTION_NAMES, variantLabel, type ProductInput } from '@prata/contracts';
import { Button, Input, Select, Table } from '@prata/shared-ui';
import { FormField, useFieldArray, useFormState, useWatch, type Control, type UseFormReturn } from '@prata/shared-ui/form';
import type { ProductFormValues } from './product-form.ts';
import { nextOptionName, optionsInput, sameRows, variantRows } from './variant-form.ts';
import styles from './products.module.css';

export interface VariantsFieldProps {
  form: UseFormReturn<ProductFormValues, unknown, ProductInput>;
  disabled?: boolean;
}

const NAME_OPTIONS = PRODUCT_OPTION_NAMES.map((name) => ({ value: name, label: name }));
const OPTION_HINTS: Record<string, string> = { Aro: 'Ex.: 14, 16, 18', Comprimento: 'Ex.: 40 cm, 45 cm, 50 cm', Banho: 'Ex.: Prata, Ouro, Ródio' };

export function VariantsField({ form, disabled = false }: VariantsFieldProps) {
  const control: Control<ProductFormValues, unknown, ProductInput> = form.control;
  const options = useFieldArray({ control, name: 'options' });
  const variants = useFieldArray({ control, name: 'variants' });
  const watchedOptions = useWatch({ control, name: 'options' });
  const productName = useWatch({ control, name: 'name' });
  const { errors } = useFormState({ control, name: ['options', 'variants'] });
  const { getValues } = form;
  const { replace } = variants;

  // The grid follows the options (and the generated SKUs the name).
  useEffect(() => {
    const current = getValues('variants');
    const next = variantRows(productName, watchedOptions, current);
    if (!sameRows(current, next)) replace(next);
  }, [watchedOptions, productName, getValues, replace]);

  const addOption = () => {
    const name = nextOptionName(getValues('options'));
    if (name) options.append({ name, values: '' });
  };
  const order = optionsInput(watchedOptions);
  const listError = (errors.options?.root ?? errors.options)?.message ?? (errors.variants?.root ?? errors.variants)?.message;

  return (
    <fieldset className={styles.imageField} data-testid="product-variants">
      <legend>Opções e variantes</legend>
      {options.fields.length === 0 ? <p className={styles.hint}>Sem opções: o produto tem um único estoque. Adicione Aro, Comprimento ou Banho para vender por tamanho ou acabamento.</p> : null}
      {options.fields.map((option, index) => (
        <div key={option.id} className={styles.formGrid}>
          <FormField control={control} name={`options.${index}.name`} label={`Opção ${index + 1}`}>
            {(field) => <Select {...field} options={NAME_OPTIONS.map((item) => ({ ...item, disabled: watchedOptions.some((other, at) => at !== index && other.name === item.value) }))} />}
          </FormField>
          <FormField control={control} name={`options.${index}.values`} label={`Valores de ${watchedOptions[index]?.name ?? 'opção'}`} hint="Separe os valores por vírgula" required>
            {(field) => <Input {...field} placeholder={OPTION_HINTS[watchedOptions[index]?.name ?? ''] ?? ''} />}
          </FormField>
          <div className={styles.imageActions}>
            <Button variant="ghost" size="sm" onClick={() => options.remove(index)} disabled={disabled} aria-label={`Remover opção ${watchedOptions[index]?.name ?? index + 1}`}>
              <Trash2 size={16} aria-hidden="true" /> Remover opção
            </Button>
          </div>
        </div>
      ))}
      <div className={styles.imageActions}>
        <Button variant="outline" size="sm" onClick={addOption} disabled={disabled || options.fields.length >= PRODUCT_OPTIONS_MAX}>
          <Plus size={16} aria-hidden="true" /> Adicionar opção
        </Button>
        {listError ? (
          <p className={styles.hint} role="alert">
            {listError}
          </p>
        ) : null}
      </div>
      {variants.fields.length > 0 ? (
        <Table caption="Variantes" variant="compact" data-testid="variant-grid">
          <thead>
            <tr>
              <th scope="col">Variante</th>
              <th scope="col">SKU</th>
              <th scope="col">Estoque</th>
              <th scope="col">Preço próprio (R$)</th>
            </tr>
          </thead>
          <tbody>
            {variants.fields.map((row, index) => {
              const label = variantLabel(row.options, order);
              const comboError = errors.variants?.[index]?.options?.message;
              return (
                <tr key={row.id}>
                  <th scope="row" className={styles.name}>
                    {label}
                    {comboError ? <span className={styles.held}> {comboError}</span> : null}
                  </th>
                  <td>
                    <FormField control={control} name={`variants.${index}.sku`} label={`SKU de ${label}`} hideLabel onValueChange={() => form.setValue(`variants.${index}.autoSku`, false)}>
                      {(field) => <Input {...field} maxLength={60} />}
                    </FormField>
                  </td>
                  <td>
                    <FormField control={control} name={`variants.${index}.stock`} label={`Estoque de ${label}`} hideLabel>
                      {(field) => <Input {...field} type="number" inputMode="numeric" min={0} step={1} />}
                    </FormField>
                  </td>
                  <td>
                    <FormField control={control} name={`variants.${index}.price`} label={`Preço de ${label}`} hideLabel>
                      {(field) => <Input {...field} type="number" inputMode="decimal" min={0} step={0.01} placeholder="Preço do produto" />}
                    </FormField>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      ) : null}
    </fieldset>
  );
}
