/**
 * The demo order history: a store started with the demo data has 90 days of orders, and
 * the panel's dashboard, sales report, orders list and bell show them. Every figure is recomputed
 * here from the seeded plan (not from the report's SQL): revenue, orders and units per period and
 * per payment method, the dashboard's week, its pending work. The history covers every status and
 * payment method, prices come from the catalogue, stock is untouched, a second seed adds nothing,
 * and the setting is off without the demo accounts (so never in production).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_PAYMENT_METHODS, ORDER_STATUSES, SALE_STATUSES, adminOrderPageSchema, dashboardSchema, notificationListSchema, salesReportSchema, type SalesPeriod } from '@prata/contracts';
import { loadConfig } from '../src/config.ts';
import { DEMO_SHOPPERS, seedDemoOrderHistory, type SeededHistory } from '../src/seeding/demo-orders.ts';
import { DEMO_HISTORY_DAYS } from '../src/seeding/demo-orders-plan.ts';
import { DEMO_REVIEWS_MAX, planDemoReviews } from '../src/seeding/demo-reviews.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { sql } from './admin-fixtures.ts';
import { createTestService, TestClock, type TestService } from './helpers.ts';

// A Wednesday, 12:00 in São Paulo.
const clock = new TestClock(Date.UTC(2026, 10, 25, 15, 0, 0));
let service: TestService;
let admin: SignedIn;
let history: SeededHistory;
let stockBefore: Record<string, unknown>[];
let seedMs: number;

const seed = () =>
  seedDemoOrderHistory(service.db.orm.em.fork(), clock, { boletoHoldBusinessDays: service.config.orderLimits.boletoHoldBusinessDays, lowStockThreshold: service.config.lowStockThreshold });
const get = async (url: string) => {
  const response = await service.app.inject({ method: 'GET', url, headers: bearer(admin) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const sales = () => history.orders.filter((order) => (SALE_STATUSES as readonly string[]).includes(order.status));
const saoPauloDay = (date: Date) => date.toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });

beforeAll(async () => {
  service = await createTestService({}, clock);
  admin = await account(service, ['admin'], 'admin');
  stockBefore = await sql(service, 'select id, stock from products order by id');
  const started = performance.now();
  const seeded = await seed();
  seedMs = performance.now() - started;
  expect(seeded).not.toBeNull();
  history = seeded!;
});
afterAll(async () => service?.close());

describe('the demo order history', () => {
  it(`holds 150-300 orders over the last ${DEMO_HISTORY_DAYS} days, in every status and payment method, with refunds, for the demo shoppers`, async () => {
    console.info(`demo order history: ${history.orders.length} orders seeded in ${Math.round(seedMs)} ms`);
    const rows = await sql<{ status: string; payment_method: string; refunded: boolean; user_id: string; created_at: Date }>(
      service,
      "select status, payment_method, refunded_at is not null as refunded, user_id, created_at from orders where idempotency_key::text like '00925000-%'",
    );
    expect(rows.length).toBe(history.orders.length);
    expect(rows.length).toBeGreaterThanOrEqual(150);
    expect(rows.length).toBeLessThanOrEqual(300);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(ORDER_STATUSES));
    expect(new Set(rows.map((row) => row.payment_method))).toEqual(new Set(CHECKOUT_PAYMENT_METHODS));
    expect(rows.filter((row) => row.refunded).length).toBeGreaterThan(0);
    expect(new Set(history.orders.map((order) => order.cancelReason).filter(Boolean))).toEqual(new Set(['payment_declined', 'payment_expired', 'cancelled_by_customer', 'cancelled_by_admin']));
    const oldest = Math.min(...rows.map((row) => new Date(row.created_at).getTime()));
    expect(clock.now().getTime() - oldest).toBeLessThanOrEqual(DEMO_HISTORY_DAYS * 86_400_000);
    expect(new Set(rows.map((row) => row.user_id))).toEqual(new Set(history.shopperIds));
    expect(history.shopperIds).toHaveLength(DEMO_SHOPPERS.length);
    // The demo customer account (shopper 0) has orders, none of them unpaid (its own checkout stays free of the caps).
    const customerOrders = history.orders.filter((order) => order.shopper === 0);
    expect(customerOrders.length).toBeGreaterThan(0);
    expect(customerOrders.filter((order) => order.status === 'pending')).toEqual([]);
  });

  it('prices every line from the catalogue, totals are the sum of the lines, and no stock changed', async () => {
    const lines = await sql<{ bad_price: string; bad_total: string }>(
      service,
      `select count(*) filter (where i.unit_price_cents <> p.price_cents or i.total_price_cents <> i.unit_price_cents * i.quantity) as bad_price,
              (select count(*) from orders o where o.total_cents <> (select sum(total_price_cents) from order_items where order_id = o.id)) as bad_total
         from order_items i join products p on p.id = i.product_id`,
    );
    expect(lines).toEqual([{ bad_price: '0', bad_total: '0' }]);
    expect(await sql(service, 'select id, stock from products order by id')).toEqual(stockBefore);
    // Each order's timeline ends in its status.
    const timelines = await sql<{ mismatched: string }>(
      service,
      `select count(*) as mismatched from orders o where o.status <> (select to_status from order_status_changes c where c.order_id = o.id order by c.created_at desc, c.to_status limit 1)`,
    );
    expect(timelines).toEqual([{ mismatched: '0' }]);
  });

  it.each(['7', '30', '90', 'all'] satisfies SalesPeriod[])('gives the sales report of period %s the figures of the seeded sales', async (period) => {
    const report = salesReportSchema.parse(await get(`/api/admin/sales?period=${period}`));
    const since = period === 'all' ? 0 : clock.now().getTime() - Number(period) * 86_400_000;
    const inPeriod = sales().filter((order) => order.paidAt!.getTime() >= since);
    const revenue = inPeriod.reduce((sum, order) => sum + order.totalCents, 0);
    expect(revenue).toBeGreaterThan(0);
    expect(report.totals).toEqual({
      revenueCents: revenue,
      orders: inPeriod.length,
      unitsSold: inPeriod.reduce((sum, order) => sum + order.lines.reduce((units, line) => units + line.quantity, 0), 0),
      averageTicketCents: Math.round(revenue / inPeriod.length),
    });
    for (const method of CHECKOUT_PAYMENT_METHODS) {
      const ofMethod = inPeriod.filter((order) => order.method === method);
      const row = report.byPaymentMethod.find((entry) => entry.method === method);
      expect(row ?? { revenueCents: 0, orders: 0 }).toMatchObject({ revenueCents: ofMethod.reduce((sum, order) => sum + order.totalCents, 0), orders: ofMethod.length });
    }
    expect(report.monthly.reduce((sum, month) => sum + month.revenueCents, 0)).toBe(revenue);
    expect(report.topProducts.length).toBeGreaterThan(0);
  });

  it("gives the dashboard the seeded week, today's sales, pending work and low-stock pieces", async () => {
    const dashboard = dashboardSchema.parse(await get('/api/admin/dashboard'));
    const today = saoPauloDay(clock.now());
    for (const day of dashboard.week) {
      const ofDay = sales().filter((order) => saoPauloDay(order.paidAt!) === day.date);
      expect(day, day.date).toEqual({ date: day.date, revenueCents: ofDay.reduce((sum, order) => sum + order.totalCents, 0), orders: ofDay.length });
    }
    expect(dashboard.week.some((day) => day.revenueCents > 0)).toBe(true);
    const soldToday = sales().filter((order) => saoPauloDay(order.paidAt!) === today);
    expect(dashboard.salesToday).toEqual({ revenueCents: soldToday.reduce((sum, order) => sum + order.totalCents, 0), orders: soldToday.length });
    expect(dashboard.salesToday.orders).toBeGreaterThan(0);
    expect(dashboard.orders.total).toBe(history.orders.filter((order) => order.status !== 'cancelled').length);
    expect(dashboard.pending).toMatchObject({
      awaitingPayment: history.orders.filter((order) => order.status === 'pending').length,
      awaitingShipment: history.orders.filter((order) => order.status === 'paid').length,
    });
    expect(dashboard.pending.awaitingPayment).toBeGreaterThan(0);
    expect(dashboard.pending.lowStock.length).toBeGreaterThan(0);
    expect(dashboard.customers).toBeGreaterThanOrEqual(DEMO_SHOPPERS.length);
  });

  it('fills the orders list and the bell', async () => {
    const page = adminOrderPageSchema.parse(await get('/api/admin/orders'));
    expect(page.total).toBe(history.orders.length);
    expect(page.items[0]!.number).toBe(history.orders.at(-1)!.number); // newest first
    const bell = notificationListSchema.parse(await get('/api/admin/notifications'));
    expect(new Set(bell.map((n) => n.title))).toEqual(new Set(['Novo pedido', 'Pagamento confirmado', 'Estoque baixo']));
    const newest = history.orders.at(-1)!;
    expect(bell.find((n) => n.title === 'Novo pedido' && n.description.includes(newest.number))?.action?.url).toBe(`/admin/orders/${newest.id}`);
  });

  it('is seeded once: a second start adds no order, shopper or notification', async () => {
    const count = async () => (await sql<{ orders: string; users: string; notifications: string }>(service, 'select (select count(*) from orders) as orders, (select count(*) from users) as users, (select count(*) from notifications) as notifications'))[0];
    const before = await count();
    expect(await seed()).toBeNull();
    expect(await count()).toEqual(before);
  });

  it('ships approved reviews by the buyers of delivered pieces, on several products, and e-mails the history no review request', async () => {
    const reviews = await sql<{ status: string; rating: number; product_id: string; order_status: string; line_product: string; created_at: Date; delivered_at: Date; author: string }>(
      service,
      `select r.status, r.rating, r.product_id, o.status as order_status, i.product_id as line_product, r.created_at, o.delivered_at, r.author
         from reviews r join orders o on o.id = r.order_id join order_items i on i.id = r.order_item_id and i.order_id = o.id and o.user_id = r.user_id`,
    );
    expect(reviews.length).toBeGreaterThanOrEqual(10);
    expect(reviews.length).toBeLessThanOrEqual(DEMO_REVIEWS_MAX);
    expect(new Set(reviews.map((row) => row.product_id)).size).toBeGreaterThanOrEqual(5);
    for (const row of reviews) {
      expect(row).toMatchObject({ status: 'approved', order_status: 'delivered', line_product: row.product_id });
      expect(new Date(row.created_at).getTime()).toBeGreaterThan(new Date(row.delivered_at).getTime());
      expect(row.author).toMatch(/^\p{L}+ \p{L}\.$/u);
    }
    expect(new Set(reviews.map((row) => row.rating)).size).toBeGreaterThanOrEqual(3);
    // Deterministic: the same history plans the same reviews (ids aside).
    const delivered = history.orders.filter((order) => order.status === 'delivered');
    const input = delivered.map((order, i) => ({ order, userId: history.shopperIds[order.shopper]!, fullName: DEMO_SHOPPERS[order.shopper]!.fullName, items: [{ id: `item-${i}`, product: order.lines[0]!.productId }] }));
    const strip = (rows: ReturnType<typeof planDemoReviews>) => rows.map(({ id: _id, ...rest }) => rest);
    expect(strip(planDemoReviews(input, clock.now()))).toEqual(strip(planDemoReviews(input, clock.now())));

    await service.app.jobs.tick();
    const asked = await sql<{ n: string }>(service, "select count(*) as n from outbox_emails where subject like 'Avalie a sua compra%'");
    expect(asked).toEqual([{ n: '0' }]);
  });

  it('lets the store expire a demo PIX left unpaid, units back, as it does a real one', async () => {
    const pix = history.orders.find((order) => order.status === 'pending' && order.method === 'pix')!;
    expect(pix).toBeTruthy();
    clock.advance(60 * 60_000);
    await service.app.jobs.tick();
    const [row] = await sql<{ status: string; cancel_reason: string }>(service, 'select status, cancel_reason from orders where id = ?', [pix.id]);
    expect(row).toEqual({ status: 'cancelled', cancel_reason: 'payment_expired' });
  });
});

describe('the DEMO_ORDER_HISTORY setting', () => {
  const base = { DATABASE_URL: 'postgres://localhost/x' };
  it('is on with the demo accounts, off without them, and can be turned off', () => {
    expect(loadConfig({ ...base, DEMO_ACCOUNTS: 'true' }).demoOrderHistory).toBe(true);
    expect(loadConfig({ ...base }).demoOrderHistory).toBe(false);
    expect(loadConfig({ ...base, DEMO_ACCOUNTS: 'false', DEMO_ORDER_HISTORY: 'true' }).demoOrderHistory).toBe(false);
    expect(loadConfig({ ...base, DEMO_ACCOUNTS: 'true', DEMO_ORDER_HISTORY: 'false' }).demoOrderHistory).toBe(false);
  });
});
