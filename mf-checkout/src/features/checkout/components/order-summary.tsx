/**
 * The checkout's order summary (storefront.md 9): the items at the refreshed prices, the
 * goods, the chosen freight, a coupon's and the PIX discount and the total (contracts `priceOrder`,
 * the figures the service charges), the store credit used and what is left to pay ('A pagar'),
 * the chosen option's delivery time and the 24 h processing note, then the store's
 * 'Informações de Entrega' content section (`shipping_info`, edited in the panel) in a disclosure,
 * when it loaded. A variant's line names it: 'Anel Solitário (Aro 16) × 1'.
 */
import type { OrderPricing, ShippingOption } from '@prata/contracts';
import { Card, Price, cartLineKey, type CartItem } from '@prata/shared-ui';
import { ORDER_PROCESSING_HOURS, businessDaysText } from '../../../lib/delivery.ts';
import { OrderTotals } from '../../../components/order-totals.tsx';
import { useShippingInfo } from '../api/get-shipping-info.ts';
import styles from './checkout.module.css';

export interface OrderSummaryProps {
  items: readonly CartItem[];
  /** The price as the order will be charged; `shippingCents` null until an option is chosen. */
  pricing: Omit<OrderPricing, 'shippingCents'> & { shippingCents: number | null };
  /** The chosen delivery option, or null before the CEP is quoted. */
  shipping: ShippingOption | null;
}

/** The checkout's 'Resumo do pedido' card. */
export function OrderSummary({ items, pricing, shipping }: OrderSummaryProps) {
  const info = useShippingInfo().data;
  return (
    <Card as="aside" title="Resumo do pedido" className={styles.summary} testId="order-summary">
      <ul className={styles.lines} aria-label="Itens do pedido">
        {items.map((item) => (
          <li key={cartLineKey(item)} className={styles.line}>
            <span className={styles.lineName}>
              {item.name}
              {item.variantLabel ? ` (${item.variantLabel})` : null} × {item.quantity}
            </span>
            <Price cents={item.priceCents * item.quantity} />
          </li>
        ))}
      </ul>
      <OrderTotals pricing={pricing} shippingPending="Informe o CEP" showAmountDue />
      <p className={styles.note} data-testid="delivery-estimate">
        {shipping ? `Entrega em ${businessDaysText(shipping)} (${shipping.name}).` : 'Informe o CEP para calcular o frete e o prazo de entrega.'}
      </p>
      <p className={styles.note}>Pedido processado em até {ORDER_PROCESSING_HOURS} horas.</p>
      {info ? (
        <details className={styles.shippingInfo} data-testid="shipping-info">
          <summary>{info.title}</summary>
          <p className={styles.note}>{info.content}</p>
        </details>
      ) : null}
    </Card>
  );
}
