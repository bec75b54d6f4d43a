/**
 * The overview tab (admin.md 2, 4, 9): sales today, orders, active products and
 * customers ('Usuários Ativos' = profiles), the revenue of the last 7 days, the newest activity
 * and the pending work (orders awaiting payment or shipping, low stock), all from the service,
 * refreshed after the panel's own changes and every 30 s (lib/query-keys.ts).
 */
import { AlertTriangle, Clock, DollarSign, Package, ShoppingCart, Truck, Users } from 'lucide-react';
import { Link } from '@prata/shared-ui/router';
import { Badge, Card, Skeleton, formatBRL, formatDateTime } from '@prata/shared-ui';
import { RevenueChart } from '../../../components/revenue-chart.tsx';
import { StatCard, StatGrid } from '../../../components/stat-card.tsx';
import { actionLabel, describeDetails } from '../../../lib/activity-labels.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { LoadFailure } from '../../../components/load-failure.tsx';
import styles from './dashboard.module.css';

const LOAD_FAILURE = 'Não foi possível carregar o painel.';
const weekday = new Intl.DateTimeFormat('pt-BR', { weekday: 'short', day: '2-digit', timeZone: 'UTC' });

export function DashboardOverview() {
  const { data, isPending, isError, refetch } = useDashboard();

  if (isPending) {
    return (
      <div role="status" aria-busy="true" className={styles.loading}>
        <span className="p9-visually-hidden">Carregando o painel...</span>
        <div className={styles.skeletonRow}>
          {[0, 1, 2, 3].map((card) => (
            <Skeleton key={card} height={104} />
          ))}
        </div>
        <Skeleton height={280} />
      </div>
    );
  }
  if (isError) {
    return (
      <LoadFailure message={LOAD_FAILURE} toastTitle="Erro" toastDescription={LOAD_FAILURE} onRetry={() => void refetch()} />
    );
  }

  const { salesToday, orders, activeProducts, customers, week, recentActivity, pending } = data;
  return (
    <>
      <StatGrid label="Resumo de hoje">
        <StatCard icon={DollarSign} label="Vendas Hoje" value={formatBRL(salesToday.revenueCents)} note={`${salesToday.orders} ${salesToday.orders === 1 ? 'pedido pago' : 'pedidos pagos'}`} testId="stat-sales-today" />
        <StatCard icon={ShoppingCart} label="Pedidos" value={orders.today} note={`${orders.total} no total`} testId="stat-orders" />
        <StatCard icon={Package} label="Produtos Ativos" value={activeProducts} note="no catálogo" testId="stat-products" />
        <StatCard icon={Users} label="Usuários Ativos" value={customers} note="contas cadastradas" testId="stat-customers" />
      </StatGrid>
      <Card title="Vendas dos Últimos 7 Dias">
        <RevenueChart
          caption="Vendas dos últimos 7 dias"
          periodHeader="Dia"
          data={week.map((day) => ({ label: weekday.format(new Date(`${day.date}T12:00:00Z`)), revenueCents: day.revenueCents, orders: day.orders }))}
        />
      </Card>
      <div className={styles.columns}>
        <Card title="Atividade Recente" icon={<Clock size={20} aria-hidden="true" />}>
          {recentActivity.length === 0 ? (
            <p className={styles.muted}>Nenhuma atividade registrada.</p>
          ) : (
            <ul className={styles.list} data-testid="recent-activity">
              {recentActivity.map((row) => (
                <li key={row.id}>
                  <span className={styles.itemTitle}>{actionLabel(row.action)}</span>
                  <span className={styles.itemNote}>{describeDetails(pickDetails(row.details)) || '—'}</span>
                  <time className={styles.itemNote} dateTime={row.createdAt}>
                    {formatDateTime(row.createdAt)}
                  </time>
                </li>
              ))}
            </ul>
          )}
          <Link to="/admin/logs" className={styles.more}>
            Ver todas as atividades
          </Link>
        </Card>
        <Card title="Tarefas Pendentes" icon={<AlertTriangle size={20} aria-hidden="true" />}>
          <ul className={styles.list} data-testid="pending-tasks">
            <li>
              <span className={styles.itemTitle}>
                <Clock size={16} aria-hidden="true" /> Pedidos aguardando pagamento
              </span>
              <Badge variant={pending.awaitingPayment > 0 ? 'warning' : 'neutral'}>{pending.awaitingPayment}</Badge>
            </li>
            <li>
              <span className={styles.itemTitle}>
                <Truck size={16} aria-hidden="true" /> Pedidos aguardando envio
              </span>
              <Badge variant={pending.awaitingShipment > 0 ? 'warning' : 'neutral'}>{pending.awaitingShipment}</Badge>
            </li>
            {pending.lowStock.map((product) => (
              <li key={`${product.id}-${product.variantId ?? ''}`}>
                <Link to={`/admin/products?editar=${product.id}`} className={styles.itemTitle}>
                  <Package size={16} aria-hidden="true" /> Estoque baixo: {product.name}
                </Link>
                <Badge variant={product.stock === 0 ? 'danger' : 'warning'}>{product.stock === 0 ? 'Esgotado' : `${product.stock} un.`}</Badge>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </>
  );
}

/** The details worth a line on the dashboard (names and keys, not whole before/after objects). */
function pickDetails(details: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(details).filter(([, value]) => typeof value !== 'object' || value === null).slice(0, 3));
}
