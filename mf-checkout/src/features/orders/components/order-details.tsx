/**
 * One order of the shopper (`/minha-conta/pedidos/:id`): code, status in Portuguese,
 * the PIX code with its countdown (or the boleto line) while unpaid, the carrier and tracking
 * code once shipped, items and total, the invoice (NF-e) once paid, the delivery
 * address, the history of its statuses, and 'Cancelar pedido' while unpaid (with a confirmation).
 */
import { useState } from 'react';
import { CANCEL_REASON_LABELS, ORDER_STATUS_LABELS, type Order } from '@prata/contracts';
import { Button, Card, Dialog, OrderStatusBadge, formatBRL, formatDateTime, toast } from '@prata/shared-ui';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { businessDaysText } from '../../../lib/delivery.ts';
import { useCancelOrder } from '../api/cancel-order.ts';
import { OrderInvoice } from './order-invoice.tsx';
import { OrderItemsCard } from './order-items-card.tsx';
import { OrderReturnsCard } from './order-returns.tsx';
import { PaymentInstructions } from './payment-instructions.tsx';
import { ShippingAddress } from './shipping-address.tsx';
import styles from './orders.module.css';

function CancelOrderButton({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelOrder();
  const confirm = () =>
    cancel.mutate(order.id, {
      onSuccess: () => {
        setOpen(false);
        toast.success('Pedido cancelado', { description: `O pedido ${order.number} foi cancelado.` });
      },
      onError: (error) => toast.error('Erro', { description: error instanceof ApiRequestError ? error.message : 'Não foi possível cancelar o pedido.' }),
    });
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Cancelar pedido
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Cancelar o pedido ${order.number}?`}
        description="Os itens voltam para o estoque e o código de pagamento deixa de valer."
        footer={
          <>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Voltar
            </Button>
            <Button variant="danger" onClick={confirm} disabled={cancel.isPending}>
              {cancel.isPending ? 'Cancelando...' : 'Cancelar pedido'}
            </Button>
          </>
        }
      />
    </>
  );
}

export function OrderDetails({ order }: { order: Order }) {
  const { shipping, shipment, cancellation } = order;
  return (
    <div className={styles.page} data-testid="order-details">
      <header className={styles.hero}>
        <h1>Pedido {order.number}</h1>
        <p className={styles.muted}>Feito em {formatDateTime(order.createdAt)}</p>
        <p data-testid="order-status" data-status={order.status}>
          <OrderStatusBadge status={order.status} />
        </p>
      </header>

      {shipment ? (
        <Card title="Envio" className={styles.card} testId="order-shipment">
          <p>
            Transportadora: <strong>{shipment.carrier}</strong>
          </p>
          <p>
            Código de rastreio: <strong className={styles.tracking} data-testid="tracking-code">{shipment.trackingCode}</strong>
          </p>
          <p>Enviado em {formatDateTime(shipment.shippedAt)}{shipment.deliveredAt ? ` · entregue em ${formatDateTime(shipment.deliveredAt)}` : ''}</p>
        </Card>
      ) : null}

      {cancellation ? (
        <Card title="Pedido cancelado" className={styles.card}>
          <p>
            {CANCEL_REASON_LABELS[cancellation.reason]} em {formatDateTime(cancellation.at)}.
            {cancellation.refundedCents ? ` O valor de ${formatBRL(cancellation.refundedCents)} foi estornado.` : ''}
          </p>
        </Card>
      ) : null}

      <PaymentInstructions order={order} />
      <OrderItemsCard order={order} />
      {order.status !== 'pending' ? <OrderInvoice orderId={order.id} /> : null}
      {order.refundedCents > 0 && !cancellation ? <p data-testid="order-refunded">Reembolsado: {formatBRL(order.refundedCents)}</p> : null}
      {order.status === 'delivered' ? <OrderReturnsCard order={order} /> : null}

      <Card title="Entrega" className={styles.card}>
        <ShippingAddress shipping={shipping} />
        {order.status === 'pending' || order.status === 'paid' ? <p>Prazo de entrega: {businessDaysText(order.delivery)}{order.shippingService ? ` por ${order.shippingService.name}` : null} após a confirmação do pagamento.</p> : null}
      </Card>

      <Card title="Histórico" className={styles.card}>
        <ol className={styles.timeline}>
          {order.timeline.map((entry) => (
            <li key={`${entry.status}-${entry.at}`}>
              <span>{ORDER_STATUS_LABELS[entry.status]}</span>
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </li>
          ))}
        </ol>
      </Card>

      {order.status === 'pending' ? (
        <div className={styles.actions}>
          <CancelOrderButton order={order} />
        </div>
      ) : null}
    </div>
  );
}
