/**
 * One low-stock threshold: stored in `store_settings`, seeded from the
 * `LOW_STOCK_THRESHOLD` setting on a fresh store, set by an admin only (pt-BR 400s), and used by
 * the dashboard's pending tasks, the sales page's stock alerts and the bell's 'Estoque baixo'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSchema, salesReportSchema } from '@prata/contracts';
import { Notification } from '../src/modules/notifications/notification.entities.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { expectedLowStock, sql } from './admin-fixtures.ts';
import { createTestService, type TestService } from './helpers.ts';

let service: TestService;
let admin: SignedIn;
let customer: SignedIn;
let pieceId: string;

const URL = '/api/admin/settings/low-stock';
const put = (payload: object, who?: SignedIn) => service.app.inject({ method: 'PUT', url: URL, headers: who ? bearer(who) : {}, payload });
const get = async (url: string) => (await service.app.inject({ method: 'GET', url, headers: bearer(admin) })).json();

beforeAll(async () => {
  service = await createTestService({ LOW_STOCK_THRESHOLD: '2' });
  admin = await account(service, ['admin'], 'admin');
  customer = await account(service);
  // A piece with 7 units: above the starting threshold, at or below the one set below.
  const [piece] = await sql<{ id: string }>(service, 'select id from products where archived_at is null order by name limit 1');
  pieceId = piece!.id;
  await sql(service, 'update products set stock = 7 where id = ?', [pieceId]);
});
afterAll(async () => service?.close());

describe('low-stock threshold', () => {
  it('starts at the LOW_STOCK_THRESHOLD setting', async () => {
    expect(await get(URL)).toEqual({ threshold: 2 });
    expect(salesReportSchema.parse(await get('/api/admin/sales')).lowStockThreshold).toBe(2);
  });

  it('an admin sets it; the dashboard, the sales page and the bell use it', async () => {
    const before = dashboardSchema.parse(await get('/api/admin/dashboard'));
    expect(before.pending.lowStock.map((p) => p.id)).not.toContain(pieceId);

    const response = await put({ threshold: 7 }, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ threshold: 7 });
    expect(await get(URL)).toEqual({ threshold: 7 });

    // Simple products by their stock; products with variants per variant (the seeded rings and chain).
    const stockAt = await expectedLowStock(service, 7);
    expect(stockAt.map((p) => p.id)).toContain(pieceId);
    const dashboard = dashboardSchema.parse(await get('/api/admin/dashboard'));
    expect(dashboard.pending.lowStock.map((p) => p.id)).toEqual(stockAt.slice(0, 5).map((p) => p.id));
    const sales = salesReportSchema.parse(await get('/api/admin/sales'));
    expect(sales.lowStockThreshold).toBe(7);
    expect(sales.stockAlerts).toEqual(stockAt.slice(0, 10));

    await service.app.notifications.checkStock([pieceId]);
    const alerts = await service.db.orm.em.fork().find(Notification, { title: 'Estoque baixo' });
    expect(alerts.some((n) => n.description.includes('restam 7 unidades'))).toBe(true);
  });

  it('refuses a negative, fractional or missing threshold with pt-BR messages', async () => {
    for (const [payload, message] of [
      [{ threshold: -1 }, 'O limite não pode ser negativo'],
      [{ threshold: 2.5 }, 'Informe um número inteiro de unidades'],
      [{}, 'Informe um número de unidades'],
      [{ threshold: 5000 }, 'O limite deve ser de no máximo 1000 unidades'],
    ] as const) {
      const response = await put(payload, admin);
      expect(response.statusCode).toBe(400);
      expect(response.json().issues).toContainEqual({ path: 'body.threshold', message });
    }
  });

  it('only an admin reads or sets it', async () => {
    expect((await put({ threshold: 1 })).statusCode).toBe(401);
    expect((await put({ threshold: 1 }, customer)).statusCode).toBe(403);
    expect((await service.app.inject({ method: 'GET', url: URL, headers: bearer(customer) })).statusCode).toBe(403);
  });

  it('the hand-written migration matches the entity', async () => {
    // MikroORM always re-emits triggers: those lines are left out.
    const diff = (await service.db.orm.schema.getUpdateSchemaSQL({ wrap: false })).split('\n').filter((line) => !/trigger|function/.test(line));
    expect(diff.filter((line) => /store_settings/.test(line))).toEqual([]);
  });
});
