/**
 * The sales report (admin.md 2 "Sales report", 8, 9): total revenue, units sold, orders
 * and average ticket (revenue / orders) of the chosen period, the monthly performance from the
 * real paid orders as a chart, the top 5 products by revenue, stock alerts from the real stock,
 * revenue per payment method, and the note on the payment provider with its badges (only
 * the configured acquirer and its methods). Money comes
 * in integer cents and is only formatted here. Failure: 'Não foi possível carregar os dados de vendas.'
 */
import { AlertTriangle, CreditCard, DollarSign, Package, Receipt, ShoppingCart, TrendingUp } from 'lucide-react';
import { useState } from 'react';
import { Link } from '@prata/shared-ui/router';
import { PAYMENT_METHOD_LABELS, SALES_PERIODS, SALES_PERIOD_LABELS, type CHECKOUT_PAYMENT_METHODS, type PaymentMethod, type SalesPeriod } from '@prata/contracts';
import { Badge, Card, Skeleton, Table, ToggleGroup, formatBRL } from '@prata/shared-ui';
import { RevenueChart } from '../../../components/revenue-chart.tsx';
import { StatCard, StatGrid } from '../../../components/stat-card.tsx';
import { useSales } from '../api/get-sales.ts';
import { LowStockThresholdForm } from './low-stock-threshold-form.tsx';
import { InstallmentSettingsForm } from './installment-settings-form.tsx';
import { PixDiscountForm } from './pix-discount-form.tsx';
import { GiftWrapForm } from './gift-wrap-form.tsx';
import { LoadFailure } from '../../../components/load-failure.tsx';
import styles from './sales.module.css';

const LOAD_FAILURE = 'Não foi possível carregar os dados de vendas.';
/** The methods the checkout takes through the acquirer, as the report names them. */
const ACQUIRER_METHOD_LABELS: Record<(typeof CHECKOUT_PAYMENT_METHODS)[number], string> = {
  'credit-card': 'Cartão de crédito',
  pix: 'PIX',
  boleto: 'Boleto',
  'mercadopago-credits': PAYMENT_METHOD_LABELS['mercadopago-credits'],
};
/** Every method a row of the report may have: orders paid whole with store credit too. */
const METHOD_LABELS: Record<PaymentMethod, string> = { ...ACQUIRER_METHOD_LABELS, 'store-credit': PAYMENT_METHOD_LABELS['store-credit'] };
/** Names of the acquirers the service can be configured with (`PAYMENT_PROVIDER`). */
const PROVIDER_LABELS: Record<string, string> = { sandbox: 'Sandbox (testes)', mercadopago: 'Mercado Pago' };

/**
 * The badges of the payment note: only the acquirer the store is configured with (the
 * provider `GET /api/payments/config` also names; the report carries it) and the methods the
 * checkout takes through it, instead of a list of acquirers the store does not use.
 */
