/**
 * Remote releases: the registry in the database.
 *
 * - `registry(em)`: what `GET /api/remotes` serves: the bootstrap registry (file/env,
 *   remote-registry.ts) with each remote that has an active release pointed at that release's
 *   manifest and version (and the SRI hashes of its Node build, `serverIntegrity`, and of its
 *   style sheets, `styleIntegrity`, which the shell's host checks before running or inlining
 *   them; release-records.ts). Read from the database on every call (never stale).
 * - `list(em, remote)`: versions newest first (the active one marked), the activation history and
 *   the entry served now.
 * - `publish(em, remote, input, actor)`: records a build published to its versioned location and,
 *   unless `activate: false`, activates it. Publishing the same version again with the same
 *   manifest and hashes is idempotent; with other ones it is refused (409).
 * - `activate(em, remote, version, actor)`: makes a recorded version active.
 * - `rollback(em, remote, version | undefined, actor)`: while a canary runs, ends it; else the given
 *   version, else the newest release published before the active one, else (the active one is
 *   the oldest) the bootstrap entry.
 * - `startCanary(em, remote, version, percent, actor)` / `endCanary(em, remote, actor)` (each with a
 *   `RemoteCanaryChanged` event, so open developer areas refresh): a canary
 *   gives `percent` % of clients (`registry(em, clientId)`: a stable hash of the client id and the
 *   remote, {@link canaryBucket}) a published version instead of the active one; clients without
 *   an id get the active one. Activating any version of the remote (promoting the canary, or
 *   rolling back) ends its canary. While a canary runs, which version each client id was served
 *   is recorded (`remote_canary_clients`, the denominator of canary-guard.ts).
 * - `abortCanary(em, remote, version, details, actor)`: the automatic rollback (canary-guard.ts).
 * Every activation is checked first (release-verifier.ts: manifest, entries and style sheets
 * reachable and as recorded; 409 with the pt-BR reason otherwise), written with an `admin_logs` row and a
 * `RemoteReleaseActivated` domain event (realtime channel `releases`) (`{ remote, version, manifestUrl }`, version null for the
 * bootstrap entry; aggregate: {@link remoteAggregateId}) in one transaction.
 */
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  REMOTE_ACTIVATED_EVENT,
  REMOTE_NAMES,
  REMOTE_CANARY_CHANGED_EVENT,
  publishReleaseSchema,
  type PublishReleaseInput,
  type RemotePreview,
  type RemoteEntry,
  type RemoteName,
  type RemoteRegistry,
  type RemoteReleaseList,
} from '@prata/contracts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { audit, type AuditAction, type RequestMeta } from '../audit/index.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { nameBasedUuid } from '../../lib/name-uuid.ts';
import { RemoteActivation, RemoteCanary, RemoteCanaryClient, RemoteRelease } from './remote-release.entities.ts';
import type { RemoteRegistryService } from './remote-registry.ts';
import type { ReleaseToVerify } from './release-verifier.ts';
import { completes, conflicts, releaseExtras, releaseView, SERVED_RELEASE_COLUMNS, servedEntry, servedReleaseOf, type ServedRelease, type ServedReleaseRow } from './release-records.ts';

/** Stable uuid of a remote as an event aggregate (domain event ids are uuids): name-based, from SHA-1 of its name. */
export function remoteAggregateId(remote: RemoteName): string {
  return nameBasedUuid('remote', remote);
}

/**
 * Which canary bucket (0-99) a client falls in for `remote`: the first 4 bytes of
 * SHA-256(`<remote>:<clientId>`) as an unsigned integer, modulo 100. Stable per client and remote;
 * a client is in a canary of `percent` % when its bucket is below `percent`.
 */
export function canaryBucket(remote: string, clientId: string): number {
  return createHash('sha256').update(`${remote}:${clientId}`).digest().readUInt32BE(0) % 100;
}

/** Who changes releases: a signed-in developer (API) or the release command against the database. */
export interface ReleaseActor {
  /** The developer's user id; null for the command run against the database. */
  userId: string | null;
  /** Recorded as published_by / activated_by: the e-mail, or `cli:<os user>`. */
  label: string;
  meta?: RequestMeta;
}

type Action = RemoteActivation['action'];

const AUDIT_ACTIONS: Record<Action, AuditAction> = {
  publish: 'remote_release_activated',
  activate: 'remote_release_activated',
  rollback: 'remote_release_rolled_back',
};

