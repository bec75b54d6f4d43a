/**
 * Staff accounts need a staff-grade password and 2FA: every way the
 * store grants admin or developer (users tab, developer setup, approval of a registration, the
 * owner's setup token, create-owner) refuses an account whose password fails the panel strength
 * rule, and the account then enrols an authenticator at its next sign-in: the password answers
 * `totp_enrolment_required`, no session exists until the authenticator's first code is confirmed,
 * and later sign-ins take the TOTP step. Codes come from an RFC 6238 implementation on node:crypto
 * (test/accounts.ts), not from the service's otplib.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminAccountsService } from '../src/modules/identity/admin-accounts.service.ts';
import { LogTransport, Mailer } from '../src/mail/mailer.ts';
import { account, bearer, lastMailTo, signIn, signInEnrolling, STAFF_PASSWORD, tokenFrom, totpAt, uniqueEmail, type SignedIn } from './accounts.ts';
import { createTestService, TestClock, type TestService } from './helpers.ts';

const clock = new TestClock(Date.parse('2026-11-25T12:00:05Z'));
let service: TestService;
let owner: SignedIn;

const post = (url: string, payload: object, headers: Record<string, string> = {}) => service.app.inject({ method: 'POST', url, payload, headers });
const patchUser = (id: string, payload: object) => service.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}`, payload, headers: bearer(owner) });
const rolesOf = async (who: { accessToken: string }) => (await service.app.inject({ method: 'GET', url: '/api/me/roles', headers: bearer(who) })).json().roles as string[];
const signInAnswer = async (email: string, password: string) => (await post('/api/auth/sign-in', { email, password })).json();
const refresh = (who: SignedIn) => service.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: who.cookie } });

beforeAll(async () => {
  service = await createTestService({}, clock);
  owner = await account(service, ['admin'], 'dona', STAFF_PASSWORD);
});

afterAll(async () => service?.close());

describe('granting a staff role needs the staff password rule', () => {
  it('refuses the users tab grant to an account with a customer-grade password, and changes nothing', async () => {
    const customer = await account(service, [], 'fraca', 'segredo123');
    for (const payload of [{ isAdmin: true }, { isDeveloper: true }]) {
      const refused = await patchUser(customer.userId, payload);
      expect([refused.statusCode, refused.json().error]).toEqual([409, 'staff_password_required']);
      expect(refused.json().message).toContain('regra de senha da equipe');
    }
    expect(await rolesOf(customer)).toEqual([]);
    expect((await refresh(customer)).statusCode).toBe(200); // the session was not touched
    // Once the person sets a staff-grade password (their own profile), the grant goes through.
    const changed = await post('/api/me/password', { currentPassword: 'segredo123', password: STAFF_PASSWORD, confirmPassword: STAFF_PASSWORD }, bearer(customer));
    expect(changed.statusCode).toBe(200);
    expect((await patchUser(customer.userId, { isDeveloper: true })).statusCode).toBe(200);
  });

  it('refuses developer setup with a weak password (the review\'s black-box step) and grants with a strong one', async () => {
    const weak = await account(service, [], 'dev.fraco', 'abc123');
    const refused = await post('/api/admin/developers', { email: weak.email, password: 'abc123', fullName: 'x' }, bearer(owner));
    expect([refused.statusCode, refused.json().error]).toEqual([400, 'weak_password']);
    expect(refused.json().issues.map((issue: { message: string }) => issue.message)).toContain('A senha deve ter pelo menos 12 caracteres.');
    expect(await rolesOf(weak)).toEqual([]);
    const strong = await account(service, [], 'dev.forte', STAFF_PASSWORD);
    expect((await post('/api/admin/developers', { email: strong.email, password: STAFF_PASSWORD, fullName: 'Dev' }, bearer(owner))).statusCode).toBe(200);
    expect(await signInAnswer(strong.email, STAFF_PASSWORD)).toMatchObject({ status: 'totp_enrolment_required' });
  });

  it('refuses an admin registration whose password fails the staff rule', async () => {
    const response = await post('/api/admin-registrations', { fullName: 'Candidata', email: uniqueEmail('cand'), password: 'segredo-forte-1', confirmPassword: 'segredo-forte-1' });
    expect([response.statusCode, response.json().error]).toEqual([400, 'weak_password']);
    expect(response.json().issues.map((issue: { message: string }) => issue.message)).toEqual(['Inclua pelo menos uma letra maiúscula.']);
  });
});

describe('staff enrol an authenticator at their next sign-in', () => {
  it('ends the sessions of a customer made admin, then signs them in only through the enrolment', async () => {
    const person = await account(service, [], 'nova.admin', STAFF_PASSWORD);
    expect((await patchUser(person.userId, { isAdmin: true })).statusCode).toBe(200);
    // The grant ended the account's sessions: its next sign-in is now.
    expect((await refresh(person)).statusCode).toBe(401);
    expect((await service.app.inject({ method: 'GET', url: '/api/me/roles', headers: bearer(person) })).statusCode).toBe(401);

    const first = await post('/api/auth/sign-in', { email: person.email, password: STAFF_PASSWORD });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'totp_enrolment_required', enrolmentToken: expect.any(String) });
    expect(first.headers['set-cookie']).toBeUndefined(); // no session yet
    const { enrolmentToken } = first.json();

    const setup = await post('/api/auth/sign-in/totp-enrolment', { enrolmentToken });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, recoveryCodes } = setup.json();
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(recoveryCodes).toHaveLength(10);

    const code = totpAt(secret, clock.now());
    const wrong = await post('/api/auth/sign-in/totp-enrolment/confirm', { enrolmentToken, code: String((Number(code) + 500_000) % 1_000_000).padStart(6, '0') });
    expect([wrong.statusCode, wrong.json().error]).toEqual([401, 'invalid_code']);
    const malformed = await post('/api/auth/sign-in/totp-enrolment/confirm', { enrolmentToken, code: '12ab' });
    expect([malformed.statusCode, malformed.json().issues[0].message]).toEqual([400, 'Por favor, insira um código de 6 dígitos.']);

    const confirmed = await post('/api/auth/sign-in/totp-enrolment/confirm', { enrolmentToken, code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().roles).toEqual(['admin']);
    expect(confirmed.headers['set-cookie']).toBeDefined();
    expect((await service.app.inject({ method: 'GET', url: '/api/security/status', headers: bearer(confirmed.json()) })).json().twoFactorEnabled).toBe(true);
    expect((await lastMailTo(service, person.email)).subject).toContain('autenticação de dois fatores ativada');

    // The token opened one session; the next sign-in is the ordinary TOTP step.
    const reused = await post('/api/auth/sign-in/totp-enrolment/confirm', { enrolmentToken, code });
    expect([reused.statusCode, reused.json().error]).toEqual([401, 'challenge_expired']);
    clock.advance(30_000);
    const again = await signInAnswer(person.email, STAFF_PASSWORD);
    expect(again).toEqual({ status: 'totp_required', challengeToken: expect.any(String) });
    // A TOTP challenge is not an enrolment token (nor the reverse).
    expect((await post('/api/auth/sign-in/totp-enrolment', { enrolmentToken: again.challengeToken })).json().error).toBe('challenge_expired');
    const totp = await post('/api/auth/sign-in/totp', { challengeToken: again.challengeToken, code: totpAt(secret, clock.now()) });
    expect(totp.statusCode).toBe(200);
  });

  it('refuses unknown, expired and exhausted enrolment tokens', async () => {
    const forged = await post('/api/auth/sign-in/totp-enrolment', { enrolmentToken: 'x'.repeat(43) });
    expect([forged.statusCode, forged.json()]).toEqual([401, { error: 'challenge_expired', message: 'Sessão de verificação expirada. Entre novamente.' }]);

    // A developer this time (the admin cap of 3 is reached in this file): any staff role asks for 2FA.
    const person = await account(service, [], 'expira', STAFF_PASSWORD);
    expect((await patchUser(person.userId, { isDeveloper: true })).statusCode).toBe(200);
    const { enrolmentToken } = await signInAnswer(person.email, STAFF_PASSWORD);
    clock.advance(10 * 60_000 + 1_000);
    expect((await post('/api/auth/sign-in/totp-enrolment', { enrolmentToken })).json().error).toBe('challenge_expired');

    const next = (await signInAnswer(person.email, STAFF_PASSWORD)).enrolmentToken as string;
    for (let i = 0; i < 5; i += 1) expect((await post('/api/auth/sign-in/totp-enrolment', { enrolmentToken: next })).statusCode).toBe(200);
    expect((await post('/api/auth/sign-in/totp-enrolment', { enrolmentToken: next })).json().error).toBe('challenge_expired');
    // Demoted before enrolling: the plain sign-in again (the requirement follows the staff role).
    expect((await patchUser(person.userId, { isDeveloper: false })).statusCode).toBe(200);
    expect((await signInAnswer(person.email, STAFF_PASSWORD)).status).toBe('signed_in');
  });

  it('asks the owner made by create-owner, by the setup token and an approved registrant to enrol', async () => {
    const admins = new AdminAccountsService(new Mailer(new LogTransport({ info() {} }), 'Prata 925'), clock, 'http://loja.test', 'Prata 925');
    const cli = uniqueEmail('dona.cli');
    // Room under the cap of 3 admins: only the owner of this file stays admin.
    await service.db.orm.em.fork().getConnection().execute(`delete from user_roles where role = 'admin' and user_id <> ?`, [owner.userId]);
    await admins.createOwner(service.db.orm.em.fork(), { email: cli, password: STAFF_PASSWORD, fullName: 'Dona CLI' });
    expect((await signInAnswer(cli, STAFF_PASSWORD)).status).toBe('totp_enrolment_required');
    await service.db.orm.em.fork().getConnection().execute(`delete from user_roles where user_id = (select id from users where email = ?)`, [cli]);

    const registrant = uniqueEmail('registro');
    const created = await post('/api/admin-registrations', { fullName: 'Registrante', email: registrant, password: STAFF_PASSWORD, confirmPassword: STAFF_PASSWORD });
    expect(created.statusCode).toBe(201);
    const confirm = await post('/api/admin-registrations/confirm', { token: tokenFrom((await lastMailTo(service, registrant)).link, 'confirmar') });
    expect(confirm.json().status).toBe('pending_approval');
    const list = (await service.app.inject({ method: 'GET', url: '/api/admin/registrations', headers: bearer(owner) })).json();
    const registration = list.find((row: { email: string }) => row.email === registrant);
    expect((await post(`/api/admin/registrations/${registration.id}/approve`, {}, bearer(owner))).statusCode).toBe(200);
    const enrolled = await signInEnrolling(service, registrant, STAFF_PASSWORD);
    expect(await rolesOf(enrolled)).toEqual(['admin']);
  });

  it('keeps customers on the plain sign-in, whatever their password', async () => {
    const customer = await account(service, [], 'cliente.comum', STAFF_PASSWORD);
    expect((await signInAnswer(customer.email, STAFF_PASSWORD)).status).toBe('signed_in');
    expect((await signIn(service, customer.email, STAFF_PASSWORD)).accessToken).toBeTruthy();
  });
});
