/**
 * An order as its tracking link shows it (`/pedido/:token`, no sign-in; contracts
 * `OrderTrackingView`, amounts in BRL cents): status, the shipment with the carrier's tracking
 * page, the PIX code with its copy button (or the boleto line) while unpaid, items, freight and
 * totals, where it goes (city and UF only: the link may be opened by anyone it is forwarded to),
 * the history, and the ways into the account: 'Devolver ou trocar' for a delivered order and
 * 'Ver na minha conta' both lead through sign-in to the order's page in the account. Nothing
 * here changes the order.
 */
import type { OrderTrackingView } from '@prata/contracts';
import { Alert, Card, buttonClassName } from '@prata/shared-ui';
import { Link } from '@prata/shared-ui/router';
import { OrderItemsCard } from './order-items-card.tsx';
import { CancellationCard, DeliveryTime, OrderHero, ShipmentCard, TimelineCard } from './order-status-cards.tsx';
import { PaymentInstructions } from './payment-instructions.tsx';
import styles from './orders.module.css';

/** The order's page in the account, which the sign-in comes back to. */
export const accountOrderPath = (id: string) => `/minha-conta/pedidos/${id}`;

export function OrderTrackingDetails({ order }: { order: OrderTrackingView }) {
  const { shipment, cancellation, shipping } = order;
  const inAccount = { from: accountOrderPath(order.id) };
  return (
    <div className={styles.page} data-testid="order-tracking">
      <OrderHero order={order} title="Acompanhar pedido">
        <p className={styles.number}>
          Pedido <strong data-testid="order-number">{order.number}</strong>
        </p>
      </OrderHero>

      {shipment ? <ShipmentCard shipment={shipment} /> : null}
      {cancellation ? <CancellationCard cancellation={cancellation} /> : null}

      {order.paymentCodeInAccount ? (
        <Alert variant="info" title="Pagamento pendente">
          Para ver o {order.payment.method === 'pix' ? 'código PIX' : 'boleto'}, entre na sua conta e abra o pedido.
        </Alert>
      ) : (
        <PaymentInstructions order={order} simulation={false} />
      )}
      <OrderItemsCard order={order} />

      <Card title="Entrega" className={styles.card}>
        <p data-testid="order-destination">
          Destino: {shipping.city}/{shipping.state}
        </p>
        <DeliveryTime order={order} />
      </Card>

      <TimelineCard timeline={order.timeline} />

      <div className={styles.actions}>
        {order.status === 'delivered' ? (
          <Link to="/auth" state={inAccount} className={buttonClassName()}>
            Devolver ou trocar
          </Link>
        ) : null}
        <Link to="/auth" state={inAccount} className={buttonClassName('outline')}>
          Ver na minha conta
        </Link>
      </div>
    </div>
  );
}
