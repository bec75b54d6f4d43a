/**
 * Back-in-stock alerts (issue 22): subscribe (signed in: active at once; anonymous: double opt-in),
 * `StockReplenished` when stock goes from 0 to above 0 (admin edit, cancelled order), the job that
 * e-mails each active subscriber exactly once (also run twice at the same time), the e-mailed
 * links, and the owner's counts. Real PostgreSQL, the real job queue (ticked by hand) and the mail
 * outbox as the mailbox.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backInStockWaitingListSchema } from '@prata/contracts';
import { BackInStockService } from '../src/modules/back-in-stock/back-in-stock.service.ts';
import { notifySubscribers } from '../src/modules/back-in-stock/notify-subscribers.ts';
import { productStockLookup } from '../src/modules/back-in-stock/stock-lookup.ts';
import { account, bearer, tokenFrom, type SignedIn } from './accounts.ts';
import { sql } from './admin-fixtures.ts';
import { createTestService, type TestService } from './helpers.ts';
import { placeOrder } from './shop.ts';
import { shippingCustomer } from './checkout-data.ts';

let service: TestService;
let admin: SignedIn;
let ana: SignedIn;
let bruno: SignedIn;

function call(method: 'POST' | 'PUT' | 'GET', url: string, payload?: object, who?: SignedIn) {
  return service.app.inject({ method, url, headers: who ? bearer(who) : {}, ...(payload ? { payload } : {}) });
}

let counter = 0;
/** A product created by the admin with `stock` units. */
async function product(stock: number): Promise<{ id: string; slug: string; name: string; input: object }> {
  counter += 1;
  const input = { name: `Anel Aviso ${counter} ${randomUUID().slice(0, 6)}`, category: 'aneis', priceCents: 12_990, stock };
  const response = await call('POST', '/api/admin/products', input, admin);
  expect(response.statusCode, response.body).toBe(201);
  return { ...response.json(), input };
}

/** The admin sets the product's stock (the panel's edit), then the job queue runs. */
async function restock(item: { id: string; input: object }, stock: number): Promise<void> {
  const response = await call('PUT', `/api/admin/products/${item.id}`, { ...item.input, stock }, admin);
  expect(response.statusCode, response.body).toBe(200);
  await service.app.jobs.tick();
}

/** 'Chegou!' e-mails sent to `to` about `name`. */
async function alertsTo(to: string, name: string): Promise<{ subject: string; text: string; link: string | null }[]> {
  return sql(service, `select subject, text, link from outbox_emails where "to" = ? and subject = ? order by created_at`, [to, `Chegou! ${name} está disponível de novo`]);
}

const subscribe = (body: object, who?: SignedIn) => call('POST', '/api/back-in-stock', body, who);

/** An anonymous subscription confirmed through its e-mailed link. */
async function confirmedAnonymous(productId: string, email: string): Promise<void> {
  expect((await subscribe({ productId, email })).statusCode).toBe(200);
  const [mail] = await sql<{ link: string }>(service, `select link from outbox_emails where "to" = ? and subject like 'Confirme seu aviso%' order by created_at desc limit 1`, [email]);
  const confirm = await call('GET', `/api/back-in-stock/confirm?token=${tokenFrom(mail!.link, 'token')}`);
  expect(confirm.statusCode).toBe(200);
  expect(confirm.body).toContain('Aviso confirmado');
}

beforeAll(async () => {
  service = await createTestService();
  admin = await account(service, ['admin'], 'admin');
  ana = await account(service, [], 'ana');
  bruno = await account(service, [], 'bruno');
});
afterAll(async () => service?.close());

describe('POST /api/back-in-stock', () => {
  it('validates the body and refuses what cannot be awaited, in pt-BR', async () => {
    const soldOut = await product(0);
    const inStock = await product(2);
    const badId = await subscribe({ productId: 'x', email: 'a@exemplo.com.br' });
    expect(badId.statusCode).toBe(400);
    const noEmail = await subscribe({ productId: soldOut.id });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toBe('Informe seu e-mail');
    const badEmail = await subscribe({ productId: soldOut.id, email: 'não-é-email' });
    expect(badEmail.statusCode).toBe(400);
    expect(JSON.stringify(badEmail.json())).toContain('E-mail inválido');
    expect((await subscribe({ productId: randomUUID(), email: 'a@exemplo.com.br' })).json()).toMatchObject({ message: 'Produto não encontrado' });
    // Variants arrive with their own lookup; until then a variant id names nothing.
    const variant = await subscribe({ productId: soldOut.id, variantId: randomUUID() }, ana);
    expect(variant.statusCode).toBe(404);
    expect(variant.json().message).toBe('Variante não encontrada');
    const available = await subscribe({ productId: inStock.id }, ana);
    expect(available.statusCode).toBe(409);
    expect(available.json().message).toBe('Este item está disponível');
    expect(await sql(service, 'select id from stock_subscriptions where product_id in (?, ?)', [soldOut.id, inStock.id])).toHaveLength(0);
  });

  it('subscribes a signed-in shopper at once with the account e-mail, once however often they ask', async () => {
    const soldOut = await product(0);
    for (let i = 0; i < 2; i += 1) {
      const response = await subscribe({ productId: soldOut.id, email: 'outro@exemplo.com.br' }, ana);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'active', message: 'Pronto! Avisaremos você por e-mail.' });
    }
    const rows = await sql<{ email: string; status: string; user_id: string }>(service, 'select email, status, user_id from stock_subscriptions where product_id = ?', [soldOut.id]);
    expect(rows).toEqual([{ email: ana.email, status: 'active', user_id: ana.userId }]);
    // The LGPD export lists it (issue 22: every piece of personal data held).
    const exported = await call('GET', '/api/me/export', undefined, ana);
    expect(exported.json().stockAlerts).toContainEqual({ item: soldOut.name, status: 'active', createdAt: expect.any(String) });
  });

  it('only the admin reads the waiting counts', async () => {
    expect((await call('GET', '/api/admin/back-in-stock')).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/back-in-stock', undefined, ana)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/back-in-stock', undefined, admin)).statusCode).toBe(200);
  });
});

