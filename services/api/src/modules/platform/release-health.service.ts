/**
 * Release health from real users (after Sentry's release health):
 *
 * - `record(beacon)`: a page load's Web Vitals (contracts/web-vitals.ts), kept for a sampled share
 *   of sessions (`sampleRate`, decided by a hash of the session so a session is kept whole), one
 *   sample per metric and app version on the page; the session counts for each of those versions.
 * - `markCrashed(session, app, version, address)`: an unhandled error of that version reached the session
 *   (system-errors: uncaught errors, unhandled rejections, error boundaries), same sampling. The
 *   session id is the browser's own choice, so one address marks at most
 *   {@link CRASHED_SESSIONS_PER_ADDRESS} sessions of a version crashed a day: made-up sessions
 *   cannot sink a version's crash-free rate.
 * - `health(remote, versions)`: per version, sessions and crashed sessions over RELEASE_HEALTH_DAYS,
 *   crash-free rate, users (browsers, by client id) and crash-free users, adoption (share of the remote's sessions of the last 24 h) and p75 of each metric.
 * - `series(remote, version)`: p75 and p95 per day, route and metric.
 * - `vitalsSince(remote, since, versions)`: token-verified clients and their p75 LCP and INP per version since a time (canary guard).
 * - `deleteOlderThan(cutoff)`: retention.
 */
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  RELEASE_HEALTH_DAYS,
  WEB_VITAL_NAMES,
  webVitalsBeaconSchema,
  type ReleaseHealthVersion,
  type VitalsSummary,
  type WebVitalName,
  type WebVitalsBeacon,
  type WebVitalsSeries,
} from '@prata/contracts';
import type { Clock } from '../../lib/clock.ts';

/** sha256 hex of a tab's session id: what the tables keep. */
export const sessionKeyOf = (sessionId: string) => createHash('sha256').update(`session:${sessionId}`).digest('hex');

/** Whether `sessionKey` falls in the sample (`rate` 0..1): the first 32 bits of the key against the rate. */
export function sampled(sessionKey: string, rate: number): boolean {
  if (rate >= 1) return true;
  if (rate <= 0) return false;
  return Number.parseInt(sessionKey.slice(0, 8), 16) / 0x1_0000_0000 < rate;
}

export interface VersionVitals {
  version: string;
  /** Distinct clients with samples carrying a valid canary token (one value per client). */
  clients: number;
  lcpP75: number | null;
  inpP75: number | null;
  /** When its newest sample arrived (null without samples). */
  lastSampleAt: Date | null;
}

const DAY_MS = 86_400_000;

/** Sessions of one app version that reports from one address may mark crashed in 24 hours. */
export const CRASHED_SESSIONS_PER_ADDRESS = 5;

/** The client id a canary report token was issued to for `remote` at `version`, or null (canary-report-token.ts). */
export type CanaryClientOf = (token: string | undefined, remote: string, version: string, now: Date) => string | null;

export class ReleaseHealthService {
  private readonly clock: Clock;
  private readonly sampleRate: number;
  private readonly canaryClientOf: CanaryClientOf;

  /** `canaryClientOf`: verifies a beacon's canary tokens (default: none verifies). */
  constructor(clock: Clock, sampleRate: number, canaryClientOf: CanaryClientOf = () => null) {
    this.clock = clock;
    this.sampleRate = sampleRate;
    this.canaryClientOf = canaryClientOf;
  }

  /** Records one page load. @throws ZodError for a malformed beacon. @returns whether it was kept (sampling). */
  async record(em: EntityManager, input: WebVitalsBeacon): Promise<boolean> {
    const beacon = webVitalsBeaconSchema.parse(input);
    const key = sessionKeyOf(beacon.sessionId);
    if (!sampled(key, this.sampleRate)) return false;
    const now = this.clock.now();
    const rows = beacon.remotes.flatMap((remote) => {
      // Only a sample whose token the registry issued for this remote and version counts for a canary.
      const client = this.canaryClientOf(remote.reportToken, remote.name, remote.version, now);
      const canaryClient = client === null ? null : createHash('sha256').update(`canary-client:${client}`).digest('hex');
      return beacon.metrics.map((metric) => ({ app: remote.name, version: remote.version, metric: metric.name, value: metric.value, canary_client: canaryClient }));
    });
    const connection = em.getConnection();
    await connection.execute(
      `insert into web_vital_samples (id, occurred_at, app, version, route, metric, value, session_key, canary_client)
       select gen_random_uuid(), ?, r.app, r.version, ?, r.metric, r.value, ?, r.canary_client
       from jsonb_to_recordset(?::jsonb) as r(app text, version text, metric text, value double precision, canary_client text)`,
      [now, beacon.route, key, JSON.stringify(rows)],
    );
    const clientKey = beacon.clientId ? createHash('sha256').update(`client:${beacon.clientId}`).digest('hex') : null;
    for (const remote of beacon.remotes) await this.touch(em, key, remote.name, remote.version, now, clientKey);
    return true;
  }

