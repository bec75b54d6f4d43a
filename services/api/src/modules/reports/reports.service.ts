/**
 * Dashboard and sales figures of the admin panel (admin.md 2, 9), computed in SQL from
 * the real orders, products, profiles and activity log. Money is integer BRL cents.
 *
 * - A sale is an order whose status is in `SALE_STATUSES` (paid, shipped, delivered); its moment
 *   is `paid_at` (the creation time for rows without it). Days and months are calendar days and
 *   months in São Paulo time.
 * - Dashboard: sales today, orders today and in total (not cancelled), active (status 'active')
 *   products, customers ('Usuários Ativos' = profiles), the last 7 days, the newest activity,
 *   pending work (orders awaiting payment or shipping, products at or below the low-stock mark;
 *   a product with variants per variant).
 * - Sales report for a period (last 7 / 30 / 90 / 365 days or all): revenue, units, orders,
 *   average ticket (revenue / orders, rounded to the cent), top 5 products (per variant) by revenue, stock
 *   alerts, revenue per month, revenue per payment method.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  DASHBOARD_WEEK_DAYS,
  SALE_STATUSES,
  variantLabel,
  type Dashboard,
  type LowStockProduct,
  type ProductOption,
  type VariantOptions,
  type PaymentMethod,
  type SalesPeriod,
  type SalesReport,
} from '@prata/contracts';
import type { Clock } from '../../lib/clock.ts';
import { AdminLog } from '../audit/index.ts';
import { StoreSettingsService } from '../settings/index.ts';

export const STORE_TIME_ZONE = 'America/Sao_Paulo';
/** Newest activity rows on the dashboard. */
export const DASHBOARD_ACTIVITY_ROWS = 8;
/** Low-stock products listed (dashboard: 5, sales report: 10). */
const LOW_STOCK_ROWS = { dashboard: 5, sales: 10 } as const;

/**
 * What a sale brought in, BRL cents (also the recovery report's net revenue): its total less what returns refunded or gave back as store
 * credit (partial refunds keep the figures consistent; a piece returned for credit and
 * the order that spends the credit are one sale, not two).
 */
export const NET = (alias = '') => `(${alias}total_cents - coalesce(${alias}refunded_cents, 0) - ${alias}returned_credit_cents)`;
export const SALE = `status in (${SALE_STATUSES.map((status) => `'${status}'`).join(', ')})`;
/** The moment an order (of table alias `alias`) became a sale. */
const soldAt = (alias?: string) => (alias ? `coalesce(${alias}.paid_at, ${alias}.created_at)` : 'coalesce(paid_at, created_at)');
const localDay = (column: string) => `(${column} at time zone '${STORE_TIME_ZONE}')::date`;
const localMonth = (column: string) => `date_trunc('month', ${column} at time zone '${STORE_TIME_ZONE}')`;
/** Sums come back as bigint (text in node-postgres): read them as numbers. */
const n = (value: unknown): number => Number(value ?? 0);

export class ReportsService {
  private readonly clock: Clock;
  private readonly paymentProvider: string;

  constructor(clock: Clock, paymentProvider: string) {
    this.clock = clock;
    this.paymentProvider = paymentProvider;
  }

  /** The dashboard's figures. */
  async dashboard(em: EntityManager): Promise<Dashboard> {
    const db = em.getConnection();
    const now = this.clock.now().toISOString();
    const today = localDay('?::timestamptz');
    const threshold = await new StoreSettingsService(em).lowStockThreshold();
    const [[sales], [orders], [counts], week, [pending], lowStock, activity] = await Promise.all([
      db.execute(`select coalesce(sum(${NET()}), 0)::bigint as revenue, count(*) as orders from orders where ${SALE} and ${localDay(soldAt())} = ${today}`, [now]),
      db.execute(`select count(*) filter (where ${localDay('created_at')} = ${today}) as today, count(*) as total from orders where status <> 'cancelled'`, [now]),
      db.execute(`select (select count(*) from products where status = 'active') as products, (select count(*) from profiles) as customers`),
      db.execute<{ date: string; revenue: string; orders: string }[]>(
        `select to_char(d, 'YYYY-MM-DD') as date, coalesce(sum(${NET('o.')}), 0)::bigint as revenue, count(o.id) as orders
           from generate_series(${today} - ${DASHBOARD_WEEK_DAYS - 1}, ${today}, interval '1 day') as d
           left join orders o on o.${SALE} and ${localDay(soldAt('o'))} = d::date
          group by d order by d`,
        [now, now],
      ),
      db.execute(`select count(*) filter (where status = 'pending') as payment, count(*) filter (where status = 'paid') as shipment from orders`),
      this.lowStock(em, threshold, LOW_STOCK_ROWS.dashboard),
      em.find(AdminLog, {}, { orderBy: { createdAt: 'desc', id: 'asc' }, limit: DASHBOARD_ACTIVITY_ROWS }),
    ]);
    return {
      salesToday: { revenueCents: n(sales!.revenue), orders: n(sales!.orders) },
      orders: { today: n(orders!.today), total: n(orders!.total) },
      activeProducts: n(counts!.products),
      customers: n(counts!.customers),
      week: week.map((day) => ({ date: day.date, revenueCents: n(day.revenue), orders: n(day.orders) })),
      recentActivity: activity.map((row) => ({ id: row.id, action: row.action, details: row.details ?? {}, createdAt: row.createdAt.toISOString() })),
      pending: { awaitingPayment: n(pending!.payment), awaitingShipment: n(pending!.shipment), lowStock },
    };
  }

