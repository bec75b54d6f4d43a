/**
 * The totals block of the cart, the checkout summary and an order's items: the goods,
 * the freight (its price, 'Grátis', or what to do while it is not known), 'Embalagem para presente'
 * and 'Gravação' when the order has them, a coupon's and the PIX
 * discount when there are any, and the total, in BRL. The figures are contracts' `OrderPricing`
 * (the order's, or the checkout's `priceOrder` of what it will send). Store credit is a
 * way of paying, not a discount: under the total, 'Crédito da loja' − the credit used and, where
 * asked (`showAmountDue`), 'A pagar' with what is left for the chosen method.
 */
import { Price } from '@prata/shared-ui';
import styles from './order-totals.module.css';

export interface OrderTotalsProps {
  /** BRL cents; `shippingCents` null while the freight is not known. */
  pricing: {
    subtotalCents: number;
    shippingCents: number | null;
    couponCode?: string | null;
    /** The gift wrap and the engraving (0 or absent: none). */
    giftWrapCents?: number;
    engravingCents?: number;
    couponDiscountCents?: number;
    pixDiscountCents?: number;
    totalCents: number;
    /** The store credit paying part of the total (0 or absent: none). */
    storeCreditCents?: number;
    /** The total less the store credit: what the chosen method charges. */
    amountDueCents?: number;
  };
  /** Label of the goods row (e.g. 'Subtotal (2 itens)'); 'Subtotal' without it. */
  subtotalLabel?: string;
  /** What the freight row says while its price is not known (e.g. 'Informe o CEP'). */
  shippingPending?: string;
  /** The freight is the cheapest of several options ('a partir de R$ 19,90', the cart). */
  shippingFrom?: boolean;
  /** Adds 'A pagar' under the store credit's line (the checkout, an unpaid order). */
  showAmountDue?: boolean;
}

/** The goods, freight, discounts, total and store credit rows of `pricing` (see the module comment). */
export function OrderTotals({ pricing, subtotalLabel = 'Subtotal', shippingPending = 'A calcular', shippingFrom = false, showAmountDue = false }: OrderTotalsProps) {
  const { subtotalCents, shippingCents, couponCode, couponDiscountCents = 0, pixDiscountCents = 0, totalCents, storeCreditCents = 0, giftWrapCents = 0, engravingCents = 0 } = pricing;
  return (
    <>
      <p className={styles.row}>
        <span>{subtotalLabel}</span>
        <Price cents={subtotalCents} />
      </p>
      <p className={styles.row} data-testid="totals-shipping">
        <span>Frete</span>
        {shippingCents === null ? (
          <span>{shippingPending}</span>
        ) : shippingCents === 0 ? (
          <span className={styles.free}>Grátis</span>
        ) : (
          <span>
            {shippingFrom ? 'a partir de ' : null}
            <Price cents={shippingCents} />
          </span>
        )}
      </p>
      {engravingCents > 0 ? (
        <p className={styles.row} data-testid="totals-engraving">
          <span>Gravação</span>
          <Price cents={engravingCents} />
        </p>
      ) : null}
      {giftWrapCents > 0 ? (
        <p className={styles.row} data-testid="totals-gift-wrap">
          <span>Embalagem para presente</span>
          <Price cents={giftWrapCents} />
        </p>
      ) : null}
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
      {storeCreditCents > 0 ? (
        <p className={styles.row} data-testid="totals-store-credit">
          <span>Crédito da loja</span>
          <span className={styles.free}>
            − <Price cents={storeCreditCents} />
          </span>
        </p>
      ) : null}
      {storeCreditCents > 0 && showAmountDue ? (
        <p className={styles.row} data-testid="totals-amount-due">
          <strong>A pagar</strong>
          <strong>
            <Price cents={pricing.amountDueCents ?? totalCents - storeCreditCents} />
          </strong>
        </p>
      ) : null}
    </>
  );
}
