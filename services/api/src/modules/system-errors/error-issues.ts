/**
 * Reading the issues for the developer area: the dashboard's live log, the issue list with its
 * filters, order and pages, one issue with its events, and the dashboard's counts (per remote
 * version, from `system_error_versions`).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { ERROR_PERIODS, SYSTEM_ERRORS_FETCHED, errorIssueQuerySchema, type DeveloperStats, type ErrorIssueDetail, type ErrorIssuePage, type ErrorIssueQuery, type SystemErrorDto } from '@prata/contracts';
import { NotFoundError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { Product } from '../catalogue/index.ts';
import { Order } from '../orders/index.ts';
import { toSystemErrorDto } from './system-error-dto.ts';
import { SystemErrorReplay } from './replay-feedback.entities.ts';
import { SystemError, SystemErrorEvent } from './system-error.entity.ts';

/** Escapes `%`, `_` and `\` for a LIKE pattern. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);


/** The dashboard's live log (admin.md 7, 9): the 100 issues seen last. */
export async function latestIssues(em: EntityManager): Promise<SystemErrorDto[]> {
  const rows = await em.find(SystemError, {}, { orderBy: { lastSeenAt: 'desc', id: 'desc' }, limit: SYSTEM_ERRORS_FETCHED });
  return rows.map(toSystemErrorDto);
}

/**
 * The issue list: filtered by status, remote, version (seen in), level, period (last
 * seen within) and free text (type, message or page; accents and case ignored), ordered by last
 * seen, events or users affected (descending), a page at a time. @throws ZodError for a bad query.
 */
export async function issuePage(em: EntityManager, query: ErrorIssueQuery, clock: Clock): Promise<ErrorIssuePage> {
  const q = errorIssueQuerySchema.parse(query);
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (condition: string, ...values: unknown[]) => {
    where.push(condition);
    params.push(...values);
  };
  if (q.status) add('status = ?', q.status);
  if (q.remote) add('remote = ?', q.remote);
  if (q.version) add('? = any(versions)', q.version);
  if (q.level) add('level = ?', q.level);
  if (q.period) add('last_seen_at >= ?', new Date(clock.now().getTime() - ERROR_PERIODS[q.period]));
  if (q.q) {
    const pattern = `%${likeEscape(q.q)}%`;
    add(`(unaccent(error_type) ilike unaccent(?) or unaccent(error_message) ilike unaccent(?) or unaccent(coalesce(page_url, '')) ilike unaccent(?))`, pattern, pattern, pattern);
  }
  const filter = where.length > 0 ? `where ${where.join(' and ')}` : '';
  const order = { lastSeen: 'last_seen_at desc', count: 'count desc, last_seen_at desc', users: 'users_affected desc, last_seen_at desc' }[q.sort];
  const connection = em.getConnection();
  const [ids, [total]] = await Promise.all([
    connection.execute<{ id: string }[]>(`select id from system_errors ${filter} order by ${order}, id limit ? offset ?`, [...params, q.pageSize, (q.page - 1) * q.pageSize]),
    connection.execute<{ total: number }[]>(`select count(*)::int as total from system_errors ${filter}`, params),
  ]);
  const rows = await em.find(SystemError, { id: { $in: ids.map((row) => row.id) } });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { items: ids.flatMap((row) => (byId.has(row.id) ? [toSystemErrorDto(byId.get(row.id) as SystemError)] : [])), total: total?.total ?? 0, page: q.page, pageSize: q.pageSize };
}

/** One issue with its newest events, newest first. @throws NotFoundError. */
export async function issueDetail(em: EntityManager, id: string): Promise<ErrorIssueDetail> {
  const issue = await em.findOne(SystemError, { id });
  if (!issue) throw new NotFoundError('Erro não encontrado');
  const events = await em.find(SystemErrorEvent, { issue: id }, { orderBy: { occurredAt: 'desc', id: 'desc' } });
  const withReplay = new Set((await em.find(SystemErrorReplay, { event: { $in: events.map((event) => event.id) } }, { fields: ['event'] })).map((replay) => replay.event.id));
  return {
    issue: toSystemErrorDto(issue),
    events: events.map((event) => ({
      id: event.id,
      occurredAt: event.occurredAt.toISOString(),
      version: event.version ?? null,
      level: event.level,
      message: event.message,
      pageUrl: event.pageUrl ?? null,
      userAgent: event.userAgent ?? null,
      stack: event.stack ?? null,
      frames: event.frames,
      traceId: event.traceId ?? null,
      breadcrumbs: event.breadcrumbs,
      hasReplay: withReplay.has(event.id),
    })),
  };
}

/** Counts for the developer dashboard (admin.md 2). */
export async function developerStats(em: EntityManager): Promise<DeveloperStats> {
  const [totalErrors, activeErrors, totalProducts, activeProducts, totalOrders] = await Promise.all([
    em.count(SystemError, {}),
    em.count(SystemError, { status: 'unresolved' }),
    em.count(Product, {}),
    em.count(Product, { stock: { $gt: 0 } }),
    em.count(Order, {}),
  ]);
  const byRemote = await em
    .getConnection()
    .execute<{ remote: string; version: string | null; errors: string; active: string }[]>(
      `select coalesce(e.remote, 'desconhecido') as remote, nullif(v.version, '') as version, sum(v.count) as errors,
              sum(case when e.status = 'unresolved' then v.count else 0 end) as active
       from system_error_versions v join system_errors e on e.id = v.issue_id group by 1, 2 order by 1, 2`,
    );
  return {
    activeErrors,
    totalErrors,
    activeProducts,
    totalProducts,
    totalOrders,
    errorsByRemote: byRemote.map((row) => ({ remote: row.remote, version: row.version, errors: Number(row.errors), active: Number(row.active) })),
  };
}
