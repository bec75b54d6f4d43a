/** `npm run create-owner` (a real process on a fresh database) and the demo accounts. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoAccounts } from '../src/database/seeders/demo-accounts.ts';
import { systemClock } from '../src/lib/clock.ts';
import { bearer, signIn } from './accounts.ts';
import { createTestService, type TestService } from './helpers.ts';

const run = promisify(execFile);
let service: TestService;

beforeAll(async () => {
  service = await createTestService();
});
afterAll(async () => service?.close());

describe('create-owner', () => {
  it('creates a confirmed admin from the command line', async () => {
    const { stdout } = await run(process.execPath, ['src/scripts/create-owner.ts', '--email', 'Dona@Loja.com.br', '--password', 'senha-da-dona', '--name', 'Dona'], {
      env: { ...process.env, DATABASE_URL: service.config.databaseUrl!, DATA_DIR: service.dataDir },
    });
    expect(stdout).toContain('owner ready: dona@loja.com.br (admin)');
    const owner = await signIn(service, 'dona@loja.com.br', 'senha-da-dona');
    expect((await service.app.inject({ method: 'GET', url: '/api/me/roles', headers: bearer(owner) })).json()).toEqual({ roles: ['admin'] });
  });

  it('refuses a missing or short password', async () => {
    await expect(run(process.execPath, ['src/scripts/create-owner.ts', '--email', 'x@y.com', '--password', 'curta'], { env: { ...process.env, DATABASE_URL: service.config.databaseUrl! } })).rejects.toMatchObject({
      code: 2,
    });
  });
});

describe('demo accounts', () => {
  it('creates a customer, an admin and a developer, with new passwords at every start', async () => {
    const first = await seedDemoAccounts(service.db.orm.em.fork(), systemClock);
    expect(first.map((a) => a.roles)).toEqual([[], ['admin'], ['admin', 'developer']]);
    const second = await seedDemoAccounts(service.db.orm.em.fork(), systemClock);
    expect(second[0]!.password).not.toBe(first[0]!.password);
    await signIn(service, second[0]!.email, second[0]!.password);
    await expect(signIn(service, first[0]!.email, first[0]!.password)).rejects.toThrow();
    const dev = await signIn(service, second[2]!.email, second[2]!.password);
    expect((await service.app.inject({ method: 'GET', url: '/api/me/roles', headers: bearer(dev) })).json().roles).toEqual(['admin', 'developer']);
  });
});
