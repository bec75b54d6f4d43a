/**
 * The product page's variant picker (issue 22): one radio group per option ('Aro', 'Comprimento',
 * 'Banho'), its values side by side (native radios: Tab reaches the group, the arrow keys move
 * the choice). A value with no unit available (given the other choices) is disabled and marked
 * 'Esgotado'. `missing` puts 'Escolha uma opção' on that option's group; `sizeGuide` follows the
 * 'Aro' group.
 */
import type { ReactNode } from 'react';
import type { Product, ProductOptionName } from '@prata/contracts/catalogue';
import { RadioGroup } from '@prata/shared-ui';
import { isSoldOut, type VariantChoice } from '../utils/variant-choice.ts';

export interface VariantPickerProps {
  product: Pick<Product, 'id' | 'options' | 'variants'>;
  choice: VariantChoice;
  onChoice: (choice: VariantChoice) => void;
  /** The option whose group shows 'Escolha uma opção'. */
  missing: ProductOptionName | null;
  sizeGuide?: ReactNode;
}

export function VariantPicker({ product, choice, onChoice, missing, sizeGuide }: VariantPickerProps) {
  return (
    <div data-testid="variant-picker">
      {product.options.map((option) => (
        <div key={option.name}>
          <RadioGroup
            legend={option.name}
            name={`${product.id}-${option.name}`}
            inline
            value={choice[option.name] ?? null}
            onValueChange={(value) => onChoice({ ...choice, [option.name]: value })}
            error={missing === option.name ? 'Escolha uma opção' : undefined}
            options={option.values.map((value) => {
              const soldOut = isSoldOut(product, choice, option.name, value);
              return { value, label: value, disabled: soldOut, ...(soldOut ? { hint: 'Esgotado' } : {}) };
            })}
          />
          {option.name === 'Aro' ? sizeGuide : null}
        </div>
      ))}
    </div>
  );
}
