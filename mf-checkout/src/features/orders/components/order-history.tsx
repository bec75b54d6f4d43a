/**
 * The shopper's orders (`/minha-conta/pedidos`): newest first, each with its code,
 * date, status in Portuguese, total and a link to its page, a page at a time ('Carregar mais
 * pedidos' reads the next). Skeletons while loading; a retry on failure; an empty state linking to
 * /produtos.
 */
import { Link } from '@prata/shared-ui/router';
import { Button, EmptyState, OrderStatusBadge, Price, Skeleton, buttonClassName, formatDateTime } from '@prata/shared-ui';
import { useOrders } from '../api/get-orders.ts';
import styles from './orders.module.css';

export function OrderHistory() {
  const orders = useOrders();
  if (orders.isPending) {
    return (
      <div role="status" aria-busy="true" className={styles.history}>
        <span className="p9-visually-hidden">Carregando pedidos...</span>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={88} />
        ))}
      </div>
    );
  }
  if (orders.isError) {
    return (
      <EmptyState
        title="Não foi possível carregar os pedidos"
        description="Tente novamente em alguns instantes."
        action={<Button onClick={() => void orders.refetch()}>Tentar Novamente</Button>}
      />
    );
  }
  const list = orders.data.pages.flat();
  if (list.length === 0) {
    return (
      <EmptyState
        title="Você ainda não fez pedidos"
        description="Que tal conhecer a nossa coleção?"
        action={
          <Link to="/produtos" className={buttonClassName()}>
            Ver Produtos
          </Link>
        }
      />
    );
  }
  return (
    <>
      <ul className={styles.history} data-testid="order-history">
        {list.map((order) => (
          <li key={order.id} className={styles.entry} data-testid="order-history-entry">
            <div>
              <h2>
                <Link to={`/minha-conta/pedidos/${order.id}`}>Pedido {order.number}</Link>
              </h2>
              <p className={styles.muted}>
                {formatDateTime(order.createdAt)} · {order.items.reduce((sum, item) => sum + item.quantity, 0)} {order.items.length === 1 && order.items[0]!.quantity === 1 ? 'item' : 'itens'}
              </p>
              {order.shipment ? (
                <p>
                  Rastreio: <span className={styles.tracking}>{order.shipment.trackingCode}</span>
                </p>
              ) : null}
            </div>
            <div>
              <OrderStatusBadge status={order.status} />
              <p>
                <Price cents={order.totalCents} />
              </p>
            </div>
          </li>
        ))}
      </ul>
      {orders.hasNextPage ? (
        <div className={styles.more}>
          <Button variant="outline" loading={orders.isFetchingNextPage} onClick={() => void orders.fetchNextPage()}>
            Carregar mais pedidos
          </Button>
          {orders.isFetchNextPageError ? <p role="alert">Não foi possível carregar mais pedidos. Tente novamente.</p> : null}
        </div>
      ) : null}
    </>
  );
}
