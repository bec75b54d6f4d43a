/**
 * Error issues: reports grouped by fingerprint into issues with counts, users affected,
 * versions and events with breadcrumbs; resolved issues reopen as regressions only from a version
 * first seen after the resolution; ignored ones stay ignored; the list filters, orders and pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_EVENTS_KEPT, type Breadcrumb, errorIssueDetailSchema, errorIssuePageSchema, systemErrorSchema, type ErrorReport } from '@prata/contracts';
import { account, bearer, STAFF_PASSWORD, type SignedIn } from './accounts.ts';
import { sql } from './admin-fixtures.ts';
import { createTestService, TestClock, type TestService } from './helpers.ts';

const clock = new TestClock(Date.parse('2026-11-27T12:00:00Z'));
let service: TestService;
let developer: SignedIn;
let address = 0;

beforeAll(async () => {
  service = await createTestService({ ERROR_REPORTS_PER_MINUTE: '1000' }, clock);
  developer = await account(service, ['developer'], 'dev', STAFF_PASSWORD);
});
afterAll(async () => service?.close());

const stackOf = (version: string, chunk = '275.3e738475') =>
  `TypeError: x\n    at a (http://127.0.0.1:8080/remotes/storefront/${version}/${chunk}.js:1:48213)\n    at b (http://127.0.0.1:8080/assets/shell.9f8e7d6c5b4a.js:2:77)`;

/** Reports one error as a browser would (each from its own address, so no rate limit interferes). */
async function report(body: Partial<ErrorReport> & { errorMessage: string }, headers: Record<string, string> = {}) {
  address += 1;
  clock.advance(1000);
  const response = await service.app.inject({
    method: 'POST',
    url: '/api/errors',
    remoteAddress: `203.0.113.${(address % 250) + 1}`,
    headers,
    payload: { errorType: 'TypeError', remote: 'storefront', version: '0.1.0-aaaaaaaa', errorStack: stackOf(body.version ?? '0.1.0-aaaaaaaa'), ...body },
  });
  expect(response.statusCode, response.body).toBe(202);
  return response.json() as { id: string; count: number };
}

