/**
 * Admin registration, approval, the owner setup token, the 3-admin cap under concurrency,
 * developer setup, the users tab and the panel password change (admin.md 2,
 * 5, 6, 8).
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../src/lib/clock.ts';
import { AdminAccountsService } from '../src/modules/identity/admin-accounts.service.ts';
import { User, UserRole } from '../src/modules/identity/identity.entities.ts';
import { account, bearer, lastMailTo, signIn, signInEnrolling, STAFF_PASSWORD, tokenFrom, uniqueEmail, type SignedIn } from './accounts.ts';
import { createTestService, type TestService } from './helpers.ts';

let service: TestService;
const post = (url: string, payload: object, headers: Record<string, string> = {}) => service.app.inject({ method: 'POST', url, payload, headers });
const adminCount = () => service.db.orm.em.fork().count(UserRole, { role: 'admin' });
const rolesOfEmail = async (email: string) => {
  const em = service.db.orm.em.fork();
  const user = await em.findOneOrFail(User, { email });
  return (await em.find(UserRole, { user: user.id })).map((r) => r.role).sort();
};
/** The owner setup token the service prints at start (server.ts calls the same method). */
const issueSetupToken = () =>
  new AdminAccountsService(service.app.mailer, systemClock, service.config.shellUrl, service.config.storeName).issueOwnerSetupToken(service.db.orm.em.fork());

async function register(email = uniqueEmail('adm'), password = 'Senha-Forte-1', setupToken?: string): Promise<string> {
  const response = await post('/api/admin-registrations', { fullName: 'Dona da Loja', email, password, confirmPassword: password, ...(setupToken ? { setupToken } : {}) });
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json()).toEqual({ success: true, message: `Enviamos um email de confirmação para ${email}.` });
  return tokenFrom((await lastMailTo(service, email)).link, 'confirmar');
}

beforeEach(async () => {
  await service?.close();
  service = await createTestService();
});
afterAll(async () => service?.close());

