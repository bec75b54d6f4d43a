/**
 * Admin notifications from real events (admin.md 2): a customer's order raises 'Novo
 * pedido' and 'Pagamento confirmado' with the real number and total, low stock follows the real
 * stock and the configured threshold, a payment confirmed after expiry and errors piling up
 * alert too; read and dismissed state is per admin; the admin's socket hears each one live.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationListSchema, type NotificationDto } from '@prata/contracts';
import { RELAY_LOCK_KEY } from '../src/events/event-bus.ts';
import { CatalogueService } from '../src/modules/catalogue/catalogue.service.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { createTestService, type TestService } from './helpers.ts';
import { TestSocket } from './realtime-client.ts';
import { offerFreeShipping, sandboxCard } from './shop.ts';

let service: TestService;
let origin: string;
let buyer: SignedIn;
let admin: SignedIn;
let otherAdmin: SignedIn;

const address = {
  fullName: 'Maria Silva',
  email: 'maria@exemplo.com.br',
  phone: '11987654321',
  cpf: '529.982.247-25',
  zipCode: '01310-100',
  street: 'Avenida Paulista',
  number: '1000',
  neighborhood: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
};

async function list(who: SignedIn): Promise<NotificationDto[]> {
  const response = await service.app.inject({ method: 'GET', url: '/api/admin/notifications', headers: bearer(who) });
  expect(response.statusCode).toBe(200);
  return notificationListSchema.parse(response.json());
}

beforeAll(async () => {
  service = await createTestService({ PAYMENT_SANDBOX_DELAY_MS: '0', LOW_STOCK_THRESHOLD: '2', ERROR_ALERT_THRESHOLD: '3' });
  origin = await service.app.listen({ port: 0, host: '127.0.0.1' });
  buyer = await account(service);
  admin = await account(service, ['admin'], 'admin');
  await offerFreeShipping(service, admin);
  otherAdmin = await account(service, ['admin'], 'admin');
});
afterAll(async () => service?.close());

describe('notifications from orders', () => {
  it('announces a new order, its payment and the low stock it left, live and in the list', async () => {
    const socket = await TestSocket.open(origin, admin.accessToken);
    await socket.subscribe(['notifications']);
    const ring = await new CatalogueService(service.db.orm.em.fork(), service.db.storage, service.app.clock).create({
      name: `Anel Alerta ${randomUUID().slice(0, 6)}`,
      category: 'aneis',
      priceCents: 12345,
      stock: 4,
    });
    const response = await service.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...bearer(buyer), 'idempotency-key': randomUUID() },
      payload: { items: [{ productId: ring.id, quantity: 2 }], customer: address, payment: await sandboxCard(service, buyer, '4111111111111111', 1) },
    });
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json<{ id: string; number: string }>();

    await socket.waitFor(() => socket.events().filter((e) => e.event === 'NotificationCreated').length >= 3);
    const titles = socket.events().map((e) => e.payload.title);
    expect(titles).toEqual(expect.arrayContaining(['Novo pedido', 'Pagamento confirmado', 'Estoque baixo']));

    const notifications = await list(admin);
    const byTitle = (title: string) => notifications.find((n) => n.title === title);
    // An order's notification opens that order's page in the panel; low stock opens the piece.
    const orderAction = { label: 'Ver pedido', url: `/admin/orders/${order.id}` };
    expect(byTitle('Novo pedido')).toMatchObject({ type: 'info', read: false, description: `Pedido ${order.number} recebido: R$\u00a0246,90.`, action: orderAction });
    expect(byTitle('Pagamento confirmado')).toMatchObject({ type: 'success', description: `Pedido ${order.number} pago: R$\u00a0246,90.`, action: orderAction });
    expect(byTitle('Estoque baixo')).toMatchObject({ type: 'warning', description: `${ring.name}: restam 2 unidades.`, action: { label: 'Ver produto', url: `/admin/products?editar=${ring.id}` } });
    await socket.close();
  });

  it('does not alert low stock above the threshold', async () => {
    const chain = await new CatalogueService(service.db.orm.em.fork(), service.db.storage, service.app.clock).create({
      name: `Colar Folgado ${randomUUID().slice(0, 6)}`,
      category: 'colares',
      priceCents: 5000,
      stock: 10,
    });
    const response = await service.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...bearer(buyer), 'idempotency-key': randomUUID() },
      payload: { items: [{ productId: chain.id, quantity: 1 }], customer: address, payment: await sandboxCard(service, buyer, '4111111111111111', 1) },
    });
    expect(response.statusCode).toBe(201);
    expect((await list(admin)).some((n) => n.description.includes(chain.name))).toBe(false);
  });

  it('alerts a payment confirmed after the order expired', async () => {
    const em = service.db.orm.em.fork();
    const orderId = randomUUID();
    const records = await em.transactional(async (tx) => [
      service.app.events.record(tx, { type: 'PaymentConfirmedAfterExpiry', aggregateId: orderId, payload: { orderId, number: 'P925-000999' } }),
    ]);
    await service.app.events.publish(em, records);
    expect((await list(admin)).find((n) => n.title === 'Pagamento após expiração')).toMatchObject({
      type: 'error',
      description: expect.stringContaining('P925-000999'),
      action: { label: 'Ver pedido', url: `/admin/orders/${orderId}` },
    });
  });

  it('runs the handlers of an event a process positioned but died before dispatching (at-least-once), then never again', async () => {
    // What a crash between the relay's commit and the handlers leaves: a positioned, undispatched event.
    const orderId = randomUUID();
    const sql = (query: string, params: unknown[] = []) => service.db.orm.em.fork().getConnection().execute(query, params);
    // Positioned as a relay would: under the relay's lock, so a relay running meanwhile (the
    // service's own, after other tests' events) cannot take the same position.
    await service.db.orm.em.fork().transactional(async (tx) => {
      const connection = tx.getConnection();
      const ctx = tx.getTransactionContext();
      await connection.execute('select pg_advisory_xact_lock(?)', [RELAY_LOCK_KEY], 'all', ctx);
      await connection.execute(
        `insert into domain_events (id, type, aggregate_id, payload, created_at, published_at, position)
         select gen_random_uuid(), 'PaymentConfirmedAfterExpiry', ?, ?::jsonb, now(), now(), coalesce(max(position), 0) + 1 from domain_events`,
        [orderId, JSON.stringify({ orderId, number: 'P925-CRASH1' })],
        'all',
        ctx,
      );
    });
    // The outbox catch-up (the scheduled job's task) dispatches it.
    await service.app.events.relay();
    await expect.poll(async () => (await list(admin)).filter((n) => n.description.includes('P925-CRASH1')).length).toBe(1);
    // The stamp commits with the dispatch batch, just after the handler's own write.
    await expect.poll(async () => ((await sql('select dispatched_at from domain_events where aggregate_id = ?', [orderId])) as { dispatched_at: string | null }[])[0]!.dispatched_at).not.toBeNull();
    // Stamped: a later catch-up does not run it again (and the dedupe key would absorb it if it did).
    await sql('delete from notifications where dedupe_key = ?', [`payment-after-expiry:${orderId}`]);
    await service.app.events.relay();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await list(admin)).filter((n) => n.description.includes('P925-CRASH1'))).toHaveLength(0);
  });

  it('alerts once when unresolved errors pile up within the hour', async () => {
    for (let i = 0; i < 4; i += 1) {
      await service.app.inject({ method: 'POST', url: '/api/errors', payload: { errorType: 'uncaught_error', errorMessage: `Erro ${i} ${randomUUID()}` } });
    }
    const piling = (await list(admin)).filter((n) => n.title === 'Erros acumulando');
    expect(piling).toHaveLength(1);
    expect(piling[0]!.description).toMatch(/^\d+ ocorrências de erro sem solução na última hora\.$/);
  });
});

describe('read state per admin', () => {
  it('marks read and dismisses for one admin only; mark all reads every listed one', async () => {
    const [first, second] = await list(admin);
    const read = await service.app.inject({ method: 'POST', url: '/api/admin/notifications/read', headers: bearer(admin), payload: { ids: [first!.id] } });
    expect(read.statusCode).toBe(200);
    expect((await list(admin)).find((n) => n.id === first!.id)?.read).toBe(true);
    expect((await list(otherAdmin)).find((n) => n.id === first!.id)?.read).toBe(false);

    const dismissed = await service.app.inject({ method: 'POST', url: `/api/admin/notifications/${second!.id}/dismiss`, headers: bearer(admin) });
    expect(dismissed.statusCode).toBe(200);
    expect((await list(admin)).some((n) => n.id === second!.id)).toBe(false);
    expect((await list(otherAdmin)).some((n) => n.id === second!.id)).toBe(true);

    const all = await service.app.inject({ method: 'POST', url: '/api/admin/notifications/read', headers: bearer(otherAdmin), payload: { all: true } });
    expect(all.statusCode).toBe(200);
    expect((await list(otherAdmin)).every((n) => n.read)).toBe(true);

    const unknown = await service.app.inject({ method: 'POST', url: `/api/admin/notifications/${randomUUID()}/dismiss`, headers: bearer(admin) });
    expect(unknown.statusCode).toBe(404);
  });

  it('keeps at most 10 in the list', async () => {
    for (let i = 0; i < 12; i += 1) {
      await service.app.notifications.create({ type: 'info', title: `Aviso ${i}`, description: 'teste', dedupeKey: `test:${randomUUID()}` });
    }
    expect(await list(admin)).toHaveLength(10);
  });
});
