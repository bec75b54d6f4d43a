/**
 * Accounts and sessions against real PostgreSQL (storefront.md 4, 5, 8):
 * sign-up with profile, confirmation by e-mailed link, sign-in errors and throttling, rotating
 * refresh tokens with reuse detection, sign-out, recovery and reset, profile, password and
 * e-mail changes, audit rows, argon2id hashes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminLog } from '../src/modules/audit/admin-log.entity.ts';
import { OutboxEmail } from '../src/mail/outbox-email.entity.ts';
import { Profile, RefreshToken, User } from '../src/modules/identity/identity.entities.ts';
import { RECOVER_PER_EMAIL } from '../src/modules/identity/index.ts';
import { REFRESH_REUSE_GRACE_MS } from '../src/modules/identity/session.service.ts';
import { account, bearer, lastMailTo, refreshCookieFrom, signIn, signUpConfirmed, tokenFrom, uniqueEmail } from './accounts.ts';
import { createTestService, TestClock, type TestService } from './helpers.ts';

let service: TestService;
const clock = new TestClock();
const post = (url: string, payload: object, headers: Record<string, string> = {}) => service.app.inject({ method: 'POST', url, payload, headers });

beforeAll(async () => {
  service = await createTestService({}, clock);
});
afterAll(async () => service?.close());

describe('sign-up', () => {
  it('creates the user and the profile, hashes with argon2id, and e-mails a confirmation link', async () => {
    const email = uniqueEmail();
    const response = await post('/api/auth/sign-up', { email: email.toUpperCase(), password: 'segredo123', fullName: '  Ana Souza ' });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Verifique seu email para confirmar a conta.');
    const em = service.db.orm.em.fork();
    const user = await em.findOneOrFail(User, { email });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.emailConfirmedAt).toBeNull();
    expect((await em.findOneOrFail(Profile, { user: user.id })).fullName).toBe('Ana Souza');
    const mail = await lastMailTo(service, email);
    expect(mail.link).toMatch(/^http:\/\/127\.0\.0\.1:8080\/auth\?confirmar=/);
    expect(mail.text).toContain(mail.link);
  });

  it("keeps the name the sign-up chose out of the confirmation mail (review 2026-11-25 #16: no attacker text in store mail to any address)", async () => {
    const email = uniqueEmail('vitima');
    const response = await post('/api/auth/sign-up', { email, password: 'segredo123', fullName: 'Conta bloqueada: acesse http://evil.example' });
    expect(response.statusCode).toBe(201);
    const mail = await lastMailTo(service, email);
    expect(mail.text).toMatch(/^Olá!\n\nConfirme seu email para ativar sua conta:/);
    expect(mail.text).not.toContain('evil.example');
    expect(mail.text).not.toContain('Conta bloqueada');
  });

  it('requires the full name and refuses an e-mail already registered, in any case', async () => {
    const missingName = await post('/api/auth/sign-up', { email: uniqueEmail(), password: 'segredo123', fullName: ' ' });
    expect(missingName.statusCode).toBe(400);
    expect(missingName.json().issues).toEqual([{ path: 'body.fullName', message: 'Nome completo é obrigatório' }]);
    const email = uniqueEmail();
    await signUpConfirmed(service, email);
    const again = await post('/api/auth/sign-up', { email: email.toUpperCase(), password: 'outra123', fullName: 'Outra' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'user_already_registered', message: 'Este email já está cadastrado. Faça login.' });
  });

  it('uses a confirmation link once', async () => {
    const email = uniqueEmail();
    await post('/api/auth/sign-up', { email, password: 'segredo123', fullName: 'Bia' });
    const token = tokenFrom((await lastMailTo(service, email)).link, 'confirmar');
    expect((await post('/api/auth/confirm-email', { token })).statusCode).toBe(200);
    const reuse = await post('/api/auth/confirm-email', { token });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe('Link inválido ou expirado. Solicite um novo.');
  });
});

describe('sign-in', () => {
  it('refuses an unconfirmed account', async () => {
    const email = uniqueEmail();
    await post('/api/auth/sign-up', { email, password: 'segredo123', fullName: 'Caio' });
    const response = await post('/api/auth/sign-in', { email, password: 'segredo123' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('email_not_confirmed');
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const email = uniqueEmail();
    await signUpConfirmed(service, email);
    const wrong = await post('/api/auth/sign-in', { email, password: 'errada' });
    const unknown = await post('/api/auth/sign-in', { email: uniqueEmail('ninguem'), password: 'errada' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'invalid_credentials', message: 'Email ou senha incorretos' });
    }
    const logs = await service.db.orm.em.fork().find(AdminLog, { action: 'login_failed' });
    expect(logs.length).toBeGreaterThanOrEqual(2);
  });

  it('answers an e-mail with no account exactly like an account: 401, then 429 after 5 failures (no enumeration)', async () => {
    const existing = uniqueEmail();
    await signUpConfirmed(service, existing);
    const unknown = uniqueEmail('ninguem');
    const answers = async (email: string) => {
      const codes: string[] = [];
      for (let i = 0; i < 6; i += 1) {
        const response = await post('/api/auth/sign-in', { email, password: 'errada' });
        codes.push(`${response.statusCode} ${response.json().message}`);
      }
      return codes;
    };
    const forAccount = await answers(existing);
    expect(await answers(unknown)).toEqual(forAccount);
    expect(forAccount.at(-1)).toBe('429 Muitas tentativas de login. Tente novamente em 15 minutos.');
    // The audit log keeps a masked address for a sign-in to no account.
    const logged = await service.db.orm.em.fork().find(AdminLog, { action: 'login_failed', userId: null });
    expect(JSON.stringify(logged.map((row) => row.details))).not.toContain(unknown);
    clock.advance(15 * 60_000 + 1000);
    expect((await post('/api/auth/sign-in', { email: unknown, password: 'errada' })).statusCode).toBe(401);
  });

  it('locks an account for 15 minutes after 5 failures, then lets it in', async () => {
    const email = uniqueEmail();
    await signUpConfirmed(service, email);
    for (let i = 0; i < 5; i += 1) expect((await post('/api/auth/sign-in', { email, password: 'errada' })).statusCode).toBe(401);
    const locked = await post('/api/auth/sign-in', { email, password: 'segredo123' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Muitas tentativas de login. Tente novamente em 15 minutos.');
    clock.advance(15 * 60_000 + 1000);
    await signIn(service, email, 'segredo123');
  });

  it('opens a session: access token for the API, httpOnly strict refresh cookie, roles', async () => {
    const email = uniqueEmail();
    await signUpConfirmed(service, email, 'segredo123', 'Duda Lima');
    const response = await post('/api/auth/sign-in', { email, password: 'segredo123' });
    const body = response.json();
    expect(body).toMatchObject({ status: 'signed_in', user: { email, fullName: 'Duda Lima' }, roles: [], expiresInMs: 900_000 });
    const cookie = [response.headers['set-cookie']].flat().join(';');
    expect(cookie).toMatch(/prata_refresh=[^;]+; Max-Age=\d+; Path=\/api\/auth; HttpOnly; SameSite=Strict/);
    const me = await service.app.inject({ method: 'GET', url: '/api/me', headers: bearer(body) });
    expect(me.json()).toEqual({ user: { id: body.user.id, email, fullName: 'Duda Lima' }, roles: [] });
    const user = await service.db.orm.em.fork().findOneOrFail(User, { email });
    expect(user.lastLoginAt).not.toBeNull();
    // Local, plain http: no Secure flag (the browser would drop the cookie).
    expect(cookie).not.toMatch(/Secure/);
  });

  it('marks the refresh cookie Secure in production even when PUBLIC_API_URL says http', async () => {
    const production = await createTestService({
      NODE_ENV: 'production',
      JWT_SECRET: 'p1Xw7Qb3-Nf8Zr2Lk9_Vd4Hs6Jm0Tc5Yg1Ae7Uo3',
      ENCRYPTION_KEY: 'Rt6Gy2Wq9Lm4Zx8Cv1Bn5Hj3Kp7Sd0Fa6Eu2Io9',
      PAYMENT_PROVIDER: 'mercadopago',
      MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-123456789',
      MERCADOPAGO_PUBLIC_KEY: 'APP_USR-public-1',
      MERCADOPAGO_WEBHOOK_SECRET: 'a-webhook-secret-of-32-characters',
      MAIL_DISABLED: 'true',
    });
    try {
      const email = uniqueEmail();
      // No mail in this store (MAIL_DISABLED): the account is confirmed in the database.
      expect((await production.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { email, password: 'segredo123', fullName: 'Duda Lima' } })).statusCode).toBe(201);
      await production.db.orm.em.fork().getConnection().execute('update users set email_confirmed_at = now() where email = ?', [email]);
      const response = await production.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: 'segredo123' } });
      expect([response.headers['set-cookie']].flat().join(';')).toMatch(/prata_refresh=[^;]+;.*; Secure/);
    } finally {
      await production.close();
    }
  });

  it('signs out a user whose profile is missing (storefront.md 4)', async () => {
    const email = uniqueEmail();
    await signUpConfirmed(service, email);
    const em = service.db.orm.em.fork();
    await em.nativeDelete(Profile, { email });
    const response = await post('/api/auth/sign-in', { email, password: 'segredo123' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'profile_missing',
      message: 'Para continuar, crie uma nova conta ou faça login com uma conta registrada.',
    });
  });
});

describe('refresh tokens', () => {
  it('rotate on every refresh and keep the session across "reloads"', async () => {
    const who = await account(service);
    const first = await post('/api/auth/refresh', {}, { cookie: who.cookie });
    expect(first.statusCode).toBe(200);
    const next = refreshCookieFrom(first.headers['set-cookie']);
    expect(next).not.toBe(who.cookie);
    expect(first.json().user.email).toBe(who.email);
    const second = await post('/api/auth/refresh', {}, { cookie: next });
    expect(second.statusCode).toBe(200);
  });

  it('detect reuse of a rotated token after the reuse interval and revoke the whole family', async () => {
    const who = await account(service);
    const rotated = await post('/api/auth/refresh', {}, { cookie: who.cookie });
    const current = refreshCookieFrom(rotated.headers['set-cookie']);
    clock.advance(REFRESH_REUSE_GRACE_MS + 1);
    const reuse = await post('/api/auth/refresh', {}, { cookie: who.cookie });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error).toBe('session_revoked');
    const afterTheft = await post('/api/auth/refresh', {}, { cookie: current });
    expect(afterTheft.statusCode).toBe(401);
    // Both the stolen token and the family's last token now count as reuse.
    expect(await service.db.orm.em.fork().count(AdminLog, { userId: who.userId, action: 'refresh_token_reuse' })).toBe(2);
  });

  it('give each of concurrent refreshes of one token a working session (two tabs at once), all in the same family', async () => {
    const who = await account(service);
    const results = await Promise.all([1, 2, 3].map(() => post('/api/auth/refresh', {}, { cookie: who.cookie })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const cookies = results.map((r) => refreshCookieFrom(r.headers['set-cookie']));
    expect(new Set(cookies).size).toBe(3);
    for (const cookie of cookies) expect((await post('/api/auth/refresh', {}, { cookie })).statusCode).toBe(200);
    const families = await service.db.orm.em.fork().find(RefreshToken, { user: who.userId }, { fields: ['familyId'] });
    expect(new Set(families.map((token) => token.familyId)).size).toBe(1);
  });

  it('answer the token of a refresh whose answer was lost once more within the reuse interval, never after sign-out', async () => {
    const who = await account(service);
    // The answer to this refresh never reaches the browser (the page reloaded mid-request).
    expect((await post('/api/auth/refresh', {}, { cookie: who.cookie })).statusCode).toBe(200);
    clock.advance(REFRESH_REUSE_GRACE_MS - 1000);
    const retry = await post('/api/auth/refresh', {}, { cookie: who.cookie });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().user.email).toBe(who.email);
    const kept = refreshCookieFrom(retry.headers['set-cookie']);
    expect((await post('/api/auth/sign-out', {}, { cookie: kept, authorization: `Bearer ${retry.json().accessToken}` })).statusCode).toBeLessThan(300);
    // Signed out: the reuse interval does not bring the session back.
    expect((await post('/api/auth/refresh', {}, { cookie: who.cookie })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', {}, { cookie: kept })).statusCode).toBe(401);
  });

  it('expire', async () => {
    const who = await account(service);
    clock.advance(31 * 86_400_000);
    expect((await post('/api/auth/refresh', {}, { cookie: who.cookie })).statusCode).toBe(401);
  });

  it('end 30 days after sign-in however often they are refreshed (absolute lifetime)', async () => {
    const who = await account(service);
    let cookie = who.cookie;
    const refresh = async () => {
      const response = await post('/api/auth/refresh', {}, { cookie });
      if (response.statusCode === 200) cookie = refreshCookieFrom(response.headers['set-cookie']);
      return response;
    };
    clock.advance(20 * 86_400_000);
    const day20 = await refresh();
    expect(day20.statusCode).toBe(200);
    // The cookie lives as long as the session has left (10 days), not a fresh 30.
    const maxAge = Number(/Max-Age=(\d+)/.exec([day20.headers['set-cookie']].flat().join(';'))![1]);
    expect(maxAge).toBeGreaterThan(10 * 86_400 - 60);
    expect(maxAge).toBeLessThanOrEqual(10 * 86_400);
    clock.advance(9 * 86_400_000);
    expect((await refresh()).statusCode).toBe(200);
    clock.advance(2 * 86_400_000); // day 31 after sign-in, 2 days after the last refresh
    const late = await refresh();
    expect(late.statusCode).toBe(401);
    expect(late.json().error).toBe('session_expired');
  });

  it('are revoked by sign-out, and so are the access tokens of that session', async () => {
    const who = await account(service);
    expect((await service.app.inject({ method: 'GET', url: '/api/me', headers: bearer(who) })).statusCode).toBe(200);
    const out = await post('/api/auth/sign-out', {}, { cookie: who.cookie });
    expect(out.json().message).toBe('Você foi desconectado com sucesso.');
    expect([out.headers['set-cookie']].flat().join()).toMatch(/prata_refresh=;/);
    expect((await post('/api/auth/refresh', {}, { cookie: who.cookie })).statusCode).toBe(401);
    expect((await service.app.inject({ method: 'GET', url: '/api/me', headers: bearer(who) })).statusCode).toBe(401);
  });
});

describe('password recovery', () => {
  it('answers the same for unknown e-mails and sends nothing', async () => {
    const ghost = uniqueEmail('fantasma');
    const response = await post('/api/auth/recover', { email: ghost });
    expect(response.statusCode).toBe(200);
    expect(await service.db.orm.em.fork().count(OutboxEmail, { to: ghost })).toBe(0);
  });

  it('resets with a single-use link to /reset-password and revokes every session', async () => {
    const who = await account(service);
    await post('/api/auth/recover', { email: who.email });
    const mail = await lastMailTo(service, who.email);
    expect(mail.link).toMatch(/^http:\/\/127\.0\.0\.1:8080\/reset-password\?token=/);
    const token = tokenFrom(mail.link, 'token');

    const mismatch = await post('/api/auth/reset-password', { token, password: 'novasenha1', confirmPassword: 'outra' });
    expect(mismatch.json().issues[0].message).toBe('As senhas não coincidem.');
    const short = await post('/api/auth/reset-password', { token, password: '12345', confirmPassword: '12345' });
    expect(short.json().issues[0].message).toBe('A senha deve ter pelo menos 6 caracteres.');

    const ok = await post('/api/auth/reset-password', { token, password: 'novasenha1', confirmPassword: 'novasenha1' });
    expect(ok.json().message).toBe('Senha atualizada');
    expect((await post('/api/auth/reset-password', { token, password: 'outra123', confirmPassword: 'outra123' })).statusCode).toBe(400);
    expect((await post('/api/auth/refresh', {}, { cookie: who.cookie })).statusCode).toBe(401);
    expect((await post('/api/auth/sign-in', { email: who.email, password: who.password })).statusCode).toBe(401);
    await signIn(service, who.email, 'novasenha1');
  });

  it('refuses an expired link', async () => {
    const who = await account(service);
    await post('/api/auth/recover', { email: who.email });
    const token = tokenFrom((await lastMailTo(service, who.email)).link, 'token');
    clock.advance(61 * 60_000);
    const late = await post('/api/auth/reset-password', { token, password: 'novasenha1', confirmPassword: 'novasenha1' });
    expect(late.statusCode).toBe(400);
  });
});

describe('own account', () => {
  it('reads and updates the profile', async () => {
    const who = await account(service);
    const updated = await service.app.inject({ method: 'PATCH', url: '/api/me/profile', headers: bearer(who), payload: { fullName: 'Novo Nome' } });
    expect(updated.json()).toMatchObject({ fullName: 'Novo Nome', email: who.email, userId: who.userId });
    expect(await service.db.orm.em.fork().count(AdminLog, { userId: who.userId, action: 'profile_updated' })).toBe(1);
  });

  it('changes the password only with the current password (>= 6, must match)', async () => {
    const who = await account(service);
    const tokenOnly = await post('/api/me/password', { password: 'trocada1', confirmPassword: 'trocada1' }, bearer(who));
    expect(tokenOnly.statusCode).toBe(400);
    expect(tokenOnly.json().issues).toEqual([{ path: 'body.currentPassword', message: 'Senha atual é obrigatória' }]);
    const wrong = await post('/api/me/password', { currentPassword: 'errada', password: 'trocada1', confirmPassword: 'trocada1' }, bearer(who));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'wrong_password', message: 'Senha atual incorreta' });
    await signIn(service, who.email, who.password); // unchanged
    const short = await post('/api/me/password', { currentPassword: who.password, password: '123', confirmPassword: '123' }, bearer(who));
    expect(short.json().issues[0].message).toBe('A senha deve ter pelo menos 6 caracteres.');
    const mismatch = await post('/api/me/password', { currentPassword: who.password, password: '1234567', confirmPassword: '7654321' }, bearer(who));
    expect(mismatch.json().issues[0].message).toBe('A nova senha e confirmação devem ser iguais.');
    const ok = await post('/api/me/password', { currentPassword: who.password, password: 'trocada1', confirmPassword: 'trocada1' }, bearer(who));
    expect(ok.json()).toEqual({ message: 'Senha Alterada' });
    await signIn(service, who.email, 'trocada1');
  });

  it('counts wrong current passwords towards the account lockout', async () => {
    const who = await account(service);
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/api/me/password', { currentPassword: `errada${i}`, password: 'trocada1', confirmPassword: 'trocada1' }, bearer(who))).statusCode).toBe(400);
    }
    const locked = await post('/api/me/password', { currentPassword: who.password, password: 'trocada1', confirmPassword: 'trocada1' }, bearer(who));
    expect(locked.statusCode).toBe(429);
    expect((await post('/api/auth/sign-in', { email: who.email, password: who.password })).statusCode).toBe(429);
    clock.advance(15 * 60_000 + 1000);
  });

  it('holds staff accounts to the panel strength rule on the profile password and on reset', async () => {
    const admin = await account(service, ['admin'], 'admin');
    const weak = await post('/api/me/password', { currentPassword: admin.password, password: 'trocada1', confirmPassword: 'trocada1' }, bearer(admin));
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('A senha não atende aos requisitos mínimos de segurança.');
    expect(weak.json().issues.map((i: { message: string }) => i.message)).toEqual([
      'A senha deve ter pelo menos 12 caracteres.',
      'Inclua pelo menos uma letra maiúscula.',
      'Inclua pelo menos um caractere especial.',
    ]);
    await signIn(service, admin.email, admin.password); // unchanged
    const strong = await post('/api/me/password', { currentPassword: admin.password, password: 'Forte#Senha2026', confirmPassword: 'Forte#Senha2026' }, bearer(admin));
    expect(strong.statusCode).toBe(200);

    await post('/api/auth/recover', { email: admin.email });
    const token = tokenFrom((await lastMailTo(service, admin.email)).link, 'token');
    const weakReset = await post('/api/auth/reset-password', { token, password: 'novasenha1', confirmPassword: 'novasenha1' });
    expect(weakReset.statusCode).toBe(400);
    expect(weakReset.json().error).toBe('weak_password');
    // The link survives a refused password and then works with a strong one.
    expect((await post('/api/auth/reset-password', { token, password: 'Outra#Forte2027', confirmPassword: 'Outra#Forte2027' })).statusCode).toBe(200);
    await signIn(service, admin.email, 'Outra#Forte2027');
  });

  it('revokes every other session on a password change, keeping the caller signed in', async () => {
    const here = await account(service);
    const elsewhere = await signIn(service, here.email, here.password);
    const change = await post('/api/me/password', { currentPassword: here.password, password: 'trocada1', confirmPassword: 'trocada1' }, bearer(here));
    expect(change.statusCode).toBe(200);
    expect((await post('/api/auth/refresh', {}, { cookie: elsewhere.cookie })).statusCode).toBe(401);
    expect((await service.app.inject({ method: 'GET', url: '/api/me', headers: bearer(elsewhere) })).statusCode).toBe(401);
    expect((await service.app.inject({ method: 'GET', url: '/api/me', headers: bearer(here) })).statusCode).toBe(200);
    expect((await post('/api/auth/refresh', {}, { cookie: here.cookie })).statusCode).toBe(200);
  });

  it('changes the e-mail after re-checking the password and confirming the new address', async () => {
    const who = await account(service);
    const wrong = await post('/api/me/email', { newEmail: 'x@exemplo.com.br', currentPassword: 'errada' }, bearer(who));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Senha atual incorreta');
    const empty = await post('/api/me/email', { newEmail: '', currentPassword: '' }, bearer(who));
    expect(empty.json().issues.map((i: { message: string }) => i.message)).toContain('Preencha o novo email e a senha atual.');

    const elsewhere = await signIn(service, who.email, who.password);
    const newEmail = uniqueEmail('novo');
    expect((await post('/api/me/email', { newEmail, currentPassword: who.password }, bearer(who))).statusCode).toBe(200);
    const token = tokenFrom((await lastMailTo(service, newEmail)).link, 'novo-email');
    expect((await post('/api/auth/confirm-email-change', { token })).statusCode).toBe(200);
    await signIn(service, newEmail, who.password);
    expect((await post('/api/auth/sign-in', { email: who.email, password: who.password })).statusCode).toBe(401);
    // The change revoked every session but the one that asked for it.
    expect((await post('/api/auth/refresh', {}, { cookie: elsewhere.cookie })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', {}, { cookie: who.cookie })).statusCode).toBe(200);
  });
});

describe('rate limiting per IP', () => {
  it('limits password-reset e-mails per address across IPs (security review 2026-11-29 #14): RECOVER_PER_EMAIL an hour, then 429', async () => {
    const target = uniqueEmail('alvo');
    const ask = (email: string, ip: string) => service.app.inject({ method: 'POST', url: '/api/auth/recover', payload: { email }, remoteAddress: ip });
    const codes: number[] = [];
    for (let i = 0; i < RECOVER_PER_EMAIL + 1; i += 1) codes.push((await ask(target, `198.18.${i}.1`)).statusCode);
    expect(codes).toEqual([...Array.from({ length: RECOVER_PER_EMAIL }, () => 200), 429]);
    // Another address from the same IPs is not held back.
    expect((await ask(uniqueEmail('outro'), '198.18.0.1')).statusCode).toBe(200);
  });

  it('answers 429 in Portuguese past the limit', async () => {
    const limited = await createTestService({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        codes.push((await limited.app.inject({ method: 'POST', url: '/api/auth/recover', payload: { email: 'a@b.com' } })).statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429]);
      const last = await limited.app.inject({ method: 'POST', url: '/api/auth/recover', payload: { email: 'a@b.com' } });
      expect(last.json().message).toBe('Muitas tentativas. Tente novamente em alguns minutos.');
    } finally {
      await limited.close();
    }
  });
});
