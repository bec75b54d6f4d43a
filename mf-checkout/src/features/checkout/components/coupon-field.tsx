/**
 * The checkout's coupon (applied in the cart and checkout, with a pt-BR message for
 * each refusal): a code typed and applied ('Aplicar'), checked by the service against the goods
 * and freight; the applied line ('Cupom PRATA10 aplicado: 10% de desconto') with 'Remover', or the
 * refusal's message under the field. The order sends the applied code and the service redeems it.
 */
import { useState } from 'react';
import type { CouponCheck } from '@prata/contracts';
import { Button, Input } from '@prata/shared-ui';
import styles from './checkout.module.css';

export interface CouponFieldProps {
  /** The applied code, or null. */
  code: string | null;
  /** The check of the applied code: its answer, or the refusal's message. */
  check: { data: CouponCheck | undefined; error: unknown; isFetching: boolean };
  onApply(code: string | null): void;
}

export function CouponField({ code, check, onApply }: CouponFieldProps) {
  const [typed, setTyped] = useState(code ?? '');
  const refusal = code && check.error instanceof Error ? check.error.message : null;
  const applied = code && check.data && !refusal ? check.data : null;
  return (
    <fieldset className={styles.section} data-testid="coupon">
      <legend>Cupom de desconto</legend>
      {applied ? (
        <div className={styles.line}>
          <p role="status" className={styles.couponApplied}>{applied.message}</p>
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setTyped('');
              onApply(null);
            }}
          >
            Remover
          </Button>
        </div>
      ) : (
        <div className={styles.line}>
          <label className="p9-visually-hidden" htmlFor="checkout-coupon">Código do cupom</label>
          <Input
            id="checkout-coupon"
            value={typed}
            placeholder="Código do cupom"
            autoComplete="off"
            maxLength={30}
            aria-invalid={refusal ? true : undefined}
            aria-describedby={refusal ? 'checkout-coupon-error' : undefined}
            onChange={(event) => setTyped(event.target.value.toUpperCase())}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              onApply(typed.trim() || null);
            }}
          />
          <Button type="button" variant="outline" disabled={!typed.trim() || check.isFetching} onClick={() => onApply(typed.trim() || null)}>
            Aplicar
          </Button>
        </div>
      )}
      {refusal ? (
        <p id="checkout-coupon-error" role="alert" className={styles.fieldError}>
          {refusal}
        </p>
      ) : null}
    </fieldset>
  );
}
