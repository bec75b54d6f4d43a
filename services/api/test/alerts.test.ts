/**
 * Alert rules: developers keep rules (kind, threshold, window, channel, mute); the
 * `alert-evaluation` job fires a rule when its count over the window reaches the threshold, once
 * per window however long it keeps matching, never while muted, and records each firing with its
 * delivery outcome. E-mail goes through the mail outbox; webhooks reach a local HTTP receiver with
 * Slack's `{ "text": ... }` body (private addresses admitted only by ALERT_WEBHOOK_ALLOW_PRIVATE;
 * without it such a URL is refused when saved). Real PostgreSQL and job queue, the clock moved.
 */
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertFiringListSchema, alertRuleSchema, type AlertFiring } from '@prata/contracts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { TestClock, createTestService, type TestService } from './helpers.ts';
import { HttpDouble } from './http-double.ts';

/** A Slack-compatible incoming webhook: keeps each POSTed JSON body; answers 200, or `failWith`. */
class WebhookReceiver extends HttpDouble {
  readonly bodies: unknown[] = [];

  protected async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    this.bodies.push(JSON.parse(raw));
    this.json(res, this.failWith ?? 200, { ok: this.failWith === null });
  }
}

const MINUTE = 60_000;
const clock = new TestClock(Date.now());
const receiver = new WebhookReceiver();
let service: TestService;
let developer: SignedIn;

beforeAll(async () => {
  await receiver.start();
  service = await createTestService({ ALERT_WEBHOOK_ALLOW_PRIVATE: 'true', JOB_MONITOR_GRACE_MS: '0' }, clock);
  developer = await account(service, ['developer'], 'dev');
});

