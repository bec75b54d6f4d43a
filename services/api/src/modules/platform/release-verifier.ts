/**
 * Checks a published remote build before it becomes active (issue 14 "A release whose manifest is
 * unreachable or whose entry does not match its integrity hash is not activated").
 *
 * `verifyRelease` fetches the release's `mf-manifest.json`, resolves its entry file
 * (`metaData.publicPath` + `remoteEntry.path` + `remoteEntry.name`; `publicPath: 'auto'` means
 * relative to the manifest), fetches it and compares its SRI hash (`sha384-<base64>`) with the
 * one recorded at publish. It also checks that the manifest names the remote and, when it
 * announces a build version, that it is the release's version. Issue 20: when a release records
 * the hash of its Node build (`serverIntegrity`), the manifest must announce that build
 * (`metaData.ssrRemoteEntry`) and the container's bytes must match the hash too.
 */
import { createHash } from 'node:crypto';
import { ConflictError } from '../../errors.ts';

/** SRI hash (`sha384-<base64>`) of bytes, as recorded for a release's entry file. */
export function sriHash(bytes: Uint8Array): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/** The parts of an `mf-manifest.json` the verifier reads. */
export interface FederationManifest {
  name?: string;
  metaData?: {
    name?: string;
    publicPath?: string;
    remoteEntry?: { name?: string; path?: string };
    /** The Node build (issue 20, shared-ui/build/server-rendering.ts): `{ name: 'remoteEntry.js', path: 'server', type: 'commonjs-module' }`. */
    ssrRemoteEntry?: { name?: string; path?: string; type?: string };
    buildInfo?: { buildVersion?: string };
  };
}

/**
 * URL of the entry file a manifest at `manifestUrl` names.
 * @throws Error when the manifest names no entry file.
 */
export function entryUrlOf(manifest: FederationManifest, manifestUrl: string): string {
  const entry = manifest.metaData?.remoteEntry;
  if (!entry?.name) throw new Error('manifest without metaData.remoteEntry.name');
  const publicPath = manifest.metaData?.publicPath;
  const base = !publicPath || publicPath === 'auto' ? manifestUrl : new URL(publicPath, manifestUrl).toString();
  const relative = [entry.path, entry.name].filter((part) => part && part.length > 0).join('/').replace(/^\/+/, '');
  return new URL(relative, base).toString();
}

/** A release that must not become active, with the pt-BR reason (409). */
export class ReleaseVerificationError extends ConflictError {
  constructor(message: string) {
    super(message, 'release_unverified');
  }
}

export interface ReleaseToVerify {
  remote: string;
  version: string;
  manifestUrl: string;
  integrity: string;
  /** SRI of the Node container (issue 20); absent or null: not checked. */
  serverIntegrity?: string | null | undefined;
}

/** Time allowed for each of the two fetches, ms. */
const FETCH_TIMEOUT_MS = 5000;

async function fetchBytes(url: string, fetchImpl: typeof fetch): Promise<Uint8Array | string> {
  try {
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { 'cache-control': 'no-cache' } });
    if (!response.ok) return `HTTP ${response.status}`;
    return new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Resolves when `release` is reachable and intact.
 * @throws ReleaseVerificationError (pt-BR message) when the manifest or entry cannot be fetched,
 * the manifest is not JSON of this remote or another version, or the entry's hash differs.
 */
export async function verifyRelease(release: ReleaseToVerify, fetchImpl: typeof fetch = fetch): Promise<void> {
  const label = `${release.remote} ${release.version}`;
  const manifestBytes = await fetchBytes(release.manifestUrl, fetchImpl);
  if (typeof manifestBytes === 'string') throw new ReleaseVerificationError(`Não foi possível ler o manifest de ${label} (${manifestBytes}); a versão não foi ativada.`);
  let manifest: FederationManifest;
  let entryUrl: string;
  try {
    manifest = JSON.parse(new TextDecoder().decode(manifestBytes)) as FederationManifest;
    entryUrl = entryUrlOf(manifest, release.manifestUrl);
  } catch {
    throw new ReleaseVerificationError(`O manifest de ${label} não é um mf-manifest.json válido; a versão não foi ativada.`);
  }
  const name = manifest.metaData?.name ?? manifest.name;
  if (name !== release.remote) throw new ReleaseVerificationError(`O manifest de ${label} é do remote "${String(name)}"; a versão não foi ativada.`);
  const announced = manifest.metaData?.buildInfo?.buildVersion;
  if (announced && announced !== release.version) {
    throw new ReleaseVerificationError(`O manifest de ${label} anuncia a versão ${announced}; a versão não foi ativada.`);
  }
  const entryBytes = await fetchBytes(entryUrl, fetchImpl);
  if (typeof entryBytes === 'string') throw new ReleaseVerificationError(`Não foi possível ler o arquivo de entrada de ${label} (${entryBytes}); a versão não foi ativada.`);
  if (sriHash(entryBytes) !== release.integrity) {
    throw new ReleaseVerificationError(`O arquivo de entrada de ${label} não confere com o hash de integridade registrado; a versão não foi ativada.`);
  }
  await verifyServerEntry(release, manifest, fetchImpl);
}

/**
 * URL of the Node container a manifest at `manifestUrl` announces (`metaData.ssrRemoteEntry`,
 * relative to the manifest's files like the browser entry), or null when it announces none.
 */
export function serverEntryUrlOf(manifest: FederationManifest, manifestUrl: string): string | null {
  const ssr = manifest.metaData?.ssrRemoteEntry;
  if (!ssr?.name) return null;
  return entryUrlOf({ ...manifest, metaData: { ...manifest.metaData, remoteEntry: ssr } }, manifestUrl);
}

/**
 * Resolves when `release` records no Node build hash, or when `manifest` announces the Node
 * container and its bytes match the hash (issue 20).
 * @throws ReleaseVerificationError (pt-BR) when the manifest announces no Node build, the
 * container cannot be fetched, or its hash differs.
 */
async function verifyServerEntry(release: ReleaseToVerify, manifest: FederationManifest, fetchImpl: typeof fetch): Promise<void> {
  if (!release.serverIntegrity) return;
  const label = `${release.remote} ${release.version}`;
  const url = serverEntryUrlOf(manifest, release.manifestUrl);
  if (!url) throw new ReleaseVerificationError(`O manifest de ${label} não anuncia a build de servidor (metaData.ssrRemoteEntry) cujo hash foi registrado; a versão não foi ativada.`);
  const bytes = await fetchBytes(url, fetchImpl);
  if (typeof bytes === 'string') throw new ReleaseVerificationError(`Não foi possível ler a build de servidor de ${label} (${bytes}); a versão não foi ativada.`);
  if (sriHash(bytes) !== release.serverIntegrity) {
    throw new ReleaseVerificationError(`A build de servidor de ${label} não confere com o hash de integridade registrado; a versão não foi ativada.`);
  }
}
