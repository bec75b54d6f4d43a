/**
 * Hostile input against every route: fast-check sends random and hostile bodies,
 * query strings and path parameters to each route of the route table (`app.routeTable`, so
 * routes other modules add are covered without touching this file), as an anonymous visitor, a
 * signed-in customer and a signed-in admin. Whatever the input:
 * - never a 5xx, never a stack trace or a source path in the answer;
 * - every 4xx is JSON with a pt-BR `message` (and pt-BR field issues);
 * - a refused request changes no row. Row-level triggers installed in this test's database count
 *   every insert, update and delete in every table except the audit log and the failed sign-ins
 *   of unknown e-mails (both record refused sign-ins on purpose), the rate-limit counters (which count every request to a limited route,
 *   refused or not) and the migrations table.
 * Accepted (2xx) requests may change rows: a hostile but valid name is still a valid name.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, bearer, type SignedIn } from './accounts.ts';
import { createTestService, type TestService } from './helpers.ts';

/** Random inputs per route and caller (raise with PROPERTY_RUNS for a longer hunt). */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 12);

let service: TestService;
const callers: Record<'anonymous' | 'customer' | 'admin', SignedIn | null> = { anonymous: null, customer: null, admin: null };

const sql = (text: string) => service.db.orm.em.getConnection().execute(text);

beforeAll(async () => {
  service = await createTestService();
  callers.customer = await account(service, [], 'cliente.hostil');
  callers.admin = await account(service, ['admin'], 'admin.hostil');
  await sql('create table test_row_changes (id bigserial primary key, table_name text not null, op text not null)');
  await sql(`create function test_count_change() returns trigger language plpgsql as $$
    begin insert into test_row_changes (table_name, op) values (TG_TABLE_NAME, TG_OP); return null; end $$`);
  const tables = (await sql(
    `select tablename from pg_tables where schemaname = 'public' and tablename not in ('test_row_changes', 'admin_logs', 'rate_limits', 'login_failures', 'mikro_orm_migrations')`,
  )) as { tablename: string }[];
  expect(tables.map((t) => t.tablename)).toEqual(expect.arrayContaining(['users', 'products', 'refresh_tokens']));
  for (const { tablename } of tables) {
    if (tablename === 'users') continue;
    await sql(`create trigger test_count_change after insert or update or delete on "${tablename}" for each row execute function test_count_change()`);
  }
  // A refused password counts towards the lockout (a security counter, like rate_limits and
  // login_failures above): an update of users that changes only that counter is no change.
  const counter = `- 'login_attempts' - 'last_failed_login_at'`;
  await sql(`create trigger test_count_change after insert or delete on "users" for each row execute function test_count_change()`);
  await sql(
    `create trigger test_count_change_update after update on "users" for each row when ((to_jsonb(old) ${counter}) is distinct from (to_jsonb(new) ${counter})) execute function test_count_change()`,
  );
}, 120_000);
afterAll(async () => service?.close());

const HOSTILE_STRINGS = [
  "' OR '1'='1",
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '..%2F..%2Fsecrets.json',
  '\u0000',
  '%00',
  '${7*7}',
  '{{constructor.constructor("return process")()}}',
  '__proto__',
  'constructor',
  'NaN',
  '-1',
  '1e309',
  '9007199254740993',
  '😀'.repeat(40),
  'a'.repeat(400),
  ' ',
  '',
  'admin@demo.prata925.com.br',
  '00000000-0000-0000-0000-000000000000',
];
const FIELD_NAMES = [
  'email', 'password', 'confirmPassword', 'currentPassword', 'newPassword', 'fullName', 'token', 'code', 'challengeToken', 'newEmail', 'setupToken',
  'id', 'productId', 'quantity', 'items', 'name', 'priceCents', 'stock', 'category', 'status', 'paymentMethod', 'search', 'since', 'w',
  '__proto__', 'constructor', 'prototype', 'roles', 'isAdmin',
];
const hostileString = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 30 }));
const fieldName = fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 12 }));
const { value: hostileValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fieldName, tie('value'), { maxKeys: 5 }),
  ),
}));
/** A body as sent on the wire: JSON of a hostile value, or raw text under some content type. */
const body = fc.oneof(
  fc.record({ contentType: fc.constant('application/json'), payload: fc.dictionary(fieldName, hostileValue, { maxKeys: 6 }).map((v) => JSON.stringify(v)) }),
  fc.record({ contentType: fc.constant('application/json'), payload: hostileValue.map((v) => JSON.stringify(v) ?? 'null') }),
  fc.record({
    contentType: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml'),
    payload: fc.oneof(fc.constantFrom('{', '{"email":', '[1,2', '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"x":1}}}', '--x\r\n\r\n--x--'), hostileString),
  }),
  fc.constant(null),
);
const query = fc.dictionary(fieldName, hostileString, { maxKeys: 4 }).map((entries) => new URLSearchParams(entries as Record<string, string>).toString());
const param = fc.oneof(hostileString, fc.uuid());

