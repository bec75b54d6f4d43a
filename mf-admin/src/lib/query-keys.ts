/**
 * Every query key of the admin remote, in one place (TanStack Query; bulletproof habit: a
 * mutation invalidates through the same key its list reads).
 *
 * Live updates: `useLiveAdminData` (lib/live-updates.ts, mounted by the panel layout)
 * invalidates, for every domain event on the `products` and `orders` channels, the keys
 * `LIVE_INVALIDATION` names; each mutation also invalidates what it changed. While the socket is
 * down, the lists that change under an admin's feet (dashboard, products, sales, orders) poll every
 * `LIVE_REFETCH_INTERVAL_MS` instead (`liveRefetchInterval`).
 *
 * Product data shares the root key `['products']` with the storefront's catalogue queries (one
 * query client, the shell's), so a change made in the panel or in the home page's inline manager
 * also refreshes the catalogue and the featured list.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { AdminProductFilter, DomainEventName, LogActionFilter, LogPeriod, ProductCategory, ReviewStatus, SalesPeriod } from '@prata/contracts';

export const adminKeys = {
  /** Everything the panel caches (dropped on sign-out). */
  all: ['admin'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  /** The 'Recuperação' card's figures (`GET /api/admin/recovery`), under the dashboard's key so it goes stale with it. */
  recovery: ['admin', 'dashboard', 'recovery'] as const,
  /** Every product query, the storefront's included. */
  products: ['products'] as const,
  productList: (status: AdminProductFilter, search: string, category: ProductCategory | '') => ['products', 'admin-list', status, search, category] as const,
  /** Back-in-stock subscribers waiting per product: under `products`, so a restock refreshes it. */
  backInStock: ['products', 'back-in-stock'] as const,
  sales: (period: SalesPeriod) => ['admin', 'sales', period] as const,
  salesAll: ['admin', 'sales'] as const,
  users: ['admin', 'users'] as const,
  user: (id: string) => ['admin', 'users', id] as const,
  logs: (period: LogPeriod, action: LogActionFilter, search: string) => ['admin', 'logs', period, action, search] as const,
  logsAll: ['admin', 'logs'] as const,
  /** E-mails whose every delivery attempt failed. */
  failedEmails: ['admin', 'failed-emails'] as const,
  /** Content sections: the same key root as the storefront's pages. */
  content: ['content'] as const,
  /** Social links: the same key as the shell's footer. */
  socialLinks: ['social-links'] as const,
  search: (term: string) => ['admin', 'search', term] as const,
  /** The orders tab's lists (every filter) and one order's page. */
  orderLists: ['admin', 'orders', 'list'] as const,
  order: (id: string) => ['admin', 'orders', 'detail', id] as const,
  /** One order's invoice: under `orders`, so the order events refresh it. */
  orderInvoice: (id: string) => ['admin', 'orders', 'invoice', id] as const,
  orderDocuments: (id: string) => ['admin', 'orders', 'documents', id] as const,
  /** One order's WhatsApp messages: under `orders`, so the order events refresh them. */
  orderMessages: (id: string) => ['admin', 'orders', 'messages', id] as const,
  /** One order's label and the services to buy one with, under its page's key. */
  orderShipment: (id: string) => ['admin', 'orders', 'detail', id, 'shipment'] as const,
  labelOptions: (id: string) => ['admin', 'orders', 'detail', id, 'label-options'] as const,
  orders: ['admin', 'orders'] as const,
  /** One order's return and exchange requests: under `orders`, so an order's change refreshes them. */
  orderReturns: (orderId: string) => ['admin', 'orders', 'returns', orderId] as const,
  /** The Frete tab: free shipping and the freight table. */
  freeShipping: ['admin', 'shipping', 'free-shipping'] as const,
  freightRates: ['admin', 'shipping', 'freight-rates'] as const,
  /** The PIX discount, on the sales page. */
  pixDiscount: ['admin', 'settings', 'pix-discount'] as const,
  giftWrap: ['admin', 'settings', 'gift-wrap'] as const,
  /** The card instalment rules, on the sales page. */
  installmentSettings: ['admin', 'settings', 'installments'] as const,
  analyticsSettings: ['admin', 'settings', 'analytics'] as const,
  /** The recovery settings, on the sales page. */
  recoverySettings: ['admin', 'settings', 'recovery'] as const,
  /** The catalogue feeds' URLs, on the sales page. */
  catalogueFeeds: ['admin', 'settings', 'catalogue-feeds'] as const,
  /** The Cupons tab. */
  coupons: ['admin', 'coupons'] as const,
  /** The Avaliações tab: every status and page. */
  reviews: ['admin', 'reviews'] as const,
  reviewList: (status: ReviewStatus, page: number) => ['admin', 'reviews', status, page] as const,
} as const;

/** Poll interval of the lists that change under an admin's feet while the realtime socket is down, in ms. */
export const LIVE_REFETCH_INTERVAL_MS = 30_000;

/** TanStack `refetchInterval` of a live list: none while the socket is open (`live`), else the poll. */
export function liveRefetchInterval(live: boolean): number | false {
  return live ? false : LIVE_REFETCH_INTERVAL_MS;
}

/**
 * The queries each domain event makes stale, keyed by the contracts' event registry (a renamed or
 * removed event fails to compile here).
 */
export const LIVE_INVALIDATION: Readonly<Partial<Record<DomainEventName, readonly QueryKey[]>>> = {
  ProductCreated: [adminKeys.products, adminKeys.dashboard, adminKeys.salesAll],
  ProductUpdated: [adminKeys.products, adminKeys.dashboard, adminKeys.salesAll],
  ProductDeleted: [adminKeys.products, adminKeys.dashboard, adminKeys.salesAll],
  OrderPlaced: [adminKeys.dashboard, adminKeys.salesAll, adminKeys.products, adminKeys.orders],
  OrderPaid: [adminKeys.dashboard, adminKeys.salesAll, adminKeys.orders],
  OrderCancelled: [adminKeys.dashboard, adminKeys.salesAll, adminKeys.products, adminKeys.orders],
  OrderShipped: [adminKeys.dashboard, adminKeys.salesAll, adminKeys.orders],
  OrderDelivered: [adminKeys.dashboard, adminKeys.salesAll, adminKeys.orders],
  OrderRefunded: [adminKeys.dashboard, adminKeys.salesAll, adminKeys.orders],
  OrderPaymentReminderSent: [adminKeys.dashboard, adminKeys.orders],
  PaymentConfirmedAfterExpiry: [adminKeys.dashboard, adminKeys.orders],
};

/** What a resync (the socket was too far behind to replay) makes stale: every live list. */
export const RESYNC_INVALIDATION: readonly QueryKey[] = [adminKeys.dashboard, adminKeys.products, adminKeys.salesAll, adminKeys.orders];

/** Marks stale what a product change affects (the panel's own mutations; the same keys as `ProductUpdated`). */
export function invalidateProductData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all((LIVE_INVALIDATION.ProductUpdated ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