/**
 * Client ids counted per address and remote while a canary runs, so one address cannot dilute its
 * error rate with made-up ids (the shopper's address for the shell host's signed ids: routes.ts).
 */
export const CANARY_CLIENTS_PER_ADDRESS = 5;

/**
 * Marks `clientId`, served `version` of `remote` during a canary, as having reported an error
 * (its report token verified) at `at`, once: the canary guard counts erroring clients, so one
 * client repeating a report is still one (security review 2026-11-29 #3). Nothing
 * happens for a client the registry did not count.
 */
export async function markCanaryClientErrored(em: EntityManager, remote: string, version: string, clientId: string, at: Date): Promise<void> {
  await em.getConnection().execute(`update remote_canary_clients set errored_at = coalesce(errored_at, ?) where remote = ? and version = ? and client_id = ?`, [at, remote, version, clientId]);
}

/**
 * Whether the store has served `version` of `remote`: a published release of it, or the version of
 * its entry in the bootstrap registry (`bootstrap`); remotes outside the registry (the shell) are
 * not checked here (true). Used to trust a browser's error report as a regression (security review
 * 2026-11-29 #15).
 */
export async function isServedVersion(em: EntityManager, bootstrap: Pick<RemoteRegistryService, 'list'>, remote: string, version: string): Promise<boolean> {
  if (!(REMOTE_NAMES as readonly string[]).includes(remote)) return true;
  if ((await bootstrap.list()).some((entry) => entry.name === remote && entry.version === version)) return true;
  return (await em.count(RemoteRelease, { remote: remote as RemoteName, version })) > 0;
}

export class RemoteReleaseService {
  private readonly bootstrap: RemoteRegistryService;
  private readonly events: Pick<EventBus, 'record' | 'publish'>;
  private readonly verify: (release: ReleaseToVerify) => Promise<void>;
  private readonly reportTokens: { issue(remote: string, version: string, clientId: string): string } | null;

  /**
   * @param bootstrap the file/env registry (default entries, routes).
   * @param events the domain event bus (the command uses one that is not listening).
   * @param verify release check before publishing and activation (verifyRelease on the allowed origins, platform/index.ts).
   */
  constructor(
    bootstrap: RemoteRegistryService,
    events: Pick<EventBus, 'record' | 'publish'>,
    verify: (release: ReleaseToVerify) => Promise<void>,
    /** Issues the canary report token of an entry served to a client (none without it). */
    reportTokens: { issue(remote: string, version: string, clientId: string): string } | null = null,
  ) {
    this.reportTokens = reportTokens;
    this.bootstrap = bootstrap;
    this.events = events;
    this.verify = verify;
  }

  /**
   * The registry the shell composes the store from: bootstrap entries with the active releases
   * applied, for `clientId` inside a remote's canary share the canary release, and for a staff
   * `preview` (the caller checked the role) that published version of that remote (an unknown
   * version is ignored).
   */
  async registry(em: EntityManager, clientId?: string, preview?: RemotePreview, address?: string): Promise<RemoteRegistry> {
    const [base, active, canaries, previewed] = await Promise.all([
      this.bootstrap.list(),
      this.activeReleases(em),
      clientId ? this.canaryReleases(em) : new Map<string, ServedRelease & { percent: number }>(),
      preview ? em.findOne(RemoteRelease, { remote: preview.remote, version: preview.version }) : null,
    ]);
    const served = base.map((entry) => {
      const canary = canaries.get(entry.name);
      const release =
        previewed?.remote === entry.name ? previewed : canary && clientId && canaryBucket(entry.name, clientId) < canary.percent ? canary : active.get(entry.name);
      return release ? servedEntry(entry, release) : { ...entry, bootstrap: true as const };
    });
    if (clientId && canaries.size > 0) {
      const exposed = served.filter((entry) => canaries.has(entry.name) && previewed?.remote !== entry.name);
      const counted = await this.recordCanaryClients(em, clientId, exposed, address ?? null);
      // Reports about these entries count for the canary guard only with this token, and
      // only a client the guard counts gets one (a made-up id past the address cap gets none).
      if (this.reportTokens) {
        const tokens = this.reportTokens;
        return served.map((entry) => (counted.includes(entry) ? { ...entry, reportToken: tokens.issue(entry.name, entry.version, clientId) } : entry));
      }
    }
    return served;
  }