  /** The sales report of `period`. */
  async sales(em: EntityManager, period: SalesPeriod): Promise<SalesReport> {
    const db = em.getConnection();
    const now = this.clock.now();
    const since = period === 'all' ? null : new Date(now.getTime() - Number(period) * 86_400_000).toISOString();
    const threshold = await new StoreSettingsService(em).lowStockThreshold();
    // Orders that count as sales in the period (a CTE each query starts with).
    const sales = `with sales as (select * from orders where ${SALE} and (?::timestamptz is null or ${soldAt()} >= ?::timestamptz))`;
    const window = [since, since];
    const [[totals], [units], top, monthly, methods, stockAlerts] = await Promise.all([
      db.execute(
        `${sales} select coalesce(sum(${NET()}), 0)::bigint as revenue, count(*) as orders, coalesce(sum(refunded_cents), 0)::bigint as refunded, coalesce(sum(returned_credit_cents), 0)::bigint as credited,
                         coalesce(sum(coupon_discount_cents), 0)::bigint as coupon, count(*) filter (where coupon_code is not null) as coupon_orders,
                         coalesce(sum(pix_discount_cents), 0)::bigint as pix, coalesce(sum(shipping_cents), 0)::bigint as freight
                    from sales`,
        window,
      ),
      db.execute(`${sales} select coalesce(sum(i.quantity), 0)::bigint as units from order_items i join sales s on s.id = i.order_id`, window),
      db.execute<{ product_id: string | null; name: string; sku: string | null; label: string | null; units: string; revenue: string }[]>(
        `${sales} select i.product_id, (array_agg(i.product_name order by s.created_at desc))[1] as name, i.sku,
                         (array_agg(i.variant_label order by s.created_at desc))[1] as label,
                         sum(i.quantity)::bigint as units, sum(i.total_price_cents)::bigint as revenue
                    from order_items i join sales s on s.id = i.order_id
                   group by i.product_id, i.sku, case when i.product_id is null then i.product_name end
                   order by revenue desc, name limit 5`,
        window,
      ),
      db.execute<{ month: string; revenue: string; orders: string }[]>(
        `${sales}, bounds as (
            select ${localMonth(`coalesce(?::timestamptz, (select min(${soldAt()}) from sales), ?::timestamptz)`)} as first,
                   ${localMonth('?::timestamptz')} as last)
          select to_char(m, 'YYYY-MM') as month, coalesce(sum(${NET('s.')}), 0)::bigint as revenue, count(s.id) as orders
            from bounds, generate_series(bounds.first, bounds.last, interval '1 month') as m
            left join sales s on ${localMonth(soldAt('s'))} = m
           group by m order by m`,
        [...window, since, now.toISOString(), now.toISOString()],
      ),
      db.execute<{ method: PaymentMethod; revenue: string; orders: string }[]>(
        `${sales} select payment_method as method, sum(${NET()})::bigint as revenue, count(*) as orders from sales group by payment_method order by revenue desc`,
        window,
      ),
      this.lowStock(em, threshold, LOW_STOCK_ROWS.sales),
    ]);
    const revenueCents = n(totals!.revenue);
    const orders = n(totals!.orders);
    return {
      period,
      totals: { revenueCents, unitsSold: n(units!.units), orders, averageTicketCents: orders > 0 ? Math.round(revenueCents / orders) : 0 },
      discounts: { couponCents: n(totals!.coupon), couponOrders: n(totals!.coupon_orders), pixCents: n(totals!.pix), freightCents: n(totals!.freight), refundedCents: n(totals!.refunded), creditedCents: n(totals!.credited) },
      // Per product and variant: a variant's line reads 'Anel Solitário — Aro 16'.
      topProducts: top.map((row) => ({
        productId: row.product_id,
        name: row.label ? `${row.name} — ${row.label}` : row.name,
        units: n(row.units),
        revenueCents: n(row.revenue),
        ...(row.label ? { variantLabel: row.label, sku: row.sku } : {}),
      })),
      stockAlerts,
      lowStockThreshold: threshold,
      monthly: monthly.map((row) => ({ month: row.month, revenueCents: n(row.revenue), orders: n(row.orders) })),
      byPaymentMethod: methods.map((row) => ({ method: row.method, revenueCents: n(row.revenue), orders: n(row.orders) })),
      paymentProvider: this.paymentProvider,
    };
  }

  /**
   * Active products at or below `threshold` units (the stored low-stock
   * threshold), fewest first. A product with variants is listed per variant: 'Anel Solitário —
   * Aro 18' with the variant's stock, id, SKU and label.
   */
  private async lowStock(em: EntityManager, threshold: number, limit: number): Promise<LowStockProduct[]> {
    const rows = await em.getConnection().execute<{ id: string; name: string; stock: number; variant_id: string | null; sku: string | null; options: ProductOption[]; variant_options: VariantOptions | null }[]>(
      `select * from (
         select id, name, stock, null::uuid as variant_id, null::varchar as sku, options, null::jsonb as variant_options
           from products where status = 'active' and jsonb_array_length(options) = 0 and stock <= ?
         union all
         select p.id, p.name, v.stock, v.id, v.sku, p.options, v.options
           from product_variants v join products p on p.id = v.product_id
          where p.status = 'active' and jsonb_array_length(p.options) > 0 and v.stock <= ?
       ) low order by stock, name, sku limit ?`,
      [threshold, threshold, limit],
    );
    return rows.map((row) => {
      if (!row.variant_id) return { id: row.id, name: row.name, stock: row.stock };
      const label = variantLabel(row.variant_options ?? {}, row.options);
      return { id: row.id, name: `${row.name} — ${label}`, stock: row.stock, variantId: row.variant_id, sku: row.sku, variantLabel: label };
    });
  }
}