const get = async (url: string) => {
  const response = await service.app.inject({ method: 'GET', url, headers: bearer(developer) });
  return response;
};
const issue = async (id: string) => {
  const response = await get(`/api/developer/issues/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return errorIssueDetailSchema.parse(response.json());
};
const setStatus = async (id: string, status: string) => service.app.inject({ method: 'POST', url: `/api/developer/issues/${id}/status`, headers: bearer(developer), payload: { status } });
const list = async (query: string) => errorIssuePageSchema.parse((await get(`/api/developer/issues?${query}`)).json());

describe('error issues', () => {
  it('count the same bug with other ids into one issue, users once each, events with breadcrumbs', async () => {
    const breadcrumbs = [
      { at: '2026-11-27T11:59:50.000Z', category: 'navigation', message: '/produtos' },
      { at: '2026-11-27T11:59:55.000Z', category: 'http', message: 'GET /api/products 200' },
      { at: '2026-11-27T11:59:58.000Z', category: 'click', message: 'button "Adicionar ao carrinho"' },
    ] satisfies Breadcrumb[];
    const first = await report({ errorMessage: 'Produto 3fa85f64-5717-4562-b3fc-2c963f66afa6 sem estoque (3)', sessionId: 'sessao-aaaa-1111', breadcrumbs });
    const second = await report({ errorMessage: 'Produto 7c9e6679-7425-40de-944b-e07fc1f90ae7 sem estoque (12)', sessionId: 'sessao-bbbb-2222' });
    const third = await report({ errorMessage: 'Produto 7c9e6679-7425-40de-944b-e07fc1f90ae7 sem estoque (1)', sessionId: 'sessao-aaaa-1111' });
    const signedIn = await report({ errorMessage: 'Produto 7c9e6679-7425-40de-944b-e07fc1f90ae7 sem estoque (2)' }, bearer(developer));
    expect([second.id, third.id, signedIn.id]).toEqual([first.id, first.id, first.id]);
    expect(signedIn.count).toBe(4);
    const other = await report({ errorMessage: 'Carrinho vazio', sessionId: 'sessao-aaaa-1111' });
    expect(other.id).not.toBe(first.id);

    const detail = await issue(first.id);
    expect(detail.issue).toMatchObject({ count: 4, usersAffected: 3, status: 'unresolved', versions: ['0.1.0-aaaaaaaa'], regression: false, level: 'error' });
    expect(detail.events).toHaveLength(4);
    expect(detail.events.at(-1)!.breadcrumbs).toEqual(breadcrumbs);
    expect(detail.events.at(-1)!.frames[0]).toMatchObject({ function: 'a', line: 1, column: 48213, inApp: true, mapped: false });
  });

  it(`keep the newest ${ERROR_EVENTS_KEPT} events of an issue and count them all`, async () => {
    let last = { id: '', count: 0 };
    for (let i = 0; i < ERROR_EVENTS_KEPT + 3; i += 1) {
      last = await report({ errorType: 'RangeError', errorMessage: `Página ${i} fora do intervalo` });
    }
    const detail = await issue(last.id);
    expect(detail.issue.count).toBe(ERROR_EVENTS_KEPT + 3);
    expect(detail.events).toHaveLength(ERROR_EVENTS_KEPT);
    expect(detail.events[0]!.message).toBe(`Página ${ERROR_EVENTS_KEPT + 2} fora do intervalo`);
  });

  it('reopen a resolved issue as a regression only from a version first seen after it was resolved', async () => {
    const { id } = await report({ errorType: 'SyntaxError', errorMessage: 'JSON inválido' });
    expect((await setStatus(id, 'resolved')).json()).toMatchObject({ status: 'resolved', resolved: true, resolvedBy: developer.userId });
    // A tab still running the version it was resolved in: counted, stays resolved.
    const stale = await report({ errorType: 'SyntaxError', errorMessage: 'JSON inválido' });
    expect(stale).toEqual({ id, count: 2, eventId: expect.any(String), replayToken: expect.any(String) });
    expect((await issue(id)).issue).toMatchObject({ status: 'resolved', regression: false });
    // A version the store never served (anyone can name one): counted, stays resolved (security review #15).
    await report({ errorType: 'SyntaxError', errorMessage: 'JSON inválido', version: '9.9.9-inventada' });
    expect((await issue(id)).issue).toMatchObject({ status: 'resolved', regression: false });
    // The bug is back in a newer release (published: the store serves it): a regression.
    await sql(service, `insert into remote_releases (id, remote, version, manifest_url, integrity, published_at, published_by, notes) values (gen_random_uuid(), 'storefront', '0.2.0-bbbbbbbb', 'http://127.0.0.1:8080/remotes/storefront/0.2.0-bbbbbbbb/mf-manifest.json', ?, now(), 'cli:teste', '')`, [`sha384-${'A'.repeat(64)}`]);
    await report({ errorType: 'SyntaxError', errorMessage: 'JSON inválido', version: '0.2.0-bbbbbbbb' });
    expect((await issue(id)).issue).toMatchObject({ status: 'unresolved', resolved: false, regression: true, resolvedBy: null, count: 4, versions: ['0.1.0-aaaaaaaa', '9.9.9-inventada', '0.2.0-bbbbbbbb'] });
  });

  it('keep an ignored issue ignored while counting it', async () => {
    const { id } = await report({ errorType: 'AbortError', errorMessage: 'The user aborted a request' });
    expect((await setStatus(id, 'ignored')).statusCode).toBe(200);
    await report({ errorType: 'AbortError', errorMessage: 'The user aborted a request', version: '0.3.0-cccccccc' });
    expect((await issue(id)).issue).toMatchObject({ status: 'ignored', count: 2 });
  });

  it('are listed with filters, orders and pages', async () => {
    clock.advance(3 * 86_400_000);
    const recent = await report({ errorType: 'ChunkLoadError', errorMessage: 'Falha ao carregar a coleção Ações', remote: 'checkout', level: 'warning', version: '0.9.0-dddddddd' });
    const all = await list('pageSize=100');
    expect(all.total).toBe(all.items.length);
    expect(all.items[0]!.id).toBe(recent.id);
    expect(all.items.map((item) => item.lastSeenAt)).toEqual([...all.items.map((item) => item.lastSeenAt)].sort().reverse());

    expect((await list('remote=checkout')).items.map((item) => item.id)).toEqual([recent.id]);
    expect((await list('level=warning')).items.map((item) => item.id)).toEqual([recent.id]);
    expect((await list('period=24h')).items.map((item) => item.id)).toEqual([recent.id]);
    expect((await list('version=0.9.0-dddddddd')).items.map((item) => item.id)).toEqual([recent.id]);
    // Free text ignores accents and case.
    expect((await list('q=COLECAO%20acoes')).items.map((item) => item.id)).toEqual([recent.id]);
    expect((await list('status=ignored')).items.map((item) => item.errorType)).toEqual(['AbortError']);
    expect((await list('status=resolved')).total).toBe(0);

    const byCount = await list('sort=count');
    expect(byCount.items[0]!.count).toBe(ERROR_EVENTS_KEPT + 3);
    const byUsers = await list('sort=users');
    expect(byUsers.items[0]!.usersAffected).toBe(3);

    const page1 = await list('pageSize=2&page=1');
    const page2 = await list('pageSize=2&page=2');
    expect(page1.items).toHaveLength(2);
    expect(page2.total).toBe(all.total);
    expect(page2.items.map((item) => item.id)).toEqual(all.items.slice(2, 4).map((item) => item.id));
  });

  it('answer bad input with a 400 in Portuguese and unknown issues with a 404', async () => {
    const badStatus = await setStatus((await list('')).items[0]!.id, 'apagado');
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().issues).toContainEqual({ path: 'body.status', message: 'Status inválido' });
    const badPage = await get('/api/developer/issues?page=0');
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().issues).toContainEqual({ path: 'querystring.page', message: 'Página inválida' });
    expect((await get('/api/developer/issues/3fa85f64-5717-4562-b3fc-2c963f66afa6')).statusCode).toBe(404);
  });

  it('count errors per remote version for the Deployments card', async () => {
    const stats = (await get('/api/developer/stats')).json() as { errorsByRemote: { remote: string; version: string | null; errors: number }[] };
    expect(stats.errorsByRemote).toContainEqual(expect.objectContaining({ remote: 'storefront', version: '0.2.0-bbbbbbbb', errors: 1 }));
    expect(stats.errorsByRemote).toContainEqual(expect.objectContaining({ remote: 'checkout', version: '0.9.0-dddddddd', errors: 1 }));
    expect(systemErrorSchema.array().parse((await get('/api/developer/errors')).json())[0]!.errorType).toBe('ChunkLoadError');
  });
});
