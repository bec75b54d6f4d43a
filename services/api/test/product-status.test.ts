/**
 * Product status against real PostgreSQL: drafts and archived products are hidden from
 * every public surface (lists, search, featured, the product page's routes, reservations, orders),
 * the admin list filters by status with counts, an archived product is restored to draft or
 * active (audited), and only admins reach the new routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminProductListSchema, adminProductSchema, productListSchema, reservationListSchema, type AdminProduct } from '@prata/contracts';
import { AdminLog } from '../src/modules/audit/admin-log.entity.ts';
import { DomainEventRecord } from '../src/events/domain-event.entity.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { ORDER_CUSTOMER, placeOrder, sql } from './admin-fixtures.ts';
import { sandboxCard } from './shop.ts';
import { createTestService, type TestService } from './helpers.ts';

let service: TestService;
let admin: SignedIn;
let customer: SignedIn;
let developer: SignedIn;

function call(method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object, who: SignedIn | null = admin) {
  return service.app.inject({ method, url, headers: who ? bearer(who) : {}, ...(payload ? { payload } : {}) });
}

const piece = (name: string, extra: object = {}) => ({ name, category: 'aneis', priceCents: 9_990, description: 'Prata 925', stock: 5, isFeatured: true, ...extra });

async function create(name: string, extra: object = {}): Promise<AdminProduct> {
  const response = await call('POST', '/api/admin/products', piece(name, extra));
  expect(response.statusCode, response.body).toBe(201);
  return adminProductSchema.parse(response.json());
}

/** An archived product: ordered once, then deleted by the admin. */
async function archived(name: string): Promise<AdminProduct> {
  const product = await create(name);
  await placeOrder(service, await account(service), [{ productId: product.id, quantity: 1 }]);
  expect((await call('DELETE', `/api/admin/products/${product.id}`)).json().outcome).toBe('archived');
  return product;
}

const publicIds = async (url: string) => productListSchema.parse((await call('GET', url, undefined, null)).json()).map((product) => product.id);

async function order(productId: string) {
  const payment = await sandboxCard(service, customer, '4111111111111111', 1);
  return service.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...bearer(customer), 'idempotency-key': crypto.randomUUID() },
    payload: { items: [{ productId, quantity: 1 }], customer: ORDER_CUSTOMER, payment },
  });
}

beforeAll(async () => {
  service = await createTestService({ PAYMENT_SANDBOX_DELAY_MS: '0' });
  admin = await account(service, ['admin'], 'admin');
  customer = await account(service);
  developer = await account(service, ['developer'], 'dev');
});
afterAll(async () => service?.close());

describe('visibility: only active products are public', () => {
  it.each(['draft', 'archived'] as const)('a %s product is in no list, no search, no page, and cannot be reserved or ordered', async (status) => {
    const name = status === 'draft' ? 'Anel Orvalho Rascunho' : 'Anel Orvalho Arquivado';
    const product = status === 'draft' ? await create(name, { status: 'draft' }) : await archived(name);
    expect(product.status).toBe(status === 'draft' ? 'draft' : 'active');

    expect(await publicIds('/api/products')).not.toContain(product.id);
    expect(await publicIds('/api/products/featured')).not.toContain(product.id);
    expect(await publicIds(`/api/products?search=${encodeURIComponent(name)}`)).not.toContain(product.id);
    expect(await publicIds(`/api/products?ids=${product.id}`)).not.toContain(product.id);
    for (const url of [`/api/products/${product.id}`, `/api/products/by-slug/${product.slug}`]) {
      const response = await call('GET', url, undefined, null);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Produto não encontrado');
    }
    const reserve = await call('POST', '/api/reservations', { productId: product.id }, customer);
    expect(reserve.statusCode).toBe(404);
    const refused = await order(product.id);
    if (status === 'draft') {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: 'product_unavailable', message: `${name} não está mais à venda. Remova-o do carrinho para continuar.` });
      expect((await sql<{ stock: number }>(service, 'select stock from products where id = ?', [product.id]))[0]!.stock).toBe(5);
    } else {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe('product_unavailable');
    }
  });

  it('setting an active product to draft hides it at once and releases its reservations', async () => {
    const product = await create('Brinco Névoa Reservado');
    expect((await call('POST', '/api/reservations', { productId: product.id }, customer)).statusCode).toBe(201);
    const mine = async () => reservationListSchema.parse((await call('GET', '/api/reservations', undefined, customer)).json()).map((row) => row.productId);
    expect(await mine()).toContain(product.id);
    expect(await publicIds('/api/products')).toContain(product.id);

    const updated = await call('PUT', `/api/admin/products/${product.id}`, piece('Brinco Névoa Reservado', { status: 'draft' }));
    expect(updated.statusCode).toBe(200);
    expect(adminProductSchema.parse(updated.json()).status).toBe('draft');
    expect(await mine()).not.toContain(product.id);
    const [held] = await sql<{ n: string }>(service, 'select count(*) as n from product_reservations where product_id = ? and is_active', [product.id]);
    expect(Number(held!.n)).toBe(0);
    expect(await publicIds('/api/products')).not.toContain(product.id);
    const log = await service.db.orm.em.fork().findOneOrFail(AdminLog, { action: 'product_updated', details: { productId: product.id } });
    expect(log.details).toMatchObject({ before: { status: 'active' }, after: { status: 'draft' } });
  });
});

