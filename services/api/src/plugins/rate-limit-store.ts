/**
 * A PostgreSQL store for @fastify/rate-limit (its documented custom-store interface: a class
 * built with the plugin's options, `incr(key, cb, timeWindow, max)`, `read(...)`, and
 * `child(routeOptions)` for each route's own namespace), so every service process counts each
 * client in one place: a limit holds across replicas and survives a
 * restart. Same fixed-window semantics as the plugin's in-memory LocalStore: the first hit opens a
 * window of `timeWindow` ms, later hits count into it, the next hit after it starts a new one. One
 * atomic upsert per hit on the unlogged table `rate_limits` (key, hits, window end), timed by the
 * database's clock so replicas with drifting clocks agree; expired rows are deleted by the
 * `rate-limit-cleanup` job (bootstrap/background-work.ts).
 */

/** Runs one SQL statement with positional `?` parameters and answers its rows. */
export type SqlExecutor = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** The plugin's per-hit answer: hits in the window and ms until it ends. */
interface Hits {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: Hits) => void;

const INCR_SQL = `insert into rate_limits (key, hits, expires_at) values (?, 1, clock_timestamp() + ? * interval '1 millisecond')
on conflict (key) do update set
  hits = case when rate_limits.expires_at <= clock_timestamp() then 1 else rate_limits.hits + 1 end,
  expires_at = case when rate_limits.expires_at <= clock_timestamp() then excluded.expires_at else rate_limits.expires_at end
returning hits, greatest(0, ceil(extract(epoch from (expires_at - clock_timestamp())) * 1000))::int as ttl`;
const READ_SQL = `select hits, greatest(0, ceil(extract(epoch from (expires_at - clock_timestamp())) * 1000))::int as ttl from rate_limits where key = ? and expires_at > clock_timestamp()`;
/** Deletes windows that ended (the cleanup job). */
export const RATE_LIMIT_CLEANUP_SQL = 'delete from rate_limits where expires_at <= clock_timestamp()';

/**
 * A budget of `max` units per `timeWindowMs` under `key`, counted in the same table and with the
 * same fixed windows as the rate limits, so every replica spends one budget (the upstream guards
 * of modules/shipping). Each call spends a unit and resolves whether it was within the budget.
 * @throws what `execute` throws (the database is down).
 */
export function windowBudget(execute: SqlExecutor, key: string, max: number, timeWindowMs: number): () => Promise<boolean> {
  return async () => {
    const [row] = await execute(INCR_SQL, [`budget:${key}`, timeWindowMs]);
    return Number(row!.hits) <= max;
  };
}

/**
 * The store class for `@fastify/rate-limit`'s `store` option, bound to `execute`.
 * Errors of the database reach the plugin's callback (the request then fails like any route
 * that needs the database: 503 while it is down).
 */
export function postgresRateLimitStore(execute: SqlExecutor) {
  return class PostgresRateLimitStore {
    readonly prefix: string;

    constructor(_options?: unknown, prefix = 'global:') {
      this.prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      execute(INCR_SQL, [`${this.prefix}${key}`, timeWindow]).then(
        ([row]) => callback(null, { current: Number(row!.hits), ttl: Number(row!.ttl) }),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback): void {
      execute(READ_SQL, [`${this.prefix}${key}`]).then(
        ([row]) => callback(null, row ? { current: Number(row.hits), ttl: Number(row.ttl) } : { current: 0, ttl: 0 }),
        (error: Error) => callback(error),
      );
    }

    /** A route's own counters: keys prefixed with its method and URL pattern (as the plugin's Redis store does). */
    child(routeOptions: object): PostgresRateLimitStore {
      const info = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      const method = Array.isArray(info.method) ? info.method.join(',') : (info.method ?? '');
      return new PostgresRateLimitStore(undefined, `${method}${info.url ?? ''}:`);
    }
  };
}
