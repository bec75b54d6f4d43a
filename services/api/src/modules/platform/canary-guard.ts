/**
 * Automatic canary rollback: the service compares the error rate of the two versions from the
 * captured system errors and rolls the canary back by itself past a threshold, recording why.
 * A periodic job (`canary-guard`, jobs.ts, every {@link CANARY_CHECK_INTERVAL_MS}) checks each
 * running canary over its lifetime:
 *
 * - clients of a version: distinct `prata_client` ids served that version of the remote since the
 *   canary started (`remote_canary_clients`, recorded when `GET /api/remotes?client=` is answered,
 *   at most CANARY_CLIENTS_PER_ADDRESS per address: the shopper's address for an id the shell's
 *   host signed, else the address that asked);
 * - erroring clients of a version: those of its clients that reported an error of that version
 *   with the canary report token the registry gave them (`errored_at`, set once per client: a
 *   client counts once however many errors it reports, so one token cannot roll a canary back);
 * - rate = erroring clients / max(clients, 1);
 * - the canary is rolled back when at least {@link CANARY_MIN_ERRORED_CLIENTS} of its clients
 *   erred AND its rate is more than {@link CANARY_ERROR_RATIO} times the stable version's rate.
 *
 * Real-user speed: the canary is also rolled back when its p75 LCP or p75 INP since it
 * started is more than {@link CANARY_VITALS_RATIO} times the stable version's, each version having
 * Web Vitals from at least `minVitalsSessions` clients (`CANARY_MIN_VITALS_SESSIONS`);
 * only samples carrying the registry's canary token count, one value per client (its median). The figures
 * and the time from the last sample that proved the breach to the rollback are recorded. The job
 * runs every {@link CANARY_CHECK_INTERVAL_MS}, so that time stays under the 60 s target.
 *
 * The rollback has the effect of `npm run rollback` during a canary (every client gets the stable
 * version) plus an `admin_logs` row `remote_canary_rolled_back` whose details hold the figures and
 * a pt-BR `reason`, and the `RemoteReleaseActivated` event (RemoteReleaseService.abortCanary).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RemoteName } from '@prata/contracts';
import { RemoteCanary } from './remote-release.entities.ts';
import type { ReleaseActor, RemoteReleaseService } from './remote-releases.service.ts';
import type { ReleaseHealthService, VersionVitals } from './release-health.service.ts';

/** How often the job runs, ms. */
export const CANARY_CHECK_INTERVAL_MS = 15_000;
/** Rolled back when the canary's p75 LCP or INP exceeds this multiple of the stable version's (10 % worse). */
export const CANARY_VITALS_RATIO = 1.1;
/** At least this many of the canary's clients must have erred before it can be rolled back (a few prove nothing). */
export const CANARY_MIN_ERRORED_CLIENTS = 5;
/** Rolled back when the canary's share of erroring clients exceeds this multiple of the stable version's. */
export const CANARY_ERROR_RATIO = 2;
/** Recorded as the actor of an automatic rollback. */
export const CANARY_GUARD_ACTOR: ReleaseActor = { userId: null, label: 'auto:canary-guard' };

/** Clients, erroring clients and rate of one version over the canary's lifetime. */
export interface VersionFigures {
  version: string;
  /** Its clients that reported an error with a verified token. */
  erroredClients: number;
  clients: number;
  /** erroredClients / max(clients, 1). */
  rate: number;
}

/** Whether `canary` should be rolled back against `stable` (see the module doc for the rule). */
export function canaryFails(canary: VersionFigures, stable: VersionFigures): boolean {
  return canary.erroredClients >= CANARY_MIN_ERRORED_CLIENTS && canary.rate > CANARY_ERROR_RATIO * stable.rate;
}

/**
 * The metric in which `canary` is more than CANARY_VITALS_RATIO times slower than `stable` (p75),
 * or null; both need `minClients` clients with token-verified vitals.
 */
export function vitalsBreach(canary: VersionVitals, stable: VersionVitals, minClients: number): 'LCP' | 'INP' | null {
  if (canary.clients < minClients || stable.clients < minClients) return null;
  if (canary.lcpP75 !== null && stable.lcpP75 !== null && canary.lcpP75 > CANARY_VITALS_RATIO * stable.lcpP75) return 'LCP';
  if (canary.inpP75 !== null && stable.inpP75 !== null && canary.inpP75 > CANARY_VITALS_RATIO * stable.inpP75) return 'INP';
  return null;
}

