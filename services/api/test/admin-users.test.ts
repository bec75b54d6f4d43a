/**
 * User administration (admin.md 2, 6) on real PostgreSQL: the detail view (roles, last
 * sign-in, orders count), name edits with an audit row, the admin role within the cap of 3 and
 * never for the last admin (also when two admins revoke each other at once) nor oneself, and the
 * deletion of a customer with LGPD erasure: personal data gone everywhere (error reports' breadcrumbs
 * too), orders and lines kept anonymised, old tokens refused.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUserDetailSchema, personalDataExportSchema } from '@prata/contracts';
import { AdminLog } from '../src/modules/audit/admin-log.entity.ts';
import { UserAdminService } from '../src/modules/users/user-admin.service.ts';
import { account, bearer, lastMailTo, signIn, signInEnrolling, STAFF_PASSWORD, tokenFrom, uniqueEmail, type SignedIn } from './accounts.ts';
import { ORDER_CUSTOMER, placeOrder, sql } from './admin-fixtures.ts';
import { createTestService, type TestService } from './helpers.ts';

let service: TestService;
let owner: SignedIn;

const call = (who: SignedIn, method: 'GET' | 'PATCH' | 'DELETE', id: string, payload?: object) =>
  service.app.inject({ method, url: `/api/admin/users/${id}`, headers: bearer(who), ...(payload ? { payload } : {}) });

const adminCount = async () => Number((await sql<{ n: string }>(service, "select count(*) as n from user_roles where role = 'admin'"))[0]!.n);

beforeAll(async () => {
  service = await createTestService({ PAYMENT_SANDBOX_DELAY_MS: '0' });
  owner = await account(service, ['admin'], 'dona', STAFF_PASSWORD);
});
afterAll(async () => service?.close());

describe('GET /api/admin/users/:id', () => {
  it('shows profile, roles, created, last sign-in and the orders count', async () => {
    const customer = await account(service);
    const [product] = await sql<{ id: string }>(service, 'select id from products where stock > 3 and jsonb_array_length(options) = 0 limit 1');
    await placeOrder(service, customer, [{ productId: product!.id, quantity: 1 }]);
    await placeOrder(service, customer, [{ productId: product!.id, quantity: 1 }]);
    const detail = adminUserDetailSchema.parse((await call(owner, 'GET', customer.userId)).json());
    expect(detail).toMatchObject({ id: customer.userId, email: customer.email, fullName: 'Maria Silva', role: 'user', roles: [], ordersCount: 2, twoFactorEnabled: false });
    expect(Date.now() - Date.parse(detail.lastLoginAt!)).toBeLessThan(60_000);
    expect((await call(owner, 'GET', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call(owner, 'GET', 'nao-e-uuid')).json().issues).toContainEqual({ path: 'params.id', message: 'Identificador inválido' });
  });
});

describe('PATCH /api/admin/users/:id', () => {
  it('renames (trimmed) with an audit row holding the old and new name, and refuses an empty name or body', async () => {
    const customer = await account(service);
    const response = await call(owner, 'PATCH', customer.userId, { fullName: '  Maria Souza  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json().fullName).toBe('Maria Souza');
    const log = await service.db.orm.em.fork().findOneOrFail(AdminLog, { action: 'user_updated', details: { userId: customer.userId } });
    expect(log.userId).toBe(owner.userId);
    expect(log.details).toMatchObject({ before: { fullName: 'Maria Silva' }, after: { fullName: 'Maria Souza' } });
    expect((await call(owner, 'PATCH', customer.userId, { fullName: '   ' })).json().issues).toContainEqual({ path: 'body.fullName', message: 'Nome é obrigatório' });
    expect((await call(owner, 'PATCH', customer.userId, {})).statusCode).toBe(400);
  });

  it('grants admin up to 3 admins, then answers the cap message; revokes another admin; never one’s own role', async () => {
    expect(await adminCount()).toBe(1);
    // Staff-grade passwords: a grant needs one (test/staff-two-factor.test.ts).
    const second = await account(service, [], 'cliente', STAFF_PASSWORD);
    const third = await account(service, [], 'cliente', STAFF_PASSWORD);
    const fourth = await account(service, [], 'cliente', STAFF_PASSWORD);
    expect((await call(owner, 'PATCH', second.userId, { isAdmin: true })).json().roles).toEqual(['admin']);
    expect((await call(owner, 'PATCH', third.userId, { isAdmin: true })).statusCode).toBe(200);
    // The grant ended third's sessions; as staff it signs in through the 2FA enrolment.
    const thirdAdmin = await signInEnrolling(service, third.email, STAFF_PASSWORD);
    const capped = await call(owner, 'PATCH', fourth.userId, { isAdmin: true });
    expect(capped.statusCode).toBe(409);
    expect(capped.json()).toEqual({ error: 'admin_limit', message: 'Limite máximo de 3 administradores atingido' });

    const own = await call(owner, 'PATCH', owner.userId, { isAdmin: false });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe('Você não pode remover o seu próprio acesso de administrador.');

    const revoked = await call(owner, 'PATCH', third.userId, { isAdmin: false });
    expect(revoked.json()).toMatchObject({ role: 'user', roles: [] });
    expect(await service.db.orm.em.fork().count(AdminLog, { action: 'role_revoked', details: { userId: third.userId } })).toBe(1);
    // The revoked admin is refused at once (roles are read on every request).
    expect((await call(thirdAdmin, 'GET', owner.userId)).statusCode).toBe(403);
    expect((await call(owner, 'PATCH', second.userId, { isAdmin: false })).statusCode).toBe(200);
    expect(await adminCount()).toBe(1);
  });

  it('grants and revokes the developer role from the users tab', async () => {
    const dev = await account(service, ['developer'], 'dev', STAFF_PASSWORD);
    const asDeveloper = () => service.app.inject({ method: 'GET', url: '/api/developer/stats', headers: bearer(dev) });
    expect((await asDeveloper()).statusCode).toBe(200);
    const revoked = await call(owner, 'PATCH', dev.userId, { isDeveloper: false });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().roles).toEqual([]);
    expect(await service.db.orm.em.fork().count(AdminLog, { action: 'role_revoked', details: { userId: dev.userId, role: 'developer' } })).toBe(1);
    // Refused at once: roles are read on every request.
    expect((await asDeveloper()).statusCode).toBe(403);
    expect((await call(owner, 'PATCH', dev.userId, { isDeveloper: true })).json().roles).toEqual(['developer']);
    // The grant ended the account's sessions (no 2FA yet): back in through the enrolment.
    expect((await asDeveloper()).statusCode).toBe(401);
    const enrolled = await signInEnrolling(service, dev.email, STAFF_PASSWORD);
    expect((await service.app.inject({ method: 'GET', url: '/api/developer/stats', headers: bearer(enrolled) })).statusCode).toBe(200);
  });

  it('never removes the last admin (the rule, checked in the service)', async () => {
    const bystander = await account(service);
    await expect(new UserAdminService(service.app.clock, { events: service.app.events, removeReviewPhoto: async () => undefined }).update(service.db.orm.em.fork(), bystander.userId, owner.userId, { isAdmin: false }, { ip: null, userAgent: null })).rejects.toThrow(
      'Não é possível remover o último administrador.',
    );
    expect(await adminCount()).toBe(1);
  });

  it('keeps one admin when two admins revoke each other at once', async () => {
    const other = await account(service, [], 'cliente', STAFF_PASSWORD);
    await call(owner, 'PATCH', other.userId, { isAdmin: true });
    const otherAdmin = await signInEnrolling(service, other.email, STAFF_PASSWORD);
    const [a, b] = await Promise.all([call(owner, 'PATCH', other.userId, { isAdmin: false }), call(otherAdmin, 'PATCH', owner.userId, { isAdmin: false })]);
    const remaining = await adminCount();
    // Put the owner back in charge for the tests below, whoever won.
    if (b.statusCode === 200) {
      await call(otherAdmin, 'PATCH', owner.userId, { isAdmin: true });
      // That grant ended the owner's sessions (no 2FA): the owner signs in through the enrolment.
      owner = await signInEnrolling(service, owner.email, STAFF_PASSWORD);
      await call(owner, 'PATCH', other.userId, { isAdmin: false });
    }
    expect(remaining).toBe(1);
    // One wins; the other is refused by the rule (409, both were past the guard) or by the guard (403, the winner had committed).
    expect([a.statusCode, b.statusCode].filter((code) => code === 200)).toHaveLength(1);
    expect([a.statusCode, b.statusCode].find((code) => code !== 200)).toBeOneOf([403, 409]);
  });
});

describe('DELETE /api/admin/users/:id (LGPD erasure)', () => {
  it('erases a customer: profile, sessions, reservations, e-mails gone; orders kept with their lines, personal fields replaced', async () => {
    const customer = await account(service);
    const [product] = await sql<{ id: string; stock: number }>(service, 'select id, stock from products where stock > 3 order by name limit 1');
    const order = await placeOrder(service, customer, [{ productId: product!.id, quantity: 2 }]);
    await service.app.inject({ method: 'POST', url: '/api/reservations', headers: bearer(customer), payload: { productId: product!.id } });
    // What the review found left behind (#16): a boleto link, a label's print link, a return's reason and note, a staff note.
    await sql(service, `update orders set boleto_url = 'https://acquirer.example/boleto/123-maria-52998224725', whatsapp_opt_in = true where id = ?`, [order.id]);
    await sql(service, `insert into shipments (id, order_id, provider, carrier_order_id, service_id, carrier, service_name, price_cents, tracking_code, label_url, carrier_status, created_at, updated_at) values (gen_random_uuid(), ?, 'melhorenvio', 'me-erasure-1', 'melhorenvio-1', 'Correios', 'PAC', 2000, 'QB123456789BR', 'https://labels.example/print/maria-rua-das-flores', 'released', now(), now())`, [order.id]);
    await sql(service, `insert into return_requests (id, order_id, user_id, kind, status, reason, within_withdrawal, amount_cents, note, created_at, updated_at) values (gen_random_uuid(), ?, ?, 'return', 'rejected', 'Minha filha Ana não gostou, moro na Rua das Flores 10', true, 100, 'Falei com a Maria pelo telefone 11 99999-0000', now(), now())`, [order.id, customer.userId]);
    await sql(service, `update order_status_changes set note = 'PIX conferido: Maria Souza, agência 1234' where order_id = ?`, [order.id]);
    // And the breadcrumbs of an error its session reported while signed in (and one the owner reported, which stays).
    const report = (who: SignedIn, crumb: string) =>
      service.app.inject({
        method: 'POST',
        url: '/api/errors',
        headers: bearer(who),
        payload: {
          errorType: 'uncaught_error',
          errorMessage: 'Falha ao abrir o pedido (erasure)',
          pageUrl: 'http://loja.example/minha-conta/pedidos',
          remote: 'storefront',
          breadcrumbs: [{ at: new Date().toISOString(), category: 'navigation', message: crumb }],
        },
      });
    expect((await report(customer, '/minha-conta/enderecos Rua das Flores 10')).statusCode).toBe(202);
    expect((await report(owner, '/admin/pedidos')).statusCode).toBe(202);
    const customerKey = createHash('sha256').update(`user:${customer.userId}`).digest('hex');
    expect(await sql(service, 'select 1 from system_error_users where user_key = ?', [customerKey])).toHaveLength(1);
    const [before] = await sql<Record<string, unknown>>(service, 'select * from orders where id = ?', [order.id]);
    // The CPF checkout asked for the invoice is personal data too.
    expect(before!.customer_cpf).toBe('52998224725');

    const response = await call(owner, 'DELETE', customer.userId);
    expect(response.statusCode).toBe(200);

    const [user] = await sql<{ email: string; erased_at: string | null; password_hash: string; email_confirmed_at: string | null }>(service, 'select * from users where id = ?', [customer.userId]);
    expect(user!.email).toBe(`removido-${customer.userId}@anonimo.invalid`);
    expect(user!.erased_at).not.toBeNull();
    expect(user!.email_confirmed_at).toBeNull();
    for (const table of ['profiles', 'user_roles', 'refresh_tokens', 'one_time_tokens', 'recovery_codes', 'product_reservations']) {
      expect(await sql(service, `select 1 from ${table} where user_id = ?`, [customer.userId]), table).toEqual([]);
    }
    expect(await sql(service, 'select 1 from outbox_emails where "to" = ?', [customer.email])).toEqual([]);

    const [after] = await sql<Record<string, unknown>>(service, 'select * from orders where id = ?', [order.id]);
    expect(after).toMatchObject({
      customer_name: 'Cliente removido',
      customer_email: `removido-${customer.userId}@anonimo.invalid`,
      customer_phone: '0000000000',
      whatsapp_opt_in: false,
      customer_cpf: null,
      zip_code: '00000000',
      street: 'Removido (LGPD)',
      complement: null,
      neighborhood: 'Removido',
      card_last4: null,
      // Not identifying alone, and what the sales figures need:
      city: ORDER_CUSTOMER.city,
      state: ORDER_CUSTOMER.state,
      total_cents: before!.total_cents,
      status: before!.status,
      number: before!.number,
    });
    expect(after!.boleto_url).toBeNull();
    expect(await sql(service, 'select label_url from shipments where order_id = ?', [order.id])).toEqual([{ label_url: null }]);
    expect(await sql(service, 'select reason, note from return_requests where order_id = ?', [order.id])).toEqual([{ reason: 'Removido (LGPD)', note: null }]);
    const notes = await sql<{ note: string | null }>(service, 'select note from order_status_changes where order_id = ?', [order.id]);
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.every((row) => row.note === null)).toBe(true);
    const events = await sql<{ breadcrumbs: { message: string }[]; page_url: string | null; user_agent: string | null }>(
      service,
      `select e.breadcrumbs, e.page_url, e.user_agent from system_error_events e join system_errors i on i.id = e.issue_id where i.error_message = 'Falha ao abrir o pedido (erasure)' order by e.occurred_at`,
    );
    expect(events.map((event) => event.breadcrumbs.map((crumb) => crumb.message))).toEqual([[], ['/admin/pedidos']]);
    expect(events.map((event) => event.page_url)).toEqual([null, 'http://loja.example/minha-conta/pedidos']);
    expect(events[0]!.user_agent).toBeNull();
    expect(await sql(service, 'select 1 from system_error_users where user_key = ?', [customerKey])).toEqual([]);
    expect(JSON.stringify(after)).not.toContain(ORDER_CUSTOMER.street);
    expect(JSON.stringify(after)).not.toContain(customer.email);
    expect(await sql(service, 'select quantity, product_id from order_items where order_id = ?', [order.id])).toEqual([{ quantity: 2, product_id: product!.id }]);
    const logs = await sql<{ ip_address: string | null; details: Record<string, unknown> }>(service, 'select ip_address, details from admin_logs where user_id = ?', [customer.userId]);
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.every((row) => row.ip_address === null && !JSON.stringify(row.details).includes(customer.email))).toBe(true);
    const deletion = await service.db.orm.em.fork().findOneOrFail(AdminLog, { action: 'user_deleted', details: { userId: customer.userId } });
    expect(deletion.details).toEqual({ userId: customer.userId, anonymisedOrders: 1, deletedReviews: 0 });

    // The person's old access token and credentials no longer work; the account is gone from the panel.
    expect((await service.app.inject({ method: 'GET', url: '/api/me', headers: bearer(customer) })).statusCode).toBe(401);
    expect((await service.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: customer.cookie } })).statusCode).toBe(401);
    expect((await service.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: customer.email, password: customer.password } })).statusCode).toBe(401);
    expect((await call(owner, 'GET', customer.userId)).statusCode).toBe(404);
    const list = (await service.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(owner) })).json().items as { id: string }[];
    expect(list.some((row) => row.id === customer.userId)).toBe(false);
    // The same e-mail can sign up again as a new person.
    expect((await service.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { email: customer.email, password: 'segredo123', fullName: 'Outra Pessoa' } })).statusCode).toBe(201);
  });

  it('refuses to delete an admin or developer, oneself, or an unknown account', async () => {
    const developer = await account(service, ['developer'], 'dev');
    const privileged = await call(owner, 'DELETE', developer.userId);
    expect(privileged.statusCode).toBe(409);
    expect(privileged.json().message).toBe('Administradores e desenvolvedores não podem ser excluídos. Remova o acesso de administrador primeiro.');
    expect((await call(owner, 'DELETE', owner.userId)).json()).toEqual({ error: 'own_account', message: 'Você não pode excluir a sua própria conta.' });
    expect((await call(owner, 'DELETE', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('LGPD: every address and name goes', () => {
  /** A customer who changed e-mail (A -> B), renamed the profile and ordered with contact e-mail C. */
  async function customerWithHistory() {
    const customer = await account(service);
    const first = customer.email;
    const second = uniqueEmail('segundo.endereco');
    const changed = await service.app.inject({ method: 'POST', url: '/api/me/email', headers: bearer(customer), payload: { newEmail: second, currentPassword: customer.password } });
    expect(changed.statusCode, changed.body).toBe(200);
    const token = tokenFrom((await lastMailTo(service, second)).link, 'novo-email');
    expect((await service.app.inject({ method: 'POST', url: '/api/auth/confirm-email-change', payload: { token } })).statusCode).toBe(200);
    const signedIn = await signIn(service, second, customer.password);
    expect((await service.app.inject({ method: 'PATCH', url: '/api/me/profile', headers: bearer(signedIn), payload: { fullName: 'Nome Muito Particular' } })).statusCode).toBe(200);
    const contact = uniqueEmail('contato.pedido');
    const [product] = await sql<{ id: string }>(service, 'select id from products where stock > 3 order by name limit 1');
    await placeOrder(service, signedIn, [{ productId: product!.id, quantity: 1 }], 'pix', { email: contact, fullName: 'Nome Muito Particular' });
    // A failed sign-in typed with the old address, before the feature masked it (older rows).
    await sql(service, `insert into admin_logs (id, user_id, action, details, created_at) values (gen_random_uuid(), null, 'login_failed', ?::jsonb, now())`, [JSON.stringify({ email: first, reason: 'unknown_email' })]);
    return { customer: { ...signedIn, userId: customer.userId }, addresses: [first, second, contact], name: 'Nome Muito Particular' };
  }

  async function leftovers(addresses: string[], name: string) {
    const mails = await sql<{ to: string }>(service, `select "to" from outbox_emails where lower("to") in (${addresses.map(() => '?').join(', ')})`, addresses.map((a) => a.toLowerCase()));
    const logs = await sql<{ action: string; details: unknown }>(service, 'select action, details from admin_logs');
    const inLogs = logs.filter((row) => [...addresses, name].some((value) => JSON.stringify(row.details).toLowerCase().includes(value.toLowerCase())));
    return { mails: mails.map((m) => m.to), logs: inLogs.map((row) => row.action) };
  }

  it("an admin's deletion erases the old and new e-mails, the order contact e-mail and the names from mails and logs", async () => {
    const { customer, addresses, name } = await customerWithHistory();
    const before = await leftovers(addresses, name);
    expect(before.mails.length).toBeGreaterThan(0);
    expect(before.logs).toEqual(expect.arrayContaining(['email_changed', 'profile_updated', 'login_failed']));
    expect((await call(owner, 'DELETE', customer.userId)).statusCode).toBe(200);
    expect(await leftovers(addresses, name)).toEqual({ mails: [], logs: [] });
  });

  it('lets a customer export their data, then delete their own account with their password', async () => {
    const { customer, addresses, name } = await customerWithHistory();
    const exported = await service.app.inject({ method: 'GET', url: '/api/me/export', headers: bearer(customer) });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain('attachment');
    const data = personalDataExportSchema.parse(exported.json());
    expect(data.account.email).toBe(addresses[1]);
    expect(data.profile).toEqual({ fullName: name, phone: null });
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]!.contact.email).toBe(addresses[2]);
    expect(data.orders[0]!.items).toHaveLength(1);

    const wrong = await service.app.inject({ method: 'DELETE', url: '/api/me', headers: bearer(customer), payload: { currentPassword: 'nao-e-a-senha' } });
    expect([wrong.statusCode, wrong.json().error]).toEqual([400, 'wrong_password']);
    const deleted = await service.app.inject({ method: 'DELETE', url: '/api/me', headers: bearer(customer), payload: { currentPassword: customer.password } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await leftovers(addresses, name)).toEqual({ mails: [], logs: [] });
    // The session is gone with the account.
    expect((await service.app.inject({ method: 'GET', url: '/api/me', headers: bearer(customer) })).statusCode).toBe(401);
    // Staff cannot delete themselves this way.
    const staffDelete = await service.app.inject({ method: 'DELETE', url: '/api/me', headers: bearer(owner), payload: { currentPassword: owner.password } });
    expect(staffDelete.statusCode).toBe(409);
  });
});
