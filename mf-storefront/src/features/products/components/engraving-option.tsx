/**
 * The product page's 'Gravação' option, for a product that offers it (contracts `Product.engraving`):
 * a checkbox '+ R$ 25,00', then the text input with its counter ('3/12'), the production days
 * ('+3 dias úteis de produção') and the text's problem in Portuguese (contracts `engravingProblem`:
 * letters with accents, digits, spaces and a few punctuation marks, up to the product's limit). The
 * service checks and prices the text again at the order. Native controls and the page's own classes
 * only (the storefront's first-load CSS budget).
 */
import { useId } from 'react';
import { ENGRAVING_LABEL, engravingProblem, normaliseEngraving, productionDaysText, type EngravingSettings } from '@prata/contracts/gifts';
import { formatBRL } from '@prata/contracts/money';
import styles from './product-page.module.css';

export interface EngravingChoice {
  on: boolean;
  text: string;
}

export interface EngravingOptionProps {
  engraving: EngravingSettings;
  choice: EngravingChoice;
  onChoice: (choice: EngravingChoice) => void;
  /** Show the text's problem (after a try to add to cart). */
  showProblem: boolean;
}

/** The text's problem, or null when the choice can go to the cart (off, or a fine text). */
export function engravingChoiceProblem(engraving: EngravingSettings, choice: EngravingChoice): string | null {
  return choice.on ? engravingProblem(choice.text, engraving.maxChars) : null;
}

export function EngravingOption({ engraving, choice, onChoice, showProblem }: EngravingOptionProps) {
  const id = useId();
  const length = [...normaliseEngraving(choice.text)].length;
  const problem = showProblem ? engravingChoiceProblem(engraving, choice) : null;
  return (
    <div className={styles.installments} data-testid="engraving-option">
      <label>
        <input type="checkbox" checked={choice.on} onChange={(event) => onChoice({ ...choice, on: event.target.checked })} /> {ENGRAVING_LABEL} personalizada (+ {formatBRL(engraving.priceCents)})
      </label>
      {engraving.extraDays > 0 ? <p>{productionDaysText(engraving.extraDays)}</p> : null}
      {choice.on ? (
        <p>
          <label htmlFor={`engraving-${id}`}>Texto da gravação</label>{' '}
          <input
            id={`engraving-${id}`}
            value={choice.text}
            maxLength={engraving.maxChars + 10}
            aria-describedby={`engraving-${id}-count${problem ? ` engraving-${id}-error` : ''}`}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => onChoice({ ...choice, text: event.target.value })}
          />{' '}
          <span id={`engraving-${id}-count`}>
            {length}/{engraving.maxChars} caracteres
          </span>
          {problem ? (
            <span id={`engraving-${id}-error`} role="alert" className={styles.outOfStock}>
              {' '}
              {problem}
            </span>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
