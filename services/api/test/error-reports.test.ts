/**
 * Error reports keep no one-time token and do not grow forever (review items 10 and 11):
 * - the review's black-box step: a report from `/reset-password?token=T` (and the other pages that
 *   receive tokens) is stored without its query string or fragment; ordinary URLs are kept;
 * - rows last seen more than ERROR_RETENTION_DAYS ago are deleted by the retention job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactPageUrl } from '@prata/contracts';
import { SystemError } from '../src/modules/system-errors/system-error.entity.ts';
import { createTestService, TestClock, type TestService } from './helpers.ts';

const clock = new TestClock(Date.parse('2026-11-25T12:00:00Z'));
let service: TestService;

beforeAll(async () => {
  service = await createTestService({ ERROR_RETENTION_DAYS: '30' }, clock);
});
afterAll(async () => service?.close());

const report = (pageUrl: string, message: string) =>
  service.app.inject({ method: 'POST', url: '/api/errors', payload: { errorType: 'remote_load_failure', errorMessage: message, pageUrl, remote: 'storefront' } });
const stored = async (message: string) => (await service.db.orm.em.fork().findOneOrFail(SystemError, { errorMessage: message })).pageUrl;

describe('error reports', () => {
  it("cannot pose as the service's own errors (security review 2026-11-29 #15): remote 'api' from a browser is a 400", async () => {
    const posing = await service.app.inject({ method: 'POST', url: '/api/errors', payload: { errorType: 'Error', errorMessage: 'falso erro do servidor', remote: 'api', version: '0.1.0' } });
    expect(posing.statusCode).toBe(400);
    expect(posing.json()).toEqual({ error: 'validation', message: 'Dados inválidos', issues: [{ path: 'body.remote', message: 'Origem reservada ao serviço' }] });
    expect(await service.db.orm.em.fork().count(SystemError, { errorMessage: 'falso erro do servidor' })).toBe(0);
  });

  it('store no one-time token from the pages that receive them', async () => {
    const token = 'a'.repeat(43);
    const cases: [string, string][] = [
      [`http://127.0.0.1:8080/reset-password?token=${token}`, 'http://127.0.0.1:8080/reset-password'],
      [`http://127.0.0.1:8080/auth?confirmar=${token}`, 'http://127.0.0.1:8080/auth'],
      [`http://127.0.0.1:8080/auth?novo-email=${token}#topo`, 'http://127.0.0.1:8080/auth'],
      [`http://127.0.0.1:8080/admin/login?primeiro-acesso=${token}`, 'http://127.0.0.1:8080/admin/login'],
      [`http://127.0.0.1:8080/qualquer?x=1&token=${token}`, 'http://127.0.0.1:8080/qualquer'],
      ['http://127.0.0.1:8080/produtos?categoria=aneis', 'http://127.0.0.1:8080/produtos?categoria=aneis'],
    ];
    for (const [index, [sent, kept]] of cases.entries()) {
      expect((await report(sent, `falha ${"abcdefgh"[index]}`)).statusCode).toBe(202);
      expect(await stored(`falha ${"abcdefgh"[index]}`)).toBe(kept);
    }
    expect(redactPageUrl('/reset-password?token=x')).toBe('/reset-password');
  });

  it('are deleted once last seen more than ERROR_RETENTION_DAYS ago', async () => {
    expect((await report('http://127.0.0.1:8080/', 'antigo')).statusCode).toBe(202);
    clock.advance(20 * 86_400_000);
    expect((await report('http://127.0.0.1:8080/', 'recente')).statusCode).toBe(202);
    clock.advance(11 * 86_400_000);
    await service.app.jobs.tick();
    const messages = (await service.db.orm.em.fork().find(SystemError, {})).map((row) => row.errorMessage);
    expect(messages).toContain('recente');
    expect(messages).not.toContain('antigo');
  });
});
