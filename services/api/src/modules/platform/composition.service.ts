/**
 * The composition map, a live map of the composed store: for the shell and for each
 * remote's active and canary builds, what its `build-info.json` says (version, contract major,
 * `shared`: the version of each federation singleton the shell provides, the range each remote
 * requires, and its initial weight), and why a remote build does not fit the shell
 * (`remoteCompatibilityProblems` of @prata/contracts with npm `semver.satisfies`, the check
 * `npm run release` makes; one problem per singleton, plus the contract major).
 *
 * Where each `build-info.json` is read: next to the build's `mf-manifest.json` (the registry's
 * active entry, or the canary's release), only on an allowed release origin (`RELEASE_ORIGINS`,
 * release-verifier.ts `onAllowedOrigin`), without following redirects, each fetch bounded by
 * {@link BUILD_INFO_TIMEOUT_MS}; the shell's at `SHELL_URL/build-info.json` (configuration, so its
 * origin is allowed for that one file). A file that cannot be read in time, or is not a valid
 * `build-info.json`, is `buildInfo: null` for that build (logged), never a failed request. Answers
 * are cached per URL for {@link BUILD_INFO_TTL_MS} (released builds are immutable; the bootstrap
 * builds and the shell change on deploy), and concurrent requests share one fetch (lru-cache).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { LRUCache } from 'lru-cache';
import semver from 'semver';
import {
  remoteCompatibilityProblems,
  type AppWeight,
  type Composition,
  type CompositionBuild,
  type CompositionBuildInfo,
  type CompositionProblem,
  type RemoteName,
} from '@prata/contracts';
import { weighedBuildInfoSchema } from '@prata/contracts/build-weight';
import { fetchBytes, onAllowedOrigin } from './release-verifier.ts';
import { RemoteRelease } from './remote-release.entities.ts';
import type { RemoteReleaseService } from './remote-releases.service.ts';

/** Time allowed for each build-info.json fetch, ms. */
export const BUILD_INFO_TIMEOUT_MS = 3000;
/** How long a build-info.json answer (or its absence) is reused, ms. */
export const BUILD_INFO_TTL_MS = 15_000;

export interface CompositionOptions {
  /** The shell's public URL (`SHELL_URL`): its build-info.json is `<shellUrl>/build-info.json`. */
  shellUrl: string;
  /** Origins, or origins with a path prefix, released builds may be fetched from (`RELEASE_ORIGINS`). */
  allowedOrigins: readonly string[];
  fetchImpl?: typeof fetch;
  log?: { warn(obj: object, msg: string): void };
  /** Per-fetch time limit, ms (default {@link BUILD_INFO_TIMEOUT_MS}). */
  timeoutMs?: number;
  /** Cache lifetime, ms (default {@link BUILD_INFO_TTL_MS}). */
  ttlMs?: number;
}

/**
 * Why `remote` does not fit `shell`, one problem per singleton (and one for another contract
 * major), in the pt-BR of {@link remoteCompatibilityProblems}; empty when it fits.
 */
export function compositionProblems(remote: CompositionBuildInfo, shell: CompositionBuildInfo): CompositionProblem[] {
  const host = { contractVersion: shell.contractVersion, provides: shell.shared };
  const satisfies = (version: string, range: string) => semver.satisfies(version, range);
  const contract = remoteCompatibilityProblems({ contractVersion: remote.contractVersion, requires: {} }, host, satisfies).map((message) => ({ library: null, message }));
  const libraries = Object.entries(remote.shared).flatMap(([library, range]) =>
    remoteCompatibilityProblems({ contractVersion: host.contractVersion, requires: { [library]: range } }, host, satisfies).map((message) => ({ library, message })),
  );
  return [...contract, ...libraries];
}

export class CompositionService {
  private readonly releases: Pick<RemoteReleaseService, 'registry' | 'canaryReleases'>;
  private readonly options: CompositionOptions;
  private readonly shellOrigins: readonly string[];
  private readonly cache: LRUCache<string, { info: CompositionBuildInfo | null }, readonly string[]>;

