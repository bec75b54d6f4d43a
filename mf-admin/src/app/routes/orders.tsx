/** `/admin/orders`: every order of the store, with filters, search and paging. */
import { ShoppingBag } from 'lucide-react';
import { Card } from '@prata/shared-ui';
import { OrdersList } from '../../features/orders/components/orders-list.tsx';
import { PageHeader } from './page-header.tsx';

export function OrdersRoute() {
  return (
    <>
      <PageHeader title="Pedidos" lead="Confirme pagamentos, envie com código de rastreio e acompanhe cada pedido." />
      <Card title="Todos os pedidos" icon={<ShoppingBag size={20} aria-hidden="true" />}>
        <OrdersList />
      </Card>
    </>
  );
}
