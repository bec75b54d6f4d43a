/**
 * An order's status as a badge, in Portuguese (Aguardando pagamento, Pago, Enviado,
 * Entregue, Cancelado), for the shopper's pages and the admin orders tab alike.
 * `data-status` carries the machine value for tests.
 */
import { ORDER_STATUS_LABELS, type OrderStatus } from '@prata/contracts/orders';
import { Badge, type BadgeVariant } from './badge.tsx';

const VARIANTS: Readonly<Record<OrderStatus, BadgeVariant>> = {
  pending: 'warning',
  paid: 'success',
  shipped: 'neutral',
  delivered: 'success',
  cancelled: 'danger',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span data-status={status} data-testid="order-status-badge">
      <Badge variant={VARIANTS[status]}>{ORDER_STATUS_LABELS[status]}</Badge>
    </span>
  );
}
