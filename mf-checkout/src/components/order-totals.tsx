/**
 * The totals block of the cart, the checkout summary and an order's items (storefront.md 1, 9:
 * shipping is free everywhere): an optional subtotal row, 'Frete grátis' and the total, in BRL.
 * Issue 23: the cart gives its own freight cell (`shipping`), a subtotal that differs from the
 * total (`subtotalCents`) and rows before the total (`children`: the coupon's discount).
 */
import type { ReactNode } from 'react';
import { Price } from '@prata/shared-ui';
import styles from './order-totals.module.css';

export interface OrderTotalsProps {
  /** Total in BRL cents. */
  totalCents: number;
  /** Label of a subtotal row (e.g. 'Subtotal (2 itens)'); no subtotal row without it. */
  subtotalLabel?: string;
  /** The subtotal row's amount, BRL cents (default: `totalCents`). */
  subtotalCents?: number;
  /** The freight cell (default: 'Frete grátis'). */
  shipping?: ReactNode;
  /** Rows shown before the total (e.g. a discount). */
  children?: ReactNode;
}

export function OrderTotals({ totalCents, subtotalLabel, subtotalCents = totalCents, shipping, children }: OrderTotalsProps) {
  return (
    <>
      {subtotalLabel ? (
        <p className={styles.row}>
          <span>{subtotalLabel}</span>
          <Price cents={subtotalCents} />
        </p>
      ) : null}
      <p className={styles.row}>
        <span>Frete</span>
        {shipping ?? <span className={styles.free}>Frete grátis</span>}
      </p>
      {children}
      <p className={`${styles.row} ${styles.total}`}>
        <span>Total</span>
        <Price cents={totalCents} />
      </p>
    </>
  );
}
