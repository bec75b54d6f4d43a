/**
 * Building and publishing one remote for `npm run release`:
 *
 * - {@link buildRemote}: builds `mf-<remote>` alone, as it is in the working tree, with its own
 *   rspack configuration into a fresh temporary directory (never its `dist/`, which a running
 *   store serves as the bootstrap build): its browser build there and its Node build
 *   in its `server/` (`PRATA_BUILD_OUTPUT`, shared-ui/build/federation.ts), and reads the version
 *   the build wrote to `build-info.json` (`<package version>-<content hash>`,
 *   shared-ui/build/build-version.ts). The byte budget is reported, not enforced, by that build:
 *   the release checks it itself ({@link readBuildWeight}) to refuse with the figures.
 * - {@link publishBuild}: publishes the build (both builds) to `<remote>/<version>/` of the release
 *   storage (the service's, through `@prata/api/releases`: services/api/src/storage/release-storage.ts,
 *   `DATA_DIR/deploy` or an S3-compatible bucket; an existing version is left as it is: same
 *   version, same content) and computes the SRI hashes of its entry file, of its Node container
 *   (`server/remoteEntry.js`, when the build has one) and of each style sheet its manifest lists
 *   ({@link hashStyleSheets}).
 * The checks themselves (style sheet hashes, shell compatibility, budget and growth) are the
 * service's release-checks.ts (`@prata/api/releases`), which the developer API's publish by
 * manifest URL runs on the same build read over HTTP: one implementation.
 * - {@link checkWeight}: the byte budget and growth checks: the build's initial weight
 *   and budget (its `build-info.json`, shared-ui/build/build-weight.ts; {@link readBuildWeight})
 *   against the budget and the live version's weight ({@link liveWeight}).
 * - {@link shellBuildInfo} / {@link compatibilityProblems}: the skew check before publishing: the
 *   build's RemoteModule contract major (its
 *   `build-info.json`) and the shared singletons its `mf-manifest.json` requires
 *   (`requiredVersion`) against the shell the store serves (its `build-info.json`).
 * - {@link remoteTypesProblems}: the build's published types (`@mf-types.zip`, named by its
 *   manifest's `metaData.types`) against the shell's RemoteModule contract, checked by the shell's
 *   own script (the shell type-checks against them).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { appBuildInfoSchema, type AppBuildInfo, type RemoteName, type RemoteReleaseList, type StyleIntegrity } from '@prata/contracts';
import { formatBytes, weighedBuildInfoSchema, type AppBudget, type AppWeight } from '@prata/contracts/build-weight';
import { REPO_ROOT } from '@prata/api/config';
import {
  InvalidStyleSheetNameError,
  liveWeight as sharedLiveWeight,
  shellCompatibilityProblems,
  sriHash,
  styleSheetHashes,
  weightRefusal,
  type FederationManifest,
  type LiveWeight,
  type ManifestShared,
  type ReleaseStorage,
  type SourceMapFile,
} from '@prata/api/releases';

/** A remote build in a temporary directory. */
export interface RemoteBuild {
  remote: RemoteName;
  version: string;
  dir: string;
  /** Removes the temporary directory. */
  dispose(): Promise<void>;
}

/** Source directory of a remote (`mf-<remote>` at the repository root). */
export function remoteSourceDir(remote: RemoteName): string {
  return path.join(REPO_ROOT, `mf-${remote}`);
}

/**
 * Builds `remote` in production mode into a temporary directory: the browser build in it, the
 * Node build (when the remote has one) in its `server/`.
 * @throws Error when rspack fails (its output is passed through to stderr) or the build has no
 * `build-info.json` of this remote.
 */
