/**
 * Account helpers for API tests: real flows through the HTTP API (sign-up, confirmation link
 * read from the mail outbox, sign-in), plus role grants through the service's own grantRole.
 */
import { createHmac } from 'node:crypto';
import type { RoleName } from '@prata/contracts';
import { expect } from 'vitest';
import { OutboxEmail } from '../src/mail/outbox-email.entity.ts';
import { grantRole } from '../src/modules/identity/admin-accounts.service.ts';
import { findUserByEmail } from '../src/modules/identity/identity.repository.ts';
import type { TestService } from './helpers.ts';

export interface SignedIn {
  userId: string;
  email: string;
  password: string;
  accessToken: string;
  /** `prata_refresh=<token>` cookie header. */
  cookie: string;
}

/** The newest e-mail sent to `to`, with its link. */
export async function lastMailTo(service: TestService, to: string): Promise<OutboxEmail> {
  const mail = await service.db.orm.em.fork().findOne(OutboxEmail, { to }, { orderBy: { createdAt: 'desc' } });
  expect(mail, `an e-mail to ${to}`).toBeTruthy();
  return mail!;
}

/** The token query parameter `name` of a link. */
export function tokenFrom(link: string | null | undefined, name: string): string {
  const value = new URL(link ?? '').searchParams.get(name);
  expect(value).toBeTruthy();
  return value!;
}

export function refreshCookieFrom(setCookie: string | string[] | undefined): string {
  const header = [setCookie ?? []].flat().find((c) => c.startsWith('prata_refresh='));
  expect(header, 'a prata_refresh cookie').toBeTruthy();
  return header!.split(';')[0]!;
}

let counter = 0;
export function uniqueEmail(prefix = 'cliente'): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@exemplo.com.br`;
}

/** Signs up through the API and confirms with the e-mailed link. */
export async function signUpConfirmed(service: TestService, email = uniqueEmail(), password = 'segredo123', fullName = 'Maria Silva'): Promise<void> {
  const signUp = await service.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { email, password, fullName } });
  expect(signUp.statusCode).toBe(201);
  const mail = await lastMailTo(service, email.toLowerCase());
  const confirm = await service.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token: tokenFrom(mail.link, 'confirmar') } });
  expect(confirm.statusCode).toBe(200);
}

export async function signIn(service: TestService, email: string, password: string): Promise<SignedIn> {
  const response = await service.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expect(body.status).toBe('signed_in');
  return { userId: body.user.id, email, password, accessToken: body.accessToken, cookie: refreshCookieFrom(response.headers['set-cookie']) };
}

/**
 * A confirmed, signed-in account with `roles`, granted with the bare `grantRole` (a fixture: no
 * staff password rule, no 2FA enrolment; the store's own grant paths are tested through the API).
 */
export async function account(service: TestService, roles: RoleName[] = [], prefix = 'cliente', password = 'segredo123'): Promise<SignedIn> {
  const email = uniqueEmail(prefix);
  await signUpConfirmed(service, email, password);
  const user = await findUserByEmail(service.db.orm.em.fork(), email);
  for (const role of roles) await grantRole(service.db.orm.em.fork(), user!.id, role, null);
  return signIn(service, email, password);
}

/**
 * `count` customer accounts ({@link account}), made one after the other: tests that race many
 * buyers make them first, and a dozen sign-ups at once (argon2 each) can outlast the pool's
 * acquire timeout on a busy machine, a 503 in the setup rather than in what is tested.
 */
export async function accounts(service: TestService, count: number): Promise<SignedIn[]> {
  const made: SignedIn[] = [];
  for (let i = 0; i < count; i += 1) made.push(await account(service));
  return made;
}

/** A password that passes the staff (panel) strength rule. */
export const STAFF_PASSWORD = 'Prata-Equipe-2026';

function base32Decode(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  return Buffer.from(bits.match(/.{8}/g)!.map((byte) => Number.parseInt(byte, 2)));
}

/** RFC 6238 TOTP (HMAC-SHA1, 30 s, 6 digits) of a base32 `secret` at `at`, on node:crypto (independent of otplib). */
export function totpAt(secret: string, at: Date): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at.getTime() / 30_000)));
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  return ((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).toString().padStart(6, '0');
}

/**
 * Signs a staff account in through the sign-in enrolment: the password answers
 * `totp_enrolment_required`, the enrolment returns a secret, and the authenticator's code (at the
 * service's clock) confirms it. Returns the session and the TOTP secret.
 */
export async function signInEnrolling(service: TestService, email: string, password: string): Promise<SignedIn & { secret: string }> {
  const first = await service.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
  expect(first.json(), first.body).toMatchObject({ status: 'totp_enrolment_required' });
  const { enrolmentToken } = first.json() as { enrolmentToken: string };
  const setup = await service.app.inject({ method: 'POST', url: '/api/auth/sign-in/totp-enrolment', payload: { enrolmentToken } });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const code = totpAt(secret, service.app.clock.now());
  const confirm = await service.app.inject({ method: 'POST', url: '/api/auth/sign-in/totp-enrolment/confirm', payload: { enrolmentToken, code } });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const body = confirm.json();
  return { userId: body.user.id, email, password, accessToken: body.accessToken, cookie: refreshCookieFrom(confirm.headers['set-cookie']), secret };
}

export const bearer = (who: { accessToken: string }) => ({ authorization: `Bearer ${who.accessToken}` });
