/**
 * The totals block of the cart, the checkout summary and an order's items (issue 23): the goods,
 * the freight (its price, 'Grátis', or what to do while it is not known), a coupon's and the PIX
 * discount when there are any, and the total, in BRL. The figures are contracts' `OrderPricing`
 * (the order's, or the checkout's `priceOrder` of what it will send).
 */
import { Price } from '@prata/shared-ui';
import styles from './order-totals.module.css';

export interface OrderTotalsProps {
  /** BRL cents; `shippingCents` null while the freight is not known. */
  pricing: {
    subtotalCents: number;
    shippingCents: number | null;
    couponCode?: string | null;
    couponDiscountCents?: number;
    pixDiscountCents?: number;
    totalCents: number;
  };
  /** Label of the goods row (e.g. 'Subtotal (2 itens)'); 'Subtotal' without it. */
  subtotalLabel?: string;
  /** What the freight row says while its price is not known (e.g. 'Informe o CEP'). */
  shippingPending?: string;
}

export function OrderTotals({ pricing, subtotalLabel = 'Subtotal', shippingPending = 'A calcular' }: OrderTotalsProps) {
  const { subtotalCents, shippingCents, couponCode, couponDiscountCents = 0, pixDiscountCents = 0, totalCents } = pricing;
  return (
    <>
      <p className={styles.row}>
        <span>{subtotalLabel}</span>
        <Price cents={subtotalCents} />
      </p>
      <p className={styles.row} data-testid="totals-shipping">
        <span>Frete</span>
        {shippingCents === null ? <span>{shippingPending}</span> : shippingCents === 0 ? <span className={styles.free}>Grátis</span> : <Price cents={shippingCents} />}
      </p>
      {couponDiscountCents > 0 ? (
        <p className={styles.row} data-testid="totals-coupon">
          <span>Cupom {couponCode}</span>
          <span className={styles.free}>
            − <Price cents={couponDiscountCents} />
          </span>
        </p>
      ) : null}
      {pixDiscountCents > 0 ? (
        <p className={styles.row} data-testid="totals-pix">
          <span>Desconto no PIX</span>
          <span className={styles.free}>
            − <Price cents={pixDiscountCents} />
          </span>
        </p>
      ) : null}
      <p className={`${styles.row} ${styles.total}`}>
        <span>Total</span>
        <Price cents={totalCents} />
      </p>
    </>
  );
}
