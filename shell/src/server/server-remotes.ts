/**
 * Remotes' Node builds on the shell's host: for a registry entry, its browser manifest
 * (`mf-manifest.json`, the registry's URL) names the Node container (`metaData.ssrRemoteEntry`,
 * shared-ui/build/server-rendering.ts); this loads that container over HTTP through the federation
 * runtime (@module-federation/node's runtime plugin evaluates it in this process), with the
 * shell's shared singletons, and reads its `./App` RemoteModule.
 *
 * - Every build is its own federation remote (`<name>__v<hash>`), so a canary and the stable
 *   version render side by side, each request with the version its registry names.
 * - A build loads once (later pages reuse it; a failed load is tried again after
 *   {@link FAILURE_TTL_MS}); at most {@link MAX_VERSIONS} builds are kept. A build is known by the
 *   registry's version and its manifest's build version, the manifest being read again after
 *   {@link MANIFEST_TTL_MS}: a remote rebuilt at the same URL (a bootstrap entry, development)
 *   is picked up.
 * - A remote whose manifest names no Node build, or whose singletons this shell does not
 *   satisfy, is not server-rendered (`null`), as the browser refuses the latter too.
 * - Only verified code runs (security review 2026-11-29 #4): the Node container must be
 *   on one of the host's release origins (`RELEASE_ORIGINS`, fixed at the host's start, never read
 *   from a manifest), and its bytes must match the SRI hash the registry recorded
 *   (`serverIntegrity`, required by the API for every release with a Node build). An entry
 *   without a hash runs only when it is the operator's bootstrap entry (`bootstrap: true`:
 *   configuration, not a release); any other is rendered in the browser and reported.
 * It also reads from the manifest the files the page's `<head>` links for the remote (its entry,
 * the `./App` module's scripts, and its style sheets, those of its lazy routes included), and the
 * style sheets of each named chunk (`metaData.chunkStyles`), so that a page inlines only
 * `./App`'s and its own ({@link pageStyles}), with the hashes the release recorded of them keyed
 * by their URLs ({@link styleIntegrityOf}), against which the host inlines them.
 */
import { createHash } from 'node:crypto';
import { getInstance, loadRemote, registerPlugins, registerRemotes, satisfy } from '@module-federation/enhanced/runtime';
import type { RemoteEntry } from '@prata/contracts/platform';
import { onReleaseOrigins } from '@prata/contracts/release-origins';
import { REMOTE_MODULE_CONTRACT_VERSION, remoteCompatibilityProblems } from '@prata/contracts/remote-module';
import type { RemoteDocumentAssets } from '@prata/contracts/server-rendering';
import { parseRemoteModule, type RemoteModule } from '@prata/shared-ui';
import { hostProvisions, manifestRequirements, type FederationView } from '../features/remotes/remote-compatibility.ts';

/** A failed load is not tried again for this long (ms). */
export const FAILURE_TTL_MS = 10_000;
/** Builds kept loaded at once (each a remote of the federation runtime). */
export const MAX_VERSIONS = 24;
/** A manifest is read again after this long (ms). */
export const MANIFEST_TTL_MS = 1000;

/** A remote as the shell's host knows it for a page. */
export interface ServerRemote {
  /** Its RemoteModule (Node build), or null when it has no usable Node build (see `reason`). */
  module: RemoteModule | null;
  /** Why `module` is null. */
  reason?: string;
  /** True when `module` is null because of a fault (a build that does not fit this shell), not by design (no Node build). */
  faulty?: boolean;
  /** What the page links for it (browser build). */
  assets: RemoteDocumentAssets;
  /** The style sheets of `./App` itself and of each named chunk (absolute URLs); null when its manifest does not record them. */
  chunkStyles?: ChunkStyles | null;
}

/** `./App`'s own style sheets and those of each named chunk group of a remote (absolute URLs). */
export interface ChunkStyles {
  app: string[];
  chunks: Record<string, string[]>;
}