describe('GET /api/admin/products: status filter and counts', () => {
  it('lists each status, all of them, and counts every status for the same search', async () => {
    const active = [await create('Colar Zepelim Um'), await create('Colar Zepelim Dois')];
    const draft = await create('Colar Zepelim Rascunho', { status: 'draft' });
    const gone = await archived('Colar Zepelim Antigo');
    const list = async (query: string) => {
      const response = await call('GET', `/api/admin/products?search=zepelim${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return adminProductListSchema.parse(response.json());
    };
    const ids = (result: { products: AdminProduct[] }) => result.products.map((product) => product.id).sort();

    const byDefault = await list('');
    expect(byDefault.counts).toEqual({ active: 2, draft: 1, archived: 1, all: 4 });
    expect(ids(byDefault)).toEqual(active.map((product) => product.id).sort());
    expect(ids(await list('&status=draft'))).toEqual([draft.id]);
    const archivedList = await list('&status=archived');
    expect(ids(archivedList)).toEqual([gone.id]);
    expect(archivedList.products[0]).toMatchObject({ status: 'archived', stock: 0 });
    expect(archivedList.products[0]!.archivedAt).not.toBeNull();
    expect(ids(await list('&status=all'))).toEqual([...active, draft, gone].map((product) => product.id).sort());
    expect((await list('&status=all&category=brincos')).counts).toEqual({ active: 0, draft: 0, archived: 0, all: 0 });
    // One product of any status, for the panel's links.
    expect(adminProductSchema.parse((await call('GET', `/api/admin/products/${gone.id}`)).json()).status).toBe('archived');
  });

  it('refuses an unknown status with a message in Portuguese', async () => {
    const response = await call('GET', '/api/admin/products?status=hidden');
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual({ path: 'querystring.status', message: 'Filtro de status inválido' });
  });
});

describe('POST /api/admin/products/:id/restore', () => {
  it('restores an archived product to draft (still hidden), which a normal edit then restocks and activates', async () => {
    const product = await archived('Pulseira Aurora Restaurada');
    const locked = await call('PUT', `/api/admin/products/${product.id}`, piece('Pulseira Aurora Restaurada'));
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ error: 'product_archived', message: 'Produto arquivado: restaure-o antes de alterá-lo.' });

    const restored = await call('POST', `/api/admin/products/${product.id}/restore`, { status: 'draft' });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(adminProductSchema.parse(restored.json())).toMatchObject({ status: 'draft', archivedAt: null, stock: 0 });
    expect((await call('GET', `/api/products/by-slug/${product.slug}`, undefined, null)).statusCode).toBe(404);
    const log = await service.db.orm.em.fork().findOneOrFail(AdminLog, { action: 'product_restored', details: { productId: product.id } });
    expect(log.details).toMatchObject({ before: { status: 'archived' }, after: { status: 'draft' } });
    const events = await service.db.orm.em.fork().find(DomainEventRecord, { type: 'ProductUpdated', aggregateId: product.id });
    expect(events.map((event) => event.payload)).toEqual([{ productId: product.id, changed: ['status'] }]);

    const again = await call('POST', `/api/admin/products/${product.id}/restore`, { status: 'active' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'not_archived', message: 'Este produto não está arquivado.' });

    expect((await call('PUT', `/api/admin/products/${product.id}`, piece('Pulseira Aurora Restaurada', { stock: 3, status: 'active' }))).statusCode).toBe(200);
    const page = await call('GET', `/api/products/by-slug/${product.slug}`, undefined, null);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ id: product.id, stock: 3, available: 3 });
  });

  it('restores straight to active', async () => {
    const product = await archived('Pulseira Aurora Ativa');
    expect(adminProductSchema.parse((await call('POST', `/api/admin/products/${product.id}/restore`, { status: 'active' })).json()).status).toBe('active');
    expect(await publicIds('/api/products')).toContain(product.id);
  });

  it.each([
    [{ status: 'archived' }, 'Status inválido: escolha Ativo ou Rascunho'],
    [{}, 'Status inválido: escolha Ativo ou Rascunho'],
  ])('refuses %j', async (body, message) => {
    const product = await create('Anel Validação Restaurar');
    const response = await call('POST', `/api/admin/products/${product.id}/restore`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual({ path: 'body.status', message });
  });

  it('answers 404 for an unknown product', async () => {
    expect((await call('POST', `/api/admin/products/${crypto.randomUUID()}/restore`, { status: 'draft' })).statusCode).toBe(404);
  });

  it('deleting an unreferenced draft still deletes it', async () => {
    const product = await create('Anel Rascunho Descartado', { status: 'draft' });
    expect((await call('DELETE', `/api/admin/products/${product.id}`)).json().outcome).toBe('deleted');
    expect((await call('GET', `/api/admin/products/${product.id}`)).statusCode).toBe(404);
  });
});

describe('role checks', () => {
  it('only admins list, read and restore', async () => {
    const product = await archived('Anel Papéis');
    const routes = [
      ['GET', '/api/admin/products?status=all', undefined],
      ['GET', `/api/admin/products/${product.id}`, undefined],
      ['POST', `/api/admin/products/${product.id}/restore`, { status: 'draft' }],
    ] as const;
    for (const [method, url, body] of routes) {
      expect((await call(method, url, body, null)).statusCode, url).toBe(401);
      expect((await call(method, url, body, customer)).statusCode, url).toBe(403);
      expect((await call(method, url, body, developer)).statusCode, url).toBe(403);
    }
    expect(adminProductSchema.parse((await call('GET', `/api/admin/products/${product.id}`)).json()).status).toBe('archived');
  });
});
