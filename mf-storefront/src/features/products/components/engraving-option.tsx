/**
 * The product page's 'Gravação' option, for a product that offers it (contracts `Product.engraving`):
 * a checkbox '+ R$ 25,00', then the text input with its counter ('3/12'), the production days
 * ('+3 dias úteis de produção') and the text's problem in Portuguese (contracts `engravingProblem`:
 * letters with accents, digits, spaces and a few punctuation marks, up to the product's limit). The
 * service checks and prices the text again at the order.
 */
import { useId } from 'react';
import { ENGRAVING_LABEL, engravingProblem, normaliseEngraving, productionDaysText, type EngravingSettings } from '@prata/contracts/gifts';
import { formatBRL } from '@prata/contracts/money';
import { Checkbox, Field, Input } from '@prata/shared-ui';

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
    <div data-testid="engraving-option">
      <Checkbox
        label={`${ENGRAVING_LABEL} personalizada (+ ${formatBRL(engraving.priceCents)})`}
        hint={engraving.extraDays > 0 ? productionDaysText(engraving.extraDays) : undefined}
        checked={choice.on}
        onChange={(event) => onChoice({ ...choice, on: event.target.checked })}
      />
      {choice.on ? (
        <Field label="Texto da gravação" id={`engraving-${id}`} hint={`${length}/${engraving.maxChars} caracteres`} error={problem ?? undefined}>
          {(control) => <Input {...control} value={choice.text} maxLength={engraving.maxChars + 10} onChange={(event) => onChoice({ ...choice, text: event.target.value })} />}
        </Field>
      ) : null}
    </div>
  );
}