interface Manifest {
  metaData?: {
    buildInfo?: { buildVersion?: string };
    publicPath?: string;
    remoteEntry?: { name?: string; path?: string };
    ssrRemoteEntry?: { name?: string; path?: string; type?: string };
    /** The style sheets of each named chunk group (shared-ui/build/server-rendering.ts). */
    chunkStyles?: Record<string, unknown>;
  };
  shared?: unknown[];
  exposes?: { path?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[]; async?: string[] } } }[];
}

/** The federation runtime this build runs (the shell's Node host). */
type NodeFederation = {
  fetchManifest(url: string, signal: AbortSignal): Promise<Manifest>;
  fetchEntry(url: string): Promise<string>;
};

const defaultFederation: NodeFederation = {
  async fetchManifest(url, signal) {
    const response = await fetch(url, { signal });
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
    return (await response.json()) as Manifest;
  },
  async fetchEntry(url) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
    return response.text();
  },
};

const loads = new Map<string, { at: number; remote: Promise<ServerRemote> }>();
const manifests = new Map<string, { at: number; manifest: Promise<Manifest> }>();
/** Expected SRI hash of each Node container URL registered with the runtime. */
const integrities = new Map<string, string>();
let pluginRegistered = false;

/** `sha384-<base64>` of `text` (the SRI format releases record). */
function sriHash(text: string): string {
  return `sha384-${createHash('sha384').update(text).digest('base64')}`;
}

/**
 * The federation runtime plugin that fetches Node containers for the runtime: a container whose
 * URL has an expected hash runs only when its bytes match it.
 */
function integrityPlugin(federation: NodeFederation) {
  return {
    name: 'prata-server-remote-integrity',
    fetch(url: string): Promise<Response> | false {
      const expected = integrities.get(url);
      if (!expected) return false;
      return federation.fetchEntry(url).then((text) => {
        const actual = sriHash(text);
        if (actual !== expected) throw new Error(`the Node build at ${url} does not match its release (integrity ${actual}, expected ${expected})`);
        return new Response(text, { headers: { 'content-type': 'application/javascript' } });
      });
    },
  };
}

/** The directory URL a manifest's files are relative to. */
function baseOf(manifestUrl: string, manifest: Manifest): string {
  const publicPath = manifest.metaData?.publicPath;
  return publicPath && publicPath !== 'auto' ? new URL(publicPath, manifestUrl).href : new URL('.', manifestUrl).href;
}

/** `dir/name` joined the way the federation manifest does (empty parts skipped). */
function join(dir: string | undefined, name: string): string {
  return [dir, name].filter(Boolean).join('/');
}

/** The document assets of a remote from its browser manifest. */
export function documentAssets(manifestUrl: string, manifest: Manifest): RemoteDocumentAssets {
  const base = baseOf(manifestUrl, manifest);
  const resolve = (file: string) => new URL(file, base).href;
  const entry = manifest.metaData?.remoteEntry;
  const app = manifest.exposes?.find((expose) => expose.path === './App');
  return {
    scripts: [...(entry?.name ? [resolve(join(entry.path, entry.name))] : []), ...(app?.assets?.js?.sync ?? []).map(resolve)],
    styles: [...new Set([...(app?.assets?.css?.sync ?? []), ...(app?.assets?.css?.async ?? [])])].map(resolve),
    singletons: (manifest.shared ?? []).map((shared) => (shared as { name?: unknown }).name).filter((name): name is string => typeof name === 'string'),
  };
}

/** The style sheets by chunk of a remote from its browser manifest, or null when it does not record them. */
export function manifestChunkStyles(manifestUrl: string, manifest: Manifest): ChunkStyles | null {
  const recorded = manifest.metaData?.chunkStyles;
  if (!recorded || typeof recorded !== 'object') return null;
  const base = baseOf(manifestUrl, manifest);
  const resolve = (file: string) => new URL(file, base).href;
  const app = manifest.exposes?.find((expose) => expose.path === './App');
  const chunks: Record<string, string[]> = {};
  for (const [name, files] of Object.entries(recorded)) {
    if (Array.isArray(files) && files.every((file) => typeof file === 'string')) chunks[name] = files.map(resolve);
  }
  return { app: (app?.assets?.css?.sync ?? []).map(resolve), chunks };
}

