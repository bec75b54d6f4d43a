/**
 * Order confirmed `/pedido-confirmado?pedido=<id>` (storefront.md 2): loads the shopper's order
 * and shows it with its payment instructions. Without a valid order (missing or malformed id,
 * unknown or someone else's order): a friendly message with a link to /produtos.
 */
import { Link, useSearchParams } from '@prata/shared-ui/router';
import { z } from 'zod';
import { Button, EmptyState, buttonClassName } from '@prata/shared-ui';
import { useSessionStore } from '@prata/shared-ui/state';
import { useOrder } from '../../features/orders/api/get-order.ts';
import { OrderConfirmation } from '../../features/orders/components/order-confirmation.tsx';
import { OrderConfirmationSkeleton } from '../../features/orders/components/order-confirmation-skeleton.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import styles from './routes.module.css';

const orderIdSchema = z.uuid();

function NoOrder() {
  return (
    <EmptyState
      title="Pedido não encontrado"
      description="Não encontramos este pedido. Que tal continuar explorando a nossa coleção?"
      action={
        <Link to="/produtos" className={buttonClassName()}>
          Ver Produtos
        </Link>
      }
    />
  );
}

export function OrderConfirmedRoute() {
  const [params] = useSearchParams();
  const id = params.get('pedido') ?? '';
  const valid = orderIdSchema.safeParse(id).success;
  const user = useSessionStore((state) => state.user);
  const sessionLoading = useSessionStore((state) => state.loading);
  const order = useOrder(id, { enabled: valid && user !== null });

  let content;
  if (!valid) content = <NoOrder />;
  else if (sessionLoading) content = <OrderConfirmationSkeleton />;
  else if (!user) {
    content = (
      <EmptyState
        title="Entre para ver o seu pedido"
        description="Os pedidos ficam disponíveis na sua conta."
        action={
          <Link to="/auth" state={{ from: `/pedido-confirmado?pedido=${id}` }} className={buttonClassName()}>
            Entrar
          </Link>
        }
      />
    );
  } else if (order.isPending) content = <OrderConfirmationSkeleton />;
  else if (order.isError) {
    content =
      order.error instanceof ApiRequestError && (order.error.status === 404 || order.error.status === 400) ? (
        <NoOrder />
      ) : (
        <EmptyState
          title="Não foi possível carregar o pedido"
          description="Tente novamente em alguns instantes."
          action={<Button onClick={() => void order.refetch()}>Tentar Novamente</Button>}
        />
      );
  } else content = <OrderConfirmation order={order.data} />;

  return <section className={`p9-container ${styles.page}`}>{content}</section>;
}
