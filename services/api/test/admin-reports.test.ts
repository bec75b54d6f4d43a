/**
 * Dashboard and sales report (admin.md 2, 9) from real orders placed through the API,
 * with their payment moments set to known instants: every figure is compared with values worked
 * out by hand (integer cents), including a sale just before midnight in São Paulo (the previous
 * day there, the same day in UTC), and orders that must not count (pending, cancelled).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSchema, productSchema, salesReportSchema, type Product } from '@prata/contracts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { expectedLowStock, placeOrder, sql } from './admin-fixtures.ts';
import { createTestService, TestClock, type TestService } from './helpers.ts';
import { offerFreeShipping } from './shop.ts';

// Friday 2026-11-20, 12:00 in São Paulo (UTC-3).
const clock = new TestClock(Date.parse('2026-11-20T15:00:00Z'));
let service: TestService;
let admin: SignedIn;
let ringA: Product;
let earringB: Product;
let lowC: Product;

async function product(name: string, priceCents: number, stock: number): Promise<Product> {
  const response = await service.app.inject({ method: 'POST', url: '/api/admin/products', headers: bearer(admin), payload: { name, category: 'aneis', priceCents, stock } });
  expect(response.statusCode).toBe(201);
  return productSchema.parse(response.json());
}

/** Sets an order's status and its payment / creation instant. */
async function at(orderId: string, instant: string, status?: string) {
  await sql(service, `update orders set paid_at = ?, created_at = ?${status ? ', status = ?' : ''} where id = ?`, status ? [instant, instant, status, orderId] : [instant, instant, orderId]);
}