/**
 * The SRI hashes the registry entry's release recorded of its style sheets (`styleIntegrity`,
 * manifest name -> `sha384-<base64>`), keyed by each sheet's absolute URL: the name resolved against
 * the manifest's files as {@link documentAssets} and {@link manifestChunkStyles} resolve them, so
 * the host finds the hash of each sheet it inlines. Undefined for the operator's bootstrap entry
 * recording none (its sheets are inlined as read); empty for a release that recorded none (none of
 * its sheets is inlined).
 */
export function styleIntegrityOf(entry: RemoteEntry, manifest: Manifest): Record<string, string> | undefined {
  if (!entry.styleIntegrity) return entry.bootstrap ? undefined : {};
  const base = baseOf(entry.manifestUrl, manifest);
  return Object.fromEntries(Object.entries(entry.styleIntegrity).map(([name, hash]) => [new URL(name, base).href, hash]));
}

/**
 * The style sheets a server-rendered page of `remote` needs: `./App`'s own and those of the named
 * chunks the page rendered with (its head's `styleChunks`), in that order; every sheet of the
 * remote when the page or the manifest does not say, or names a chunk the manifest does not know
 * (a page styled by a sheet it lacks would show unstyled until the browser loads it).
 */
export function pageStyles(remote: Pick<ServerRemote, 'assets' | 'chunkStyles'>, styleChunks: readonly string[] | undefined): string[] {
  const known = remote.chunkStyles;
  if (!styleChunks || !known || styleChunks.some((name) => !known.chunks[name])) return remote.assets.styles;
  return [...new Set([...known.app, ...styleChunks.flatMap((name) => known.chunks[name]!)])];
}

/** Federation remote name of one build: a JS identifier unique per remote, version, build and URL. */
function aliasOf(entry: RemoteEntry, manifest: Manifest, containerUrl: string): string {
  const build = `${entry.version}\0${manifest.metaData?.buildInfo?.buildVersion ?? ''}\0${containerUrl}`;
  return `${entry.name}__v${createHash('sha256').update(build).digest('hex').slice(0, 12)}`;
}

/** The manifest at `url`, read at most once per {@link MANIFEST_TTL_MS} (a failed read is not kept). */
function manifestOf(url: string, timeoutMs: number, federation: NodeFederation): Promise<Manifest> {
  const cached = manifests.get(url);
  if (cached && Date.now() - cached.at < MANIFEST_TTL_MS) return cached.manifest;
  const manifest = federation.fetchManifest(url, AbortSignal.timeout(timeoutMs));
  manifests.set(url, { at: Date.now(), manifest });
  manifest.catch(() => {
    if (manifests.get(url)?.manifest === manifest) manifests.delete(url);
  });
  return manifest;
}

/**
 * Whether `url` is an http(s) URL on one of `origins` (e.g. `https://cdn.loja.com.br`), or under
 * one with a path prefix (`http://minio.localhost:9000/prata-releases/`: compared after URL parsing).
 */
export function onReleaseOrigin(url: string, origins: readonly string[]): boolean {
  return onReleaseOrigins(url, origins);
}

/**
 * Why the Node container at `containerUrl` of `entry` must not run on this host, or null when it
 * may: off the release origins, or with no recorded hash on an entry that is not the bootstrap one.
 */
export function untrustedServerBuild(entry: RemoteEntry, containerUrl: string, releaseOrigins: readonly string[]): string | null {
  if (!onReleaseOrigin(containerUrl, releaseOrigins)) return `its Node build ${containerUrl} is not on the release origins (${releaseOrigins.join(' ')})`;
  if (!entry.serverIntegrity && !entry.bootstrap) return `the release ${entry.version} records no hash of its Node build (serverIntegrity)`;
  return null;
}

