/**
 * Order confirmed (storefront.md 2, 9): number, status, items, total, payment instructions,
 * delivery estimate, processing within 24 h and a link to /produtos.
 */
import { CheckCircle2 } from 'lucide-react';
import { Link } from '@prata/shared-ui/router';
import type { Order } from '@prata/contracts';
import { Card, OrderStatusBadge, buttonClassName } from '@prata/shared-ui';
import { TestModeNotice } from '../../../components/test-mode-notice.tsx';
import { ORDER_PROCESSING_HOURS, businessDaysText } from '../../../lib/delivery.ts';
import { usePaymentConfig } from '../../../lib/payment-config.ts';
import { OrderItemsCard } from './order-items-card.tsx';
import { PaymentInstructions } from './payment-instructions.tsx';
import { ShippingAddress } from './shipping-address.tsx';
import styles from './orders.module.css';

export function OrderConfirmation({ order }: { order: Order }) {
  const { shipping } = order;
  const config = usePaymentConfig();
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
          <OrderStatusBadge status={order.status} />
        </p>
      </header>
      {config.data?.testMode ? <TestModeNotice simulation={config.data.simulation} /> : null}

      <PaymentInstructions order={order} />

      <OrderItemsCard order={order} />

      <Card title="Entrega" className={styles.card}>
        <ShippingAddress shipping={shipping} />
        <p>
          Prazo de entrega: <strong>{businessDaysText(order.delivery)}</strong>{order.shippingService ? ` por ${order.shippingService.name}` : null} após a confirmação do pagamento.
        </p>
        <p>Seu pedido será processado em até {ORDER_PROCESSING_HOURS} horas.</p>
      </Card>

      <div className={styles.actions}>
        <Link to={`/minha-conta/pedidos/${order.id}`} className={buttonClassName('outline')}>
          Acompanhar pedido
        </Link>
        <Link to="/produtos" className={buttonClassName()}>
          Continuar comprando
        </Link>
      </div>
    </div>
  );
}
