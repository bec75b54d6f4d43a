/**
 * The product page's variant picker: per option ('Aro', 'Comprimento', 'Banho') its
 * name and a group of chips named by it (`role="group"`; native buttons with `aria-pressed` on
 * the chosen one: Tab moves between them, Space/Enter chooses). A value with no unit available
 * (given the other choices) is marked 'Esgotado' and can still be chosen: the page then offers
 * 'Avise-me quando chegar' for that variant instead of the cart. `missing` puts 'Escolha uma
 * opção' under that option; `sizeGuide` follows the 'Aro' group. Styled with shared-ui's button
 * classes and the page's own only (the storefront's CSS budget).
 */
import type { ReactNode } from 'react';
import type { Product, ProductOptionName } from '@prata/contracts/catalogue';
import { buttonClassName } from '@prata/shared-ui';
import { isSoldOut, type VariantChoice } from '../utils/variant-choice.ts';
import styles from './product-page.module.css';

export interface VariantPickerProps {
  product: Pick<Product, 'id' | 'options' | 'variants'>;
  choice: VariantChoice;
  onChoice: (choice: VariantChoice) => void;
  /** The option that shows 'Escolha uma opção'. */
  missing: ProductOptionName | null;
  sizeGuide?: ReactNode;
}

const chip = buttonClassName('outline', 'sm');

export function VariantPicker({ product, choice, onChoice, missing, sizeGuide }: VariantPickerProps) {
  return (
    <div className={styles.details} data-testid="variant-picker">
      {product.options.map((option) => (
        <div key={option.name} className={styles.details}>
          <p className={styles.category} aria-hidden="true">
            {option.name}
          </p>
          <div role="group" aria-label={option.name} className={styles.actions}>
            {option.values.map((value) => {
              const soldOut = isSoldOut(product, choice, option.name, value);
              return (
                <button key={value} type="button" className={chip} aria-pressed={choice[option.name] === value} onClick={() => onChoice({ ...choice, [option.name]: value })}>
                  {soldOut ? `${value} · Esgotado` : value}
                </button>
              );
            })}
          </div>
          {missing === option.name ? (
            <p className={styles.outOfStock} role="alert">
              Escolha uma opção
            </p>
          ) : null}
          {option.name === 'Aro' ? sizeGuide : null}
        </div>
      ))}
    </div>
  );
}