async function load(entry: RemoteEntry, manifest: Manifest, releaseOrigins: readonly string[]): Promise<ServerRemote> {
  const assets = documentAssets(entry.manifestUrl, manifest);
  const chunkStyles = manifestChunkStyles(entry.manifestUrl, manifest);
  const ssr = manifest.metaData?.ssrRemoteEntry;
  if (!ssr?.name) return { module: null, reason: 'no server build', assets };
  const instance = getInstance() as unknown as FederationView | null;
  if (instance) {
    const problems = remoteCompatibilityProblems(
      { contractVersion: REMOTE_MODULE_CONTRACT_VERSION, requires: manifestRequirements(manifest) },
      { contractVersion: REMOTE_MODULE_CONTRACT_VERSION, provides: hostProvisions(instance) },
      (version, range) => satisfy(version, range),
    );
    if (problems.length > 0) return { module: null, reason: `não é compatível com este shell: ${problems.join('; ')}`, faulty: true, assets };
  }
  const containerUrl = new URL(join(ssr.path, ssr.name), baseOf(entry.manifestUrl, manifest)).href;
  const untrusted = untrustedServerBuild(entry, containerUrl, releaseOrigins);
  if (untrusted) return { module: null, reason: `não roda no servidor: ${untrusted}`, faulty: true, assets };
  // One version per page view: the page is composed with the entry's version; a manifest that now
  // announces another build (its files changed after the release) is neither rendered here nor,
  // in the browser, run (remote-compatibility.ts versionSkew).
  const announced = manifest.metaData?.buildInfo?.buildVersion;
  if (!entry.bootstrap && announced && announced !== entry.version) {
    return { module: null, reason: `a página foi composta com a versão ${entry.version}, mas o manifest anuncia a versão ${announced}`, faulty: true, assets };
  }
  if (entry.serverIntegrity) integrities.set(containerUrl, entry.serverIntegrity);
  const alias = aliasOf(entry, manifest, containerUrl);
  registerRemotes([{ name: alias, entry: containerUrl, type: (ssr.type ?? 'commonjs-module') as 'commonjs-module' }]);
  const exposed = await loadRemote(`${alias}/App`);
  return { module: parseRemoteModule(exposed, entry.name), assets, chunkStyles };
}

/**
 * The remote of `entry` for a page: its Node build's RemoteModule (loaded once per version) and
 * its document assets, with the hashes of its style sheets this entry records
 * ({@link styleIntegrityOf}: taken from the entry at each call, not kept with the loaded build,
 * so a release given its hashes later is checked against them). `releaseOrigins`: the origins a Node build may come from (the host's
 * `RELEASE_ORIGINS`); a build off them, or without a recorded hash (see the module doc), gives
 * `module: null, faulty: true`. Rejects when the manifest cannot be read within `timeoutMs`, or
 * the container fails to load, to match its hash or to pass the RemoteModule check.
 */
export async function serverRemote(entry: RemoteEntry, timeoutMs: number, releaseOrigins: readonly string[], federation: NodeFederation = defaultFederation): Promise<ServerRemote> {
  if (!pluginRegistered) {
    registerPlugins([integrityPlugin(federation)]);
    pluginRegistered = true;
  }
  const manifest = await manifestOf(entry.manifestUrl, timeoutMs, federation);
  const styleIntegrity = styleIntegrityOf(entry, manifest);
  const withStyleIntegrity = (remote: ServerRemote): ServerRemote => (styleIntegrity ? { ...remote, assets: { ...remote.assets, styleIntegrity } } : remote);
  const key = `${entry.name}\0${entry.version}\0${entry.manifestUrl}\0${manifest.metaData?.buildInfo?.buildVersion ?? ''}`;
  const cached = loads.get(key);
  if (cached) return cached.remote.then(withStyleIntegrity);
  const remote = load(entry, manifest, releaseOrigins);
  loads.set(key, { at: Date.now(), remote });
  remote.catch(() => {
    // Forget a failure after a while: the remote may be back.
    setTimeout(() => {
      if (loads.get(key)?.remote === remote) loads.delete(key);
    }, FAILURE_TTL_MS).unref();
  });
  while (loads.size > MAX_VERSIONS) loads.delete(loads.keys().next().value!);
  return remote.then(withStyleIntegrity);
}