const get = async (url: string) => {
  const response = await service.app.inject({ method: 'GET', url, headers: bearer(admin) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

beforeAll(async () => {
  service = await createTestService({ PAYMENT_SANDBOX_DELAY_MS: '0' }, clock);
  admin = await account(service, ['admin'], 'admin');
  await offerFreeShipping(service, admin);
  const buyer = await account(service);
  ringA = await product('Anel Relatório A', 10_000, 30);
  earringB = await product('Anel Relatório B', 2_500, 30);
  lowC = await product('Anel Relatório C', 4_000, 3);

  const o1 = await placeOrder(service, buyer, [{ productId: ringA.id, quantity: 2 }]); // 200,00 today 10:00
  await at(o1.id, '2026-11-20T13:00:00Z');
  const o2 = await placeOrder(service, buyer, [{ productId: earringB.id, quantity: 1 }]); // 25,00 on the 19th, 23:30 in São Paulo
  await at(o2.id, '2026-11-20T02:30:00Z');
  const o3 = await placeOrder(service, buyer, [{ productId: ringA.id, quantity: 1 }, { productId: earringB.id, quantity: 2 }]); // 150,00 in October, shipped
  await at(o3.id, '2026-10-05T12:00:00Z', 'shipped');
  const o4 = await placeOrder(service, buyer, [{ productId: ringA.id, quantity: 1 }], 'pix'); // pending: not a sale
  await sql(service, 'update orders set created_at = ? where id = ?', ['2026-11-20T14:00:00Z', o4.id]);
  const o5 = await placeOrder(service, buyer, [{ productId: earringB.id, quantity: 4 }]); // cancelled: not a sale
  await at(o5.id, '2026-11-20T14:30:00Z', 'cancelled');
  const o6 = await placeOrder(service, buyer, [{ productId: ringA.id, quantity: 3 }]); // 300,00 in June, delivered
  await at(o6.id, '2026-06-15T12:00:00Z', 'delivered');
});
afterAll(async () => service?.close());

describe('GET /api/admin/dashboard', () => {
  it('computes today, the week, orders, products, customers and pending work from the database', async () => {
    const dashboard = dashboardSchema.parse(await get('/api/admin/dashboard'));
    expect(dashboard.salesToday).toEqual({ revenueCents: 20_000, orders: 1 });
    // Created today and not cancelled: o1 and the pending PIX o4. Not cancelled in total: five.
    expect(dashboard.orders).toEqual({ today: 2, total: 5 });
    expect(dashboard.week.map((day) => day.date)).toEqual(['2026-11-14', '2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20']);
    expect(dashboard.week.at(-1)).toEqual({ date: '2026-11-20', revenueCents: 20_000, orders: 1 });
    expect(dashboard.week.at(-2)).toEqual({ date: '2026-11-19', revenueCents: 2_500, orders: 1 });
    expect(dashboard.week.slice(0, 5).every((day) => day.revenueCents === 0 && day.orders === 0)).toBe(true);
    expect(dashboard.pending.awaitingPayment).toBe(1);
    expect(dashboard.pending.awaitingShipment).toBe(2);

    const [{ products, profiles }] = (await sql<{ products: string; profiles: string }>(
      service,
      'select (select count(*) from products where archived_at is null) as products, (select count(*) from profiles) as profiles',
    )) as [{ products: string; profiles: string }];
    expect(dashboard.activeProducts).toBe(Number(products));
    expect(dashboard.customers).toBe(Number(profiles));
    expect(dashboard.customers).toBeGreaterThanOrEqual(2);

    // Per variant for products with options (the seeded rings and chain).
    const low = await expectedLowStock(service, 3);
    expect(low).toContainEqual({ id: lowC.id, name: 'Anel Relatório C', stock: 3 });
    expect(dashboard.pending.lowStock).toEqual(low.slice(0, 5));
    expect(dashboard.recentActivity[0]!.action).toBe('product_created');
  });
});

describe('GET /api/admin/sales', () => {
  it('reports the last 30 days (default): revenue, units, orders, average ticket, top products, months', async () => {
    const report = salesReportSchema.parse(await get('/api/admin/sales'));
    expect(report.period).toBe('30');
    expect(report.totals).toEqual({ revenueCents: 22_500, unitsSold: 3, orders: 2, averageTicketCents: 11_250 });
    expect(report.topProducts).toEqual([
      { productId: ringA.id, name: 'Anel Relatório A', units: 2, revenueCents: 20_000 },
      { productId: earringB.id, name: 'Anel Relatório B', units: 1, revenueCents: 2_500 },
    ]);
    expect(report.monthly).toEqual([
      { month: '2026-10', revenueCents: 0, orders: 0 },
      { month: '2026-11', revenueCents: 22_500, orders: 2 },
    ]);
    expect(report.paymentProvider).toBe('sandbox');
  });

  it('reports all time: shipped and delivered count, pending and cancelled do not, months without sales are zero', async () => {
    const report = salesReportSchema.parse(await get('/api/admin/sales?period=all'));
    expect(report.totals).toEqual({ revenueCents: 67_500, unitsSold: 9, orders: 4, averageTicketCents: 16_875 });
    expect(report.topProducts).toEqual([
      { productId: ringA.id, name: 'Anel Relatório A', units: 6, revenueCents: 60_000 },
      { productId: earringB.id, name: 'Anel Relatório B', units: 3, revenueCents: 7_500 },
    ]);
    expect(report.monthly).toEqual([
      { month: '2026-06', revenueCents: 30_000, orders: 1 },
      { month: '2026-07', revenueCents: 0, orders: 0 },
      { month: '2026-08', revenueCents: 0, orders: 0 },
      { month: '2026-09', revenueCents: 0, orders: 0 },
      { month: '2026-10', revenueCents: 15_000, orders: 1 },
      { month: '2026-11', revenueCents: 22_500, orders: 2 },
    ]);
    expect(report.byPaymentMethod).toEqual([{ method: 'credit-card', revenueCents: 67_500, orders: 4 }]);
    const low = await expectedLowStock(service, 3);
    expect(report.lowStockThreshold).toBe(3);
    expect(report.stockAlerts).toEqual(low.slice(0, 10));
  });

  it('reports the last 7 days and refuses an unknown period', async () => {
    const report = salesReportSchema.parse(await get('/api/admin/sales?period=7'));
    expect(report.totals).toEqual({ revenueCents: 22_500, unitsSold: 3, orders: 2, averageTicketCents: 11_250 });
    expect(report.monthly).toEqual([{ month: '2026-11', revenueCents: 22_500, orders: 2 }]);
    const bad = await service.app.inject({ method: 'GET', url: '/api/admin/sales?period=15', headers: bearer(admin) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toContainEqual({ path: 'querystring.period', message: 'Período inválido' });
  });
});
