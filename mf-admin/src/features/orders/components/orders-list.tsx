/**
 * The orders tab's list: filters (status, payment method, period), search by code,
 * customer name or e-mail (debounced 300 ms), a table of 20 orders per page (code, date,
 * customer, method, total, status, alert) with paging. Filters live in the URL, so a filtered
 * page can be shared and the back button returns to it.
 */
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from '@prata/shared-ui/router';
import { ORDER_STATUSES, ORDER_STATUS_LABELS, PAYMENT_METHODS, PAYMENT_METHOD_LABELS, orderStatusSchema, paymentMethodSchema } from '@prata/contracts';
import { Alert, Badge, Button, Checkbox, OrderStatusBadge, Pagination, Price, SelectField, Skeleton, Table, TextField, formatDateTime } from '@prata/shared-ui';
import { useAdminOrders, type AdminOrderFilters } from '../api/get-admin-orders.ts';
import styles from './orders.module.css';

const SEARCH_DEBOUNCE_MS = 300;
const STATUS_OPTIONS = ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] }));
const METHOD_OPTIONS = PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }));
const isoDay = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

/** The filters in the URL (`?status=&metodo=&de=&ate=&busca=&alertas=&pagina=`). */
function readFilters(params: URLSearchParams): AdminOrderFilters {
  return {
    status: orderStatusSchema.safeParse(params.get('status')).data,
    method: paymentMethodSchema.safeParse(params.get('metodo')).data,
    from: isoDay(params.get('de')),
    to: isoDay(params.get('ate')),
    search: params.get('busca') ?? undefined,
    alert: params.get('alertas') === '1' ? 'true' : undefined,
    page: Math.max(1, Number.parseInt(params.get('pagina') ?? '1', 10) || 1),
  };
}

export function OrdersList() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [search, setSearch] = useState(filters.search ?? '');
  const orders = useAdminOrders(filters);

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('pagina' in changes)) next.delete('pagina');
    setParams(next, { replace: true });
  };

  useEffect(() => {
    if (search === (params.get('busca') ?? '')) return;
    // An order opened before the pause ends (its page still loading) must not be replaced by the list.
    const listPath = window.location.pathname;
    const timer = window.setTimeout(() => {
      if (window.location.pathname === listPath) update({ busca: search.trim() || undefined });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- debounce on the typed text only
  }, [search]);

  const pageCount = orders.data ? Math.max(1, Math.ceil(orders.data.total / orders.data.pageSize)) : 1;
  return (
    <div className={styles.stack}>
      <form className={styles.filters} role="search" aria-label="Filtrar pedidos" onSubmit={(event) => event.preventDefault()}>
        <TextField id="orders-search" label="Buscar pedidos" placeholder="Código, nome ou email" value={search} onChange={(event) => setSearch(event.target.value)} />
        <SelectField id="orders-status" label="Status" placeholder="Todos" options={STATUS_OPTIONS} value={filters.status ?? ''} onChange={(event) => update({ status: event.target.value || undefined })} />
        <SelectField id="orders-method" label="Pagamento" placeholder="Todos" options={METHOD_OPTIONS} value={filters.method ?? ''} onChange={(event) => update({ metodo: event.target.value || undefined })} />
        <TextField id="orders-from" label="De" type="date" value={filters.from ?? ''} onChange={(event) => update({ de: event.target.value || undefined })} />
        <TextField id="orders-to" label="Até" type="date" value={filters.to ?? ''} onChange={(event) => update({ ate: event.target.value || undefined })} />
        <Checkbox id="orders-alerts" label="Só com alerta de pagamento" checked={filters.alert === 'true'} onChange={(event) => update({ alertas: event.target.checked ? '1' : undefined })} />
      </form>

      {orders.isPending ? (
        <div role="status" aria-busy="true" className={styles.stack}>
          <span className="p9-visually-hidden">Carregando pedidos...</span>
          {[0, 1, 2, 3, 4].map((row) => (
            <Skeleton key={row} height={40} />
          ))}
        </div>
      ) : orders.isError ? (
        <div>
          <Alert variant="danger">Não foi possível carregar os pedidos.</Alert>
          <Button variant="outline" size="sm" onClick={() => void orders.refetch()}>
            Tentar novamente
          </Button>
        </div>
      ) : orders.data.items.length === 0 ? (
        <p className={styles.muted}>Nenhum pedido encontrado.</p>
      ) : (
        <>
          <p className={styles.muted} aria-live="polite">
            {orders.data.total === 1 ? '1 pedido' : `${orders.data.total} pedidos`}
          </p>
          <Table caption="Pedidos" hideCaption data-testid="orders-table">
            <thead>
              <tr>
                <th scope="col">Pedido</th>
                <th scope="col">Data</th>
                <th scope="col">Cliente</th>
                <th scope="col">Pagamento</th>
                <th scope="col">Total</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {orders.data.items.map((order) => (
                <tr key={order.id}>
                  <td>
                    <Link to={`/admin/orders/${order.id}`}>{order.number}</Link>
                    {order.paymentAlert ? (
                      <>
                        {' '}
                        <Badge variant="danger">Alerta</Badge>
                      </>
                    ) : null}
                  </td>
                  <td>
                    <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
                  </td>
                  <td>
                    {order.customerName}
                    <br />
                    <span className={styles.muted}>{order.customerEmail}</span>
                  </td>
                  <td>{PAYMENT_METHOD_LABELS[order.paymentMethod]}</td>
                  <td>
                    <Price cents={order.totalCents} />
                  </td>
                  <td>
                    <OrderStatusBadge status={order.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pagination page={filters.page} pageCount={pageCount} onPageChange={(page) => update({ pagina: String(page) })} label="Páginas de pedidos" />
        </>
      )}
    </div>
  );
}