  /**
   * Marks the session crashed on `app` `version` (same sampling as the vitals), unless reports from
   * `address` (an address key; null: not capped) already marked CRASHED_SESSIONS_PER_ADDRESS other
   * sessions of that version crashed in the last 24 hours.
   */
  async markCrashed(em: EntityManager, sessionId: string, app: string, version: string, address: string | null = null): Promise<void> {
    const key = sessionKeyOf(sessionId);
    if (!sampled(key, this.sampleRate)) return;
    const now = this.clock.now();
    const crashAddress = address === null ? null : createHash('sha256').update(`address:${address}`).digest('hex');
    if (crashAddress !== null) {
      const [row] = await em.getConnection().execute<{ n: number }[]>(
        `select count(*)::int as n from release_sessions where app = ? and version = ? and crash_address = ? and last_seen_at >= ? and session_key <> ?`,
        [app, version, crashAddress, new Date(now.getTime() - DAY_MS), key],
      );
      if ((row?.n ?? 0) >= CRASHED_SESSIONS_PER_ADDRESS) return;
    }
    await em.getConnection().execute(
      `insert into release_sessions (session_key, app, version, started_at, last_seen_at, crashed, crash_address) values (?, ?, ?, ?, ?, true, ?)
       on conflict (session_key, app, version) do update set last_seen_at = excluded.last_seen_at, crashed = true,
         crash_address = coalesce(release_sessions.crash_address, excluded.crash_address)`,
      [key, app, version, now, now, crashAddress],
    );
  }

  /** Records that session `key` saw `app` `version` at `now` (a page load; crashes are marked by markCrashed). */
  private async touch(em: EntityManager, key: string, app: string, version: string, now: Date, clientKey: string | null): Promise<void> {
    await em.getConnection().execute(
      `insert into release_sessions (session_key, app, version, started_at, last_seen_at, crashed, client_key) values (?, ?, ?, ?, ?, false, ?)
       on conflict (session_key, app, version) do update set last_seen_at = excluded.last_seen_at,
         client_key = coalesce(release_sessions.client_key, excluded.client_key)`,
      [key, app, version, now, now, clientKey],
    );
  }

  /** The health of each of `versions` of `remote` (in that order), see the module's comment. */
  async health(em: EntityManager, remote: string, versions: { version: string; state: ReleaseHealthVersion['state'] }[]): Promise<ReleaseHealthVersion[]> {
    if (versions.length === 0) return [];
    const now = this.clock.now().getTime();
    const since = new Date(now - RELEASE_HEALTH_DAYS * DAY_MS);
    const connection = em.getConnection();
    const names = versions.map((entry) => entry.version);
    const [sessions, recent, vitals] = await Promise.all([
      connection.execute<{ version: string; sessions: number; crashed: number; users: number; crashed_users: number }[]>(
        `select version, count(*)::int as sessions, count(*) filter (where crashed)::int as crashed,
                count(distinct client_key)::int as users, count(distinct client_key) filter (where crashed)::int as crashed_users from release_sessions
         where app = ? and version in (select jsonb_array_elements_text(?::jsonb)) and last_seen_at >= ? group by version`,
        [remote, JSON.stringify(names), since],
      ),
      connection.execute<{ version: string; sessions: number }[]>(
        `select version, count(*)::int as sessions from release_sessions where app = ? and last_seen_at >= ? group by version`,
        [remote, new Date(now - DAY_MS)],
      ),
      connection.execute<{ version: string; metric: WebVitalName; p75: number }[]>(
        `select version, metric, percentile_cont(0.75) within group (order by value) as p75 from web_vital_samples
         where app = ? and version in (select jsonb_array_elements_text(?::jsonb)) and occurred_at >= ? group by version, metric`,
        [remote, JSON.stringify(names), since],
      ),
    ]);
    const recentTotal = recent.reduce((sum, row) => sum + row.sessions, 0);
    return versions.map(({ version, state }) => {
      const row = sessions.find((entry) => entry.version === version);
      const total = row?.sessions ?? 0;
      const crashed = row?.crashed ?? 0;
      const p75 = Object.fromEntries(WEB_VITAL_NAMES.map((name) => [name, vitals.find((entry) => entry.version === version && entry.metric === name)?.p75 ?? null])) as VitalsSummary;
      const adoption = recentTotal === 0 ? 0 : ((recent.find((entry) => entry.version === version)?.sessions ?? 0) / recentTotal) * 100;
      const users = row?.users ?? 0;
      const crashedUsers = row?.crashed_users ?? 0;
      return {
        version,
        state,
        sessions: total,
        crashedSessions: crashed,
        crashFreeRate: total === 0 ? 100 : ((total - crashed) / total) * 100,
        users,
        crashedUsers,
        crashFreeUsersRate: users === 0 ? 100 : ((users - crashedUsers) / users) * 100,
        adoption,
        p75,
      };
    });
  }

