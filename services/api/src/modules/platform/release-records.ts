/**
 * How a recorded release (`remote_releases`, remote-release.entities.ts) becomes what the release
 * routes and the registry answer, and how a publish input compares with and completes a record
 * (remote-releases.service.ts):
 *
 * - {@link ServedRelease} / {@link servedEntry}: the fields a registry entry takes from the release
 *   it serves: manifest, version and the SRI hashes (`sha384-<base64>`) of its Node container
 *   (`serverIntegrity`) and of its style sheets (`styleIntegrity`, manifest name -> hash), which the
 *   shell's host checks before it runs or inlines them.
 * - {@link releaseView}: one release in the releases list (`remoteReleaseSchema` of the contracts).
 * - {@link conflicts} / {@link completes} / {@link releaseExtras}: publishing a recorded version
 *   again is idempotent with the same content, refused with other content, and fills in what an
 *   older record lacks (the Node build's hash, the style sheets' hashes, the weight).
 */
import type { PublishReleaseInput, RemoteEntry, RemoteRelease as RemoteReleaseDto, StyleIntegrity } from '@prata/contracts';
import type { RemoteRelease } from './remote-release.entities.ts';

/** What the registry serves of a release. */
export interface ServedRelease {
  version: string;
  manifestUrl: string;
  /** SRI of its Node container, null when none was recorded. */
  serverIntegrity?: string | null | undefined;
  /** SRI of each of its style sheets by manifest name, null when none were recorded. */
  styleIntegrity?: StyleIntegrity | null | undefined;
}

/** A `remote_releases` row as the registry's queries select it (snake case, jsonb parsed). */
export interface ServedReleaseRow {
  version: string;
  manifest_url: string;
  server_integrity: string | null;
  style_integrity: StyleIntegrity | null;
}

/** The columns a {@link ServedReleaseRow} is selected from, for `remote_releases r`. */
export const SERVED_RELEASE_COLUMNS = 'r.version, r.manifest_url, r.server_integrity, r.style_integrity';

/** A selected row as a {@link ServedRelease}. */
export function servedReleaseOf(row: ServedReleaseRow): ServedRelease {
  return { version: row.version, manifestUrl: row.manifest_url, serverIntegrity: row.server_integrity, styleIntegrity: row.style_integrity };
}

/**
 * The registry entry of `release` from the bootstrap entry `entry` (its name and routes): the
 * release's manifest, version and hashes, and no hash of the bootstrap entry's own (those are of
 * another build).
 */
export function servedEntry(entry: RemoteEntry, release: ServedRelease): RemoteEntry {
  const { serverIntegrity: _server, styleIntegrity: _styles, ...rest } = entry;
  return {
    ...rest,
    manifestUrl: release.manifestUrl,
    version: release.version,
    ...(release.serverIntegrity ? { serverIntegrity: release.serverIntegrity } : {}),
    ...(release.styleIntegrity ? { styleIntegrity: release.styleIntegrity } : {}),
  };
}

/** `release` in the releases list, marked active when it is `active`. */
export function releaseView(release: RemoteRelease, active: string | null): RemoteReleaseDto {
  return {
    remote: release.remote,
    version: release.version,
    manifestUrl: release.manifestUrl,
    integrity: release.integrity,
    serverIntegrity: release.serverIntegrity ?? null,
    styleIntegrity: release.styleIntegrity ?? null,
    weight: release.weightJsGzip != null && release.weightCssGzip != null ? { jsGzip: release.weightJsGzip, cssGzip: release.weightCssGzip } : null,
    publishedAt: release.publishedAt.toISOString(),
    publishedBy: release.publishedBy,
    notes: release.notes,
    active: release.version === active,
  };
}

/** Whether two recorded hashes disagree (an absent one agrees with anything: older releases recorded none). */
function differs(recorded: string | null | undefined, given: string | undefined): boolean {
  return Boolean(recorded && given && recorded !== given);
}

/** Whether two recorded sets of style sheet hashes disagree (an absent one agrees with anything). */
function stylesDiffer(recorded: StyleIntegrity | null | undefined, given: StyleIntegrity | undefined): boolean {
  if (!recorded || !given) return false;
  const names = Object.keys(recorded);
  return names.length !== Object.keys(given).length || names.some((name) => recorded[name] !== given[name]);
}

/** A parsed publish input (publishReleaseSchema's output). */
type PublishedRelease = Pick<PublishReleaseInput, 'manifestUrl' | 'integrity' | 'serverIntegrity' | 'styleIntegrity' | 'weight'>;

/** Whether publishing `given` again for the recorded `existing` is other content (409): another manifest, entry, Node build or style sheet. */
export function conflicts(existing: RemoteRelease, given: PublishedRelease): boolean {
  return (
    existing.manifestUrl !== given.manifestUrl ||
    existing.integrity !== given.integrity ||
    differs(existing.serverIntegrity, given.serverIntegrity) ||
    stylesDiffer(existing.styleIntegrity, given.styleIntegrity)
  );
}

/** Whether `given` brings what the record `existing` lacks (recorded before it existed): the Node build's hash, the style sheets' hashes, the weight. */
export function completes(existing: RemoteRelease, given: PublishedRelease): boolean {
  return Boolean((!existing.serverIntegrity && given.serverIntegrity) || (!existing.styleIntegrity && given.styleIntegrity) || (existing.weightJsGzip == null && given.weight));
}

/** The Node build's hash, the style sheets' hashes and the weight from a publish input, when given (the columns of `remote_releases`). */
export function releaseExtras(release: PublishedRelease) {
  return {
    ...(release.serverIntegrity ? { serverIntegrity: release.serverIntegrity } : {}),
    ...(release.styleIntegrity ? { styleIntegrity: release.styleIntegrity } : {}),
    ...(release.weight ? { weightJsGzip: release.weight.jsGzip, weightCssGzip: release.weight.cssGzip } : {}),
  };
}