describe('double opt-in', () => {
  it('keeps an anonymous subscription pending (never e-mailed) until its link confirms it', async () => {
    const soldOut = await product(0);
    const email = `anonimo.${randomUUID().slice(0, 8)}@exemplo.com.br`;
    const response = await subscribe({ productId: soldOut.id, email: email.toUpperCase() });
    expect(response.json()).toEqual({ status: 'pending', message: 'Enviamos um e-mail para confirmar.' });
    const [pending] = await sql<{ status: string; token_hash: string }>(service, 'select status, token_hash from stock_subscriptions where product_id = ? and email = ?', [soldOut.id, email]);
    expect(pending!.status).toBe('pending_confirmation');
    const [mail] = await sql<{ link: string }>(service, 'select link from outbox_emails where "to" = ? order by created_at desc limit 1', [email]);
    const token = tokenFrom(mail!.link, 'token');
    expect(pending!.token_hash).not.toContain(token);

    await restock(soldOut, 3);
    expect(await alertsTo(email, soldOut.name)).toHaveLength(0);

    // Confirmed while the piece is back: e-mailed at once (through the queue), and only once.
    const page = await call('GET', `/api/back-in-stock/confirm?token=${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Aviso confirmado');
    await service.app.jobs.tick();
    await call('GET', `/api/back-in-stock/confirm?token=${token}`);
    await service.app.jobs.tick();
    expect(await alertsTo(email, soldOut.name)).toHaveLength(1);
    const invalid = await call('GET', `/api/back-in-stock/confirm?token=${'x'.repeat(43)}`);
    expect(invalid.body).toContain('Link inválido');
  });
});

describe('expired confirmations', () => {
  it('drops pending subscriptions older than the 7-day link, keeps fresh and confirmed ones', async () => {
    const soldOut = await product(0);
    const old = `antigo.${randomUUID().slice(0, 8)}@exemplo.com.br`;
    const fresh = `recente.${randomUUID().slice(0, 8)}@exemplo.com.br`;
    await subscribe({ productId: soldOut.id, email: old });
    await subscribe({ productId: soldOut.id, email: fresh });
    await subscribe({ productId: soldOut.id }, bruno);
    await sql(service, `update stock_subscriptions set created_at = now() - interval '8 days' where product_id = ? and email in (?, ?)`, [soldOut.id, old, bruno.email]);
    const backInStock = new BackInStockService({
      lookup: productStockLookup,
      mailer: service.app.mailer,
      clock: service.app.clock,
      apiUrl: service.config.publicUrl,
      storeUrl: service.config.shellUrl,
      onConfirmedInStock: async () => undefined,
    });
    expect(await backInStock.dropExpiredPending(service.db.orm.em.fork())).toBeGreaterThanOrEqual(1);
    const left = await sql<{ email: string }>(service, 'select email from stock_subscriptions where product_id = ? order by email', [soldOut.id]);
    expect(left.map((row) => row.email).sort()).toEqual([bruno.email, fresh].sort());
  });
});

describe('StockReplenished e-mails each active subscriber exactly once', () => {
  it('0 -> 5 e-mails the active ones, 5 -> 6 nobody, and a second replenishment only the new ones', async () => {
    const ring = await product(0);
    const carla = `carla.${randomUUID().slice(0, 8)}@exemplo.com.br`;
    const pendente = `pendente.${randomUUID().slice(0, 8)}@exemplo.com.br`;
    await subscribe({ productId: ring.id }, ana);
    await subscribe({ productId: ring.id }, bruno);
    await confirmedAnonymous(ring.id, carla);
    await subscribe({ productId: ring.id, email: pendente });

    const counts = backInStockWaitingListSchema.parse((await call('GET', '/api/admin/back-in-stock', undefined, admin)).json());
    expect(counts.find((row) => row.productId === ring.id)).toEqual({ productId: ring.id, productName: ring.name, variantId: null, waiting: 3 });

    await restock(ring, 5);
    for (const to of [ana.email, bruno.email, carla]) {
      const mails = await alertsTo(to, ring.name);
      expect(mails, to).toHaveLength(1);
      expect(mails[0]!.link).toBe(`${service.config.shellUrl}/produtos/${ring.slug}`);
    }
    expect(await alertsTo(pendente, ring.name)).toHaveLength(0);
    const statuses = await sql<{ email: string; status: string }>(service, 'select email, status from stock_subscriptions where product_id = ? order by email', [ring.id]);
    expect(statuses.filter((row) => row.status === 'notified').map((row) => row.email).sort()).toEqual([ana.email, bruno.email, carla].sort());
    const after = backInStockWaitingListSchema.parse((await call('GET', '/api/admin/back-in-stock', undefined, admin)).json());
    expect(after.find((row) => row.productId === ring.id)).toBeUndefined();

    await restock(ring, 6);
    const events = await sql<{ n: string }>(service, `select count(*) as n from domain_events where type = 'StockReplenished' and aggregate_id = ?`, [ring.id]);
    expect(Number(events[0]!.n)).toBe(1);

    await restock(ring, 0);
    await subscribe({ productId: ring.id }, ana);
    await restock(ring, 2);
    expect(await alertsTo(ana.email, ring.name)).toHaveLength(2);
    expect(await alertsTo(bruno.email, ring.name)).toHaveLength(1);
    expect(await alertsTo(carla, ring.name)).toHaveLength(1);
  });

  it('units returned by a cancelled order replenish a sold-out piece', async () => {
    const ring = await product(1);
    const buyer = await account(service, [], 'comprador');
    const order = await placeOrder(service, buyer, { items: [{ productId: ring.id, quantity: 1 }], customer: shippingCustomer, payment: { method: 'pix' } });
    expect(order.statusCode, order.body).toBe(201);
    await subscribe({ productId: ring.id }, bruno);
    const cancel = await call('POST', `/api/orders/${order.json().id}/cancel`, undefined, buyer);
    expect(cancel.statusCode, cancel.body).toBe(200);
    await service.app.jobs.tick();
    expect(await alertsTo(bruno.email, ring.name)).toHaveLength(1);
  });

  it('running the job twice at the same time e-mails each subscriber once', async () => {
    const ring = await product(0);
    const emails = Array.from({ length: 40 }, (_, i) => `fila.${i}.${randomUUID().slice(0, 6)}@exemplo.com.br`);
    for (const email of emails) {
      await sql(service, `insert into stock_subscriptions (id, product_id, email, status, created_at, confirmed_at) values (?, ?, ?, 'active', now(), now())`, [randomUUID(), ring.id, email]);
    }
    // Stock changed behind the service's back (no event): the two runs are the only senders.
    await sql(service, 'update products set stock = 4 where id = ?', [ring.id]);
    const deps = { lookup: productStockLookup, mailer: service.app.mailer, clock: service.app.clock, apiUrl: service.config.publicUrl, storeUrl: service.config.shellUrl };
    const runs = await Promise.all([notifySubscribers(deps, service.db.orm.em.fork(), ring.id, null), notifySubscribers(deps, service.db.orm.em.fork(), ring.id, null)]);
    expect(runs[0]! + runs[1]!).toBe(emails.length);
    const sent = await sql<{ to: string; n: string }>(service, `select "to", count(*) as n from outbox_emails where subject = ? group by "to"`, [`Chegou! ${ring.name} está disponível de novo`]);
    expect(sent).toHaveLength(emails.length);
    expect(sent.every((row) => Number(row.n) === 1)).toBe(true);
  });
});

describe('the unsubscribe link of the notification', () => {
  it("cancels every open alert of that e-mail", async () => {
    const first = await product(0);
    const second = await product(0);
    const email = `sair.${randomUUID().slice(0, 8)}@exemplo.com.br`;
    await confirmedAnonymous(first.id, email);
    await confirmedAnonymous(second.id, email);
    await restock(first, 1);
    const [mail] = await alertsTo(email, first.name);
    const link = /https?:\/\/\S+\/api\/back-in-stock\/unsubscribe\?token=\S+/.exec(mail!.text)?.[0];
    const page = await call('GET', new URL(link!).pathname + new URL(link!).search);
    expect(page.body).toContain('Avisos cancelados');
    const [row] = await sql<{ status: string }>(service, 'select status from stock_subscriptions where product_id = ? and email = ?', [second.id, email]);
    expect(row!.status).toBe('cancelled');
    await restock(second, 1);
    expect(await alertsTo(email, second.name)).toHaveLength(0);
  });
});