  /** @param releases the release registry (active entries and running canaries). */
  constructor(releases: Pick<RemoteReleaseService, 'registry' | 'canaryReleases'>, options: CompositionOptions) {
    this.releases = releases;
    this.options = options;
    this.shellOrigins = [new URL(options.shellUrl).origin];
    this.cache = new LRUCache({
      max: 200,
      ttl: options.ttlMs ?? BUILD_INFO_TTL_MS,
      fetchMethod: async (url, _stale, { context }) => ({ info: await this.read(url, context) }),
    });
  }

  /** The composition now: the shell, then each remote of the registry with its active and canary builds. */
  async composition(em: EntityManager): Promise<Composition> {
    const shellInfoUrl = `${this.options.shellUrl.replace(/\/$/, '')}/build-info.json`;
    const [registry, canaries, shellInfo] = await Promise.all([this.releases.registry(em), this.releases.canaryReleases(em), this.buildInfo(shellInfoUrl, this.shellOrigins)]);
    const served = registry.flatMap((entry) => [
      { remote: entry.name, version: entry.version },
      ...(canaries.has(entry.name) ? [{ remote: entry.name, version: canaries.get(entry.name)!.version }] : []),
    ]);
    const recorded = await this.recordedWeights(em, served);
    const build = async (remote: RemoteName, version: string, manifestUrl: string): Promise<CompositionBuild> => {
      const info = await this.buildInfo(new URL('build-info.json', manifestUrl).toString(), this.options.allowedOrigins);
      return {
        version,
        manifestUrl,
        weight: recorded.get(`${remote}@${version}`) ?? info?.weight ?? null,
        buildInfo: info,
        problems: info && shellInfo ? compositionProblems(info, shellInfo) : null,
      };
    };
    const remotes = await Promise.all(
      registry.map(async (entry) => {
        const canary = canaries.get(entry.name);
        const [active, canaryBuild] = await Promise.all([
          build(entry.name, entry.version, entry.manifestUrl),
          canary ? build(entry.name, canary.version, canary.manifestUrl) : null,
        ]);
        return { remote: entry.name, active, canary: canary && canaryBuild ? { ...canaryBuild, percent: canary.percent } : null };
      }),
    );
    return { shell: { buildInfoUrl: shellInfoUrl, buildInfo: shellInfo }, remotes };
  }

  /** The build-info.json at `url` (cached), or null when it is off `origins`, unreadable or invalid. */
  private async buildInfo(url: string, origins: readonly string[]): Promise<CompositionBuildInfo | null> {
    const cached = await this.cache.fetch(url, { context: origins });
    return cached?.info ?? null;
  }

  private async read(url: string, origins: readonly string[]): Promise<CompositionBuildInfo | null> {
    if (!onAllowedOrigin(url, origins)) return this.unread(url, 'origin not allowed');
    const bytes = await fetchBytes(url, this.options.fetchImpl ?? fetch, this.options.timeoutMs ?? BUILD_INFO_TIMEOUT_MS);
    if (typeof bytes === 'string') return this.unread(url, bytes);
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      return this.unread(url, 'not JSON');
    }
    const parsed = weighedBuildInfoSchema.safeParse(json);
    if (!parsed.success) return this.unread(url, 'not a valid build-info.json');
    const { version, contractVersion, shared, weight } = parsed.data;
    return { version, contractVersion, shared, weight: weight ?? null };
  }

  private unread(url: string, reason: string): null {
    this.options.log?.warn({ url, reason }, 'composition: build-info.json not read');
    return null;
  }

  /** Weights recorded with the releases among `served` (`<remote>@<version>` -> weight). */
  private async recordedWeights(em: EntityManager, served: { remote: RemoteName; version: string }[]): Promise<Map<string, AppWeight>> {
    if (served.length === 0) return new Map();
    const rows = await em.find(RemoteRelease, { $or: served }, { fields: ['remote', 'version', 'weightJsGzip', 'weightCssGzip'] });
    return new Map(
      rows.flatMap((row) => (row.weightJsGzip != null && row.weightCssGzip != null ? [[`${row.remote}@${row.version}`, { jsGzip: row.weightJsGzip, cssGzip: row.weightCssGzip }] as const] : [])),
    );
  }
}
