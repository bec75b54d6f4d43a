/** `npm run create-owner` (a real process on a fresh database) and the demo accounts. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoAccounts } from '../src/seeding/demo-accounts.ts';
import { systemClock } from '../src/lib/clock.ts';
import { passwordStrength } from '../src/modules/identity/passwords.ts';
import { User, UserRole } from '../src/modules/identity/identity.entities.ts';
import { bearer, signIn, signInEnrolling, signUpConfirmed, uniqueEmail } from './accounts.ts';
import { createTestService, type TestService } from './helpers.ts';

const run = promisify(execFile);
let service: TestService;

beforeAll(async () => {
  service = await createTestService();
});
afterAll(async () => service?.close());

const OWNER_PASSWORD = 'Senha-da-Dona-2026';
/** The command with the password piped on standard input (never on argv, where other local users could read it). */
const createOwner = (email: string, password = OWNER_PASSWORD) => {
  const running = run(process.execPath, ['src/scripts/create-owner.ts', '--email', email, '--name', 'Dona'], {
    env: { ...process.env, DATABASE_URL: service.config.databaseUrl!, DATA_DIR: service.dataDir },
  });
  running.child.stdin!.end(`${password}\n`);
  return running;
};
const rolesOf = async (who: { accessToken: string }) => (await service.app.inject({ method: 'GET', url: '/api/me/roles', headers: bearer(who) })).json().roles;

describe('create-owner', () => {
  it('creates a confirmed admin from the command line', async () => {
    const { stdout } = await createOwner('Dona@Loja.com.br');
    expect(stdout).toContain('owner ready: dona@loja.com.br (admin): new account');
    // The owner enrols an authenticator at the first sign-in.
    const owner = await signInEnrolling(service, 'dona@loja.com.br', OWNER_PASSWORD);
    expect(await rolesOf(owner)).toEqual(['admin']);
  });

  it("replaces an unconfirmed sign-up of the owner's e-mail instead of keeping its password", async () => {
    const email = uniqueEmail('dona.sequestrada');
    // Someone else signed up with the owner's address first and never confirmed it.
    const attacker = await service.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { email, password: 'senha-do-atacante', fullName: 'Atacante' } });
    expect(attacker.statusCode).toBe(201);
    const { stdout } = await createOwner(email);
    expect(stdout).toContain(`owner ready: ${email} (admin): replaced an unconfirmed sign-up`);
    expect((await service.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password: 'senha-do-atacante' } })).statusCode).toBe(401);
    const owner = await signInEnrolling(service, email, OWNER_PASSWORD);
    expect(await rolesOf(owner)).toEqual(['admin']);
    expect((await service.app.inject({ method: 'GET', url: '/api/me', headers: bearer(owner) })).json().user.fullName).toBe('Dona');
    // The attacker's confirmation link died with the sign-up.
    const user = await service.db.orm.em.fork().findOneOrFail(User, { email });
    expect(user.emailConfirmedAt).not.toBeNull();
  });

  it('says so when it gives an existing confirmed account the typed password', async () => {
    const email = uniqueEmail('dona.existente');
    await signUpConfirmed(service, email, 'senha-antiga1');
    const before = await signIn(service, email, 'senha-antiga1');
    const { stdout } = await createOwner(email);
    expect(stdout).toContain('existing confirmed account; its password is now the one given and its sessions were signed out');
    expect((await service.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { cookie: before.cookie } })).statusCode).toBe(401);
    expect(await rolesOf(await signInEnrolling(service, email, OWNER_PASSWORD))).toEqual(['admin']);
  });

  afterAll(async () => {
    await service.db.orm.em.fork().nativeDelete(UserRole, { role: 'admin' }); // free the 3 admin slots for the demo accounts
  });

  it('holds the owner to the panel strength rule', async () => {
    const weak = createOwner(uniqueEmail('dona.fraca'), 'senhafraca-sem-numero');
    await expect(weak).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('Inclua pelo menos um número.') });
  });

  it('refuses a missing or short password, and any password on the command line', async () => {
    await expect(createOwner('x@y.com', 'curta')).rejects.toMatchObject({ code: 2 });
    await expect(createOwner('x@y.com', '')).rejects.toMatchObject({ code: 2 });
    await expect(run(process.execPath, ['src/scripts/create-owner.ts', '--email', 'x@y.com', '--password', OWNER_PASSWORD], { env: { ...process.env, DATABASE_URL: service.config.databaseUrl! } })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('refusing --password'),
    });
  });
});

describe('demo accounts', () => {
  it('creates a customer, an admin and a developer, with new passwords at every start', async () => {
    const first = await seedDemoAccounts(service.db.orm.em.fork(), systemClock);
    for (const demo of first) expect(passwordStrength(demo.password)).toEqual({ valid: true, feedback: [] }); // staff rule for every demo account
    expect(first.map((a) => a.roles)).toEqual([[], ['admin'], ['admin', 'developer']]);
    const second = await seedDemoAccounts(service.db.orm.em.fork(), systemClock);
    expect(second[0]!.password).not.toBe(first[0]!.password);
    await signIn(service, second[0]!.email, second[0]!.password);
    await expect(signIn(service, first[0]!.email, first[0]!.password)).rejects.toThrow();
    const dev = await signIn(service, second[2]!.email, second[2]!.password);
    expect((await service.app.inject({ method: 'GET', url: '/api/me/roles', headers: bearer(dev) })).json().roles).toEqual(['admin', 'developer']);
  });
});