export function providerBadges(provider: string): string[] {
  // 'Parcelamento sem cartão' depends on the acquirer's settings (PAYMENT_CREDITS), which the report does not carry.
  const methods = Object.entries(ACQUIRER_METHOD_LABELS).filter(([method]) => method !== 'mercadopago-credits');
  return [PROVIDER_LABELS[provider] ?? provider, ...methods.map(([, label]) => label)];
}
const monthFormat = new Intl.DateTimeFormat('pt-BR', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** '2026-11' -> 'nov. de 2026'. */
export function monthLabel(month: string): string {
  return monthFormat.format(new Date(`${month}-15T12:00:00Z`));
}

export function SalesReport() {
  const [period, setPeriod] = useState<SalesPeriod>('30');
  const { data, isPending, isError, refetch, isFetching } = useSales(period);

  return (
    <>
      <ToggleGroup label="Período" options={SALES_PERIODS.map((value) => ({ value, label: SALES_PERIOD_LABELS[value] }))} value={period} onValueChange={setPeriod} />
      {isPending ? (
        <div role="status" aria-busy="true" className={styles.loading}>
          <span className="p9-visually-hidden">Carregando vendas...</span>
          <Skeleton height={104} />
          <Skeleton height={280} />
        </div>
      ) : isError ? (
        <LoadFailure message={LOAD_FAILURE} toastTitle="Erro" toastDescription={LOAD_FAILURE} onRetry={() => void refetch()} />
      ) : (
        <div className={styles.report} aria-busy={isFetching}>
          <StatGrid label="Totais do período">
            <StatCard icon={DollarSign} label="Receita Total" value={formatBRL(data.totals.revenueCents)} note={SALES_PERIOD_LABELS[data.period]} testId="sales-revenue" />
            <StatCard icon={Package} label="Total de Vendas" value={data.totals.unitsSold} note="unidades vendidas" testId="sales-units" />
            <StatCard icon={ShoppingCart} label="Total de Pedidos" value={data.totals.orders} note="pagos, enviados ou entregues" testId="sales-orders" />
            <StatCard icon={Receipt} label="Ticket Médio" value={formatBRL(data.totals.averageTicketCents)} note="receita ÷ pedidos" testId="sales-average" />
          </StatGrid>
          <Card title="Desempenho Mensal" icon={<TrendingUp size={20} aria-hidden="true" />}>
            <RevenueChart caption="Receita por mês" periodHeader="Mês" data={data.monthly.map((month) => ({ label: monthLabel(month.month), revenueCents: month.revenueCents, orders: month.orders }))} />
          </Card>
          <div className={styles.columns}>
            <Card title="Produtos Mais Vendidos" description="Top 5 por receita no período">
              {data.topProducts.length === 0 ? (
                <p className={styles.muted}>Nenhuma venda no período.</p>
              ) : (
                <Table caption="Produtos mais vendidos" hideCaption variant="compact" data-testid="top-products">
                  <thead>
                    <tr>
                      <th scope="col">Produto</th>
                      <th scope="col">Unidades</th>
                      <th scope="col">Receita</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.topProducts.map((product) => (
                      <tr key={`${product.productId ?? product.name}-${product.sku ?? ''}`}>
                        <th scope="row">
                          {product.name}
                          {product.variantLabel ? ` — ${product.variantLabel}` : null}
                          {product.sku ? <span className={styles.muted}> ({product.sku})</span> : null}
                        </th>
                        <td>{product.units}</td>
                        <td>{formatBRL(product.revenueCents)}</td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              )}
            </Card>
            <Card title="Alertas de Estoque" description={`Produtos com ${data.lowStockThreshold} unidades ou menos`} icon={<AlertTriangle size={20} aria-hidden="true" />}>
              <LowStockThresholdForm threshold={data.lowStockThreshold} />
              {data.stockAlerts.length === 0 ? (
                <p className={styles.muted}>Nenhum produto com estoque baixo.</p>
              ) : (
                <ul className={styles.alerts} data-testid="stock-alerts">
                  {data.stockAlerts.map((product) => (
                    <li key={`${product.id}-${product.variantId ?? ''}`}>
                      <Link to={`/admin/products?editar=${product.id}`}>{product.name}</Link>
                      <Badge variant={product.stock === 0 ? 'danger' : 'warning'}>{product.stock === 0 ? 'Esgotado' : `${product.stock} un.`}</Badge>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </div>
          <Card title="Descontos e Frete" description="Pedidos pagos, enviados ou entregues no período" testId="sales-discounts">
            <ul className={styles.alerts}>
              <li>
                <span>
                  Cupons · {data.discounts.couponOrders} {data.discounts.couponOrders === 1 ? 'pedido' : 'pedidos'}
                </span>
                <strong>− {formatBRL(data.discounts.couponCents)}</strong>
              </li>
              <li>
                <span>Desconto no PIX</span>
                <strong>− {formatBRL(data.discounts.pixCents)}</strong>
              </li>
              <li>
                <span>Frete cobrado (na receita)</span>
                <strong>{formatBRL(data.discounts.freightCents)}</strong>
              </li>
              <li>
                <span>Devoluções reembolsadas (fora da receita)</span>
                <strong>− {formatBRL(data.discounts.refundedCents)}</strong>
              </li>
              <li>
                <span>Devoluções em crédito na loja (fora da receita)</span>
                <strong>− {formatBRL(data.discounts.creditedCents)}</strong>
              </li>
            </ul>
          </Card>
          <Card title="Formas de Pagamento" icon={<CreditCard size={20} aria-hidden="true" />}>
            <PixDiscountForm />
            <InstallmentSettingsForm />
            <GiftWrapForm />
            {data.byPaymentMethod.length > 0 ? (
              <ul className={styles.alerts}>
                {data.byPaymentMethod.map((row) => (
                  <li key={row.method}>
                    <span>
                      {METHOD_LABELS[row.method]} · {row.orders} {row.orders === 1 ? 'pedido' : 'pedidos'}
                    </span>
                    <strong>{formatBRL(row.revenueCents)}</strong>
                  </li>
                ))}
              </ul>
            ) : null}
            <div className={styles.provider} data-testid="payment-provider-note">
              <p>
                Os pagamentos passam pela operadora configurada no serviço (<code>PAYMENT_PROVIDER</code>): hoje,{' '}
                <strong>{data.paymentProvider === 'sandbox' ? 'sandbox (ambiente de testes)' : data.paymentProvider}</strong>. Para receber de verdade, integre uma
                operadora de pagamentos ou maquininha; cartões, PIX e boleto continuam funcionando do mesmo jeito.
              </p>
              <ul className={styles.badges} aria-label="Operadora e formas de pagamento configuradas">
                {providerBadges(data.paymentProvider).map((name) => (
                  <li key={name}>
                    <Badge>{name}</Badge>
                  </li>
                ))}
              </ul>
            </div>
          </Card>
        </div>
      )}
    </>
  );
}
