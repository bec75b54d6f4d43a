/**
 * The items of an order with its freight, discounts and total (confirmation and order pages); a
 * variant's line shows its label and SKU. Store credit the order spent shows
 * under the total ('Crédito da loja'), and while the order is unpaid also 'A pagar', the rest.
 */
import type { Order } from '@prata/contracts';
import { Card, Price } from '@prata/shared-ui';
import { OrderTotals } from '../../../components/order-totals.tsx';
import styles from './orders.module.css';

/** The 'Itens' card of `order`. */
export function OrderItemsCard({ order }: { order: Pick<Order, 'items' | 'pricing' | 'status'> }) {
  return (
    <Card title="Itens" className={styles.card}>
      <ul className={styles.lines}>
        {order.items.map((item, index) => (
          <li key={`${item.productId ?? 'removido'}-${index}`} className={styles.line}>
            <span>
              {item.productName}
              {item.variantLabel ? ` (${item.variantLabel}${item.sku ? ` · SKU ${item.sku}` : ''})` : null} × {item.quantity}
            </span>
            <Price cents={item.totalPriceCents} />
          </li>
        ))}
      </ul>
      <OrderTotals pricing={order.pricing} showAmountDue={order.status === 'pending'} />
    </Card>
  );
}
