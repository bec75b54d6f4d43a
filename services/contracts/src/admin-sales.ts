/**
 * Admin panel contracts for the dashboard and the sales report (admin.md sections 2, 9): figures,
 * stock alerts, periods. Money is integer BRL cents; days are São Paulo calendar days.
 */
import { z } from 'zod';
import { PAYMENT_METHODS, type ORDER_STATUSES } from './orders.ts';

/** Order statuses that count as sales: paid and what follows payment. */
export const SALE_STATUSES = ['paid', 'shipped', 'delivered'] as const satisfies readonly (typeof ORDER_STATUSES)[number][];
/** Days of the dashboard's recent week (admin.md 9). */
export const DASHBOARD_WEEK_DAYS = 7;

const cents = z.number().int();
const count = z.number().int().nonnegative();

/**
 * A low-stock alert. `id` is the product's. For a variant `name` reads
 * 'Anel Solitário — Aro 18', `stock` is the variant's, and `variantId`/`sku`/`variantLabel` name it.
 */
export const lowStockProductSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  stock: count,
  variantId: z.uuid().nullable().optional(),
  sku: z.string().nullable().optional(),
  variantLabel: z.string().nullable().optional(),
});
export type LowStockProduct = z.infer<typeof lowStockProductSchema>;

export const dashboardSchema = z.object({
  salesToday: z.object({ revenueCents: cents, orders: count }),
  /** Orders placed today (any status but cancelled) and in total. */
  orders: z.object({ today: count, total: count }),
  activeProducts: count,
  /** 'Usuários Ativos': the number of profiles (admin.md 9). */
  customers: count,
  /** The last 7 days, oldest first: `date` is YYYY-MM-DD in São Paulo time. */
  week: z.array(z.object({ date: z.string(), revenueCents: cents, orders: count })),
  recentActivity: z.array(z.object({ id: z.uuid(), action: z.string(), details: z.record(z.string(), z.unknown()), createdAt: z.iso.datetime({ offset: true }) })),
  pending: z.object({ awaitingPayment: count, awaitingShipment: count, lowStock: z.array(lowStockProductSchema) }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const SALES_PERIODS = ['7', '30', '90', '365', 'all'] as const;
export type SalesPeriod = (typeof SALES_PERIODS)[number];
export const SALES_PERIOD_LABELS: Readonly<Record<SalesPeriod, string>> = {
  '7': 'Últimos 7 dias',
  '30': 'Últimos 30 dias',
  '90': 'Últimos 90 dias',
  '365': 'Últimos 12 meses',
  all: 'Todo o período',
};
export const salesQuerySchema = z.object({ period: z.enum(SALES_PERIODS, { error: 'Período inválido' }).default('30') });

export const salesReportSchema = z.object({
  period: z.enum(SALES_PERIODS),
  totals: z.object({ revenueCents: cents, unitsSold: count, orders: count, averageTicketCents: cents }),
  /** Best sellers per product and variant: `variantLabel` ('Aro 16') and `sku` are null for a product without options. */
  topProducts: z.array(z.object({ productId: z.uuid().nullable(), name: z.string(), units: count, revenueCents: cents, variantLabel: z.string().nullable().optional(), sku: z.string().nullable().optional() })),
  stockAlerts: z.array(lowStockProductSchema),
  /** The low-stock threshold the stock alerts use, in units. */
  lowStockThreshold: count,
  /** Revenue per calendar month (YYYY-MM, São Paulo time), oldest first, months without sales included. */
  monthly: z.array(z.object({ month: z.string(), revenueCents: cents, orders: count })),
  byPaymentMethod: z.array(z.object({ method: z.enum(PAYMENT_METHODS), revenueCents: cents, orders: count })),
  /**
   * What the period's sales gave and charged besides the goods, BRL cents: coupon
   * discounts (and the orders that used a coupon), PIX discounts, the freight charged (in the
   * revenue), and what returns gave back, out of the revenue: `refundedCents` refunded through the
   * acquirer, `creditedCents` given back as store credit.
   */
  discounts: z.object({ couponCents: cents, couponOrders: count, pixCents: cents, freightCents: cents, refundedCents: cents, creditedCents: cents }),
  /** The acquirer the service is configured with (`PAYMENT_PROVIDER`). */
  paymentProvider: z.string(),
});
export type SalesReport = z.infer<typeof salesReportSchema>;