const ms = (value: number | null) => (value === null ? '—' : `${Math.round(value)} ms`);

export class CanaryGuard {
  private readonly releases: RemoteReleaseService;
  private readonly health: ReleaseHealthService | null;
  private readonly minVitalsSessions: number;
  private readonly now: () => Date;

  constructor(releases: RemoteReleaseService, health: ReleaseHealthService | null = null, minVitalsSessions = 20, now: () => Date = () => new Date()) {
    this.releases = releases;
    this.health = health;
    this.minVitalsSessions = minVitalsSessions;
    this.now = now;
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
      if (!canaryFails(canaryFigures, stableFigures)) {
        if (await this.checkVitals(em, canary, stableVersion)) rolledBack += 1;
        continue;
      }
      const percent = (figures: VersionFigures) => `${(figures.rate * 100).toFixed(1).replace('.', ',')} %`;
      const reason =
        `Canário revertido automaticamente: ${canaryFigures.erroredClients} de ${canaryFigures.clients} clientes com erro (${percent(canaryFigures)}) ` +
        `contra ${stableFigures.erroredClients} de ${stableFigures.clients} clientes (${percent(stableFigures)}) na versão estável; ` +
        `limite: mais de ${CANARY_ERROR_RATIO}x a taxa estável e ao menos ${CANARY_MIN_ERRORED_CLIENTS} clientes com erro.`;
      const details = { reason, canary: canaryFigures, stable: stableFigures, ratio: CANARY_ERROR_RATIO, minErroredClients: CANARY_MIN_ERRORED_CLIENTS };
      if (await this.releases.abortCanary(em, canary.remote, canary.version, details, CANARY_GUARD_ACTOR)) rolledBack += 1;
    }
    return rolledBack;
  }

  /** Rolls `canary` back when its real users' LCP or INP is past the threshold (see the module doc). @returns whether it did. */
  private async checkVitals(em: EntityManager, canary: RemoteCanary, stableVersion: string): Promise<boolean> {
    if (!this.health) return false;
    const [canaryVitals, stableVitals] = await this.health.vitalsSince(em, canary.remote, canary.startedAt, [canary.version, stableVersion]);
    const metric = vitalsBreach(canaryVitals!, stableVitals!, this.minVitalsSessions);
    if (!metric) return false;
    const [canaryValue, stableValue] = metric === 'LCP' ? [canaryVitals!.lcpP75, stableVitals!.lcpP75] : [canaryVitals!.inpP75, stableVitals!.inpP75];
    const rolledBackAt = this.now();
    const breachToRollbackMs = canaryVitals!.lastSampleAt ? Math.max(0, rolledBackAt.getTime() - canaryVitals!.lastSampleAt.getTime()) : null;
    const reason =
      `Canário revertido automaticamente: p75 de ${metric} ${ms(canaryValue)} em ${canaryVitals!.clients} clientes ` +
      `contra ${ms(stableValue)} em ${stableVitals!.clients} clientes na versão estável; ` +
      `limite: mais de ${Math.round((CANARY_VITALS_RATIO - 1) * 100)} % pior com ao menos ${this.minVitalsSessions} clientes.`;
    const details = { reason, metric, canary: canaryVitals, stable: stableVitals, ratio: CANARY_VITALS_RATIO, minClients: this.minVitalsSessions, breachToRollbackMs };
    return this.releases.abortCanary(em, canary.remote, canary.version, details, CANARY_GUARD_ACTOR);
  }

  /** Figures of each of `versions` of `remote` since `since`, in the order given. */
  private async figures(em: EntityManager, remote: RemoteName, since: Date, versions: [string, string]): Promise<[VersionFigures, VersionFigures]> {
    const rows = await em.getConnection().execute<{ version: string; clients: number; errored: number }[]>(
      `select version, count(*)::int as clients, count(*) filter (where errored_at >= ?)::int as errored
       from remote_canary_clients where remote = ? and version in (?, ?) group by version`,
      [since, remote, ...versions],
    );
    const of = (version: string): VersionFigures => {
      const row = rows.find((candidate) => candidate.version === version);
      const clients = row?.clients ?? 0;
      const erroredClients = row?.errored ?? 0;
      return { version, erroredClients, clients, rate: erroredClients / Math.max(clients, 1) };
    };
    return [of(versions[0]), of(versions[1])];
  }
}