afterAll(async () => {
  await service?.close();
  await receiver.stop();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who: SignedIn | null = developer) =>
  service.app.inject({ method, url, headers: who ? bearer(who) : {}, ...(payload ? { payload } : {}) });

async function createRule(rule: object): Promise<string> {
  const response = await call('POST', '/api/developer/alert-rules', rule);
  expect(response.statusCode, response.body).toBe(201);
  return alertRuleSchema.parse(response.json()).id;
}

async function firingsOf(ruleId: string): Promise<AlertFiring[]> {
  const response = await call('GET', '/api/developer/alert-firings');
  expect(response.statusCode).toBe(200);
  return alertFiringListSchema.parse(response.json()).filter((firing) => firing.ruleId === ruleId);
}

const sql = <T>(text: string, params: unknown[] = []) => service.db.orm.em.getConnection().execute<T[]>(text, params);

async function deadLetter(handler: string): Promise<void> {
  await sql("insert into dead_letters (id, source, handler, error, attempts, created_at) values (gen_random_uuid(), 'outbox', ?, 'boom', 5, ?)", [handler, clock.now()]);
}

const evaluate = () => service.app.monitoring.alerts.evaluate(service.app.orm.em.fork());

describe('alert rules: access and validation', () => {
  it('are for developers only', async () => {
    const customer = await account(service);
    expect((await call('GET', '/api/developer/alert-rules', undefined, null)).statusCode).toBe(401);
    expect((await call('GET', '/api/developer/alert-rules', undefined, customer)).statusCode).toBe(403);
    expect((await call('GET', '/api/developer/alert-firings', undefined, customer)).statusCode).toBe(403);
  });

  it('refuse a malformed rule in pt-BR, and edit and delete a rule', async () => {
    const bad = await call('POST', '/api/developer/alert-rules', { name: '', kind: 'x', threshold: 0, windowMinutes: 5, channel: 'email', destination: 'nao-e-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Informe um nome');
    const id = await createRule({ name: 'Provisória', kind: 'dead_letters', threshold: 1, windowMinutes: 5, channel: 'email', destination: 'dev@prata925.com.br' });
    const edited = await call('PUT', `/api/developer/alert-rules/${id}`, { name: 'Editada', kind: 'new_issue', threshold: 3, windowMinutes: 15, channel: 'email', destination: 'ops@prata925.com.br', mutedUntil: null });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Editada', kind: 'new_issue', threshold: 3, windowMinutes: 15, destination: 'ops@prata925.com.br' });
    expect((await call('DELETE', `/api/developer/alert-rules/${id}`)).statusCode).toBe(204);
    const missing = await call('DELETE', `/api/developer/alert-rules/${id}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Regra de alerta não encontrada');
  });
});

describe('alert rules: firing', () => {
  it('e-mail a dead-letters rule once per window while it keeps matching, then again in the next window', async () => {
    const id = await createRule({ name: 'Falhas definitivas', kind: 'dead_letters', threshold: 2, windowMinutes: 10, channel: 'email', destination: 'plantao@prata925.com.br' });
    await deadLetter('invoice-issue');
    await service.app.jobs.tick();
    expect(await firingsOf(id)).toHaveLength(0); // 1 < threshold 2
    await deadLetter('notify-admins');
    clock.advance(MINUTE);
    await service.app.jobs.tick();
    const [firing] = await firingsOf(id);
    expect(firing).toMatchObject({ ruleName: 'Falhas definitivas', delivery: 'sent', deliveryError: null });
    expect(firing!.summary).toContain('Falhas definitivas: 2 nos últimos 10 min (limite 2)');
    const mails = await sql<{ subject: string; text: string }>('select subject, text from outbox_emails where "to" = ?', ['plantao@prata925.com.br']);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('[Alerta] Falhas definitivas');

    await deadLetter('invoice-issue');
    clock.advance(5 * MINUTE);
    await service.app.jobs.tick();
    expect(await firingsOf(id)).toHaveLength(1); // still matching, same window: no second firing
    clock.advance(6 * MINUTE);
    await deadLetter('invoice-issue');
    await deadLetter('invoice-issue');
    await service.app.jobs.tick();
    expect(await firingsOf(id)).toHaveLength(2);
    expect((await call('DELETE', `/api/developer/alert-rules/${id}`)).statusCode).toBe(204);
  });

  it('post a missed-job rule to the webhook as Slack text, not while it is muted', async () => {
    const mutedUntil = new Date(clock.now().getTime() + 10 * MINUTE).toISOString();
    const id = await createRule({ name: 'Tarefas paradas', kind: 'missed_job', threshold: 1, windowMinutes: 30, channel: 'webhook', destination: `${receiver.url}/hooks/alertas`, mutedUntil });
    await service.app.jobs.tick();
    // The queue stops: nothing ticks for 5 minutes, so every one-minute job is late.
    clock.advance(5 * MINUTE);
    await evaluate();
    expect(await firingsOf(id)).toHaveLength(0); // muted
    clock.advance(6 * MINUTE);
    expect(await evaluate()).toBeGreaterThanOrEqual(1);
    const [firing] = await firingsOf(id);
    expect(firing).toMatchObject({ delivery: 'sent' });
    expect(firing!.summary).toContain('reservation-cleanup');
    expect(receiver.bodies).toHaveLength(1);
    const body = receiver.bodies[0] as { text: string };
    expect(Object.keys(body)).toEqual(['text']);
    expect(body.text).toMatch(/^\[Alerta\] Tarefas paradas\nTarefa agendada atrasada: \d+ nos últimos 30 min/);
    expect((await call('DELETE', `/api/developer/alert-rules/${id}`)).statusCode).toBe(204);
    await service.app.jobs.tick();
  });

  it('record a failed webhook delivery, and fire for uptime failures and new error groups', async () => {
    receiver.failWith = 500;
    const uptimeRule = await createRule({ name: 'Loja fora do ar', kind: 'uptime_failure', threshold: 2, windowMinutes: 5, channel: 'webhook', destination: `${receiver.url}/hooks/uptime` });
    for (const target of ['store-home', 'catalogue-api']) {
      await sql("insert into uptime_checks (id, target, url, checked_at, status, latency_ms, outcome, error) values (gen_random_uuid(), ?, 'http://loja', ?, 500, 12, 'down', 'HTTP 500')", [target, clock.now()]);
    }
    const issueRule = await createRule({ name: 'Erro novo', kind: 'new_issue', threshold: 1, windowMinutes: 60, channel: 'email', destination: 'erros@prata925.com.br' });
    await service.app.systemErrors.report(service.app.orm.em.fork(), { errorType: 'TypeError', errorMessage: 'x is undefined', pageUrl: '/carrinho', remote: 'checkout', version: '0.1.0' }, 'server');
    clock.advance(MINUTE);
    await service.app.jobs.tick();
    expect(await firingsOf(uptimeRule)).toEqual([expect.objectContaining({ delivery: 'failed', deliveryError: 'Webhook respondeu HTTP 500' })]);
    const [issue] = await firingsOf(issueRule);
    expect(issue).toMatchObject({ delivery: 'sent' });
    expect(issue!.summary).toContain('TypeError: x is undefined');
    receiver.failWith = null;
  });

  it('list rules with when each last fired', async () => {
    const response = await call('GET', '/api/developer/alert-rules');
    expect(response.statusCode).toBe(200);
    expect(response.json().map((rule: { name: string; lastFiredAt: string | null }) => [rule.name, rule.lastFiredAt !== null])).toEqual([
      ['Loja fora do ar', true],
      ['Erro novo', true],
    ]);
  });

  it('fire for a regression, and for the versions whose error events, crash rate or p75 LCP reach the threshold', async () => {
    const em = () => service.app.orm.em.fork();
    const now = () => clock.now();
    // A resolved issue back in a newer version.
    const bug = { errorType: 'RangeError', errorMessage: 'parcela inválida', pageUrl: '/checkout', remote: 'checkout' };
    const first = await service.app.systemErrors.report(em(), { ...bug, version: '0.1.0' }, 'server');
    expect((await call('POST', `/api/developer/errors/${first.id}/resolve`)).statusCode).toBe(200);
    // Error events of one version: 6 of storefront 9.9.0, 2 of storefront 9.8.0.
    for (let i = 0; i < 6; i += 1) await service.app.systemErrors.report(em(), { errorType: 'TypeError', errorMessage: `falha ${i % 2}`, remote: 'storefront', version: '9.9.0' }, 'server');
    for (let i = 0; i < 2; i += 1) await service.app.systemErrors.report(em(), { errorType: 'TypeError', errorMessage: 'falha 0', remote: 'storefront', version: '9.8.0' }, 'server');
    // Sessions: 9.9.0 has 3 of 10 crashed (30 %), 9.8.0 1 of 10 (10 %), 9.7.0 only 4 sessions, all crashed (too few to judge).
    for (const [version, total, crashed] of [['9.9.0', 10, 3], ['9.8.0', 10, 1], ['9.7.0', 4, 4]] as const) {
      for (let i = 0; i < total; i += 1) {
        await sql('insert into release_sessions (session_key, app, version, started_at, last_seen_at, crashed) values (?, ?, ?, ?, ?, ?)', [`s-${version}-${i}`, 'storefront', version, now(), now(), i < crashed]);
      }
    }
    // LCP: 9.9.0 samples 1000..10000 ms (p75, interpolated as percentile_cont does: 7000 + 0.75 * 1000 = 7750), 9.8.0 ten of 1200 ms.
    for (let i = 1; i <= 10; i += 1) {
      for (const [version, value] of [['9.9.0', i * 1000], ['9.8.0', 1200]] as const) {
        await sql("insert into web_vital_samples (id, occurred_at, app, version, route, metric, value, session_key) values (gen_random_uuid(), ?, 'storefront', ?, '/', 'LCP', ?, ?)", [now(), version, value, `v-${version}-${i}`]);
      }
    }
    const rules = {
      regression: await createRule({ name: 'Regressão', kind: 'regression', threshold: 1, windowMinutes: 30, channel: 'email', destination: 'erros@prata925.com.br' }),
      errors: await createRule({ name: 'Erros por versão', kind: 'error_rate', threshold: 5, windowMinutes: 30, channel: 'email', destination: 'erros@prata925.com.br' }),
      crashes: await createRule({ name: 'Sessões com falha', kind: 'crash_rate', threshold: 25, windowMinutes: 30, channel: 'email', destination: 'erros@prata925.com.br' }),
      lcp: await createRule({ name: 'LCP', kind: 'vitals_p75', threshold: 4000, windowMinutes: 30, channel: 'email', destination: 'erros@prata925.com.br' }),
      lcpHigh: await createRule({ name: 'LCP alto', kind: 'vitals_p75', threshold: 8000, windowMinutes: 30, channel: 'email', destination: 'erros@prata925.com.br' }),
    };
    clock.advance(MINUTE);
    await service.app.jobs.tick();
    // Nothing has regressed yet: the resolved issue has not come back.
    expect(await firingsOf(rules.regression)).toEqual([]);
    const summaryOf = async (ruleId: string) => (await firingsOf(ruleId)).map((firing) => firing.summary);
    expect(await summaryOf(rules.errors)).toEqual([expect.stringContaining('storefront 9.9.0: 6 eventos')]);
    expect((await summaryOf(rules.errors))[0]).not.toContain('9.8.0');
    expect(await summaryOf(rules.crashes)).toEqual([expect.stringContaining('storefront 9.9.0: 30 % das sessões com falha')]);
    expect((await summaryOf(rules.crashes))[0]).not.toMatch(/9\.[78]\.0/);
    expect(await summaryOf(rules.lcp)).toEqual([expect.stringContaining('storefront 9.9.0: 7750 ms')]);
    expect(await firingsOf(rules.lcpHigh)).toEqual([]);

    await service.app.systemErrors.report(em(), { ...bug, version: '0.2.0' }, 'server');
    clock.advance(MINUTE);
    await service.app.jobs.tick();
    expect(await summaryOf(rules.regression)).toEqual([expect.stringContaining('RangeError: parcela inválida')]);
    await Promise.all(Object.values(rules).map((id) => call('DELETE', `/api/developer/alert-rules/${id}`)));
  });

  it('keep firings for ALERT_FIRING_RETENTION_DAYS (90): the hourly retention deletes older ones', async () => {
    const firedAt = (daysAgo: number) => new Date(clock.now().getTime() - daysAgo * 24 * 60 * MINUTE);
    for (const [name, daysAgo] of [['Antigo', 91], ['Recente', 89]] as const) {
      await sql("insert into alert_firings (id, rule_id, rule_name, fired_at, summary, delivery) values (gen_random_uuid(), null, ?, ?, 'x', 'sent')", [name, firedAt(daysAgo)]);
    }
    clock.advance(61 * MINUTE);
    await service.app.jobs.tick();
    const names = (await sql<{ rule_name: string }>("select rule_name from alert_firings where rule_name in ('Antigo', 'Recente')")).map((row) => row.rule_name);
    expect(names).toEqual(['Recente']);
  });

  it('leave the schema as the migration made it', async () => {
    const diff = await service.db.orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff).not.toMatch(/alert_|regressed_at/);
  });
});

describe('alert webhooks without ALERT_WEBHOOK_ALLOW_PRIVATE', () => {
  let strict: TestService;
  beforeAll(async () => {
    strict = await createTestService();
  });
  afterAll(async () => {
    await strict?.close();
  });

  it('refuse a plain-http or private webhook URL when the rule is saved', async () => {
    const dev = await account(strict, ['developer'], 'dev');
    for (const [destination, message] of [
      ['http://hooks.example.com/x', 'Use uma URL https'],
      ['https://127.0.0.1:9/x', 'Endereços privados ou locais não são permitidos'],
      ['https://169.254.169.254/latest/meta-data', 'Endereços privados ou locais não são permitidos'],
    ]) {
      const response = await strict.app.inject({
        method: 'POST',
        url: '/api/developer/alert-rules',
        headers: bearer(dev),
        payload: { name: 'Webhook', kind: 'dead_letters', threshold: 1, windowMinutes: 5, channel: 'webhook', destination },
      });
      expect(response.statusCode, destination).toBe(400);
      expect(response.json()).toMatchObject({ message: 'URL do webhook recusada' });
      expect(response.body).toContain(message);
    }
  });
});
