/**
 * Account helpers for e2e tests: read e-mails from the e2e store's outbox and create accounts
 * with the service's own code (in-process, on the e2e database).
 */
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { ormConfig } from '../../services/api/src/bootstrap/orm-config.ts';
import { systemClock } from '../../services/api/src/lib/clock.ts';
import { AdminAccountsService } from '../../services/api/src/modules/identity/admin-accounts.service.ts';
import { LogTransport, Mailer } from '../../services/api/src/mail/mailer.ts';
import { E2E } from './environment.ts';
import { totpCode, totpCodeNow, totpStep } from './totp.ts';

let counter = 0;
/** A unique e-mail address for this run (the worker's index in it: two workers share the store). */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now()}.w${process.env.TEST_WORKER_INDEX ?? '0'}.${counter}@e2e.prata925.com.br`;
}

/** The link of the newest e-mail sent to `to` (waits up to 5 s for it). */
export async function lastLinkTo(to: string): Promise<string> {
  const client = new pg.Client({ connectionString: E2E.databaseUrl });
  await client.connect();
  try {
    for (let i = 0; i < 50; i += 1) {
      const { rows } = await client.query<{ link: string }>('select link from outbox_emails where "to" = $1 order by created_at desc limit 1', [to]);
      if (rows[0]?.link) return rows[0].link;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no e-mail to ${to}`);
  } finally {
    await client.end();
  }
}

/** A store the account helpers work on: the e2e store ({@link E2E}) unless another is given. */
export interface StoreAccess {
  apiUrl: string;
  storeUrl: string;
  databaseUrl: string;
}

/** Runs `fn` with the admin-accounts service on the database of `store` (default the e2e store's). */
export async function withAdminAccounts<T>(fn: (service: AdminAccountsService, em: MikroORM['em']) => Promise<T>, store: StoreAccess = E2E): Promise<T> {
  const orm = await MikroORM.init(ormConfig(store.databaseUrl));
  try {
    const service = new AdminAccountsService(new Mailer(new LogTransport({ info() {} }), 'Prata 925'), systemClock, store.storeUrl, 'Prata 925');
    return await fn(service, orm.em.fork());
  } finally {
    await orm.close(true);
  }
}

/** Signs up through the API and confirms with the e-mailed link; returns the credentials. */
export async function confirmedAccount(prefix: string, password = 'segredo123'): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(prefix);
  await confirmAccount(email, password, 'Cliente E2E');
  return { email, password };
}

/** Signs `email` up through the API and follows the e-mailed confirmation link. */
async function confirmAccount(email: string, password: string, fullName: string): Promise<void> {
  const signUp = await fetch(`${E2E.apiUrl}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, fullName }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const token = new URL(await lastLinkTo(email)).searchParams.get('confirmar');
  const confirm = await fetch(`${E2E.apiUrl}/api/auth/confirm-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (confirm.status !== 200) throw new Error(`confirmation failed: ${confirm.status}`);
}

/** What a staff account of this run signs in with after its password: its authenticator and recovery codes. */
export interface SecondFactor {
  secret: string;
  /** The last TOTP step used (the service accepts each step once, in increasing order). */
  lastStep: number;
  /** Unused recovery codes. */
  recoveryCodes: string[];
}
const secondFactors = new Map<string, SecondFactor>();

async function postJson(path: string, body: object, apiUrl = E2E.apiUrl): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${apiUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/**
 * Enrols an authenticator for a staff account as its first sign-in does (staff must
 * enrol 2FA) at the API `apiUrl` (default the e2e store's): the password answers
 * `totp_enrolment_required`, the enrolment gives a secret, and its current code confirms it,
 * which signs the account in. The secret and recovery codes are kept for {@link secondFactorCode}.
 * @returns the second factor and the session's access token.
 * @throws when the service answers anything else.
 */
export async function enrolStaff(email: string, password: string, apiUrl = E2E.apiUrl): Promise<SecondFactor & { accessToken: string }> {
  const signIn = await postJson('/api/auth/sign-in', { email, password }, apiUrl);
  if (signIn.json.status !== 'totp_enrolment_required') throw new Error(`expected the 2FA enrolment, got ${signIn.status} ${JSON.stringify(signIn.json)}`);
  const enrolmentToken = signIn.json.enrolmentToken as string;
  const setup = await postJson('/api/auth/sign-in/totp-enrolment', { enrolmentToken }, apiUrl);
  if (setup.status !== 200) throw new Error(`enrolment failed: ${setup.status} ${JSON.stringify(setup.json)}`);
  const secret = setup.json.secret as string;
  const step = totpStep();
  const confirm = await postJson('/api/auth/sign-in/totp-enrolment/confirm', { enrolmentToken, code: totpCode(secret, step) }, apiUrl);
  if (confirm.status !== 200) throw new Error(`enrolment confirmation failed: ${confirm.status} ${JSON.stringify(confirm.json)}`);
  const factor = { secret, lastStep: step, recoveryCodes: [...(setup.json.recoveryCodes as string[])] };
  secondFactors.set(email.toLowerCase(), factor);
  return { ...factor, accessToken: confirm.json.accessToken as string };
}

/** Records the authenticator a test enrolled through the UI, so later sign-ins of `email` can pass the code step. */
export function rememberSecondFactor(email: string, factor: SecondFactor): void {
  secondFactors.set(email.toLowerCase(), factor);
}

/**
 * The code for the next sign-in of a staff account enrolled in this run: a TOTP code the service
 * accepts now, else (two sign-ins within a step already used both) one of its recovery codes,
 * so no test waits for the clock. Undefined for an account without a known authenticator.
 */
export function secondFactorCode(email: string): string | undefined {
  const factor = secondFactors.get(email.toLowerCase());
  if (!factor) return undefined;
  const now = totpCodeNow(factor.secret, factor.lastStep);
  if (now) {
    factor.lastStep = now.step;
    return now.code;
  }
  const recovery = factor.recoveryCodes.shift();
  if (!recovery) throw new Error(`no second factor left for ${email}`);
  return recovery;
}

/**
 * The store owner as `create-owner` makes it, with its authenticator enrolled as the
 * owner's first sign-in requires, in `store` (default the e2e store).
 * @returns the access token of the owner's first session.
 */
export async function createOwner(owner: { email: string; password: string; fullName: string }, store: StoreAccess = E2E): Promise<string> {
  await withAdminAccounts((service, em) => service.createOwner(em, owner), store);
  return (await enrolStaff(owner.email, owner.password, store.apiUrl)).accessToken;
}

/**
 * A developer (+ admin) account as the service allows it: the person signs up and
 * confirms first, then developer setup grants the roles to that confirmed account, and the
 * developer enrols an authenticator at the first sign-in.
 */
export async function createDeveloper(developer: { email: string; password: string; fullName: string }): Promise<void> {
  await confirmAccount(developer.email, developer.password, developer.fullName);
  await withAdminAccounts((service, em) => service.setupDeveloper(em, developer, null));
  await enrolStaff(developer.email, developer.password);
}

