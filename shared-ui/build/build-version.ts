/**
 * Release version of an app's build: `<package version>-<content
 * hash>`, e.g. `0.1.0-3f9c2a1b`. The hash is the first 8 hex digits of a SHA-256 over every
 * emitted file (name and bytes, sorted by name) except the files this plugin writes or rewrites
 * (`mf-manifest.json`, `mf-stats.json`, `build-info.json`), and over the app's Node build
 * (`server/...`, built before the browser build): the same source gives the same version, any
 * change to what browsers or the shell's host load gives another.
 *
 * The plugin runs after the Module Federation manifest plugin (stage REPORT) and
 * - writes the version into `mf-manifest.json` and `mf-stats.json` as `metaData.buildInfo.buildVersion`
 *   (the Deployments card and the release verifier read it there);
 * - emits `build-info.json` (@prata/contracts `AppBuildInfo`): `{ name, kind, version,
 *   packageVersion, contentHash, builtAt, contractVersion, shared }` (`builtAt` an ISO instant, not
 *   part of the hash; `contractVersion` the RemoteModule contract major of the shared code it was
 *   built with; `shared` each federation singleton's required range for a remote, provided
 *   version for the shell). `npm run release` checks a remote's against the shell's.
 *
 * Runs in Node at build time only; never bundled.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { rspack, type Compiler } from '@rspack/core';
import { REMOTE_MODULE_CONTRACT_VERSION, type AppBuildInfo } from '@prata/contracts';

/** Files the plugin writes or rewrites: never part of the content hash. */
const OWN_FILES = new Set(['mf-manifest.json', 'mf-stats.json', 'build-info.json']);


/** The content hash of a set of emitted files: 8 hex digits of SHA-256 over sorted `name\0bytes\0`. */
export function contentHash(files: Iterable<[name: string, content: Buffer | string]>): string {
  const hash = createHash('sha256');
  for (const [name, content] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    hash.update(name).update('\0').update(content).update('\0');
  }
  return hash.digest('hex').slice(0, 8);
}

/** Every file under `dir` as `[<prefix>/<relative path>, bytes]` (none when `dir` does not exist). */
function filesUnder(dir: string, prefix: string): [string, Buffer][] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return [`${prefix}/${path.relative(dir, file).split(path.sep).join('/')}`, readFileSync(file)];
    });
}

export class BuildVersionPlugin {
  private readonly name: string;
  private readonly kind: AppBuildInfo['kind'];
  private readonly shared: Record<string, string>;
  private readonly serverDir: string | undefined;
  private readonly contracts: Record<string, string> | undefined;

  /**
   * @param name federation container name; the package version is read from the app's package.json (its rspack context).
   * @param kind `host` (the shell) or `remote`.
   * @param shared singleton -> required range (remote) or provided version (host).
   * @param serverDir name of the directory of the output path holding the app's Node build, hashed
   *   with the browser files (read from disk: the Node build is compiled first).
   * @param contracts contract module -> the content version the build was made with (federation.ts `contractVersions`).
   */
  constructor(name: string, kind: AppBuildInfo['kind'], shared: Record<string, string>, serverDir?: string, contracts?: Record<string, string>) {
    this.name = name;
    this.kind = kind;
    this.shared = shared;
    this.serverDir = serverDir;
    this.contracts = contracts;
  }

  apply(compiler: Compiler): void {
    const packageVersion = (JSON.parse(readFileSync(path.join(compiler.context, 'package.json'), 'utf8')) as { version: string }).version;
    compiler.hooks.thisCompilation.tap('BuildVersionPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'BuildVersionPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const files = compilation
          .getAssets()
          .filter((asset) => !OWN_FILES.has(asset.name))
          .map((asset): [string, Buffer | string] => [asset.name, asset.source.source() as Buffer | string]);
        if (this.serverDir) files.push(...filesUnder(path.join(compilation.outputOptions.path ?? '', this.serverDir), this.serverDir));
        const hash = contentHash(files);
        const version = `${packageVersion}-${hash}`;
        for (const file of ['mf-manifest.json', 'mf-stats.json']) {
          const asset = compilation.getAsset(file);
          if (!asset) continue;
          const json = JSON.parse(asset.source.source().toString()) as { metaData?: { buildInfo?: Record<string, unknown> } };
          if (json.metaData) json.metaData.buildInfo = { ...json.metaData.buildInfo, buildVersion: version };
          compilation.updateAsset(file, new rspack.sources.RawSource(JSON.stringify(json, null, 2)));
        }
        const info: AppBuildInfo = {
          name: this.name,
          kind: this.kind,
          version,
          packageVersion,
          contentHash: hash,
          builtAt: new Date().toISOString(),
          contractVersion: REMOTE_MODULE_CONTRACT_VERSION,
          shared: this.shared,
          ...(this.contracts ? { contracts: this.contracts } : {}),
        };
        compilation.emitAsset('build-info.json', new rspack.sources.RawSource(JSON.stringify(info, null, 2)));
      });
    });
  }
}
