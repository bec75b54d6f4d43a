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

let counter = 0;
/** A unique e-mail address for this run. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@e2e.prata925.com.br`;
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

/** Runs `fn` with the admin-accounts service on the e2e database. */
export async function withAdminAccounts<T>(fn: (service: AdminAccountsService, em: MikroORM['em']) => Promise<T>): Promise<T> {
  const orm = await MikroORM.init(ormConfig(E2E.databaseUrl));
  try {
    const service = new AdminAccountsService(new Mailer(new LogTransport({ info() {} }), 'Prata 925'), systemClock, E2E.storeUrl, 'Prata 925');
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

/**
 * A developer (+ admin) account as the service allows it (issue 10): the person signs up and
 * confirms first, then developer setup grants the roles to that confirmed account.
 */
export async function createDeveloper(developer: { email: string; password: string; fullName: string }): Promise<void> {
  await confirmAccount(developer.email, developer.password, developer.fullName);
  await withAdminAccounts((service, em) => service.setupDeveloper(em, developer, null));
}

