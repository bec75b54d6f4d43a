/**
 * The error-issues migration on a database that holds rows of the de-duplication era:
 * rows that shared a fingerprint merge into the one seen last with their counts summed, the
 * per-version counts keep every occurrence, statuses follow `resolved`, and `down` goes back.
 */
import { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ormConfig } from '../src/bootstrap/orm-config.ts';
import { createDatabase } from './helpers.ts';

const BEFORE = 'Migration20261126210000_mail_retries_on_jobs';
let database: Awaited<ReturnType<typeof createDatabase>>;
let orm: MikroORM;

beforeAll(async () => {
  database = await createDatabase();
  orm = await MikroORM.init(ormConfig(database.url));
  await orm.migrator.up({ to: BEFORE });
});
afterAll(async () => {
  await orm?.close();
  await database?.drop();
});

it('merges rows of one fingerprint into an issue and keeps every count per version', async () => {
  const connection = orm.em.getConnection();
  const row = (fingerprint: string, version: string | null, count: number, resolved: boolean, verified: boolean, seen: string) =>
    connection.execute(
      `insert into system_errors (id, error_type, error_message, remote, version, source, fingerprint, count, created_at, last_seen_at, resolved, verified)
       values (gen_random_uuid(), 'TypeError', 'x', 'storefront', ?, 'client', ?, ?, ?, ?, ?, ?)`,
      [version, fingerprint, count, seen, seen, resolved, verified],
    );
  await row('a'.repeat(64), '1.0.0', 3, true, false, '2026-11-20T10:00:00Z');
  await row('a'.repeat(64), '1.1.0', 5, false, false, '2026-11-21T10:00:00Z');
  await row('a'.repeat(64), '1.1.0', 2, false, true, '2026-11-22T10:00:00Z');
  await row('b'.repeat(64), null, 7, true, false, '2026-11-22T11:00:00Z');

  await orm.migrator.up();

  const issues = await connection.execute<Record<string, unknown>[]>(`select fingerprint, count, status, versions, resolved_versions, created_at, last_seen_at from system_errors order by fingerprint`);
  expect(issues.map((issue) => ({ ...issue, created_at: new Date(issue.created_at as string), last_seen_at: new Date(issue.last_seen_at as string) }))).toEqual([
    { fingerprint: 'a'.repeat(64), count: 10, status: 'unresolved', versions: ['1.0.0', '1.1.0'], resolved_versions: [], created_at: new Date('2026-11-20T10:00:00Z'), last_seen_at: new Date('2026-11-22T10:00:00Z') },
    { fingerprint: 'b'.repeat(64), count: 7, status: 'resolved', versions: [], resolved_versions: [], created_at: new Date('2026-11-22T11:00:00Z'), last_seen_at: new Date('2026-11-22T11:00:00Z') },
  ]);
  const versions = await connection.execute(
    `select e.fingerprint, v.version, v.verified, v.count from system_error_versions v join system_errors e on e.id = v.issue_id order by 1, 2, 3`,
  );
  expect(versions).toEqual([
    { fingerprint: 'a'.repeat(64), version: '1.0.0', verified: false, count: 3 },
    { fingerprint: 'a'.repeat(64), version: '1.1.0', verified: false, count: 5 },
    { fingerprint: 'a'.repeat(64), version: '1.1.0', verified: true, count: 2 },
    { fingerprint: 'b'.repeat(64), version: '', verified: false, count: 7 },
  ]);

  await orm.migrator.down({ to: BEFORE });
  expect(await connection.execute(`select count(*)::int as n from information_schema.tables where table_name in ('system_error_versions', 'system_error_users', 'system_error_events')`)).toEqual([{ n: 0 }]);
});
