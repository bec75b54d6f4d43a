/**
 * Uptime monitors: a synthetic check of each target (the store's `/` and `/produtos` at the
 * store's public URL `SHELL_URL`, the catalogue API `/api/products` at `PUBLIC_API_URL`, and each
 * remote's active `mf-manifest.json` from the remote registry), run by the `uptime-check` job every
 * `UPTIME_CHECK_INTERVAL_MS`. A check is a real GET that follows redirects and reads the whole
 * answer: `up` for a 2xx within `UPTIME_CHECK_TIMEOUT_MS`, else `down` with the reason. Each check
 * is a row of `uptime_checks`; the developer area reads per target the uptime share and the p95
 * latency over the last UPTIME_WINDOW_HOURS hours, and the newest failures.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { UPTIME_FAILURES_SHOWN, UPTIME_WINDOW_HOURS, type Uptime, type UptimeCheck, type UptimeTarget } from '@prata/contracts';
import type { Clock } from '../../lib/clock.ts';
import { UptimeCheckRecord } from './uptime-check.entity.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Longest reason kept, characters. */
const MAX_ERROR_LENGTH = 500;

/** What one check looks at: a name (see the module doc) and the URL it GETs. */
export interface UptimeProbe {
  target: string;
  url: string;
}

export interface UptimeOptions {
  clock: Clock;
  /** How often the job checks, ms (0: off; reported to the developer area). */
  intervalMs: number;
  /** Past this a check gives up and counts as down, ms. */
  timeoutMs: number;
  /** Checks older than this are deleted by {@link UptimeService.prune}, days. */
  retentionDays: number;
  /** The targets of this moment (the remote registry may change between checks). */
  probes(): Promise<UptimeProbe[]>;
}

/** The store's own targets: its home and catalogue pages at `storeUrl`, the catalogue API at `apiUrl` (origins without a trailing slash). */
export function storeProbes(storeUrl: string, apiUrl: string): UptimeProbe[] {
  return [
    { target: 'store-home', url: `${storeUrl}/` },
    { target: 'store-products', url: `${storeUrl}/produtos` },
    { target: 'catalogue-api', url: `${apiUrl}/api/products` },
  ];
}

type CheckResult = Omit<UptimeCheck, 'checkedAt'>;

/** A failure's reason in pt-BR: the timeout, or the network error's code and message. */
function reasonOf(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `Tempo esgotado após ${timeoutMs} ms`;
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  const detail = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return `Sem resposta: ${detail}`;
}

/** GETs `url` once and tells how it went (never throws). */
export async function checkUrl(url: string, timeoutMs: number): Promise<CheckResult> {
  const began = performance.now();
  const elapsed = () => Math.round(performance.now() - began);
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, { signal, redirect: 'follow', headers: { 'user-agent': 'Prata925-Uptime/1', accept: '*/*' } });
    await response.arrayBuffer();
    const latencyMs = elapsed();
    return response.ok
      ? { status: response.status, latencyMs, outcome: 'up', error: null }
      : { status: response.status, latencyMs, outcome: 'down', error: `HTTP ${response.status}` };
  } catch (error) {
    return { status: null, latencyMs: elapsed(), outcome: 'down', error: reasonOf(error, timeoutMs).slice(0, MAX_ERROR_LENGTH) };
  }
}

interface CheckRow {
  target: string;
  url: string;
  checked_at: Date;
  status: number | null;
  latency_ms: number;
  outcome: 'up' | 'down';
  error: string | null;
}

interface WindowRow {
  target: string;
  checks: number;
  up: number;
  p95: number | null;
}

const toCheck = (row: CheckRow): UptimeCheck => ({ checkedAt: new Date(row.checked_at).toISOString(), status: row.status, latencyMs: row.latency_ms, outcome: row.outcome, error: row.error });

export class UptimeService {
  private readonly options: UptimeOptions;

  constructor(options: UptimeOptions) {
    this.options = options;
  }

  /** Checks every target at once and stores the results; returns how many targets were down. */
  async checkAll(em: EntityManager): Promise<number> {
    const probes = await this.options.probes();
    const checkedAt = this.options.clock.now();
    const results = await Promise.all(probes.map(async (probe) => ({ probe, result: await checkUrl(probe.url, this.options.timeoutMs) })));
    for (const { probe, result } of results) em.create(UptimeCheckRecord, { target: probe.target, url: probe.url, checkedAt, ...result });
    await em.flush();
    return results.filter(({ result }) => result.outcome === 'down').length;
  }

  /** Each current target with its last check, and its uptime, p95 latency and newest failures over the window. */
  async overview(em: EntityManager): Promise<Uptime> {
    const since = new Date(this.options.clock.now().getTime() - UPTIME_WINDOW_HOURS * HOUR_MS);
    const connection = em.getConnection();
    const [probes, last, windows, failures] = await Promise.all([
      this.options.probes(),
      connection.execute<CheckRow[]>('select distinct on (target) target, url, checked_at, status, latency_ms, outcome, error from uptime_checks order by target, checked_at desc'),
      connection.execute<WindowRow[]>(
        `select target, count(*)::int as checks, (count(*) filter (where outcome = 'up'))::int as up,
           percentile_cont(0.95) within group (order by latency_ms) filter (where status is not null) as p95
         from uptime_checks where checked_at > ? group by target`,
        [since],
      ),
      connection.execute<CheckRow[]>(
        `select target, url, checked_at, status, latency_ms, outcome, error from (
           select *, row_number() over (partition by target order by checked_at desc) as n
           from uptime_checks where outcome = 'down' and checked_at > ?) failed
         where n <= ? order by target, checked_at desc`,
        [since, UPTIME_FAILURES_SHOWN],
      ),
    ]);
    const lastOf = new Map(last.map((row) => [row.target, row]));
    const windowOf = new Map(windows.map((row) => [row.target, row]));
    const targets = probes.map(({ target, url }): UptimeTarget => {
      const window = windowOf.get(target);
      const lastRow = lastOf.get(target);
      return {
        target,
        url,
        lastCheck: lastRow ? toCheck(lastRow) : null,
        checks: window?.checks ?? 0,
        uptimePercent: window && window.checks > 0 ? (window.up / window.checks) * 100 : null,
        p95LatencyMs: window?.p95 === null || window?.p95 === undefined ? null : Math.round(Number(window.p95)),
        lastFailures: failures.filter((row) => row.target === target).map(toCheck),
      };
    });
    return { intervalMs: this.options.intervalMs, windowHours: UPTIME_WINDOW_HOURS, targets };
  }

  /** Deletes the checks older than the retention; returns how many. */
  async prune(em: EntityManager): Promise<number> {
    const cutoff = new Date(this.options.clock.now().getTime() - this.options.retentionDays * DAY_MS);
    return em.nativeDelete(UptimeCheckRecord, { checkedAt: { $lt: cutoff } });
  }
}