export async function buildRemote(remote: RemoteName): Promise<RemoteBuild> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `prata-release-${remote}-`));
  const rspack = path.join(REPO_ROOT, 'node_modules/@rspack/cli/bin/rspack.js');
  const code = await new Promise<number | null>((resolve, reject) => {
    // Not `--output-path`, which would send both builds to the same directory.
    const child = spawn(process.execPath, [rspack, 'build', '--mode', 'production'], {
      cwd: remoteSourceDir(remote),
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production', PRATA_BUILD_OUTPUT: dir, PRATA_BUDGET: 'report' },
    });
    child.on('error', reject);
    child.on('exit', resolve);
  });
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    if (code !== 0) throw new Error(`the build of mf-${remote} failed (rspack exited with ${code})`);
    const info = JSON.parse(await readFile(path.join(dir, 'build-info.json'), 'utf8')) as { name?: string; version?: string };
    if (info.name !== remote || !info.version) throw new Error(`build-info.json of mf-${remote} names ${String(info.name)} ${String(info.version)}`);
    return { remote, version: info.version, dir, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/**
 * Takes the hidden source maps out of a build: returns the browser build's `*.js.map`
 * files (for the service, which maps stack frames with them) and deletes every `.map` file of the
 * build, browser and Node, so the published copy never serves them.
 */
export async function takeSourceMaps(dir: string): Promise<SourceMapFile[]> {
  const files: SourceMapFile[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.map')) continue;
    const full = path.join(entry.parentPath, entry.name);
    if (entry.parentPath === dir && entry.name.endsWith('.js.map')) files.push({ file: entry.name.slice(0, -'.map'.length), json: await readFile(full, 'utf8') });
    await rm(full);
  }
  return files;
}

/** The published copy of a build. */
export interface PublishedBuild {
  /** Where it is (a directory or a URL). */
  location: string;
  /** `sha384-<base64>` of its `remoteEntry.js`. */
  integrity: string;
  /** `sha384-<base64>` of its Node container `server/remoteEntry.js`; null when the build has none. */
  serverIntegrity: string | null;
  /** `sha384-<base64>` of each style sheet its manifest lists, by the manifest's name ({@link hashStyleSheets}). */
  styleIntegrity: StyleIntegrity;
  /** False when that version was already published (nothing copied). */
  copied: boolean;
}

/** The Node container of a build, relative to its directory (shared-ui/build/server-rendering.ts). */
export const SERVER_ENTRY = 'server/remoteEntry.js';

/**
 * The SRI hash (`sha384-<base64>`) of each style sheet the `mf-manifest.json` of the build in `dir`
 * lists (`@prata/api/releases` `manifestStyleSheets`: its exposes' and shared modules' CSS and
 * `metaData.chunkStyles`), read from `dir`, by the relative name the manifest gives
 * (`__federation_expose_App.d11e1dcc.css` -> `sha384-…`): the `styleIntegrity` the release records
 * and the shell's host inlines a released sheet against. Empty when the manifest lists none.
 * @throws Error when the build has no manifest, or it lists a sheet whose name is not a relative
 * `.css` path (STYLE_SHEET_NAME_PATTERN) or that is not in the build.
 */
export async function hashStyleSheets(dir: string): Promise<StyleIntegrity> {
  const manifest = JSON.parse(await readFile(path.join(dir, 'mf-manifest.json'), 'utf8')) as FederationManifest;
  try {
    return await styleSheetHashes(manifest, (name) => readFile(path.join(dir, ...name.split('/'))));
  } catch (error) {
    if (error instanceof InvalidStyleSheetNameError) throw new Error(`mf-manifest.json of the build in ${dir} lists the style sheet "${error.sheet}", which is not a relative .css path`, { cause: error });
    throw error;
  }
}

/**
 * Publishes `build` (the whole directory: browser and Node builds) to `<remote>/<version>/` of
 * `storage` unless it is there, and hashes its entry, its Node container and its style sheets.
 * @throws Error when the build has no `remoteEntry.js`, the errors of {@link hashStyleSheets}, or the storage's errors.
 */
export async function publishBuild(build: RemoteBuild, storage: ReleaseStorage): Promise<PublishedBuild> {
  const integrity = sriHash(await readFile(path.join(build.dir, 'remoteEntry.js')));
  const serverEntry = path.join(build.dir, SERVER_ENTRY);
  const serverIntegrity = existsSync(serverEntry) ? sriHash(await readFile(serverEntry)) : null;
  const styleIntegrity = await hashStyleSheets(build.dir);
  const { copied, location } = await storage.publish(build.remote, build.version, build.dir);
  return { location, integrity, serverIntegrity, styleIntegrity, copied };
}

/**
 * The initial weight of the build in `dir` and the budget it was held to (bytes gzip), from its
 * `build-info.json` (shared-ui/build/build-weight.ts).
 * @throws Error when the file records no weight or budget (not a production build of this repository).
 */
export async function readBuildWeight(dir: string): Promise<{ weight: AppWeight; budget: AppBudget }> {
  const info = weighedBuildInfoSchema.parse(JSON.parse(await readFile(path.join(dir, 'build-info.json'), 'utf8')));
  if (!info.weight || !info.budget) throw new Error(`build-info.json of ${info.name} ${info.version} records no weight or budget`);
  return { weight: info.weight, budget: info.budget };
}

/**
 * The weight of the version live for everybody (`list.current`): the weight recorded with its
 * release, else the `weight` of the `build-info.json` next to its manifest (the bootstrap build,
 * or a release recorded before weights were); null when neither is known (then there is nothing
 * to compare with). `source` says where it came from.
 */
export function liveWeight(list: RemoteReleaseList, fetchImpl: typeof fetch = fetch): Promise<LiveWeight | null> {
  return sharedLiveWeight(list, fetchImpl);
}

/** The weight checks of a build before it is published ({@link checkWeight}). */
export interface WeightCheck {
  /** The build's initial weight and its budget, bytes gzip. */
  weight: AppWeight;
  budget: AppBudget;
  /** The live version's weight, null when unknown. */
  live: LiveWeight | null;
  /** One line with the figures, for the command's output. */
  summary: string;
  /** Why the build must not be published (pt-BR, with the figures), null when it may be. */
  refusal: string | null;
  /** Growth past the limit that `acceptGrowth` let through (pt-BR sentences). */
  acceptedGrowth: string[];
}

/**
 * Checks the build in `build.dir` against its byte budget and against the live version of
 * `list` (`npm run release`): refused when its initial JS or CSS gzip is over the
 * budget, or more than MAX_RELEASE_GROWTH (5 %) heavier than the live version's unless
 * `acceptGrowth`. Without a known live weight only the budget is checked.
 * @throws the errors of {@link readBuildWeight}.
 */
export async function checkWeight(build: Pick<RemoteBuild, 'remote' | 'version' | 'dir'>, list: RemoteReleaseList, acceptGrowth: boolean, fetchImpl: typeof fetch = fetch): Promise<WeightCheck> {
  const { weight, budget } = await readBuildWeight(build.dir);
  const live = await liveWeight(list, fetchImpl);
  const summary =
    `initial weight of ${build.remote} ${build.version}: JS ${formatBytes(weight.jsGzip)} gzip, CSS ${formatBytes(weight.cssGzip)} gzip (budget ${formatBytes(budget.js)} / ${formatBytes(budget.css)}; ` +
    (live ? `live ${live.version}: JS ${formatBytes(live.weight.jsGzip)}, CSS ${formatBytes(live.weight.cssGzip)})` : 'live version: weight unknown)');
  const decision = weightRefusal(`${build.remote} ${build.version} não foi publicada`, weight, budget, live, acceptGrowth, 'repita com --accept-growth', build.remote);
  return { weight, budget, live, summary, ...decision };
}

/**
 * The shell's build info: from the running store (`<shellUrl>/build-info.json`), else from the
 * shell's local build (`shell/dist/build-info.json`).
 * @throws Error when neither is available or valid.
 */
export async function shellBuildInfo(shellUrl: string): Promise<{ info: AppBuildInfo; source: string }> {
  const url = `${shellUrl.replace(/\/$/, '')}/build-info.json`;
  const remote = await fetch(url, { signal: AbortSignal.timeout(5000), headers: { 'cache-control': 'no-cache' } })
    .then(async (response) => (response.ok ? appBuildInfoSchema.safeParse(await response.json()) : null))
    .catch(() => null);
  if (remote?.success) return { info: remote.data, source: url };
  const file = path.join(REPO_ROOT, 'shell/dist/build-info.json');
  const local = existsSync(file) ? appBuildInfoSchema.safeParse(JSON.parse(await readFile(file, 'utf8'))) : null;
  if (local?.success) return { info: local.data, source: file };
  throw new Error(`the shell's build-info.json is neither at ${url} nor in shell/dist (build the shell first)`);
}

/**
 * Why the remote build in `dir` cannot run in the shell described by `shell` (pt-BR sentences,
 * empty when it fits): another contract major, or a singleton requirement the shell does not meet.
 * @throws Error when the build has no valid build-info.json or mf-manifest.json.
 */
export async function compatibilityProblems(dir: string, shell: AppBuildInfo): Promise<string[]> {
  const info = appBuildInfoSchema.parse(JSON.parse(await readFile(path.join(dir, 'build-info.json'), 'utf8')));
  const manifest = JSON.parse(await readFile(path.join(dir, 'mf-manifest.json'), 'utf8')) as ManifestShared;
  return shellCompatibilityProblems(info, manifest, shell);
}

// --- Published types of the exposed modules (the shell type-checks against them) ---

/** The shell's check of a remote build's published types (shell/scripts/check-remote-types.ts). */
export const CHECK_REMOTE_TYPES_SCRIPT = path.join(REPO_ROOT, 'shell/scripts/check-remote-types.ts');

/**
 * Why the published types of the build in `dir` do not fit the shell (empty when they do): runs
 * the shell's check (a separate process: tools never import an app) on the `@mf-types.zip` its
 * `mf-manifest.json` names, which type-checks the default export of `./App` against the shell's
 * RemoteModule contract. Each problem is the check's report, TypeScript's diagnostics included
 * (e.g. `error TS2741: Property 'routes' is missing in type ... but required in type 'RemoteModule'`);
 * a build that publishes no types is a problem too.
 * @throws Error when the check cannot run (no Node, killed).
 */
export async function remoteTypesProblems(dir: string, script = CHECK_REMOTE_TYPES_SCRIPT): Promise<string[]> {
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [script, dir], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (exitCode) => resolve({ code: exitCode, output: Buffer.concat(chunks).toString('utf8').trim() }));
  });
  if (code === 0) return [];
  if (code === 1) return [output];
  throw new Error(`the type check of the build in ${dir} did not run (exit ${code}): ${output}`);
}
