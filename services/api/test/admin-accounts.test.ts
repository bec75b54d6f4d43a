/**
 * Admin registration, approval, the 3-admin cap under concurrency, developer setup, the
 * users tab and the panel password change (issue 3; admin.md 2, 5, 6, 8).
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { UserRole } from '../src/modules/identity/identity.entities.ts';
import { account, bearer, lastMailTo, signIn, tokenFrom, uniqueEmail, type SignedIn } from './accounts.ts';
import { createTestService, type TestService } from './helpers.ts';

let service: TestService;
const post = (url: string, payload: object, headers: Record<string, string> = {}) => service.app.inject({ method: 'POST', url, payload, headers });
const adminCount = () => service.db.orm.em.fork().count(UserRole, { role: 'admin' });

async function register(email = uniqueEmail('adm'), password = 'senhaforte1'): Promise<string> {
  const response = await post('/api/admin-registrations', { fullName: 'Dona da Loja', email, password, confirmPassword: password });
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
    const mismatch = await post('/api/admin-registrations', { fullName: 'A', email: uniqueEmail(), password: 'senhaforte1', confirmPassword: 'senhaforte2' });
    expect(mismatch.json().issues[0].message).toBe('As senhas não coincidem');
  });

  it('bootstraps the owner: the first confirmed registration becomes admin', async () => {
    const email = uniqueEmail('dona');
    const token = await register(email);
    expect((await lastMailTo(service, email)).link).toMatch(/\/admin\/login\?confirmar=/);
    const confirm = await post('/api/admin-registrations/confirm', { token });
    expect(confirm.json()).toEqual({ status: 'approved', message: 'Email confirmado. Sua conta de administrador está ativa.' });
    const owner = await signIn(service, email, 'senhaforte1');
    const roles = await service.app.inject({ method: 'GET', url: '/api/me/roles', headers: bearer(owner) });
    expect(roles.json()).toEqual({ roles: ['admin'] });
  });

  it('needs an existing admin to approve later registrations', async () => {
    const owner = await account(service, ['admin'], 'dona');
    const email = uniqueEmail('segundo');
    const confirm = await post('/api/admin-registrations/confirm', { token: await register(email) });
    expect(confirm.json().status).toBe('pending_approval');
    const pending = await signIn(service, email, 'senhaforte1');
    expect((await service.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(pending) })).statusCode).toBe(403);

    const list = await service.app.inject({ method: 'GET', url: '/api/admin/registrations', headers: bearer(owner) });
    const registration = list.json().find((r: { email: string }) => r.email === email);
    expect(registration.status).toBe('pending_approval');
    const approve = await post(`/api/admin/registrations/${registration.id}/approve`, {}, bearer(owner));
    expect(approve.json().message).toBe('Administrador aprovado');
    expect((await service.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(pending) })).statusCode).toBe(200);
  });

  it('refuses an e-mail that already has an account', async () => {
    const customer = await account(service);
    const response = await post('/api/admin-registrations', { fullName: 'X', email: customer.email, password: 'senhaforte1', confirmPassword: 'senhaforte1' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Este email já possui uma conta. Tente fazer login ou use outro email.');
  });

  it('refuses new registrations once there are 3 admins', async () => {
    for (let i = 0; i < 3; i += 1) await account(service, ['admin'], `adm${i}`);
    const email = uniqueEmail();
    const response = await post('/api/admin-registrations', { fullName: 'Quarto', email, password: 'senhaforte1', confirmPassword: 'senhaforte1' });
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

  it('bootstraps exactly one owner when first confirmations race', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 5; i += 1) tokens.push(await register(uniqueEmail(`primeiro${i}`)));
    const results = await Promise.all(tokens.map((token) => post('/api/admin-registrations/confirm', { token })));
    expect(results.map((r) => r.json().status).sort()).toEqual(['approved', 'pending_approval', 'pending_approval', 'pending_approval', 'pending_approval']);
    expect(await adminCount()).toBe(1);
  });
});

describe('developer setup', () => {
  let admin: SignedIn;
  beforeEach(async () => {
    admin = await account(service, ['admin'], 'dona');
  });

  it('creates a user with developer and admin roles', async () => {
    const email = uniqueEmail('dev');
    const response = await post('/api/admin/developers', { email, password: 'devsenha123', fullName: 'Dev' }, bearer(admin));
    expect(response.json()).toEqual({ message: `Acesso de desenvolvedor criado para ${email}` });
    const dev = await signIn(service, email, 'devsenha123');
    expect(dev.accessToken).toBeTruthy();
    expect((await service.app.inject({ method: 'GET', url: '/api/me/roles', headers: bearer(dev) })).json()).toEqual({ roles: ['admin', 'developer'] });
  });

  it('upgrades an existing user and requires all fields', async () => {
    const customer = await account(service);
    await post('/api/admin/developers', { email: customer.email, password: 'ignorada', fullName: 'Cliente' }, bearer(admin));
    const again = await signIn(service, customer.email, customer.password);
    expect(again.accessToken).toBeTruthy();
    expect((await service.app.inject({ method: 'GET', url: '/api/me/roles', headers: bearer(again) })).json().roles).toEqual(['admin', 'developer']);
    const missing = await post('/api/admin/developers', { email: '', password: '', fullName: '' }, bearer(admin));
    expect(missing.json().issues.every((i: { message: string }) => i.message === 'Preencha todos os campos.')).toBe(true);
  });

  it('respects the admin cap', async () => {
    await account(service, ['admin'], 'a2');
    await account(service, ['admin'], 'a3');
    const response = await post('/api/admin/developers', { email: uniqueEmail('dev'), password: 'devsenha123', fullName: 'Dev' }, bearer(admin));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Limite máximo de 3 administradores atingido');
  });
});

describe('users tab and panel password', () => {
  it('lists users with their role, newest first', async () => {
    const admin = await account(service, ['admin'], 'dona');
    const customer = await account(service);
    const users = (await service.app.inject({ method: 'GET', url: '/api/admin/users', headers: bearer(admin) })).json();
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
