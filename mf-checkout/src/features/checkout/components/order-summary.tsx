/**
 * The checkout's order summary (storefront.md 9): the items at the refreshed prices, the
 * goods, the chosen freight, a coupon's and the PIX discount and the total (contracts `priceOrder`,
 * the figures the service charges), the store credit used and what is left to pay ('A pagar'),
 * the chosen option's delivery time and the 24 h processing note, then the store's
 * 'Informações de Entrega' content section (`shipping_info`, edited in the panel) in a disclosure,
 * when it loaded. A variant's line names it: 'Anel Solitário (Aro 16) × 1'; an engraved line its
 * text, its price including the engraving. Engraving's production days lengthen the delivery time
 * shown ('Entrega em 8 a 10 dias úteis, com 3 dias úteis de produção da gravação').
 */
import type { OrderPricing, ShippingOption } from '@prata/contracts';
import { Card, Price } from '@prata/shared-ui';
import { cartLineKey, type CartItem } from '@prata/shared-ui/state';
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
  /** Business days of production of the engraved pieces (0 or absent: none). */
  productionDays?: number;
}

/** The checkout's 'Resumo do pedido' card. */
export function OrderSummary({ items, pricing, shipping, productionDays = 0 }: OrderSummaryProps) {
  const info = useShippingInfo().data;
  return (
    <Card as="aside" title="Resumo do pedido" className={styles.summary} testId="order-summary">
      <ul className={styles.lines} aria-label="Itens do pedido">
        {items.map((item) => (
          <li key={cartLineKey(item)} className={styles.line}>
            <span className={styles.lineName}>
              {item.name}
              {item.variantLabel ? ` (${item.variantLabel})` : null} × {item.quantity}
              {item.engraving ? ` — Gravação: “${item.engraving.text}”` : null}
            </span>
            <Price cents={(item.priceCents + (item.engraving?.priceCents ?? 0)) * item.quantity} />
          </li>
        ))}
      </ul>
      <OrderTotals pricing={pricing} shippingPending="Informe o CEP" showAmountDue />
      <p className={styles.note} data-testid="delivery-estimate">
        {shipping
          ? `Entrega em ${businessDaysText({ minDays: shipping.minDays + productionDays, maxDays: shipping.maxDays + productionDays })} (${shipping.name}${productionDays > 0 ? `, com ${productionDays} ${productionDays === 1 ? 'dia útil' : 'dias úteis'} de produção da gravação` : ''}).`
          : 'Informe o CEP para calcular o frete e o prazo de entrega.'}
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