  /**
   * Ends the canary of `remote` by itself (canary-guard.ts) when it still runs `version`: every
   * client gets the stable version again, an `admin_logs` row `remote_canary_rolled_back` keeps
   * `details` (the figures that decided it) and a `RemoteReleaseActivated` event tells open tabs
   * (payload: the stable version, null for the bootstrap entry, and its manifest).
   * @returns false when that canary no longer runs (ended or replaced meanwhile).
   */
  async abortCanary(em: EntityManager, remote: RemoteName, version: string, details: Record<string, unknown>, actor: ReleaseActor): Promise<boolean> {
    const [stable, stableVersion] = await Promise.all([this.registry(em), this.activeVersion(em, remote)]);
    const manifestUrl = this.entryOf(stable, remote).manifestUrl;
    const record = await em.transactional(async (tx) => {
      if ((await tx.nativeDelete(RemoteCanary, { remote, version })) === 0) return null;
      await tx.nativeDelete(RemoteCanaryClient, { remote });
      audit(tx, { userId: actor.userId, action: 'remote_canary_rolled_back', details: { remote, version, by: actor.label, ...details } });
      return this.events.record(tx, { type: REMOTE_ACTIVATED_EVENT, aggregateId: remoteAggregateId(remote), payload: { remote, version: stableVersion, manifestUrl } });
    });
    if (!record) return false;
    await this.events.publish(em, [record]);
    return true;
  }

  /** Versions, history and current entry of `remote`. */
  async list(em: EntityManager, remote: RemoteName): Promise<RemoteReleaseList> {
    const [releases, history, registry, canary] = await Promise.all([
      em.find(RemoteRelease, { remote }, { orderBy: { publishedAt: 'desc', version: 'desc' } }),
      em.find(RemoteActivation, { remote }, { orderBy: { id: 'desc' }, limit: 50 }),
      this.registry(em),
      // refresh: the canary may have been deleted by a transaction of another fork since it was read.
      em.findOne(RemoteCanary, { remote }, { refresh: true }),
    ]);
    const active = history[0]?.version ?? null;
    return {
      remote,
      active,
      current: this.entryOf(registry, remote),
      canary: canary ? { version: canary.version, percent: canary.percent, startedAt: canary.startedAt.toISOString(), startedBy: canary.startedBy } : null,
      releases: releases.map((release) => releaseView(release, active)),
      history: history.map((row) => ({ version: row.version ?? null, action: row.action, activatedAt: row.activatedAt.toISOString(), activatedBy: row.activatedBy })),
    };
  }

  /**
   * Records a published build and activates it unless `input.activate` is false.
   * @throws ZodError on invalid input; ConflictError when the version exists with another
   * manifest or hash; ReleaseVerificationError (409) when it fails the check.
   */
  async publish(em: EntityManager, remote: RemoteName, input: PublishReleaseInput, actor: ReleaseActor): Promise<RemoteReleaseList> {
    const release = publishReleaseSchema.parse(input);
    const existing = await em.findOne(RemoteRelease, { remote, version: release.version });
    if (existing && conflicts(existing, release)) {
      throw new ConflictError(`A versão ${release.version} de ${remote} já foi publicada com outro conteúdo.`, 'release_exists');
    }
    // Verified whether or not it is activated now: staff preview loads it too.
    await this.verify({ remote, ...release });
    const records = await em.transactional(async (tx) => {
      // A version recorded without its Node build's hash, its style sheets' hashes or its weight gets them now.
      if (existing && completes(existing, release)) {
        await tx.nativeUpdate(RemoteRelease, { id: existing.id }, releaseExtras(release));
      }
      if (!existing) {
        tx.create(RemoteRelease, { remote, version: release.version, manifestUrl: release.manifestUrl, integrity: release.integrity, ...releaseExtras(release), publishedBy: actor.label, notes: release.notes });
        audit(tx, { userId: actor.userId, action: 'remote_release_published', details: { remote, version: release.version, by: actor.label, activate: release.activate }, ...(actor.meta ? { meta: actor.meta } : {}) });
      }
      if (!release.activate || (await this.activeVersion(tx, remote)) === release.version) return [];
      return [await this.recordActivation(tx, remote, { version: release.version, manifestUrl: release.manifestUrl }, 'publish', actor)];
    });
    await this.events.publish(em, records);
    return this.list(em, remote);
  }

