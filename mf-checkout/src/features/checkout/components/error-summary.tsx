/**
 * The validation errors as 'field: message' lines under the title 'Dados inválidos'
 * (storefront.md 5). Each line links to its input; the summary takes focus when shown.
 */
import { useEffect, useRef } from 'react';
import { Alert } from '@prata/shared-ui';
import { errorLines, type FieldErrors } from '../utils/checkout-values.ts';
import styles from './checkout.module.css';

export function ErrorSummary({ errors, fieldId, focusKey }: { errors: FieldErrors; fieldId: (field: string) => string; focusKey: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const lines = errorLines(errors);
  const shown = lines.length > 0;
  useEffect(() => {
    if (shown && focusKey > 0) ref.current?.focus();
  }, [shown, focusKey]);
  if (!shown) return null;
  return (
    <Alert
      ref={ref}
      variant="danger"
      title="Dados inválidos"
      headingLevel={2}
      titleId="checkout-errors-title"
      className={styles.errors}
      role="alert"
      aria-labelledby="checkout-errors-title"
      tabIndex={-1}
      data-testid="checkout-errors"
    >
      <ul>
        {lines.map(({ field, text }) => (
          <li key={field}>
            <a
              href={`#${fieldId(field)}`}
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(fieldId(field))?.focus();
              }}
            >
              {text}
            </a>
          </li>
        ))}
      </ul>
    </Alert>
  );
}
