/**
 * Back-in-stock alerts: subscribe (signed in: active at once; anonymous: double opt-in),
 * `StockReplenished` when stock goes from 0 to above 0 (admin edit, cancelled order), the job that
 * e-mails each active subscriber exactly once (also run twice at the same time), the e-mailed
 * links, and the owner's counts. No open mailer (security review 2026-11-29 #5): one pending
 * confirmation per address and product, a daily cap of confirmation e-mails per address, and a
 * confirmation only by the store page's POST (a GET of the link confirms nothing); likewise the
 * unsubscribe link only asks and its POST (RFC 8058 one-click) cancels. Real
 * PostgreSQL, the real job queue (ticked by hand) and the mail outbox as the mailbox.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backInStockWaitingListSchema } from '@prata/contracts';
import { SmtpTransport } from '../src/mail/mailer.ts';
import { BackInStockService } from '../src/modules/back-in-stock/back-in-stock.service.ts';
import { notifySubscribers } from '../src/modules/back-in-stock/notify-subscribers.ts';
import { productStockLookup } from '../src/modules/back-in-stock/stock-lookup.ts';
import { account, bearer, tokenFrom, type SignedIn } from './accounts.ts';
import { sql } from './admin-fixtures.ts';
import { createTestService, type TestService } from './helpers.ts';
import { startSmtpDouble } from './smtp-double.ts';
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

/** The confirmation e-mails sent to `to`, oldest first. */
function confirmationsTo(to: string): Promise<{ subject: string; text: string; link: string }[]> {
  return sql(service, `select subject, text, link from outbox_emails where "to" = ? and subject like 'Confirme seu aviso%' order by created_at`, [to]);
}

/** What the store's confirmation page does with the link's token: `POST /api/back-in-stock/confirm`. */
const confirm = (token: string) => call('POST', '/api/back-in-stock/confirm', { token });

/** An anonymous subscription confirmed through its e-mailed link (the store page's POST). */
async function confirmedAnonymous(productId: string, email: string): Promise<void> {
  expect((await subscribe({ productId, email })).statusCode).toBe(200);
  const mail = (await confirmationsTo(email)).at(-1);
  const confirmed = await confirm(tokenFrom(mail!.link, 'token'));
  expect(confirmed.statusCode).toBe(200);
  expect(confirmed.json()).toMatchObject({ outcome: 'confirmed' });
}

/** The statuses of `email`'s subscriptions to `productId`, by variant (`-` for none). */
async function statusesOf(productId: string, email: string): Promise<Record<string, string>> {
  const rows = await sql<{ variant_id: string | null; status: string }>(service, 'select variant_id, status from stock_subscriptions where product_id = ? and email = ?', [productId, email]);
  return Object.fromEntries(rows.map((row) => [row.variant_id ?? '-', row.status]));
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
    // The LGPD export lists it (every piece of personal data held).
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
    const [mail] = await confirmationsTo(email);
    const token = tokenFrom(mail!.link, 'token');
    expect(pending!.token_hash).not.toContain(token);
    // The link opens the store's confirmation page, which confirms with a POST.
    expect(mail!.link).toBe(`${service.config.shellUrl}/avisos/confirmar?token=${token}`);
    expect(mail!.text).toContain(mail!.link);

    await restock(soldOut, 3);
    expect(await alertsTo(email, soldOut.name)).toHaveLength(0);

    // Confirmed while the piece is back: e-mailed at once (through the queue), and only once.
    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.headers['cache-control']).toBe('no-store');
    expect(confirmed.json()).toEqual({ outcome: 'confirmed', productName: soldOut.name, productSlug: soldOut.slug });
    await service.app.jobs.tick();
    // Notified: the link is used up ('Este link não é válido ou já foi usado.'), and e-mails nobody again.
    expect((await confirm(token)).json()).toEqual({ outcome: 'invalid' });
    await service.app.jobs.tick();
    expect(await alertsTo(email, soldOut.name)).toHaveLength(1);
    expect((await confirm('x'.repeat(43))).json()).toEqual({ outcome: 'invalid' });
    expect((await confirm('curto')).statusCode).toBe(400);
  });
});

