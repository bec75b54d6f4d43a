/** `/admin/orders/:id`: one order with its actions and timeline. */
import { Link, useParams } from '@prata/shared-ui/router';
import { z } from 'zod';
import { Alert, Button, Skeleton } from '@prata/shared-ui';
import { useAdminOrder } from '../../features/orders/api/get-admin-order.ts';
import { OrderDetail } from '../../features/orders/components/order-detail.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { PageHeader } from './page-header.tsx';
import styles from './routes.module.css';

export function OrderRoute() {
  const id = useParams().id ?? '';
  const valid = z.uuid().safeParse(id).success;
  const order = useAdminOrder(id, { enabled: valid });
  let content;
  if (!valid || (order.isError && order.error instanceof ApiRequestError && order.error.status === 404)) content = <Alert variant="warning">Pedido não encontrado.</Alert>;
  else if (order.isPending) {
    content = (
      <div role="status" aria-busy="true">
        <span className="p9-visually-hidden">Carregando pedido...</span>
        <Skeleton height={320} />
      </div>
    );
  } else if (order.isError) {
    content = (
      <div>
        <Alert variant="danger">Não foi possível carregar o pedido.</Alert>
        <Button variant="outline" size="sm" onClick={() => void order.refetch()}>
          Tentar novamente
        </Button>
      </div>
    );
  } else content = <OrderDetail order={order.data} />;
  return (
    <>
      <PageHeader title="Pedido" />
      <Link to="/admin/orders" className={styles.back}>
        ← Todos os pedidos
      </Link>
      {content}
    </>
  );
}
