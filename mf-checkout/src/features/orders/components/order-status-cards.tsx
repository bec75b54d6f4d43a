/**
 * The cards an order's page shows about where it stands, shared by the account's order page
 * (order-details.tsx) and the tracking page without sign-in (order-tracking-details.tsx): the
 * shipment (carrier, tracking code and, where known, the carrier's tracking page), the
 * cancellation (reason, refund in BRL cents) and the history of statuses.
 */
import type { ReactNode } from 'react';
import { CANCEL_REASON_LABELS, ORDER_STATUS_LABELS, type Order } from '@prata/contracts';
import { Card, OrderStatusBadge, formatBRL, formatDateTime } from '@prata/shared-ui';
import { businessDaysText } from '../../../lib/delivery.ts';
import styles from './orders.module.css';

/** The page's heading: `title` (the order's number by default), when it was placed, its status. */
export function OrderHero({ order, title = `Pedido ${order.number}`, children }: { order: Pick<Order, 'number' | 'createdAt' | 'status'>; title?: string; children?: ReactNode }) {
  return (
    <header className={styles.hero}>
      <h1>{title}</h1>
      {children}
      <p className={styles.muted}>Feito em {formatDateTime(order.createdAt)}</p>
      <p data-testid="order-status" data-status={order.status}>
        <OrderStatusBadge status={order.status} />
      </p>
    </header>
  );
}

/** The delivery time while the order is not shipped yet ('Prazo de entrega: ... após a confirmação do pagamento'); nothing after. */
export function DeliveryTime({ order }: { order: Pick<Order, 'status' | 'delivery' | 'shippingService'> }) {
  if (order.status !== 'pending' && order.status !== 'paid') return null;
  return (
    <p>
      Prazo de entrega: {businessDaysText(order.delivery)}
      {order.shippingService ? ` por ${order.shippingService.name}` : null} após a confirmação do pagamento.
    </p>
  );
}

/** 'Envio': carrier, tracking code, dates; `trackingUrl` opens the carrier's tracking without leaking the page's URL. */
export function ShipmentCard({ shipment }: { shipment: NonNullable<Order['shipment']> & { trackingUrl?: string } }) {
  return (
    <Card title="Envio" className={styles.card} testId="order-shipment">
      <p>
        Transportadora: <strong>{shipment.carrier}</strong>
      </p>
      <p>
        Código de rastreio: <strong className={styles.tracking} data-testid="tracking-code">{shipment.trackingCode}</strong>
      </p>
      <p>Enviado em {formatDateTime(shipment.shippedAt)}{shipment.deliveredAt ? ` · entregue em ${formatDateTime(shipment.deliveredAt)}` : ''}</p>
      {shipment.trackingUrl ? (
        <a href={shipment.trackingUrl} target="_blank" rel="noreferrer noopener">
          Acompanhar a entrega no site de rastreio
        </a>
      ) : null}
    </Card>
  );
}

/** 'Pedido cancelado': why, when, and what was refunded. */
export function CancellationCard({ cancellation }: { cancellation: NonNullable<Order['cancellation']> }) {
  return (
    <Card title="Pedido cancelado" className={styles.card}>
      <p>
        {CANCEL_REASON_LABELS[cancellation.reason]} em {formatDateTime(cancellation.at)}.
        {cancellation.refundedCents ? ` O valor de ${formatBRL(cancellation.refundedCents)} foi estornado.` : ''}
      </p>
    </Card>
  );
}

/** 'Histórico': every status the order reached, oldest first. */
export function TimelineCard({ timeline }: { timeline: Order['timeline'] }) {
  return (
    <Card title="Histórico" className={styles.card}>
      <ol className={styles.timeline}>
        {timeline.map((entry) => (
          <li key={`${entry.status}-${entry.at}`}>
            <span>{ORDER_STATUS_LABELS[entry.status]}</span>
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </li>
        ))}
      </ol>
    </Card>
  );
}
