/**
 * The totals block of the cart, the checkout summary and an order's items (storefront.md 1, 9:
 * shipping is free everywhere): an optional subtotal row, 'Frete grátis' and the total, in BRL.
 */
import { Price } from '@prata/shared-ui';
import styles from './order-totals.module.css';

export interface OrderTotalsProps {
  /** Total in BRL cents. */
  totalCents: number;
  /** Label of a subtotal row (e.g. 'Subtotal (2 itens)'); no subtotal row without it. */
  subtotalLabel?: string;
}

export function OrderTotals({ totalCents, subtotalLabel }: OrderTotalsProps) {
  return (
    <>
      {subtotalLabel ? (
        <p className={styles.row}>
          <span>{subtotalLabel}</span>
          <Price cents={totalCents} />
        </p>
      ) : null}
      <p className={styles.row}>
        <span>Frete</span>
        <span className={styles.free}>Frete grátis</span>
      </p>
      <p className={`${styles.row} ${styles.total}`}>
        <span>Total</span>
        <Price cents={totalCents} />
      </p>
    </>
  );
}