describe('admin registration', () => {
  it('validates per admin.md 5', async () => {
    const response = await post('/api/admin-registrations', { fullName: '', email: 'x', password: 'curta', confirmPassword: 'outra' });
    expect(response.statusCode).toBe(400);
    const messages = response.json().issues.map((i: { message: string }) => i.message);
    expect(messages).toEqual(expect.arrayContaining(['Nome completo é obrigatório', 'Email inválido', 'A senha deve ter pelo menos 8 caracteres']));
    const mismatch = await post('/api/admin-registrations', { fullName: 'A', email: uniqueEmail(), password: 'Senha-Forte-1', confirmPassword: 'senhaforte2' });
    expect(mismatch.json().issues[0].message).toBe('As senhas não coincidem');
  });

  it('never makes a public registration admin by itself, even on a store without admins', async () => {
    expect(await adminCount()).toBe(0);
    const email = uniqueEmail('visitante');
    const token = await register(email);
    const mail = await lastMailTo(service, email);
    expect(mail.link).toMatch(/\/admin\/login\?confirmar=/);
    // The name the registration chose stays out of mail to an unproven address (review 2026-11-25 #16).
    expect(mail.text).toMatch(/^Olá!\n\nConfirme seu email para concluir o cadastro de administrador:/);
    expect(mail.text).not.toContain('Dona da Loja');
    const confirm = await post('/api/admin-registrations/confirm', { token });
    expect(confirm.json()).toEqual({ status: 'pending_approval', message: 'Email confirmado. Um administrador precisa aprovar seu acesso.' });
    const visitor = await signIn(service, email, 'Senha-Forte-1');
    expect((await service.app.inject({ method: 'GET', url: '/api/me/roles', headers: bearer(visitor) })).json()).toEqual({ roles: [] });
    expect((await service.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(visitor) })).statusCode).toBe(403);
    expect(await adminCount()).toBe(0);
  });

  it('makes the owner from the one-time setup token: active once the e-mail is confirmed; the token works once', async () => {
    const setupToken = (await issueSetupToken())!;
    expect(setupToken).toMatch(/^[\w-]{40,}$/);
    const email = uniqueEmail('dona');
    const token = await register(email, 'Senha-Forte-1', setupToken);
    const confirm = await post('/api/admin-registrations/confirm', { token });
    expect(confirm.json()).toEqual({ status: 'approved', message: 'Email confirmado. Sua conta de administrador está ativa.' });
    // The owner enrols an authenticator at the first sign-in.
    const owner = await signInEnrolling(service, email, 'Senha-Forte-1');
    expect((await service.app.inject({ method: 'GET', url: '/api/me/roles', headers: bearer(owner) })).json()).toEqual({ roles: ['admin'] });

    const reuse = await post('/api/admin-registrations', { fullName: 'Outra', email: uniqueEmail('outra'), password: 'Senha-Forte-1', confirmPassword: 'Senha-Forte-1', setupToken });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({
      error: 'invalid_setup_token',
      message: 'Link de primeiro acesso inválido ou expirado. Reinicie o serviço para gerar outro ou use npm run create-owner.',
    });
    expect(await issueSetupToken()).toBeNull(); // an admin exists: no new token is printed
  });

  it('refuses a forged setup token and kills earlier tokens when a new one is issued', async () => {
    const forged = await post('/api/admin-registrations', { fullName: 'X', email: uniqueEmail(), password: 'Senha-Forte-1', confirmPassword: 'Senha-Forte-1', setupToken: 'x'.repeat(43) });
    expect(forged.json().error).toBe('invalid_setup_token');
    const first = (await issueSetupToken())!;
    const second = (await issueSetupToken())!;
    const stale = await post('/api/admin-registrations', { fullName: 'X', email: uniqueEmail(), password: 'Senha-Forte-1', confirmPassword: 'Senha-Forte-1', setupToken: first });
    expect(stale.json().error).toBe('invalid_setup_token');
    await register(uniqueEmail('dona'), 'Senha-Forte-1', second);
  });

  it('keeps a setup-token registration pending when an admin appeared before its confirmation', async () => {
    const setupToken = (await issueSetupToken())!;
    const token = await register(uniqueEmail('tarde'), 'Senha-Forte-1', setupToken);
    await account(service, ['admin'], 'dona');
    expect((await post('/api/admin-registrations/confirm', { token })).json().status).toBe('pending_approval');
    expect(await adminCount()).toBe(1);
  });

  it('needs an existing admin to approve later registrations', async () => {
    const owner = await account(service, ['admin'], 'dona');
    const email = uniqueEmail('segundo');
    const confirm = await post('/api/admin-registrations/confirm', { token: await register(email) });
    expect(confirm.json().status).toBe('pending_approval');
    const pending = await signIn(service, email, 'Senha-Forte-1');
    expect((await service.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(pending) })).statusCode).toBe(403);

    const list = await service.app.inject({ method: 'GET', url: '/api/admin/registrations', headers: bearer(owner) });
    const registration = list.json().find((r: { email: string }) => r.email === email);
    expect(registration.status).toBe('pending_approval');
    const approve = await post(`/api/admin/registrations/${registration.id}/approve`, {}, bearer(owner));
    expect(approve.json().message).toBe('Administrador aprovado');
    // The approval ended the registrant's customer session; as staff they sign in through the 2FA enrolment.
    expect((await service.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(pending) })).statusCode).toBe(401);
    const approved = await signInEnrolling(service, email, 'Senha-Forte-1');
    expect((await service.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(approved) })).statusCode).toBe(200);
  });

  it('keeps a rejected registration rejected when its e-mail is confirmed afterwards', async () => {
    const owner = await account(service, ['admin'], 'dona');
    const email = uniqueEmail('recusado');
    const token = await register(email);
    const list = await service.app.inject({ method: 'GET', url: '/api/admin/registrations', headers: bearer(owner) });
    const registration = list.json().find((r: { email: string }) => r.email === email);
    expect((await post(`/api/admin/registrations/${registration.id}/reject`, {}, bearer(owner))).statusCode).toBe(200);
    const confirm = await post('/api/admin-registrations/confirm', { token });
    expect([confirm.statusCode, confirm.json().error]).toEqual([409, 'registration_rejected']);
    const after = await service.app.inject({ method: 'GET', url: '/api/admin/registrations', headers: bearer(owner) });
    expect(after.json().find((r: { email: string }) => r.email === email).status).toBe('rejected');
    expect(await rolesOfEmail(email)).toEqual([]);
  });

  it('refuses an e-mail that already has an account', async () => {
    const customer = await account(service);
    const response = await post('/api/admin-registrations', { fullName: 'X', email: customer.email, password: 'Senha-Forte-1', confirmPassword: 'Senha-Forte-1' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Este email já possui uma conta. Tente fazer login ou use outro email.');
  });

  it('refuses new registrations once there are 3 admins', async () => {
    for (let i = 0; i < 3; i += 1) await account(service, ['admin'], `adm${i}`);
    const email = uniqueEmail();
    const response = await post('/api/admin-registrations', { fullName: 'Quarto', email, password: 'Senha-Forte-1', confirmPassword: 'Senha-Forte-1' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Limite máximo de 3 administradores atingido');
  });

  it('never creates a 4th admin when approvals race', async () => {
    const owner = await account(service, ['admin'], 'dona');
    const emails = [1, 2, 3, 4, 5].map((i) => uniqueEmail(`corrida${i}`));
    for (const email of emails) await post('/api/admin-registrations/confirm', { token: await register(email) });
    const list = (await service.app.inject({ method: 'GET', url: '/api/admin/registrations', headers: bearer(owner) })).json();
    const results = await Promise.all(list.map((r: { id: string }) => post(`/api/admin/registrations/${r.id}/approve`, {}, bearer(owner))));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    for (const refused of results.filter((r) => r.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Limite máximo de 3 administradores atingido');
    }
    expect(await adminCount()).toBe(3);
  });

  it('lets one of five racing registrations use the setup token, and nobody else become admin', async () => {
    const setupToken = (await issueSetupToken())!;
    const body = (i: number, withToken: boolean) => ({
      fullName: `Primeira ${i}`,
      email: uniqueEmail(`primeira${i}`),
      password: 'Senha-Forte-1',
      confirmPassword: 'Senha-Forte-1',
      ...(withToken ? { setupToken } : {}),
    });
    const attempts = [0, 1, 2, 3, 4].map((i) => body(i, true));
    const results = await Promise.all(attempts.map((payload) => post('/api/admin-registrations', payload)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400, 400]);
    const plain = body(9, false);
    await post('/api/admin-registrations', plain);
    const tokens = await Promise.all(
      [...attempts.filter((_, i) => results[i]!.statusCode === 201), plain].map(async (a) => tokenFrom((await lastMailTo(service, a.email)).link, 'confirmar')),
    );
    const confirmations = await Promise.all(tokens.map((token) => post('/api/admin-registrations/confirm', { token })));
    expect(confirmations.map((r) => r.json().status)).toEqual(['approved', 'pending_approval']);
    expect(await adminCount()).toBe(1);
  });
});

describe('developer setup', () => {
  let admin: SignedIn;
  beforeEach(async () => {
    admin = await account(service, ['admin'], 'dona');
  });

  it('grants developer and admin to an existing confirmed account after checking its password', async () => {
    const customer = await account(service, [], 'dev', STAFF_PASSWORD);
    const response = await post('/api/admin/developers', { email: customer.email, password: customer.password, fullName: 'Dev' }, bearer(admin));
    expect(response.json()).toEqual({ message: `Acesso de desenvolvedor criado para ${customer.email}` });
    const dev = await signInEnrolling(service, customer.email, customer.password);
    expect((await service.app.inject({ method: 'GET', url: '/api/me/roles', headers: bearer(dev) })).json()).toEqual({ roles: ['admin', 'developer'] });
    const missing = await post('/api/admin/developers', { email: '', password: '', fullName: '' }, bearer(admin));
    expect(missing.json().issues.every((i: { message: string }) => i.message === 'Preencha todos os campos.')).toBe(true);
  });

  it('never takes over an unconfirmed sign-up made by someone else (pre-hijacking)', async () => {
    const victim = uniqueEmail('vitima');
    // The attacker signs up with the victim's address and a password of their own, and cannot confirm it.
    expect((await post('/api/auth/sign-up', { email: victim, password: 'senha-do-atacante', fullName: 'Atacante' })).statusCode).toBe(201);
    for (const password of ['senha-da-vitima-1', 'senha-do-atacante']) {
      const response = await post('/api/admin/developers', { email: victim, password, fullName: 'Vítima' }, bearer(admin));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: 'email_not_confirmed',
        message: 'Esta conta ainda não confirmou o email. Peça à pessoa que confirme o cadastro antes de receber o acesso.',
      });
    }
    expect(await rolesOfEmail(victim)).toEqual([]);
    const user = await service.db.orm.em.fork().findOneOrFail(User, { email: victim });
    expect(user.emailConfirmedAt).toBeNull();
    expect((await post('/api/auth/sign-in', { email: victim, password: 'senha-do-atacante' })).json().error).toBe('email_not_confirmed');
  });

  it('refuses an e-mail without an account instead of creating one', async () => {
    const email = uniqueEmail('ninguem');
    const response = await post('/api/admin/developers', { email, password: 'devsenha123', fullName: 'Dev' }, bearer(admin));
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Não há conta com este email. A pessoa deve se cadastrar na loja primeiro.');
    expect(await service.db.orm.em.fork().count(User, { email })).toBe(0);
  });

  it('never ignores the typed password: a wrong one is refused and counts towards that account\'s lockout', async () => {
    const customer = await account(service, [], 'cliente');
    const wrong = await post('/api/admin/developers', { email: customer.email, password: 'outra-senha', fullName: 'Cliente' }, bearer(admin));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Senha incorreta para esta conta.');
    expect(await rolesOfEmail(customer.email)).toEqual([]);
    for (let i = 0; i < 4; i += 1) await post('/api/admin/developers', { email: customer.email, password: 'outra-senha', fullName: 'Cliente' }, bearer(admin));
    const locked = await post('/api/admin/developers', { email: customer.email, password: customer.password, fullName: 'Cliente' }, bearer(admin));
    expect(locked.statusCode).toBe(429);
    expect((await post('/api/auth/sign-in', { email: customer.email, password: customer.password })).statusCode).toBe(429);
  });

  it('refuses an account whose password fails the staff rule (customer-grade passwords no longer become staff)', async () => {
    const customer = await account(service, [], 'dev', 'segredo123');
    const response = await post('/api/admin/developers', { email: customer.email, password: customer.password, fullName: 'Dev' }, bearer(admin));
    expect([response.statusCode, response.json().error]).toEqual([400, 'weak_password']);
    expect(await rolesOfEmail(customer.email)).toEqual([]);
  });

  it('respects the admin cap', async () => {
    await account(service, ['admin'], 'a2');
    await account(service, ['admin'], 'a3');
    const customer = await account(service, [], 'dev', STAFF_PASSWORD);
    const response = await post('/api/admin/developers', { email: customer.email, password: customer.password, fullName: 'Dev' }, bearer(admin));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Limite máximo de 3 administradores atingido');
  });
});

describe('users tab and panel password', () => {
  it('lists users with their role, newest first', async () => {
    const admin = await account(service, ['admin'], 'dona');
    const customer = await account(service);
    const users = (await service.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(admin) })).json().items;
    expect(users[0]).toMatchObject({ email: customer.email, role: 'user', fullName: 'Maria Silva' });
    expect(users.find((u: { email: string }) => u.email === admin.email).role).toBe('admin');
  });

  it('checks strength on the server and returns the feedback list', async () => {
    const admin = await account(service, ['admin'], 'dona');
    const weak = await post('/api/security/password', { currentPassword: admin.password, newPassword: 'aaaaaaaaaaaa', confirmPassword: 'aaaaaaaaaaaa' }, bearer(admin));
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('A senha não atende aos requisitos mínimos de segurança.');
    expect(weak.json().issues.map((i: { message: string }) => i.message)).toEqual([
      'Inclua pelo menos uma letra maiúscula.',
      'Inclua pelo menos um número.',
      'Inclua pelo menos um caractere especial.',
    ]);
    const short = await post('/api/security/password', { currentPassword: admin.password, newPassword: 'Ab1!', confirmPassword: 'Ab1!' }, bearer(admin));
    expect(short.json().issues[0].message).toBe('A senha deve ter pelo menos 12 caracteres.');
    const wrongCurrent = await post('/api/security/password', { currentPassword: 'errada', newPassword: 'Forte#Senha2026', confirmPassword: 'Forte#Senha2026' }, bearer(admin));
    expect(wrongCurrent.json().message).toBe('Senha atual incorreta');
    const ok = await post('/api/security/password', { currentPassword: admin.password, newPassword: 'Forte#Senha2026', confirmPassword: 'Forte#Senha2026' }, bearer(admin));
    expect(ok.json().message).toBe('Senha Alterada');
    await signIn(service, admin.email, 'Forte#Senha2026');
    const strength = await post('/api/security/password-strength', { password: 'Forte#Senha2026' }, bearer(admin));
    expect(strength.json()).toEqual({ valid: true, feedback: [] });
  });
});
