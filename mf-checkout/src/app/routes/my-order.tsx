/**
 * `/minha-conta/pedidos/:id`: one of the shopper's orders, re-read every 5 s while
 * unpaid. Another shopper's order, or an unknown one, is 'Pedido não encontrado' (the service
 * answers 404).
 */
import { Link, useParams } from '@prata/shared-ui/router';
import { z } from 'zod';
import { Button, EmptyState, buttonClassName, useSessionStore } from '@prata/shared-ui';
import { useOrder } from '../../features/orders/api/get-order.ts';
import { OrderConfirmationSkeleton } from '../../features/orders/components/order-confirmation-skeleton.tsx';
import { OrderDetails } from '../../features/orders/components/order-details.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { MY_ORDERS_PATH, SignInFirst } from './my-orders.tsx';
import styles from './routes.module.css';

export function MyOrderRoute() {
  const id = useParams().id ?? '';
  const valid = z.uuid().safeParse(id).success;
  const user = useSessionStore((state) => state.user);
  const loading = useSessionStore((state) => state.loading);
  const order = useOrder(id, { enabled: valid && user !== null });
  const notFound = (
    <EmptyState
      title="Pedido não encontrado"
      description="Confira os seus pedidos na sua conta."
      action={
        <Link to={MY_ORDERS_PATH} className={buttonClassName()}>
          Meus pedidos
        </Link>
      }
    />
  );

  let content;
  if (!valid) content = notFound;
  else if (loading) content = <OrderConfirmationSkeleton />;
  else if (!user) content = <SignInFirst from={`${MY_ORDERS_PATH}/${id}`} />;
  else if (order.isPending) content = <OrderConfirmationSkeleton />;
  else if (order.isError) {
    content =
      order.error instanceof ApiRequestError && (order.error.status === 404 || order.error.status === 400) ? (
        notFound
      ) : (
        <EmptyState title="Não foi possível carregar o pedido" description="Tente novamente em alguns instantes." action={<Button onClick={() => void order.refetch()}>Tentar Novamente</Button>} />
      );
  } else content = <OrderDetails order={order.data} />;

  return (
    <section className={`p9-container ${styles.page}`}>
      <Link to={MY_ORDERS_PATH}>← Meus pedidos</Link>
      {content}
    </section>
  );
}