describe('no open mailer (security review 2026-11-29 #5)', () => {
  it('a GET of the e-mailed link (a mail scanner) confirms nothing: the old API link redirects to the store page', async () => {
    const soldOut = await product(0);
    const email = `scanner.${randomUUID().slice(0, 8)}@exemplo.com.br`;
    await subscribe({ productId: soldOut.id, email });
    const token = tokenFrom((await confirmationsTo(email))[0]!.link, 'token');
    // A scanner following a link e-mailed before the change (the new link is a page of the store, which only renders).
    const old = await call('GET', `/api/back-in-stock/confirm?token=${token}`);
    expect(old.statusCode).toBe(303);
    expect(old.headers.location).toBe(`${service.config.shellUrl}/avisos/confirmar?token=${token}`);
    expect(old.headers['cache-control']).toBe('no-store');
    expect(await statusesOf(soldOut.id, email)).toEqual({ '-': 'pending_confirmation' });
    // The page's button.
    expect((await confirm(token)).json()).toMatchObject({ outcome: 'confirmed' });
    expect(await statusesOf(soldOut.id, email)).toEqual({ '-': 'active' });
  });

  it('sends one confirmation per address and product: a repeat subscribe while it is pending sends nothing, with the same answer', async () => {
    const soldOut = await product(0);
    const victim = `vitima.${randomUUID().slice(0, 8)}@exemplo.com.br`;
    const answers = new Set<string>();
    for (let i = 0; i < 12; i += 1) {
      const response = await subscribe({ productId: soldOut.id, email: i % 2 ? victim.toUpperCase() : victim });
      expect(response.statusCode).toBe(200);
      answers.add(response.body);
    }
    expect([...answers]).toEqual([JSON.stringify({ status: 'pending', message: 'Enviamos um e-mail para confirmar.' })]);
    const mails = await confirmationsTo(victim);
    expect(mails).toHaveLength(1);
    // The first link still confirms (no repeat replaced it).
    expect((await confirm(tokenFrom(mails[0]!.link, 'token'))).json()).toMatchObject({ outcome: 'confirmed' });
    // Confirmed: asking again sends nothing either.
    await subscribe({ productId: soldOut.id, email: victim });
    expect(await confirmationsTo(victim)).toHaveLength(1);
  });

  it('another variant of the product joins the pending confirmation: no second e-mail, and its one link confirms both', async () => {
    const input = { name: `Anel Aviso Aro ${randomUUID().slice(0, 6)}`, category: 'aneis', priceCents: 12_990, options: [{ name: 'Aro', values: ['14', '16'] }], variants: ['14', '16'].map((aro) => ({ sku: `AVISO-${aro}-${randomUUID().slice(0, 6)}`, options: { Aro: aro }, stock: 0 })) };
    const created = await call('POST', '/api/admin/products', input, admin);
    expect(created.statusCode, created.body).toBe(201);
    const ring = created.json<{ id: string; variants: { id: string; options: Record<string, string> }[] }>();
    const [v14, v16] = ['14', '16'].map((aro) => ring.variants.find((variant) => variant.options['Aro'] === aro)!.id) as [string, string];
    const email = `variantes.${randomUUID().slice(0, 8)}@exemplo.com.br`;
    await subscribe({ productId: ring.id, variantId: v14, email });
    await subscribe({ productId: ring.id, variantId: v16, email });
    await subscribe({ productId: ring.id, variantId: v16, email });
    const mails = await confirmationsTo(email);
    expect(mails).toHaveLength(1);
    expect(await statusesOf(ring.id, email)).toEqual({ [v14]: 'pending_confirmation', [v16]: 'pending_confirmation' });
    expect((await confirm(tokenFrom(mails[0]!.link, 'token'))).json()).toMatchObject({ outcome: 'confirmed', productSlug: expect.any(String) });
    expect(await statusesOf(ring.id, email)).toEqual({ [v14]: 'active', [v16]: 'active' });
  });

  it('e-mails one address at most BACK_IN_STOCK_CONFIRMATIONS_PER_DAY (5) confirmations in 24 hours across products; others are not held back', async () => {
    expect(service.config.backInStockConfirmationsPerDay).toBe(5);
    const victim = `limite.${randomUUID().slice(0, 8)}@exemplo.com.br`;
    const other = `outra.${randomUUID().slice(0, 8)}@exemplo.com.br`;
    const items = [];
    for (let i = 0; i < 8; i += 1) items.push(await product(0));
    for (const item of items) {
      const response = await subscribe({ productId: item.id, email: victim });
      expect(response.json()).toEqual({ status: 'pending', message: 'Enviamos um e-mail para confirmar.' });
    }
    expect(await confirmationsTo(victim)).toHaveLength(5);
    // Past the cap nothing is kept either: the address was not confirmed.
    const [kept] = await sql<{ n: string }>(service, 'select count(*) as n from stock_subscriptions where email = ?', [victim]);
    expect(Number(kept!.n)).toBe(5);
    await subscribe({ productId: items[7]!.id, email: other });
    expect(await confirmationsTo(other)).toHaveLength(1);

    // A day later the address may be sent confirmations again.
    await sql(service, `update stock_subscriptions set confirmation_sent_at = confirmation_sent_at - interval '24 hours 1 minute' where email = ?`, [victim]);
    await subscribe({ productId: items[6]!.id, email: victim });
    expect(await confirmationsTo(victim)).toHaveLength(6);
  });

  it('an expired confirmation answers "expired"; subscribing again then sends a new link, which confirms', async () => {
    const soldOut = await product(0);
    const email = `expirado.${randomUUID().slice(0, 8)}@exemplo.com.br`;
    await subscribe({ productId: soldOut.id, email });
    const first = tokenFrom((await confirmationsTo(email))[0]!.link, 'token');
    await sql(service, `update stock_subscriptions set created_at = now() - interval '8 days' where email = ?`, [email]);
    expect((await confirm(first)).json()).toEqual({ outcome: 'expired', productName: soldOut.name, productSlug: soldOut.slug });
    await subscribe({ productId: soldOut.id, email });
    const mails = await confirmationsTo(email);
    expect(mails).toHaveLength(2);
    expect((await confirm(first)).json()).toEqual({ outcome: 'invalid' });
    expect((await confirm(tokenFrom(mails[1]!.link, 'token'))).json()).toMatchObject({ outcome: 'confirmed' });
  });

  it("the migration's confirmation_sent_at matches the entity", async () => {
    const diff = await service.db.orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff.split('\n').filter((line) => /confirmation_sent_at/.test(line))).toEqual([]);
    const [column] = await sql<{ data_type: string; is_nullable: string }>(service, `select data_type, is_nullable from information_schema.columns where table_name = 'stock_subscriptions' and column_name = 'confirmation_sent_at'`);
    expect(column).toEqual({ data_type: 'timestamp with time zone', is_nullable: 'YES' });
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
      confirmationsPerDay: service.config.backInStockConfirmationsPerDay,
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
  it('opening the link changes nothing; its button (or the mail client\'s one-click POST) cancels every open alert of that e-mail', async () => {
    const first = await product(0);
    const second = await product(0);
    const email = `sair.${randomUUID().slice(0, 8)}@exemplo.com.br`;
    await confirmedAnonymous(first.id, email);
    await confirmedAnonymous(second.id, email);
    await restock(first, 1);
    const [mail] = await sql<{ text: string; unsubscribe_url: string | null }>(service, 'select text, unsubscribe_url from outbox_emails where "to" = ? and subject = ?', [email, `Chegou! ${first.name} está disponível de novo`]);
    const link = /https?:\/\/\S+\/api\/back-in-stock\/unsubscribe\?token=\S+/.exec(mail!.text)?.[0];
    // The same URL goes out as the mail's List-Unsubscribe (RFC 8058).
    expect(mail!.unsubscribe_url).toBe(link);
    const url = new URL(link!).pathname + new URL(link!).search;
    const statusOfSecond = async () => (await sql<{ status: string }>(service, 'select status from stock_subscriptions where product_id = ? and email = ?', [second.id, email]))[0]!.status;

    // A mail scanner opening the link: a page that asks, and nothing cancelled.
    const page = await call('GET', url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Cancelar avisos');
    expect(page.body).toContain(`<form method="post" action="${url.replace(/&/g, '&amp;')}">`);
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(await statusOfSecond()).toBe('active');

    // The button: the RFC 8058 form body, posted to the same URL.
    const posted = await service.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(posted.statusCode).toBe(200);
    expect(posted.body).toContain('Avisos cancelados');
    expect(await statusOfSecond()).toBe('cancelled');
    await restock(second, 1);
    expect(await alertsTo(email, second.name)).toHaveLength(0);

    // An unknown token: the invalid-link page, for the GET and the POST.
    const unknown = '/api/back-in-stock/unsubscribe?token=' + 'x'.repeat(40);
    expect((await call('GET', unknown)).body).toContain('Link inválido');
    expect((await call('POST', unknown)).body).toContain('Link inválido');
  });

  it('SMTP delivery carries List-Unsubscribe and List-Unsubscribe-Post (RFC 2369, RFC 8058) only for mail that has the URL', async () => {
    const smtp = await startSmtpDouble();
    try {
      const transport = new SmtpTransport(smtp.url, 'loja@exemplo.com.br');
      const unsubscribeUrl = 'https://api.exemplo.com.br/api/back-in-stock/unsubscribe?token=abc123';
      await transport.deliver({ to: 'ana@exemplo.com.br', subject: 'Chegou!', text: 'Olá', unsubscribeUrl });
      await transport.deliver({ to: 'ana@exemplo.com.br', subject: 'Pedido recebido', text: 'Olá' });
      const headers = smtp.received.map((raw) => raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n\s+/g, ' '));
      expect(headers[0]).toMatch(/^List-Unsubscribe: <https:\/\/api\.exemplo\.com\.br\/api\/back-in-stock\/unsubscribe\?token=abc123>$/m);
      expect(headers[0]).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      expect(headers[1]).not.toMatch(/^List-Unsubscribe/m);
    } finally {
      await smtp.close();
    }
  });
});