  /** p75 and p95 per day, route and metric of `remote` `version` over RELEASE_HEALTH_DAYS days. */
  async series(em: EntityManager, remote: string, version: string): Promise<WebVitalsSeries> {
    const rows = await em.getConnection().execute<{ day: string; route: string; metric: WebVitalName; samples: number; p75: number; p95: number }[]>(
      `select to_char(date_trunc('day', occurred_at at time zone 'UTC'), 'YYYY-MM-DD') as day, route, metric, count(*)::int as samples,
              percentile_cont(0.75) within group (order by value) as p75, percentile_cont(0.95) within group (order by value) as p95
       from web_vital_samples where app = ? and version = ? and occurred_at >= ? group by 1, 2, 3 order by 1, 2, 3`,
      [remote, version, new Date(this.clock.now().getTime() - RELEASE_HEALTH_DAYS * DAY_MS)],
    );
    return rows.map((row) => ({ ...row, p75: Number(row.p75), p95: Number(row.p95) }));
  }

  /**
   * Clients with vitals and p75 LCP and INP of each version of `remote` since `since`, for the
   * canary guard: only samples with a valid canary token count, and each client weighs once (its
   * median per metric; the p75 is over clients), so one client sending many beacons cannot move
   * the figure (security review 2026-11-29 #3).
   */
  async vitalsSince(em: EntityManager, remote: string, since: Date, versions: readonly string[]): Promise<VersionVitals[]> {
    const rows = await em.getConnection().execute<{ version: string; clients: number; lcp: number | null; inp: number | null; last: string | Date | null }[]>(
      `with per_client as (
         select version, canary_client, max(occurred_at) as last,
                percentile_cont(0.5) within group (order by value) filter (where metric = 'LCP') as lcp,
                percentile_cont(0.5) within group (order by value) filter (where metric = 'INP') as inp
         from web_vital_samples
         where app = ? and version in (select jsonb_array_elements_text(?::jsonb)) and occurred_at >= ? and canary_client is not null
         group by version, canary_client)
       select version, count(*)::int as clients, max(last) as last,
              percentile_cont(0.75) within group (order by lcp) as lcp, percentile_cont(0.75) within group (order by inp) as inp
       from per_client group by version`,
      [remote, JSON.stringify(versions), since],
    );
    return versions.map((version) => {
      const row = rows.find((entry) => entry.version === version);
      return { version, clients: row?.clients ?? 0, lcpP75: row?.lcp ?? null, inpP75: row?.inp ?? null, lastSampleAt: row?.last ? new Date(row.last) : null };
    });
  }

  /** Retention: deletes samples and sessions older than `cutoff`. */
  async deleteOlderThan(em: EntityManager, cutoff: Date): Promise<void> {
    const connection = em.getConnection();
    await connection.execute('delete from web_vital_samples where occurred_at < ?', [cutoff]);
    await connection.execute('delete from release_sessions where last_seen_at < ?', [cutoff]);
  }
}
