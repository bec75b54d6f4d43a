/**
 * Checks a published remote build before it becomes active: a release whose manifest is
 * unreachable or whose entry does not match its integrity hash is not activated.
 *
 * `verifyRelease` fetches the release's `mf-manifest.json`, resolves its entry file
 * (`metaData.publicPath` + `remoteEntry.path` + `remoteEntry.name`; `publicPath: 'auto'` means
 * relative to the manifest), fetches it and compares its SRI hash (`sha384-<base64>`) with the
 * one recorded at publish. It also checks that the manifest names the remote and, when it
 * announces a build version, that it is the release's version. When a release records
 * the hash of its Node build (`serverIntegrity`), the manifest must announce that build
 * (`metaData.ssrRemoteEntry`, on an allowed origin too) and the container's bytes must match the hash;
 * a manifest that announces a Node build needs that hash (the release tool records it).
 * When a release records the hashes of its style sheets (`styleIntegrity`), they must be exactly
 * the sheets its manifest lists ({@link manifestStyleSheets}: none missing, none extra) and each
 * sheet's bytes, fetched like the entries, must match its hash (the shell's host inlines a
 * released sheet into its documents only against that hash).
 *
 * Against server-side request forgery (SSRF), both URLs must be on an allowed origin, or under an
 * allowed origin's path prefix (`RELEASE_ORIGINS`, default the remotes' origins), redirects are not followed (a 3xx is a
 * failure), and every failure answers one generic text, so the endpoint cannot be used to probe
 * internal hosts; the detail goes to the service log only.
 */
import { createHash } from 'node:crypto';
import { onReleaseOrigins } from '@prata/contracts/release-origins';
import { ConflictError } from '../../errors.ts';

/** SRI hash (`sha384-<base64>`) of bytes, as recorded for a release's entry file. */
export function sriHash(bytes: Uint8Array): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/** The CSS files of one expose or shared module in a federation manifest (`assets.css`). */
interface ManifestAssets {
  assets?: { css?: { sync?: unknown; async?: unknown } };
}

/** The parts of an `mf-manifest.json` the verifier reads. */
export interface FederationManifest {
  name?: string;
  metaData?: {
    name?: string;
    publicPath?: string;
    remoteEntry?: { name?: string; path?: string };
    /** The Node build (shared-ui/build/server-rendering.ts): `{ name: 'remoteEntry.js', path: 'server', type: 'commonjs-module' }`. */
    ssrRemoteEntry?: { name?: string; path?: string; type?: string };
    buildInfo?: { buildVersion?: string };
    /** The style sheets of each named chunk group (shared-ui/build/server-rendering.ts): chunk name -> sheet names. */
    chunkStyles?: unknown;
  };
  exposes?: ManifestAssets[];
  shared?: ManifestAssets[];
}

/** The URL a manifest at `manifestUrl` resolves its file names against (its `publicPath`; `auto`: the manifest's own URL). */
export function manifestBase(manifest: FederationManifest, manifestUrl: string): string {
  const publicPath = manifest.metaData?.publicPath;
  return !publicPath || publicPath === 'auto' ? manifestUrl : new URL(publicPath, manifestUrl).toString();
}

/**
 * URL of the entry file a manifest at `manifestUrl` names.
 * @throws Error when the manifest names no entry file.
 */
export function entryUrlOf(manifest: FederationManifest, manifestUrl: string): string {
  const entry = manifest.metaData?.remoteEntry;
  if (!entry?.name) throw new Error('manifest without metaData.remoteEntry.name');
  const relative = [entry.path, entry.name].filter((part) => part && part.length > 0).join('/').replace(/^\/+/, '');
  return new URL(relative, manifestBase(manifest, manifestUrl)).toString();
}

/** The strings of `value` when it is an array (a malformed manifest entry gives none). */
const names = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/**
 * Every style sheet a federation manifest lists, once each, in the order found: the
 * `assets.css.sync` and `assets.css.async` names of each of its `exposes` and `shared`
 * modules, then the sheets of each named chunk (`metaData.chunkStyles`), as the manifest gives
 * them (relative to its files, e.g. `__federation_expose_App.d11e1dcc.css`).
 */
