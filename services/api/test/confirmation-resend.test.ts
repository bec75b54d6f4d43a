/**
 * A shopper who never received the confirmation e-mail can ask for it again from the
 * sign-in screen; the admin sees failed e-mails and can resend them.
 * - `POST /api/auth/resend-confirmation`: one neutral answer for unknown, confirmed and
 *   unconfirmed addresses; a new link only for an unconfirmed account (the older ones stop
 *   working); limited per address (RESEND_CONFIRMATION_PER_EMAIL an hour) and per IP.
 * - `GET /api/admin/failed-emails` and `POST .../:id/resend` (admin only): with a real SMTP relay
 *   (smtp-server, as test/jobs.test.ts) that refuses mail until told otherwise and
 *   MAIL_MAX_ATTEMPTS=1, a refused sign-up confirmation is listed, resent, delivered and audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failedEmailPageSchema, type RoleName } from '@prata/contracts';
import { OutboxEmail } from '../src/mail/outbox-email.entity.ts';
import { AdminLog } from '../src/modules/audit/admin-log.entity.ts';
import { grantRole, hashPassword, Profile, User } from '../src/modules/identity/index.ts';
import { RESEND_CONFIRMATION_MESSAGE, RESEND_CONFIRMATION_PER_EMAIL } from '../src/modules/identity/index.ts';
import { bearer, lastMailTo, signIn, signUpConfirmed, tokenFrom, uniqueEmail, type SignedIn } from './accounts.ts';
import { createTestService, type TestService } from './helpers.ts';
import { startSmtpDouble, type SmtpDouble } from './smtp-double.ts';

const resend = (service: TestService, email: string, ip = '198.51.100.7') =>
  service.app.inject({ method: 'POST', url: '/api/auth/resend-confirmation', payload: { email }, headers: { 'x-forwarded-for': ip }, remoteAddress: ip });
const mailsTo = (service: TestService, to: string) => service.db.orm.em.fork().count(OutboxEmail, { to });
const signUp = async (service: TestService, email: string) => {
  const response = await service.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { email, password: 'segredo123', fullName: 'Ana Souza' } });
  expect(response.statusCode, response.body).toBe(201);
};
const confirm = (service: TestService, token: string) => service.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });

describe('asking for the confirmation e-mail again', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await createTestService();
  });
  afterAll(async () => service?.close());

  it('answers the same for an unknown, a confirmed and an unconfirmed address, and e-mails only the unconfirmed one', async () => {
    const unknown = uniqueEmail('ninguem');
    const confirmed = uniqueEmail('confirmada');
    await signUpConfirmed(service, confirmed);
    const pending = uniqueEmail('pendente');
    await signUp(service, pending);
    const before = { confirmed: await mailsTo(service, confirmed), pending: await mailsTo(service, pending) };

    for (const email of [unknown, confirmed, pending]) {
      const response = await resend(service, email);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ message: RESEND_CONFIRMATION_MESSAGE });
    }
    expect(await mailsTo(service, unknown)).toBe(0);
    expect(await mailsTo(service, confirmed)).toBe(before.confirmed);
    expect(await mailsTo(service, pending)).toBe(before.pending + 1);
    const logged = await service.db.orm.em.fork().count(AdminLog, { action: 'confirmation_resent' });
    expect(logged).toBe(1);
  });

  it('sends a new link that confirms the account; the link sent before no longer works', async () => {
    const email = uniqueEmail('reenvio');
    await signUp(service, email);
    const first = tokenFrom((await lastMailTo(service, email)).link, 'confirmar');
    expect((await resend(service, email)).statusCode).toBe(200);
    const second = tokenFrom((await lastMailTo(service, email)).link, 'confirmar');
    expect(second).not.toBe(first);

    const old = await confirm(service, first);
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe('Link inválido ou expirado. Solicite um novo.');
    const blocked = await service.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: 'segredo123' } });
    expect([blocked.statusCode, blocked.json().error]).toEqual([403, 'email_not_confirmed']);

    expect((await confirm(service, second)).statusCode).toBe(200);
    await signIn(service, email, 'segredo123');
    // Confirmed now: asking again sends nothing.
    const mails = await mailsTo(service, email);
    expect((await resend(service, email)).statusCode).toBe(200);
    expect(await mailsTo(service, email)).toBe(mails);
  });

  it(`refuses the ${RESEND_CONFIRMATION_PER_EMAIL + 1}th request for one address within the hour, whatever the IP, and not another address`, async () => {
    const email = uniqueEmail('insistente');
    await signUp(service, email);
    const codes: number[] = [];
    for (let i = 0; i <= RESEND_CONFIRMATION_PER_EMAIL; i += 1) codes.push((await resend(service, email, `203.0.113.${i + 10}`)).statusCode);
    expect(codes).toEqual([...Array(RESEND_CONFIRMATION_PER_EMAIL).fill(200), 429]);
    const refused = await resend(service, email.toUpperCase(), '203.0.113.99');
    expect([refused.statusCode, refused.json().message]).toEqual([429, 'Muitas tentativas. Tente novamente em alguns minutos.']);
    // The unknown address is counted the same way (no difference to observe).
    const unknown = uniqueEmail('desconhecida');
    const unknownCodes: number[] = [];
    for (let i = 0; i <= RESEND_CONFIRMATION_PER_EMAIL; i += 1) unknownCodes.push((await resend(service, unknown)).statusCode);
    expect(unknownCodes).toEqual(codes);
    expect((await resend(service, uniqueEmail('outra'))).statusCode).toBe(200);
  });

  it('answers 400 in Portuguese for a malformed address', async () => {
    const response = await resend(service, 'não-é-email');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'validation', message: 'Dados inválidos', issues: [{ path: 'body.email', message: 'Email inválido' }] });
  });
});

describe('the per-IP limit of resending', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await createTestService({ AUTH_RATE_LIMIT_PER_MINUTE: '5' });
  });
  afterAll(async () => service?.close());

  it('refuses the 6th request a minute from one IP, each for a different address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1) codes.push((await resend(service, uniqueEmail(`ip${i}`), '192.0.2.44')).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('failed e-mails in the admin panel', () => {
  let service: TestService;
  let refusing = true;
  let smtp: SmtpDouble;

  /** A confirmed account with `roles`, made in the database (the relay refuses mail here), signed in through the API. */
  async function staff(roles: RoleName[]): Promise<SignedIn> {
    const em = service.db.orm.em.fork();
    const email = uniqueEmail(roles[0] ?? 'cliente');
    const user = em.create(User, { email, passwordHash: await hashPassword('segredo123'), passwordMeetsStaffRule: false, emailConfirmedAt: new Date() });
    em.create(Profile, { user, fullName: 'Pessoa Teste', email });
    await em.flush();
    for (const role of roles) await grantRole(service.db.orm.em.fork(), user.id, role, null);
    return signIn(service, email, 'segredo123');
  }

  beforeAll(async () => {
    smtp = await startSmtpDouble(() => (refusing ? { code: 550, message: 'Caixa indisponível' } : null));
    service = await createTestService({ SMTP_URL: smtp.url, MAIL_MAX_ATTEMPTS: '1' });
  });
  afterAll(async () => {
    await service?.close();
    await smtp?.close();
  });

  it('lists a refused confirmation e-mail for admins only, resends it on request (audited), and its link then confirms the account', async () => {
    const email = uniqueEmail('sem-email');
    await signUp(service, email); // the relay refuses it; MAIL_MAX_ATTEMPTS=1: failed at once
    const failed = await service.db.orm.em.fork().findOneOrFail(OutboxEmail, { to: email });
    expect(failed.failedAt).not.toBeNull();

    const admin = await staff(['admin']);
    const customer = await staff([]);
    const list = () => service.app.inject({ method: 'GET', url: '/api/admin/failed-emails', headers: bearer(admin) });
    expect((await service.app.inject({ method: 'GET', url: '/api/admin/failed-emails' })).statusCode).toBe(401);
    expect((await service.app.inject({ method: 'GET', url: '/api/admin/failed-emails', headers: bearer(customer) })).statusCode).toBe(403);
    const listed = await list();
    expect(listed.statusCode).toBe(200);
    const page = failedEmailPageSchema.parse(listed.json());
    expect(page.total).toBe(page.rows.length);
    const row = page.rows.find((r) => r.to === email);
    expect(row).toMatchObject({ id: failed.id, subject: failed.subject, attempts: 1, failedAt: failed.failedAt!.toISOString() });
    expect(row!.error).toContain('550');

    const url = `/api/admin/failed-emails/${failed.id}/resend`;
    expect((await service.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    expect((await service.app.inject({ method: 'POST', url, headers: bearer(customer) })).statusCode).toBe(403);
    expect((await service.app.inject({ method: 'POST', url: '/api/admin/failed-emails/123/resend', headers: bearer(admin) })).statusCode).toBe(400);
    refusing = false;
    const resent = await service.app.inject({ method: 'POST', url, headers: bearer(admin) });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(smtp.received.filter((data) => data.includes(email))).toHaveLength(1);
    expect(failedEmailPageSchema.parse((await list()).json()).rows.map((r) => r.id)).not.toContain(failed.id);
    expect((await service.app.inject({ method: 'POST', url, headers: bearer(admin) })).statusCode).toBe(404);
    const log = await service.db.orm.em.fork().findOneOrFail(AdminLog, { action: 'email_resent' });
    expect(log.userId).toBe(admin.userId);
    expect(log.details).toMatchObject({ to: email, subject: failed.subject, failedEmailId: failed.id });

    // The delivered message carries the original link, which confirms the account.
    const link = /https?:\/\/\S+confirmar=([A-Za-z0-9_=-]+)/.exec(smtp.received.find((data) => data.includes(email))!.replace(/=\r?\n/g, '').replaceAll('=3D', '='));
    expect(link).toBeTruthy();
    expect((await confirm(service, link![1]!)).statusCode).toBe(200);
    await signIn(service, email, 'segredo123');
  });
});
