/**
 * Service-wide defences, over the real service: the client IP is the socket address
 * unless TRUST_PROXY names the proxies (hole 3), the API's security headers and CORS, mail links
 * kept out of logs and storage once delivered through SMTP (hole 9, against a local SMTP server
 * speaking the real protocol), the local mail mode announced at start, and the service process
 * refusing weak production secrets (hole 5) and printing the owner setup link while no admin
 * exists (hole 2); an order-tracking link's token masked in the access log.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { ORDER_TRACKING_TOKEN_LENGTH } from '@prata/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminLog } from '../src/modules/audit/admin-log.entity.ts';
import { CLEARED_BODY } from '../src/mail/mailer.ts';
import { OutboxEmail } from '../src/mail/outbox-email.entity.ts';
import { uniqueEmail } from './accounts.ts';
import { freePort } from './free-port.ts';
import { createDatabase, createTestService, type TestService } from './helpers.ts';
import { startSmtpDouble } from './smtp-double.ts';

// Each test's services close when it ends: a service holds its pools' connections, and the
// file's services, all alive until its end, came near the test server's connection limit.
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function service(env: Record<string, string> = {}): Promise<TestService> {
  const created = await createTestService(env);
  closers.push(() => created.close());
  return created;
}

/**
 * The test service (createTestService: the same settings, no background job ticks) with a logger
 * at `info` whose JSON lines the test reads.
 */
async function serviceWithLog(env: Record<string, string>): Promise<TestService & { logLines: () => string }> {
  let log = '';
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  const created = await createTestService(env, undefined, pino({ level: 'info' }, sink));
  closers.push(() => created.close());
  return { ...created, logLines: () => log };
}

const failedSignIn = (target: TestService, forwardedFor: string) =>
  target.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: uniqueEmail('ninguem'), password: 'errada' }, headers: { 'x-forwarded-for': forwardedFor } });

describe('client IP', () => {
  it('ignores X-Forwarded-For by default: the audit log keeps the socket address', async () => {
    const direct = await service();
    expect((await failedSignIn(direct, '203.0.113.9')).statusCode).toBe(401);
    const row = await direct.db.orm.em.fork().findOneOrFail(AdminLog, { action: 'login_failed' });
    expect(row.ipAddress).toBe('127.0.0.1');
  });

  it('reads the client from X-Forwarded-For only through the configured proxies', async () => {
    const proxied = await service({ TRUST_PROXY: '1' });
    await failedSignIn(proxied, '198.51.100.20, 203.0.113.9');
    const row = await proxied.db.orm.em.fork().findOneOrFail(AdminLog, { action: 'login_failed' });
    expect(row.ipAddress).toBe('203.0.113.9'); // the hop our one proxy added, not what the client wrote before it
    const byAddress = await service({ TRUST_PROXY: '10.0.0.0/8' });
    await failedSignIn(byAddress, '203.0.113.9');
    expect((await byAddress.db.orm.em.fork().findOneOrFail(AdminLog, { action: 'login_failed' })).ipAddress).toBe('127.0.0.1'); // 127.0.0.1 is not a listed proxy
  });
});