export function manifestStyleSheets(manifest: FederationManifest): string[] {
  const sheets = new Set<string>();
  for (const module of [...(manifest.exposes ?? []), ...(manifest.shared ?? [])]) {
    for (const name of [...names(module?.assets?.css?.sync), ...names(module?.assets?.css?.async)]) sheets.add(name);
  }
  const chunkStyles = manifest.metaData?.chunkStyles;
  if (chunkStyles && typeof chunkStyles === 'object') for (const files of Object.values(chunkStyles)) for (const name of names(files)) sheets.add(name);
  return [...sheets];
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
  /** SRI of the Node container; absent or null: not checked. */
  serverIntegrity?: string | null | undefined;
  /** SRI of each style sheet the manifest lists, by name; absent or null: the sheets are not checked. */
  styleIntegrity?: Record<string, string> | null | undefined;
}

/** Where released builds may be fetched from, and where failures are logged. */
export interface VerifyOptions {
  /** Allowed origins (`https://cdn.loja.com.br`) or origins with a path prefix (`https://cdn.loja.com.br/remotes/`); a URL elsewhere fails. */
  allowedOrigins: readonly string[];
  fetchImpl?: typeof fetch;
  log?: { warn(obj: object, msg: string): void };
}

/**
 * Whether `url` is an http(s) URL the release allow-list `origins` admits: on one of its origins,
 * or, for an item with a path prefix (`http://minio.localhost:9000/prata-releases/`), under that
 * path once parsed (`/prata-releases-x/` and `/prata-releases/../prata-images/` are not).
 */
export function onAllowedOrigin(url: string, origins: readonly string[]): boolean {
  return onReleaseOrigins(url, origins);
}

/** The one answer to every failed verification (no detail: the endpoint must not reveal what it reached). */
export function unverifiedMessage(remote: string, version: string): string {
  return `Não foi possível verificar a versão ${version} de ${remote} (manifest, arquivo de entrada ou hash de integridade); a versão não foi ativada.`;
}

/** Time allowed for each fetch (the manifest, each entry, each style sheet), ms. */
const FETCH_TIMEOUT_MS = 5000;

/**
 * The bytes of a released file at `url`, or why not (a string for the log: `HTTP 404`,
 * `redirect 302`, `larger than <n> bytes`, the network or timeout error). Redirects are not
 * followed (a redirect could lead anywhere, private ranges included); the caller checks the origin
 * first ({@link onAllowedOrigin}).
 * @param timeoutMs time allowed for the whole fetch (default 5 s).
 * @param maxBytes largest body read (bytes; default no limit): a longer one (by its
 *   `content-length`, or once read past it) is `larger than <maxBytes> bytes`, and the rest is not read.
 */
