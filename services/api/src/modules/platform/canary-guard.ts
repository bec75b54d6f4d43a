/**
 * Automatic canary rollback (issue 14: "the service compares the error rate of the two versions
 * from the captured system errors and rolls the canary back by itself past a threshold, recording
 * why"). A periodic job (bootstrap/scheduled-jobs.ts, every {@link CANARY_CHECK_INTERVAL_MS}) checks
 * each running canary over its lifetime:
 *
 * - errors of a version: the verified reports of that version of the remote counted per minute in
 *   `system_error_versions` (issue 24) since the minute the canary started (reports of the same
 *   minute before the start count too, which can only make the stable version look worse);
 * - clients of a version: distinct `prata_client` ids served that version of the remote since the
 *   canary started (`remote_canary_clients`, recorded when `GET /api/remotes?client=` is answered);
 * - rate = errors / max(clients, 1), errors per client (session);
 * - the canary is rolled back when it has at least {@link CANARY_MIN_ERRORS} errors AND its rate is
 *   more than {@link CANARY_ERROR_RATIO} times the stable version's rate.
 *
 * The rollback has the effect of `npm run rollback` during a canary (every client gets the stable
 * version) plus an `admin_logs` row `remote_canary_rolled_back` whose details hold the figures and
 * a pt-BR `reason`, and the `RemoteReleaseActivated` event (RemoteReleaseService.abortCanary).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RemoteName } from '@prata/contracts';
import { RemoteCanary } from './remote-release.entities.ts';
import type { ReleaseActor, RemoteReleaseService } from './remote-releases.service.ts';

/** How often the job runs, ms. */
export const CANARY_CHECK_INTERVAL_MS = 60_000;
/** The canary must have at least this many errors before it can be rolled back (a few errors prove nothing). */
export const CANARY_MIN_ERRORS = 5;
/** Rolled back when the canary's errors per client exceed this multiple of the stable version's. */
export const CANARY_ERROR_RATIO = 2;
/** Recorded as the actor of an automatic rollback. */
export const CANARY_GUARD_ACTOR: ReleaseActor = { userId: null, label: 'auto:canary-guard' };

/** Errors, clients and rate of one version over the canary's lifetime. */
export interface VersionFigures {
  version: string;
  errors: number;
  clients: number;
  /** errors / max(clients, 1). */
  rate: number;
}

/** Whether `canary` should be rolled back against `stable` (see the module doc for the rule). */
export function canaryFails(canary: VersionFigures, stable: VersionFigures): boolean {
  return canary.errors >= CANARY_MIN_ERRORS && canary.rate > CANARY_ERROR_RATIO * stable.rate;
}

export class CanaryGuard {
  private readonly releases: RemoteReleaseService;

  constructor(releases: RemoteReleaseService) {
    this.releases = releases;
  }

  /**
   * Checks every running canary and rolls back those past the threshold.
   * @returns how many canaries were rolled back.
   */
  async check(em: EntityManager): Promise<number> {
    const canaries = await em.find(RemoteCanary, {}, { refresh: true });
    if (canaries.length === 0) return 0;
    const stable = await this.releases.registry(em);
    let rolledBack = 0;
    for (const canary of canaries) {
      const stableVersion = stable.find((entry) => entry.name === canary.remote)?.version;
      if (!stableVersion) continue;
      const [canaryFigures, stableFigures] = await this.figures(em, canary.remote, canary.startedAt, [canary.version, stableVersion]);
      if (!canaryFails(canaryFigures, stableFigures)) continue;
      const reason =
        `Canário revertido automaticamente: ${canaryFigures.errors} erros em ${canaryFigures.clients} clientes (${canaryFigures.rate.toFixed(2)} por cliente) ` +
        `contra ${stableFigures.errors} erros em ${stableFigures.clients} clientes (${stableFigures.rate.toFixed(2)} por cliente) na versão estável; ` +
        `limite: mais de ${CANARY_ERROR_RATIO}x a taxa estável e ao menos ${CANARY_MIN_ERRORS} erros.`;
      const details = { reason, canary: canaryFigures, stable: stableFigures, ratio: CANARY_ERROR_RATIO, minErrors: CANARY_MIN_ERRORS };
      if (await this.releases.abortCanary(em, canary.remote, canary.version, details, CANARY_GUARD_ACTOR)) rolledBack += 1;
    }
    return rolledBack;
  }

  /** Figures of each of `versions` of `remote` since `since`, in the order given. */
  private async figures(em: EntityManager, remote: RemoteName, since: Date, versions: [string, string]): Promise<[VersionFigures, VersionFigures]> {
    const connection = em.getConnection();
    const [errors, clients] = await Promise.all([
      connection.execute<{ version: string; errors: number }[]>(
        `select v.version, coalesce(sum(v.count), 0)::int as errors from system_error_versions v join system_errors e on e.id = v.issue_id
         where e.remote = ? and v.version in (?, ?) and v.minute >= date_trunc('minute', ?::timestamptz) and v.verified group by v.version`,
        [remote, ...versions, since],
      ),
      connection.execute<{ version: string; clients: number }[]>(
        `select version, count(*)::int as clients from remote_canary_clients where remote = ? and version in (?, ?) group by version`,
        [remote, ...versions],
      ),
    ]);
    const of = (version: string): VersionFigures => {
      const errorCount = errors.find((row) => row.version === version)?.errors ?? 0;
      const clientCount = clients.find((row) => row.version === version)?.clients ?? 0;
      return { version, errors: errorCount, clients: clientCount, rate: errorCount / Math.max(clientCount, 1) };
    };
    return [of(versions[0]), of(versions[1])];
  }
}