/** English fragments that must not reach a shopper (fastify, zod and JavaScript defaults). */
const ENGLISH = /\b(the|is|are|must|should|expected|received|invalid|required|unexpected|unrecognized|not found|error|bad request|too (small|big|many)|unauthorized|forbidden|request|body|querystring|params|route|string|number)\b/i;
const INTERNALS = /\bat [\w.<>$]+ \(|node_modules|\/src\/|\.ts:\d+|\bstack\b|Error:/;

describe('hostile input on every route', () => {
  it('covers the route table, and its row-change detector sees a change', async () => {
    expect(service.app.routeTable.filter((r) => r.url.startsWith('/api/')).length).toBeGreaterThanOrEqual(30);
    await sql('delete from test_row_changes');
    const accepted = await service.app.inject({ method: 'PATCH', url: '/api/me/profile', headers: bearer(callers.customer!), payload: { fullName: 'Nome Trocado' } });
    expect(accepted.statusCode).toBe(200);
    expect(await sql('select table_name, op from test_row_changes')).toEqual([{ table_name: 'profiles', op: 'UPDATE' }]);
    // On users, the lockout counter alone is no change; any other column is.
    await sql('delete from test_row_changes');
    await sql(`update users set login_attempts = login_attempts + 1, last_failed_login_at = now() where id = '${callers.customer!.userId}'`);
    expect(await sql('select table_name, op from test_row_changes')).toEqual([]);
    await sql(`update users set last_login_at = now() where id = '${callers.customer!.userId}'`);
    expect(await sql('select table_name, op from test_row_changes')).toEqual([{ table_name: 'users', op: 'UPDATE' }]);
  });

  it('never answers 5xx, never leaks internals, refuses in pt-BR and changes nothing when it refuses', async () => {
    const routes = service.app.routeTable.filter((r) => r.url.startsWith('/api/') || r.url.startsWith('/images/'));
    for (const route of routes) {
      for (const [caller, who] of Object.entries(callers)) {
        await fc.assert(
          fc.asyncProperty(fc.array(param, { minLength: 3, maxLength: 3 }), query, body, async (params, search, sent) => {
            let i = 0;
            const path = route.url.replace(/:\w+|\*/g, () => encodeURIComponent(params[i++ % params.length]!));
            const url = search ? `${path}?${search}` : path;
            await sql('delete from test_row_changes');
            const response = await service.app.inject({
              method: route.method as 'GET',
              url,
              headers: { ...(who ? bearer(who) : {}), ...(sent ? { 'content-type': sent.contentType } : {}) },
              ...(sent ? { payload: sent.payload } : {}),
            });
            const where = `${route.method} ${url.slice(0, 120)} as ${caller} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
            expect(response.statusCode, where).toBeLessThan(500);
            expect(INTERNALS.test(response.body), where).toBe(false);
            if (response.statusCode < 400) return;
            const answer = response.json<{ message?: unknown; issues?: { message: string }[] }>();
            expect(typeof answer.message === 'string' && answer.message.length > 0, where).toBe(true);
            for (const text of [answer.message as string, ...(answer.issues ?? []).map((issue) => issue.message)]) expect(ENGLISH.test(text), `${where}: ${text.slice(0, 120)}`).toBe(false);
            const changes = (await sql('select table_name, op from test_row_changes')) as { table_name: string; op: string }[];
            expect(changes, where).toEqual([]);
          }),
          { numRuns: RUNS },
        );
      }
    }
  }, 600_000);
});
