/**
 * One order of the shopper (`/minha-conta/pedidos/:id`): code, status in Portuguese,
 * the PIX code with its countdown (or the boleto line) while unpaid, the carrier and tracking
 * code once shipped, items and total, the invoice (NF-e) once paid, the delivery
 * address, the history of its statuses, 'Cancelar pedido' while unpaid (with a confirmation),
 * 'Gerar novo PIX' / 'Gerar novo boleto' while its code is about to expire or expired
 * (renew-payment-card.tsx), and once delivered its returns and its reviews ('Avaliar' per piece).
 */
import { useState } from 'react';
import type { Order } from '@prata/contracts';
import { Button, Card, Dialog, formatBRL } from '@prata/shared-ui';
import { toast } from '@prata/shared-ui/state';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useCancelOrder } from '../api/cancel-order.ts';
import { useRenewPayment } from '../api/renew-payment.ts';
import { OrderInvoice } from './order-invoice.tsx';
import { OrderItemsCard } from './order-items-card.tsx';
import { OrderReturnsCard } from './order-returns.tsx';
import { OrderReviewsCard } from './order-reviews.tsx';
import { CancellationCard, DeliveryTime, OrderHero, ShipmentCard, TimelineCard } from './order-status-cards.tsx';
import { PaymentInstructions } from './payment-instructions.tsx';
import { RenewPaymentCard } from './renew-payment-card.tsx';
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
  const renewal = useRenewPayment();
  return (
    <div className={styles.page} data-testid="order-details">
      <OrderHero order={order} />

      {shipment ? <ShipmentCard shipment={shipment} /> : null}
      {cancellation ? <CancellationCard cancellation={cancellation} /> : null}

      <RenewPaymentCard order={order} renew={() => renewal.mutateAsync(order.id)} pending={renewal.isPending} />
      <PaymentInstructions order={order} />
      <OrderItemsCard order={order} />
      {order.status !== 'pending' ? <OrderInvoice orderId={order.id} /> : null}
      {order.refundedCents > 0 && !cancellation ? <p data-testid="order-refunded">Reembolsado: {formatBRL(order.refundedCents)}</p> : null}
      {order.status === 'delivered' ? <OrderReturnsCard order={order} /> : null}
      {order.status === 'delivered' ? <OrderReviewsCard order={order} /> : null}

      <Card title="Entrega" className={styles.card}>
        <ShippingAddress shipping={shipping} />
        <DeliveryTime order={order} />
      </Card>

      <TimelineCard timeline={order.timeline} />

      {order.status === 'pending' ? (
        <div className={styles.actions}>
          <CancelOrderButton order={order} />
        </div>
      ) : null}
    </div>
  );
}