describe('headers and CORS', () => {
  it('sends helmet headers: nothing may run or frame the API, nosniff, no referrer, HSTS only on https', async () => {
    const api = await service();
    const response = await api.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    const secure = await service({ PUBLIC_API_URL: 'https://api.loja.com.br' });
    expect((await secure.app.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('admits only the configured origins and lets browsers cache the preflight', async () => {
    const api = await service();
    const preflight = (origin: string) =>
      api.app.inject({ method: 'OPTIONS', url: '/api/me', headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
    const store = await preflight('http://127.0.0.1:8080');
    expect(store.headers['access-control-allow-origin']).toBe('http://127.0.0.1:8080');
    expect(store.headers['access-control-allow-credentials']).toBe('true');
    expect(store.headers['access-control-max-age']).toBe('7200');
    const foreign = await preflight('https://loja-falsa.example');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const read = await api.app.inject({ method: 'GET', url: '/api/products', headers: { origin: 'https://loja-falsa.example' } });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('one-time links', () => {
  it("masks an order-tracking link's token in the access log (the token is the link's authorisation)", async () => {
    const logged = await serviceWithLog({});
    const token = 'k'.repeat(ORDER_TRACKING_TOKEN_LENGTH);
    expect((await logged.app.inject({ method: 'GET', url: `/api/order-tracking/${token}` })).statusCode).toBe(404);
    expect(logged.logLines()).toContain('"url":"/api/order-tracking/:token"');
    expect(logged.logLines()).not.toContain(token);
  });

  it('says at start that the local mail mode prints links, and prints them', async () => {
    const local = await serviceWithLog({});
    expect(local.logLines()).toContain('SMTP_URL is not set: local mail mode');
    const email = uniqueEmail();
    await local.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { email, password: 'segredo123', fullName: 'Ana' } });
    const stored = await local.db.orm.em.fork().findOneOrFail(OutboxEmail, { to: email });
    expect(stored.link).toMatch(/confirmar=/);
    expect(local.logLines()).toContain(stored.link!);
  });

  it('with MAIL_DISABLED=true, sends nothing and neither logs nor keeps the link', async () => {
    const disabled = await serviceWithLog({ MAIL_DISABLED: 'true' });
    expect(disabled.logLines()).toContain('MAIL_DISABLED=true: no e-mail is sent');
    const email = uniqueEmail();
    expect((await disabled.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { email, password: 'segredo123', fullName: 'Ana' } })).statusCode).toBe(201);
    const stored = await disabled.db.orm.em.fork().findOneOrFail(OutboxEmail, { to: email });
    expect(stored.link).toBeNull();
    expect(disabled.logLines()).not.toContain('confirmar=');
  });

  it('with SMTP, delivers the link, never logs it, and clears the stored copy once sent', async () => {
    const smtp = await startSmtpDouble();
    closers.push(() => smtp.close());
    const received = smtp.received;
    const relayed = await serviceWithLog({ SMTP_URL: smtp.url });
    expect(relayed.logLines()).not.toContain('local mail mode');

    const email = uniqueEmail();
    expect((await relayed.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { email, password: 'segredo123', fullName: 'Ana' } })).statusCode).toBe(201);
    expect(received).toHaveLength(1);
    // The message body is quoted-printable (RFC 2045): undo soft breaks and =XX escapes.
    const body = received[0]!.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    const token = /confirmar=([\w-]+)/.exec(body)![1]!;
    expect(token.length).toBeGreaterThanOrEqual(40);

    const stored = await relayed.db.orm.em.fork().findOneOrFail(OutboxEmail, { to: email });
    expect(stored.sentAt).not.toBeNull();
    expect(stored.link).toBeNull();
    expect(stored.text).toBe(CLEARED_BODY);
    expect(relayed.logLines()).not.toContain(token);
    // The delivered link still works: only its hash was kept.
    expect((await relayed.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } })).statusCode).toBe(200);
  });
});

describe('the service process', () => {
  const start = (env: Record<string, string>) =>
    spawn(process.execPath, ['src/server.ts'], { stdio: 'pipe', env: { ...process.env, LOG_LEVEL: 'info', DEMO_ACCOUNTS: 'false', ...env } });
  const output = (child: ReturnType<typeof start>) => {
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    return () => text;
  };

  it('refuses to start in production with a missing, short or well-known secret, saying how to make one', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'JWT_SECRET is not set'],
      [{ JWT_SECRET: 'change-me-to-a-long-random-secret-value', ENCRYPTION_KEY: 'k'.repeat(8) + 'QxZ1-Ab9_Tr4Lm7Pw2Ks5Vn8Hd3Jf6Gc0Yb' }, 'JWT_SECRET is a well-known or guessable value'],
    ];
    for (const [env, message] of cases) {
      const child = start({ NODE_ENV: 'production', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', JWT_SECRET: '', ENCRYPTION_KEY: '', ...env });
      const text = output(child);
      const [code] = (await once(child, 'exit')) as [number];
      expect(code).toBe(1);
      expect(text()).toContain(message);
      expect(text()).toContain('openssl rand -base64 48');
      expect(text()).not.toMatch(/\n\s+at /); // a message, not a stack trace
    }
    // Two service processes loaded one after the other: ~4 s each idle, 30 s was passed on a loaded machine.
  }, 120_000);

  it('prints a one-time owner setup link at start while no admin exists', async () => {
    const database = await createDatabase();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'prata-svc-'));
    closers.push(async () => {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    });
    const child = start({ DATABASE_URL: database.url, DATA_DIR: dataDir, API_PORT: String(await freePort()) });
    const text = output(child);
    try {
      await expect.poll(text, { timeout: 60_000, interval: 200 }).toMatch(/API ready/);
      expect(text()).toMatch(/No admin account yet[^\n]*\n\s+http:\/\/127\.0\.0\.1:8080\/admin\/login\?primeiro-acesso=[\w-]{40,}/);
      expect(text()).toContain('SMTP_URL is not set: local mail mode');
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });
});
