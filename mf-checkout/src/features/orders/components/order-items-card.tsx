/**
 * The items of an order with its freight, discounts and total (confirmation and order pages); a
 * variant's line shows its label and SKU. Store credit the order spent shows
 * under the total ('Crédito da loja'), and while the order is unpaid also 'A pagar', the rest.
 * An engraved line shows its text and price per piece; the gift (wrap, message, receipt) and the
 * engraving's production days under the totals.
 */
import type { Order } from '@prata/contracts';
import { productionDaysText } from '@prata/contracts/gifts';
import { Card, Price } from '@prata/shared-ui';
import { OrderTotals } from '../../../components/order-totals.tsx';
import styles from './orders.module.css';

/** The 'Itens' card of `order`. */
export function OrderItemsCard({ order }: { order: Pick<Order, 'items' | 'pricing' | 'status'> & Partial<Pick<Order, 'gift' | 'delivery'>> }) {
  const { gift } = order;
  const productionDays = order.delivery?.productionDays ?? 0;
  return (
    <Card title="Itens" className={styles.card}>
      <ul className={styles.lines}>
        {order.items.map((item, index) => (
          <li key={`${item.productId ?? 'removido'}-${index}`} className={styles.line}>
            <span>
              {item.productName}
              {item.variantLabel ? ` (${item.variantLabel}${item.sku ? ` · SKU ${item.sku}` : ''})` : null} × {item.quantity}
              {item.engraving ? (
                <span data-testid="order-item-engraving">
                  {' '}
                  — Gravação: “{item.engraving.text}” (+ <Price cents={item.engraving.unitCents} /> cada)
                </span>
              ) : null}
            </span>
            <Price cents={item.totalPriceCents} />
          </li>
        ))}
      </ul>
      <OrderTotals pricing={order.pricing} showAmountDue={order.status === 'pending'} />
      {gift || productionDays > 0 ? (
        <div data-testid="order-gift">
          {gift?.wrap ? <p>Embalagem para presente</p> : null}
          {gift?.message ? <p className={styles.giftMessage}>Mensagem de presente: {gift.message}</p> : null}
          {gift?.receipt ? <p>Recibo de presente (sem preços) incluído</p> : null}
          {productionDays > 0 ? <p>Gravação: {productionDaysText(productionDays)}, somados ao prazo de entrega</p> : null}
        </div>
      ) : null}
    </Card>
  );
}
