/**
 * An order as its tracking link shows it (`/pedido/:token`, no sign-in; contracts
 * `OrderTrackingView`, amounts in BRL cents): status, the shipment with the carrier's tracking
 * page, the PIX code with its copy button (or the boleto line) while unpaid, items, freight and
 * totals, where it goes (city and UF only: the link may be opened by anyone it is forwarded to),
 * the history, 'Devolver ou trocar' while the order can be returned (tracking-returns.tsx: sign-in,
 * or a code e-mailed to the order's address), and 'Ver na minha conta', through sign-in to the
 * order's page in the account. The one change offered is 'Gerar novo PIX' / 'Gerar novo boleto'
 * while the code is about to expire or expired (renew-payment-card.tsx); the new code shows under
 * the same rule as the first.
 */
import type { OrderTrackingView } from '@prata/contracts';
import { Alert, Card, buttonClassName } from '@prata/shared-ui';
import { Link } from '@prata/shared-ui/router';
import { useRenewTrackedPayment } from '../api/renew-tracked-payment.ts';
import { OrderItemsCard } from './order-items-card.tsx';
import { CancellationCard, DeliveryTime, OrderHero, ShipmentCard, TimelineCard } from './order-status-cards.tsx';
import { PaymentInstructions } from './payment-instructions.tsx';
import { RenewPaymentCard } from './renew-payment-card.tsx';
import { TrackingReturns } from './tracking-returns.tsx';
import styles from './orders.module.css';

/** The order's page in the account, which the sign-in comes back to. */
export const accountOrderPath = (id: string) => `/minha-conta/pedidos/${id}`;

/** The tracked order; `token`: its tracking link's token (the authorisation of 'Gerar novo PIX' and of the returns card). */
export function OrderTrackingDetails({ order, token }: { order: OrderTrackingView; token: string }) {
  const { shipment, cancellation, shipping } = order;
  const renewal = useRenewTrackedPayment(token);
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

      <RenewPaymentCard order={order} renew={() => renewal.mutateAsync()} pending={renewal.isPending} />
      {order.paymentCodeInAccount ? (
        <Alert variant="info" title="Pagamento pendente">
          {order.payment.method === 'mercadopago-credits'
            ? 'Para continuar o pagamento no Mercado Pago, entre na sua conta e abra o pedido.'
            : `Para ver o ${order.payment.method === 'pix' ? 'código PIX' : 'boleto'}, entre na sua conta e abra o pedido.`}
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

      {order.status === 'delivered' ? <TrackingReturns token={token} accountPath={accountOrderPath(order.id)} /> : null}

      <div className={styles.actions}>
        <Link to="/auth" state={inAccount} className={buttonClassName('outline')}>
          Ver na minha conta
        </Link>
      </div>
    </div>
  );
}
