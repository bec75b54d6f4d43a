/**
 * Fuzzing every route from its own schemas: for each route of the route table (`app.routeTable`,
 * so routes other modules add are covered without touching this file), fast-check sends requests
 * whose path parameters, query string and body are derived from the zod schemas the route declares
 * (valid, boundary, mutated and hostile values, strings up to 20 KB: test/schema-inputs.ts), as an
 * anonymous visitor, a signed-in customer, an admin and a developer. `PROPERTY_RUNS` requests per
 * route (100 in `npm test`; `npm run bench:fuzz` sends 1,000). Whatever the input:
 * - never a 5xx, never a stack trace or a source path in the answer;
 * - every 4xx is JSON with a pt-BR `message` (and pt-BR field issues);
 * - a refused request changes no row. Row-level triggers installed in this test's database count
 *   every insert, update and delete in every table except the audit log and the failed sign-ins
 *   of unknown e-mails (both record refused sign-ins on purpose), the rate-limit counters (which count every request to a limited route,
 *   refused or not), the migrations table and the outbox's bookkeeping (see the triggers below).
 * Accepted (2xx) requests may change rows: a hostile but valid name is still a valid name.
 */
import { CONTENT_CHANGED, PRODUCT_LISTING_CHANGED, STORE_SETTINGS_CHANGED } from '@prata/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, bearer, type SignedIn } from './accounts.ts';
import { createTestService, type TestService } from './helpers.ts';
import { requestsFor, type InputKind } from './schema-inputs.ts';
import { ViaCepDouble } from './viacep-double.ts';

/** Requests per route, callers drawn among the four (raise with PROPERTY_RUNS for a longer hunt). */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 100);

let service: TestService;
/** Valid CEPs reach the lookup: answered by ViaCEP's double, not by an unreachable ViaCEP (a 503 by design). */
const viaCep = new ViaCepDouble();
const callers: Record<'anonymous' | 'customer' | 'admin' | 'developer', SignedIn | null> = { anonymous: null, customer: null, admin: null, developer: null };

const sql = (text: string) => service.db.orm.em.getConnection().execute(text);

beforeAll(async () => {
  await viaCep.start();
  service = await createTestService({ CEP_LOOKUP_URL: viaCep.url });
  callers.customer = await account(service, [], 'cliente.hostil');
  callers.admin = await account(service, ['admin'], 'admin.hostil');
  callers.developer = await account(service, ['developer'], 'dev.hostil');
  await sql('create table test_row_changes (id bigserial primary key, table_name text not null, op text not null, detail text)');
  await sql(`create function test_count_change() returns trigger language plpgsql as $$
    begin insert into test_row_changes (table_name, op, detail) values (TG_TABLE_NAME, TG_OP, case when TG_OP = 'DELETE' then null else left((to_jsonb(new) - 'payload' - 'body')::text, 300) end); return null; end $$`);
  const tables = (await sql(
    `select tablename from pg_tables where schemaname = 'public' and tablename not in ('test_row_changes', 'admin_logs', 'rate_limits', 'login_failures', 'mikro_orm_migrations', 'shown_states')`,
  )) as { tablename: string }[];
  expect(tables.map((t) => t.tablename)).toEqual(expect.arrayContaining(['users', 'products', 'refresh_tokens']));
  for (const { tablename } of tables) {
    if (tablename === 'users' || tablename === 'domain_events') continue;
    await sql(`create trigger test_count_change after insert or update or delete on "${tablename}" for each row execute function test_count_change()`);
  }
  // A refused password counts towards the lockout (a security counter, like rate_limits and
  // login_failures above): an update of users that changes only that counter is no change.
  const counter = `- 'login_attempts' - 'last_failed_login_at'`;
  await sql(`create trigger test_count_change after insert or delete on "users" for each row execute function test_count_change()`);
  // The outbox's own bookkeeping (positioning and dispatch stamps) is no change, nor are the events
  // the shown-state watches record a debounce after any change of what the store shows (their
  // table shown_states is left out above): a change a refused request made is in its own table.
  const watched = [CONTENT_CHANGED, PRODUCT_LISTING_CHANGED, STORE_SETTINGS_CHANGED].map((type) => `'${type}'`).join(', ');
  await sql(`create trigger test_count_change after insert on "domain_events" for each row when (new.type not in (${watched})) execute function test_count_change()`);
  await sql(
    `create trigger test_count_change_update after update on "users" for each row when ((to_jsonb(old) ${counter}) is distinct from (to_jsonb(new) ${counter})) execute function test_count_change()`,
  );
}, 120_000);
afterAll(async () => {
  await service?.close();
  await viaCep.stop();
});