  /**
   * Makes `version` of `remote` active (no change when it already is).
   * @throws NotFoundError for an unknown version; ReleaseVerificationError (409) when it fails the check.
   */
  async activate(em: EntityManager, remote: RemoteName, version: string, actor: ReleaseActor, action: 'activate' | 'rollback' = 'activate'): Promise<RemoteReleaseList> {
    const release = await em.findOne(RemoteRelease, { remote, version });
    if (!release) throw new NotFoundError(`Versão ${version} de ${remote} não encontrada.`, 'release_not_found');
    if ((await this.activeVersion(em, remote)) === version) return this.list(em, remote);
    await this.verify({ remote, version, manifestUrl: release.manifestUrl, integrity: release.integrity, serverIntegrity: release.serverIntegrity ?? null, styleIntegrity: release.styleIntegrity ?? null });
    const record = await em.transactional(async (tx) => this.recordActivation(tx, remote, { version, manifestUrl: release.manifestUrl }, action, actor));
    await this.events.publish(em, [record]);
    return this.list(em, remote);
  }

  /**
   * Goes back: to `version` when given, else to the newest release published before the active
   * one, else to the bootstrap entry.
   * @throws ConflictError when the bootstrap entry already serves the remote; the errors of {@link activate}.
   */
  async rollback(em: EntityManager, remote: RemoteName, version: string | undefined, actor: ReleaseActor): Promise<RemoteReleaseList> {
    if ((await em.count(RemoteCanary, { remote })) > 0) return this.endCanary(em, remote, actor);
    if (version) return this.activate(em, remote, version, actor, 'rollback');
    const active = await this.activeVersion(em, remote);
    if (active === null) throw new ConflictError(`${remote} já está na versão de base do registro; não há versão anterior.`, 'nothing_to_roll_back');
    const current = await em.findOneOrFail(RemoteRelease, { remote, version: active });
    const previous = await em.findOne(
      RemoteRelease,
      { remote, $or: [{ publishedAt: { $lt: current.publishedAt } }, { publishedAt: current.publishedAt, version: { $lt: current.version } }] },
      { orderBy: { publishedAt: 'desc', version: 'desc' } },
    );
    if (previous) return this.activate(em, remote, previous.version, actor, 'rollback');
    const bootstrap = this.entryOf(await this.bootstrap.list(), remote);
    const record = await em.transactional(async (tx) => this.recordActivation(tx, remote, { version: null, manifestUrl: bootstrap.manifestUrl }, 'rollback', actor));
    await this.events.publish(em, [record]);
    return this.list(em, remote);
  }

  /**
   * Gives `percent` % of clients `version` of `remote` (replacing a running canary).
   * @throws NotFoundError for an unknown version; ConflictError when it is the active one;
   * ReleaseVerificationError (409) when it fails the check.
   */
  async startCanary(em: EntityManager, remote: RemoteName, version: string, percent: number, actor: ReleaseActor): Promise<RemoteReleaseList> {
    const release = await em.findOne(RemoteRelease, { remote, version });
    if (!release) throw new NotFoundError(`Versão ${version} de ${remote} não encontrada.`, 'release_not_found');
    if ((await this.activeVersion(em, remote)) === version) throw new ConflictError(`A versão ${version} de ${remote} já está ativa para todos.`, 'already_active');
    await this.verify({ remote, version, manifestUrl: release.manifestUrl, integrity: release.integrity, serverIntegrity: release.serverIntegrity ?? null, styleIntegrity: release.styleIntegrity ?? null });
    await em.transactional(async (tx) => {
      await tx.nativeDelete(RemoteCanary, { remote });
      await tx.nativeDelete(RemoteCanaryClient, { remote });
      tx.create(RemoteCanary, { remote, version, percent, startedBy: actor.label });
      audit(tx, { userId: actor.userId, action: 'remote_canary_started', details: { remote, version, percent, by: actor.label }, ...(actor.meta ? { meta: actor.meta } : {}) });
      await this.events.record(tx, { type: REMOTE_CANARY_CHANGED_EVENT, aggregateId: remoteAggregateId(remote), payload: { remote, version, percent } });
    });
    return this.list(em, remote);
  }

  /** Ends the canary of `remote`: every client gets the active version. @throws ConflictError when none runs. */
  async endCanary(em: EntityManager, remote: RemoteName, actor: ReleaseActor): Promise<RemoteReleaseList> {
    const canary = await em.findOne(RemoteCanary, { remote }, { refresh: true });
    if (!canary) throw new ConflictError(`Nenhum canário de ${remote} em andamento.`, 'no_canary');
    await em.transactional(async (tx) => {
      await tx.nativeDelete(RemoteCanary, { remote });
      await tx.nativeDelete(RemoteCanaryClient, { remote });
      audit(tx, { userId: actor.userId, action: 'remote_canary_ended', details: { remote, version: canary.version, percent: canary.percent, by: actor.label }, ...(actor.meta ? { meta: actor.meta } : {}) });
      await this.events.record(tx, { type: REMOTE_CANARY_CHANGED_EVENT, aggregateId: remoteAggregateId(remote), payload: { remote, version: null, percent: null } });
    });
    return this.list(em, remote);
  }

