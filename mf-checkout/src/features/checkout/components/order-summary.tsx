/**
 * The checkout's order summary (storefront.md 9): the items and total at the refreshed prices,
 * 'Frete grátis', the delivery estimate for the chosen state and the 24 h processing note, then
 * (issue 22) the store's 'Informações de Entrega' content section (`shipping_info`, edited in the
 * panel) in a disclosure, when it loaded. A variant's line names it: 'Anel Solitário (Aro 16) × 1'.
 */
import { Card, Price, cartLineKey, type CartItem } from '@prata/shared-ui';
import { ORDER_PROCESSING_HOURS, deliveryOverviewText, deliveryTextForState } from '../../../lib/delivery.ts';
import { OrderTotals } from '../../../components/order-totals.tsx';
import { useShippingInfo } from '../api/get-shipping-info.ts';
import styles from './checkout.module.css';

export function OrderSummary({ items, state }: { items: readonly CartItem[]; state: string }) {
  const total = items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0);
  const shipping = useShippingInfo().data;
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
      <OrderTotals totalCents={total} subtotalLabel="Subtotal" />
      <p className={styles.note} data-testid="delivery-estimate">
        Entrega em {state ? deliveryTextForState(state) : deliveryOverviewText()}.
      </p>
      <p className={styles.note}>Pedido processado em até {ORDER_PROCESSING_HOURS} horas.</p>
      {shipping ? (
        <details className={styles.shippingInfo} data-testid="shipping-info">
          <summary>{shipping.title}</summary>
          <p className={styles.note}>{shipping.content}</p>
        </details>
      ) : null}
    </Card>
  );
}
