/**
 * Order confirmed (storefront.md 2, 9): number, status, items, total, payment instructions,
 * delivery estimate, processing within 24 h and a link to /produtos.
 */
import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { Order } from '@prata/contracts';
import { Badge, Card, Price, buttonClassName, type BadgeVariant } from '@prata/shared-ui';
import { ORDER_PROCESSING_HOURS, businessDaysText } from '../../../lib/delivery.ts';
import { ORDER_STATUS_LABELS } from '../utils/order-texts.ts';
import { PaymentInstructions } from './payment-instructions.tsx';
import styles from './orders.module.css';

const STATUS_BADGES: Record<Order['status'], BadgeVariant> = {
  pending: 'warning',
  paid: 'success',
  shipped: 'neutral',
  delivered: 'success',
  cancelled: 'danger',
};

export function OrderConfirmation({ order }: { order: Order }) {
  const { shipping } = order;
  return (
    <div className={styles.page} data-testid="order-confirmation">
      <header className={styles.hero}>
        <CheckCircle2 size={48} aria-hidden="true" className={styles.icon} />
        <h1>{order.status === 'pending' ? 'Pedido recebido!' : 'Pedido confirmado!'}</h1>
        <p>Obrigado pela sua compra!</p>
        <p className={styles.number}>
          Pedido <strong data-testid="order-number">{order.number}</strong>
        </p>
        <p data-testid="order-status" data-status={order.status}>
          <Badge variant={STATUS_BADGES[order.status]}>{ORDER_STATUS_LABELS[order.status]}</Badge>
        </p>
      </header>

      <PaymentInstructions order={order} />

      <Card title="Itens" className={styles.card}>
        <ul className={styles.lines}>
          {order.items.map((item, index) => (
            <li key={`${item.productId ?? 'removido'}-${index}`} className={styles.line}>
              <span>
                {item.productName} × {item.quantity}
              </span>
              <Price cents={item.totalPriceCents} />
            </li>
          ))}
        </ul>
        <p className={styles.row}>
          <span>Frete</span>
          <span className={styles.free}>Frete grátis</span>
        </p>
        <p className={`${styles.row} ${styles.total}`}>
          <span>Total</span>
          <Price cents={order.totalCents} />
        </p>
      </Card>

      <Card title="Entrega" className={styles.card}>
        <p>
          {shipping.recipient}
          <br />
          {shipping.street}, {shipping.number}
          {shipping.complement ? ` - ${shipping.complement}` : ''}
          <br />
          {shipping.neighborhood} - {shipping.city}/{shipping.state} - CEP {shipping.zipCode}
        </p>
        <p>
          Prazo de entrega: <strong>{businessDaysText(order.delivery)}</strong> após a confirmação do pagamento.
        </p>
        <p>Seu pedido será processado em até {ORDER_PROCESSING_HOURS} horas.</p>
      </Card>

      <Link to="/produtos" className={buttonClassName()}>
        Continuar comprando
      </Link>
    </div>
  );
}