  private async recordActivation(tx: EntityManager, remote: RemoteName, target: { version: string | null; manifestUrl: string }, action: Action, actor: ReleaseActor) {
    // An activation settles the remote for everybody: a running canary ends (promoted or abandoned).
    await tx.nativeDelete(RemoteCanary, { remote });
    await tx.nativeDelete(RemoteCanaryClient, { remote });
    tx.create(RemoteActivation, { remote, version: target.version, action, activatedBy: actor.label });
    audit(tx, { userId: actor.userId, action: AUDIT_ACTIONS[action], details: { remote, version: target.version ?? 'bootstrap', by: actor.label }, ...(actor.meta ? { meta: actor.meta } : {}) });
    return this.events.record(tx, { type: REMOTE_ACTIVATED_EVENT, aggregateId: remoteAggregateId(remote), payload: { remote, version: target.version, manifestUrl: target.manifestUrl } });
  }

  /**
   * Records which version of each canaried remote `clientId` was served (kept once per client and
   * version). At most CANARY_CLIENTS_PER_ADDRESS client ids are counted per address and remote,
   * so one host cannot dilute a canary's error rate with made-up ids.
   * @returns the entries of `entries` for which `clientId` is counted (recorded now or before).
   */
  private async recordCanaryClients(em: EntityManager, clientId: string, entries: RemoteEntry[], address: string | null): Promise<RemoteEntry[]> {
    const counted: RemoteEntry[] = [];
    for (const entry of entries) {
      await em.getConnection().execute(
        `insert into remote_canary_clients (remote, version, client_id, address, first_seen_at)
         select ?, ?, ?, ?, now()
         where ?::text is null or (select count(*) from remote_canary_clients where remote = ? and address = ?) < ?
         on conflict do nothing`,
        [entry.name, entry.version, clientId, address, address, entry.name, address, CANARY_CLIENTS_PER_ADDRESS],
      );
      const [row] = await em.getConnection().execute<{ n: number }[]>(`select count(*)::int as n from remote_canary_clients where remote = ? and version = ? and client_id = ?`, [entry.name, entry.version, clientId]);
      if (row && row.n > 0) counted.push(entry);
    }
    return counted;
  }


  /** The active version of `remote`, or null when the bootstrap entry serves it. */
  private async activeVersion(em: EntityManager, remote: RemoteName): Promise<string | null> {
    const newest = await em.findOne(RemoteActivation, { remote }, { orderBy: { id: 'desc' }, fields: ['version'] });
    return newest?.version ?? null;
  }

  /** Each remote's active release (remotes on their bootstrap entry are absent). */
  private async activeReleases(em: EntityManager): Promise<Map<string, ServedRelease>> {
    const rows = await em.getConnection().execute<(ServedReleaseRow & { remote: string })[]>(
      `select r.remote, ${SERVED_RELEASE_COLUMNS}
         from (select distinct on (remote) remote, version from remote_activations order by remote, id desc) a
         join remote_releases r on r.remote = a.remote and r.version = a.version`,
    );
    return new Map(rows.map((row) => [row.remote, servedReleaseOf(row)]));
  }

  /** Each remote's running canary with its release (version, manifest URL, hashes, percent), by remote name. */
  async canaryReleases(em: EntityManager): Promise<Map<string, ServedRelease & { percent: number }>> {
    const rows = await em.getConnection().execute<(ServedReleaseRow & { remote: string; percent: number })[]>(
      `select r.remote, ${SERVED_RELEASE_COLUMNS}, c.percent from remote_canaries c join remote_releases r on r.remote = c.remote and r.version = c.version`,
    );
    return new Map(rows.map((row) => [row.remote, { ...servedReleaseOf(row), percent: row.percent }]));
  }

  private entryOf(registry: RemoteRegistry, remote: RemoteName): RemoteEntry {
    const entry = registry.find((candidate) => candidate.name === remote);
    if (!entry) throw new NotFoundError(`O registro de remotes não tem ${remote}.`, 'remote_not_registered');
    return entry;
  }
}
