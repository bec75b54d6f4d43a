/**
 * Reading the activity log (admin.md 3, 7, 9): `admin_logs` newest first, at most
 * `ADMIN_LOG_LIMIT` rows, from a period's cutoff on, narrowed by an action filter and a
 * case- and accent-insensitive search over the action and the details (JSON as text).
 */
import { raw, type EntityManager } from '@mikro-orm/postgresql';
import { ADMIN_LOG_LIMIT, LOG_ACTION_FILTERS, adminLogQuerySchema, type AdminLogPage, type AdminLogQuery } from '@prata/contracts';
import type { Clock } from '../../lib/clock.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { AdminLog } from './admin-log.entity.ts';

const DAY_MS = 86_400_000;

export class AuditLogService {
  private readonly clock: Clock;

  constructor(clock: Clock) {
    this.clock = clock;
  }

  /** The filtered rows and their summary. @throws ZodError on an invalid query. */
  async page(em: EntityManager, input: AdminLogQuery): Promise<AdminLogPage> {
    const query = adminLogQuerySchema.parse(input);
    const filtered = () => {
      const qb = em.createQueryBuilder(AdminLog, 'l');
      if (query.period !== 'all') qb.andWhere({ createdAt: { $gte: new Date(this.clock.now().getTime() - Number(query.period) * DAY_MS) } });
      if (query.action !== 'all') qb.andWhere({ action: { $in: [...LOG_ACTION_FILTERS[query.action]] } });
      if (query.search) {
        const pattern = containsPattern(query.search);
        qb.andWhere(`search_normalize(l.action || ' ' || l.details::text) like search_normalize(?)`, [pattern]);
      }
      return qb;
    };
    const rows = await filtered().orderBy({ createdAt: 'desc', id: 'asc' }).limit(ADMIN_LOG_LIMIT).getResultList();
    const counts = await filtered()
      .select(['l.action', raw('count(*)::int as total')])
      .groupBy('l.action')
      .execute<{ action: string; total: number }[]>('all', false);
    const distinct = await filtered()
      .select(raw('count(distinct l.ip_address)::int as addresses'))
      .execute<{ addresses: number }>('get', false);
    const byFilter = { login: 0, product: 0, '2fa': 0, profile: 0, other: 0 };
    let failedLogins = 0;
    for (const { action, total } of counts) {
      const group = (Object.keys(LOG_ACTION_FILTERS) as (keyof typeof LOG_ACTION_FILTERS)[]).find((key) => (LOG_ACTION_FILTERS[key] as readonly string[]).includes(action));
      byFilter[group ?? 'other'] += total;
      if (action === 'login_failed') failedLogins += total;
    }
    return {
      rows: rows.map((row) => ({
        id: row.id,
        userId: row.userId ?? null,
        action: row.action,
        details: row.details ?? {},
        ipAddress: row.ipAddress ?? null,
        userAgent: row.userAgent ?? null,
        createdAt: row.createdAt.toISOString(),
      })),
      summary: { total: counts.reduce((sum, row) => sum + row.total, 0), byFilter, failedLogins, addresses: distinct?.addresses ?? 0 },
    };
  }
}