/**
 * The rows changed since the last call (and forgets them). After an accepted request that wrote
 * rows, waits until its background work has written its own, so the next request's changes are
 * its own: the outbox has dispatched every event (its handlers commit with the dispatch stamp) and
 * no row was written for 50 ms; at most 4 s.
 */
const takeChanges = async () => (await sql('delete from test_row_changes returning table_name, op, detail')) as { table_name: string; op: string; detail: string | null }[];
let quietWaits = 0;
async function quiet(): Promise<void> {
  quietWaits++;
  // Quiet for 6 checks in a row (300 ms): longer than the debounce of the watches that record an
  // event some time after the change they see (events/shown-state-watch.ts, 100 ms), whose
  // subscribers then write again (the default texts that follow the settings).
  let quietChecks = 0;
  for (let i = 0; i < 120 && quietChecks < 6; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const pending = Number(((await sql('select count(*) as n from domain_events where dispatched_at is null')) as { n: string }[])[0]!.n);
    quietChecks = (await takeChanges()).length === 0 && pending === 0 ? quietChecks + 1 : 0;
  }
}

/** English fragments that must not reach a shopper (fastify, zod and JavaScript defaults). */
const ENGLISH = /\b(the|is|are|must|should|expected|received|invalid|required|unexpected|unrecognized|not found|error|bad request|too (small|big|many)|unauthorized|forbidden|request|body|querystring|params|route|string|number)\b/i;
/** A message without the values it quotes (an enum's options such as "error" are values, not English). */
const prose = (text: string) => text.replace(/"[^"]*"/g, '');
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
    const sent: Record<InputKind, number> = { valid: 0, boundary: 0, mutated: 0, hostile: 0, undeclared: 0, none: 0 };
    const answered = { accepted: 0, refused: 0 };
    let routesWithSchemas = 0;
    await takeChanges();
    for (const route of routes) {
      if (Object.values(route.input).some((schema) => schema !== undefined)) routesWithSchemas++;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...(Object.keys(callers) as (keyof typeof callers)[])), requestsFor(route), async (caller, request) => {
          const who = callers[caller];
          const url = request.query ? `${request.path}?${request.query}` : request.path;
          for (const kind of Object.values(request.kinds)) sent[kind]++;
          const response = await service.app.inject({
            method: route.method as 'GET',
            url,
            headers: { ...(who ? bearer(who) : {}), ...(request.body ? { 'content-type': request.body.contentType } : {}) },
            ...(request.body ? { payload: request.body.payload } : {}),
          });
          const where = `${route.method} ${url.slice(0, 120)} as ${caller} (${JSON.stringify(request.kinds)}) -> ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, where).toBeLessThan(500);
          expect(INTERNALS.test(response.body), where).toBe(false);
          const changes = await takeChanges();
          if (response.statusCode < 400) {
            answered.accepted++;
            if (changes.length > 0) await quiet();
            return;
          }
          answered.refused++;
          const answer = response.json<{ message?: unknown; issues?: { message: string }[] }>();
          expect(typeof answer.message === 'string' && answer.message.length > 0, where).toBe(true);
          for (const text of [answer.message as string, ...(answer.issues ?? []).map((issue) => issue.message)]) expect(ENGLISH.test(prose(text)), `${where}: ${text.slice(0, 120)}`).toBe(false);
          expect(changes, where).toEqual([]);
        }),
        { numRuns: RUNS },
      );
    }
    // The inputs reach past validation: a declared part mostly holds values derived from its schema, and requests are accepted.
    expect(routesWithSchemas).toBeGreaterThanOrEqual(routes.length / 2);
    expect(sent.valid + sent.boundary + sent.mutated).toBeGreaterThan(sent.hostile);
    expect(answered.accepted).toBeGreaterThan(routes.length);
    console.info(`fuzzing: ${routes.length} routes (${routesWithSchemas} with schemas), ${RUNS} requests each; parts ${JSON.stringify(sent)}; ${JSON.stringify(answered)}; ${quietWaits} waits for background work`);
  }, 300_000 + RUNS * 9_000);
});