export async function fetchBytes(url: string, fetchImpl: typeof fetch, timeoutMs = FETCH_TIMEOUT_MS, maxBytes?: number): Promise<Uint8Array | string> {
  try {
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs), headers: { 'cache-control': 'no-cache' }, redirect: 'manual' });
    if (response.status >= 300 && response.status < 400) return `redirect ${response.status}`;
    if (!response.ok) return `HTTP ${response.status}`;
    if (maxBytes === undefined || !response.body) return new Uint8Array(await response.arrayBuffer());
    const tooLarge = `larger than ${maxBytes} bytes`;
    if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
      await response.body.cancel();
      return tooLarge;
    }
    const chunks: Uint8Array[] = [];
    let total = 0;
    for await (const chunk of response.body) {
      total += chunk.byteLength;
      if (total > maxBytes) return tooLarge;
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Resolves when `release` is reachable on an allowed origin and intact.
 * @throws ReleaseVerificationError with the one generic pt-BR message ({@link unverifiedMessage})
 * when a URL is off the allowed origins, a fetch fails or redirects, the manifest is not JSON of
 * this remote and version, or the entry's hash differs; the reason is logged, not answered.
 */
export async function verifyRelease(release: ReleaseToVerify, options: VerifyOptions): Promise<void> {
  const reason = await unverifiedReason(release, options.allowedOrigins, options.fetchImpl ?? fetch);
  if (reason === null) return;
  options.log?.warn({ remote: release.remote, version: release.version, manifestUrl: release.manifestUrl, reason }, 'release not verified');
  throw new ReleaseVerificationError(unverifiedMessage(release.remote, release.version));
}

/** Why `release` fails verification, or null when it passes. */
async function unverifiedReason(release: ReleaseToVerify, allowedOrigins: readonly string[], fetchImpl: typeof fetch): Promise<string | null> {
  if (!onAllowedOrigin(release.manifestUrl, allowedOrigins)) return 'manifest origin not allowed';
  const manifestBytes = await fetchBytes(release.manifestUrl, fetchImpl);
  if (typeof manifestBytes === 'string') return `manifest: ${manifestBytes}`;
  let manifest: FederationManifest;
  let entryUrl: string;
  try {
    manifest = JSON.parse(new TextDecoder().decode(manifestBytes)) as FederationManifest;
    entryUrl = entryUrlOf(manifest, release.manifestUrl);
  } catch {
    return 'manifest is not a valid mf-manifest.json';
  }
  const name = manifest.metaData?.name ?? manifest.name;
  if (name !== release.remote) return `manifest names remote ${String(name)}`;
  const announced = manifest.metaData?.buildInfo?.buildVersion;
  if (announced && announced !== release.version) return `manifest announces version ${announced}`;
  if (!onAllowedOrigin(entryUrl, allowedOrigins)) return 'entry origin not allowed';
  const entryBytes = await fetchBytes(entryUrl, fetchImpl);
  if (typeof entryBytes === 'string') return `entry: ${entryBytes}`;
  if (sriHash(entryBytes) !== release.integrity) return 'entry hash differs from the recorded integrity';
  return (await serverEntryReason(release, manifest, allowedOrigins, fetchImpl)) ?? styleSheetsReason(release, manifest, allowedOrigins, fetchImpl);
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
 * Why the Node build of `release` fails verification, or null when the manifest
 * announces no Node build and the release records no hash for one, or the manifest announces the
 * container on an allowed origin and its bytes match the recorded hash. A manifest that announces
 * a Node build for a release without `serverIntegrity` fails (the host would run it unchecked).
 */
async function serverEntryReason(release: ReleaseToVerify, manifest: FederationManifest, allowedOrigins: readonly string[], fetchImpl: typeof fetch): Promise<string | null> {
  const url = serverEntryUrlOf(manifest, release.manifestUrl);
  // The shell's host runs a released Node build only against its recorded hash.
  if (!release.serverIntegrity) return url ? 'manifest announces a server build (metaData.ssrRemoteEntry) but the release records no serverIntegrity' : null;
  if (!url) return 'manifest announces no server build (metaData.ssrRemoteEntry) although its hash was recorded';
  if (!onAllowedOrigin(url, allowedOrigins)) return 'server entry origin not allowed';
  const bytes = await fetchBytes(url, fetchImpl);
  if (typeof bytes === 'string') return `server entry: ${bytes}`;
  if (sriHash(bytes) !== release.serverIntegrity) return 'server entry hash differs from the recorded server integrity';
  return null;
}

/** Style sheets fetched at once while a release's are checked. */
const STYLE_SHEET_FETCHES = 6;

/**
 * Why the style sheets of `release` fail verification, or null when the release records no hashes
 * of them (a release tool from before) or records exactly the sheets its manifest lists and each
 * one, on an allowed origin, matches its hash. Fetches {@link STYLE_SHEET_FETCHES} at a time and
 * stops at the first failure.
 */
async function styleSheetsReason(release: ReleaseToVerify, manifest: FederationManifest, allowedOrigins: readonly string[], fetchImpl: typeof fetch): Promise<string | null> {
  const recorded = release.styleIntegrity;
  if (!recorded) return null;
  const listed = manifestStyleSheets(manifest);
  const unhashed = listed.find((name) => !Object.hasOwn(recorded, name));
  if (unhashed !== undefined) return `manifest lists the style sheet ${unhashed} but the release records no hash of it`;
  const unlisted = Object.keys(recorded).find((name) => !listed.includes(name));
  if (unlisted !== undefined) return `the release records a hash of the style sheet ${unlisted}, which the manifest does not list`;
  const base = manifestBase(manifest, release.manifestUrl);
  const queue = [...listed];
  let reason: string | null = null;
  const worker = async () => {
    for (let name = queue.shift(); name !== undefined && reason === null; name = queue.shift()) {
      const url = new URL(name, base).toString();
      if (!onAllowedOrigin(url, allowedOrigins)) {
        reason = `style sheet ${name}: origin not allowed`;
        return;
      }
      const bytes = await fetchBytes(url, fetchImpl);
      if (typeof bytes === 'string') reason ??= `style sheet ${name}: ${bytes}`;
      else if (sriHash(bytes) !== recorded[name]) reason ??= `style sheet ${name} hash differs from the recorded style integrity`;
    }
  };
  await Promise.all(Array.from({ length: Math.min(STYLE_SHEET_FETCHES, listed.length) }, worker));
  return reason;
}
