/**
 * Two-factor authentication (admin.md 4, 5, 9). Codes come from an independent
 * RFC 6238 implementation written here on node:crypto and, when installed, from Debian's
 * `oathtool --totp` (both must agree): a current code is accepted, a stale one refused, a used
 * one cannot be replayed, a recovery code works once, the secret is encrypted at rest; a
 * challenge takes at most 5 codes and wrong codes count towards the lockout; turning 2FA off
 * and changing the e-mail need the password and a code; enabling and disabling revoke the
 * account's other sessions.
 */
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '../src/modules/identity/identity.entities.ts';
import { account, bearer, lastMailTo, refreshCookieFrom, signIn, tokenFrom, uniqueEmail, type SignedIn } from './accounts.ts';
import { createTestService, TestClock, type TestService } from './helpers.ts';

const clock = new TestClock(Date.parse('2026-11-21T12:00:05Z'));
let service: TestService;
let admin: SignedIn;

function base32Decode(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  return Buffer.from(bits.match(/.{8}/g)!.map((byte) => Number.parseInt(byte, 2)));
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s), independent of otplib. */
function rfc6238(secret: string, at: Date): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at.getTime() / 1000 / 30)));
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const value = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, '0');
}

function oathtool(secret: string, at: Date): string | null {
  try {
    const now = at.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
    return execFileSync('oathtool', ['--totp', '-b', '--now', now, secret], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

/** The code at the test clock's time, cross-checked with oathtool when available. */
function codeNow(secret: string): string {
  const code = rfc6238(secret, clock.now());
  const other = oathtool(secret, clock.now());
  if (other !== null) expect(other).toBe(code);
  return code;
}

const post = (url: string, payload: object, headers: Record<string, string> = {}) => service.app.inject({ method: 'POST', url, payload, headers });
/** A 6-digit code that is not `code` (nor, in practice, any code of a neighbouring step). */
const wrongCode = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');
const challengeFor = async (who: SignedIn) => (await post('/api/auth/sign-in', { email: who.email, password: who.password })).json().challengeToken as string;
/** Clears the lockout counter, so a test can look at one rule at a time. */
const clearFailures = () => service.db.orm.em.fork().nativeUpdate(User, { id: admin.userId }, { loginAttempts: 0 });

beforeAll(async () => {
  service = await createTestService({}, clock);
  admin = await account(service, ['admin'], 'admin');
});
afterAll(async () => service?.close());

describe('two-factor authentication', () => {
  let secret: string;
  let recoveryCodes: string[];

  it('is set up by the server only with the current password: secret, otpauth URI under the store name, 10 recovery codes', async () => {
    // A stolen access token alone cannot start a setup.
    expect((await post('/api/security/2fa/setup', {}, bearer(admin))).statusCode).toBe(400);
    const wrong = await post('/api/security/2fa/setup', { currentPassword: 'not-the-password' }, bearer(admin));
    expect([wrong.statusCode, wrong.json().error]).toEqual([400, 'wrong_password']);
    await clearFailures();
    const response = await post('/api/security/2fa/setup', { currentPassword: admin.password }, bearer(admin));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    secret = body.secret;
    recoveryCodes = body.recoveryCodes;
    expect(body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Prata%20925:admin\./);
    expect(body.otpauthUrl).toContain(`secret=${secret}`);
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Z0-9]{8}$/);
    const status = await service.app.inject({ method: 'GET', url: '/api/security/status', headers: bearer(admin) });
    expect(status.json().twoFactorEnabled).toBe(false);
  });

  it('stays off with a wrong or malformed code', async () => {
    const wrong = await post('/api/security/2fa/enable', { code: '000000' }, bearer(admin));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Código de verificação inválido. Verifique o relógio do seu dispositivo.');
    const malformed = await post('/api/security/2fa/enable', { code: '12ab' }, bearer(admin));
    expect(malformed.json().issues[0].message).toBe('Por favor, insira um código de 6 dígitos.');
  });

  it('turns on with a valid code, keeps the secret encrypted, signs out the other sessions and e-mails a notice', async () => {
    const elsewhere = await signIn(service, admin.email, admin.password);
    const response = await post('/api/security/2fa/enable', { code: codeNow(secret) }, bearer(admin));
    expect(response.json().message).toBe('2FA Ativado');
    const notices = await service.db.orm.em.fork().getConnection().execute<{ subject: string }[]>('select subject from outbox_emails where "to" = ? order by created_at desc limit 1', [admin.email]);
    expect(notices[0]!.subject).toBe('Prata 925: autenticação de dois fatores ativada');
    expect((await post('/api/auth/refresh', {}, { cookie: elsewhere.cookie })).statusCode).toBe(401);
    expect((await service.app.inject({ method: 'GET', url: '/api/security/status', headers: bearer(admin) })).statusCode).toBe(200);
    const user = await service.db.orm.em.fork().findOneOrFail(User, { id: admin.userId });
    expect(user.twoFactorEnabled).toBe(true);
    expect(user.twoFactorSecret).not.toContain(secret);
    expect(user.twoFactorSecret!.split('.')).toHaveLength(3);
  });

  it('asks admins for the second step, accepts a current code once and refuses a replay', async () => {
    clock.advance(30_000);
    const first = await post('/api/auth/sign-in', { email: admin.email, password: admin.password });
    expect(first.json()).toEqual({ status: 'totp_required', challengeToken: expect.any(String) });
    const code = codeNow(secret);
    const ok = await post('/api/auth/sign-in/totp', { challengeToken: first.json().challengeToken, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().roles).toEqual(['admin']);
    refreshCookieFrom(ok.headers['set-cookie']);

    const again = await post('/api/auth/sign-in', { email: admin.email, password: admin.password });
    const replay = await post('/api/auth/sign-in/totp', { challengeToken: again.json().challengeToken, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('Código de verificação inválido. Verifique o relógio do seu dispositivo.');
  });

  it('accepts a code one step off and refuses a stale one', async () => {
    clock.advance(60_000);
    const previous = rfc6238(secret, new Date(clock.now().getTime() - 30_000));
    const challenge = (await post('/api/auth/sign-in', { email: admin.email, password: admin.password })).json().challengeToken;
    expect((await post('/api/auth/sign-in/totp', { challengeToken: challenge, code: previous })).statusCode).toBe(200);

    clock.advance(120_000);
    const stale = rfc6238(secret, new Date(clock.now().getTime() - 90_000));
    const challenge2 = (await post('/api/auth/sign-in', { email: admin.email, password: admin.password })).json().challengeToken;
    expect((await post('/api/auth/sign-in/totp', { challengeToken: challenge2, code: stale })).statusCode).toBe(401);
  });

  it('accepts a recovery code once', async () => {
    const code = recoveryCodes[3]!;
    const challenge = (await post('/api/auth/sign-in', { email: admin.email, password: admin.password })).json().challengeToken;
    expect((await post('/api/auth/sign-in/totp', { challengeToken: challenge, code: code.toLowerCase() })).statusCode).toBe(200);
    const challenge2 = (await post('/api/auth/sign-in', { email: admin.email, password: admin.password })).json().challengeToken;
    expect((await post('/api/auth/sign-in/totp', { challengeToken: challenge2, code })).statusCode).toBe(401);
  });

  it('cannot be swapped to another authenticator with the access token alone', async () => {
    clock.advance(30_000);
    // The review's black-box step: setup with only the Bearer token, then with the password but no current code.
    expect((await post('/api/security/2fa/setup', {}, bearer(admin))).statusCode).toBe(400);
    const noCode = await post('/api/security/2fa/setup', { currentPassword: admin.password }, bearer(admin));
    expect([noCode.statusCode, noCode.json().error]).toEqual([400, 'code_required']);
    const wrongCode_ = await post('/api/security/2fa/setup', { currentPassword: admin.password, code: wrongCode(codeNow(secret)) }, bearer(admin));
    expect([wrongCode_.statusCode, wrongCode_.json().error]).toEqual([400, 'invalid_code']);
    const user = await service.db.orm.em.fork().findOneOrFail(User, { id: admin.userId });
    expect(user.pendingTwoFactorSecret).toBeNull();
    await clearFailures();
  });

  it('refuses a forged challenge token', async () => {
    const forged = await post('/api/auth/sign-in/totp', { challengeToken: 'x'.repeat(40), code: '123456' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error).toBe('challenge_expired');
  });

  it('does not ask customers for a second step even if they had a secret', async () => {
    const customer = await account(service);
    expect(customer.accessToken).toBeTruthy();
    expect((await post('/api/security/2fa/setup', { currentPassword: customer.password }, bearer(customer))).statusCode).toBe(403);
  });

  it('kills a challenge after 5 codes, even when the 6th is right', async () => {
    await clearFailures(); // the replay and stale-code checks above each counted a failure
    clock.advance(30_000);
    const challengeToken = await challengeFor(admin);
    const right = codeNow(secret);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await post('/api/auth/sign-in/totp', { challengeToken, code: wrongCode(right) });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error).toBe('invalid_code');
    }
    await clearFailures(); // not the account lockout: the challenge itself is spent
    const late = await post('/api/auth/sign-in/totp', { challengeToken, code: right });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ error: 'challenge_expired', message: 'Sessão de verificação expirada. Entre novamente.' });
    // A new challenge (password again) still works with that code.
    expect((await post('/api/auth/sign-in/totp', { challengeToken: await challengeFor(admin), code: right })).statusCode).toBe(200);
  });

  it('counts wrong codes towards the account lockout, across challenges', async () => {
    clock.advance(30_000);
    const right = codeNow(secret);
    const first = await challengeFor(admin);
    for (let i = 0; i < 3; i += 1) expect((await post('/api/auth/sign-in/totp', { challengeToken: first, code: wrongCode(right) })).statusCode).toBe(401);
    const second = await challengeFor(admin);
    for (let i = 0; i < 2; i += 1) expect((await post('/api/auth/sign-in/totp', { challengeToken: second, code: wrongCode(right) })).statusCode).toBe(401);
    const locked = await post('/api/auth/sign-in/totp', { challengeToken: second, code: right });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Muitas tentativas de login. Tente novamente em 15 minutos.');
    expect((await post('/api/auth/sign-in', { email: admin.email, password: admin.password })).statusCode).toBe(429);
    clock.advance(15 * 60_000 + 1000);
    const again = await post('/api/auth/sign-in/totp', { challengeToken: await challengeFor(admin), code: codeNow(secret) });
    expect(again.statusCode).toBe(200);
    admin = { ...admin, accessToken: again.json().accessToken, cookie: refreshCookieFrom(again.headers['set-cookie']) };
  });

  it('asks for a code to change the e-mail while 2FA is on', async () => {
    const newEmail = uniqueEmail('novo.admin');
    const noCode = await post('/api/me/email', { newEmail, currentPassword: admin.password }, bearer(admin));
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error).toBe('code_required');
    clock.advance(30_000);
    const wrong = await post('/api/me/email', { newEmail, currentPassword: admin.password, code: wrongCode(codeNow(secret)) }, bearer(admin));
    expect(wrong.json().error).toBe('invalid_code');
    const ok = await post('/api/me/email', { newEmail, currentPassword: admin.password, code: codeNow(secret) }, bearer(admin));
    expect(ok.statusCode).toBe(200);
    expect(tokenFrom((await lastMailTo(service, newEmail)).link, 'novo-email')).toBeTruthy();
  });

  it('turns off only with the password and a code, signs out the other sessions, and sign-in is one step again', async () => {
    clock.advance(30_000);
    const other = await post('/api/auth/sign-in/totp', { challengeToken: await challengeFor(admin), code: codeNow(secret) });
    const elsewhere = refreshCookieFrom(other.headers['set-cookie']);
    const tokenOnly = await post('/api/security/2fa/disable', {}, bearer(admin));
    expect(tokenOnly.statusCode).toBe(400);
    const passwordOnly = await post('/api/security/2fa/disable', { currentPassword: admin.password }, bearer(admin));
    expect(passwordOnly.statusCode).toBe(400);
    const wrongPassword = await post('/api/security/2fa/disable', { currentPassword: 'errada', code: recoveryCodes[5]! }, bearer(admin));
    expect(wrongPassword.json()).toEqual({ error: 'wrong_password', message: 'Senha atual incorreta' });
    const wrongCodeAnswer = await post('/api/security/2fa/disable', { currentPassword: admin.password, code: 'ZZZZ9999' }, bearer(admin));
    expect(wrongCodeAnswer.json().error).toBe('invalid_code');
    await clearFailures();
    expect((await service.db.orm.em.fork().findOneOrFail(User, { id: admin.userId })).twoFactorEnabled).toBe(true);

    const off = await post('/api/security/2fa/disable', { currentPassword: admin.password, code: recoveryCodes[5]! }, bearer(admin));
    expect(off.json().message).toBe('2FA Desativado');
    expect((await post('/api/auth/refresh', {}, { cookie: elsewhere })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', {}, { cookie: admin.cookie })).statusCode).toBe(200);
    const plain = await post('/api/auth/sign-in', { email: admin.email, password: admin.password });
    expect(plain.json().status).toBe('signed_in');
  });

  it('refuses to enable without a pending setup', async () => {
    const other = await account(service, ['admin'], 'admin2');
    const response = await post('/api/security/2fa/enable', { code: '123456' }, bearer(other));
    expect(response.json().message).toBe('Sessão expirada. Tente configurar o 2FA novamente.');
  });
});
