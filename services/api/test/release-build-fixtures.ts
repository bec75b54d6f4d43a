/**
 * A built-like remote on disk, as a production build of this repository lays it out
 * (shared-ui/build/federation.ts, build-version.ts, build-weight.ts, server-rendering.ts): the
 * federation manifest `mf-manifest.json` (its `metaData` with the build version, the browser
 * entry, the Node container `server/remoteEntry.js` and the sheets of each named chunk; `shared`
 * singletons with their required ranges and CSS; `exposes` with their JS and CSS), the
 * `build-info.json` next to it (version, contract major, singleton ranges, initial weight and
 * budget), both entries and every style sheet. For tests that serve it over real HTTP.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RemoteName } from '@prata/contracts';
import { sriHash } from '../src/modules/platform/release-verifier.ts';

export interface RemoteBuildOptions {
  /** Range of react the build requires (default `^19.3.1`). */
  react?: string;
  /** Initial weight recorded in build-info.json (default 30,000 B JS, 7,000 B CSS gzip). */
  weight?: { jsGzip: number; cssGzip: number };
  /** Budget recorded in build-info.json (default 40,000 B JS, 10,000 B CSS). */
  budget?: { js: number; css: number };
  /** Name the manifest gives (default the remote). */
  manifestName?: string;
  /** Without the Node build (a remote rendered in the browser only). */
  browserOnly?: boolean;
}

/** What {@link writeRemoteBuild} wrote: the hashes `npm run release` would record. */
export interface WrittenBuild {
  version: string;
  dir: string;
  integrity: string;
  serverIntegrity: string | null;
  styleIntegrity: Record<string, string>;
}

/** The sheets a build lists: where its manifest names each, and its text. */
const SHEETS = [
  ['__federation_expose_App.3d1f0a2c.css', '.app{color:#111}'],
  ['static/css/async/page-about.d98de10f.css', '.about{margin:0}'],
  ['static/css/shared-ui.65ad4f94.css', '.field{border:1px solid}'],
] as const;

/** Writes a production-like build of `remote` at `version` into `<root>/<remote>/<version>/`. */
export async function writeRemoteBuild(root: string, remote: RemoteName, version: string, options: RemoteBuildOptions = {}): Promise<WrittenBuild> {
  const dir = path.join(root, remote, version);
  await mkdir(path.join(dir, 'server'), { recursive: true });
  await mkdir(path.join(dir, 'static', 'css', 'async'), { recursive: true });
  const react = options.react ?? '^19.3.1';
  const entry = `var ${remote};(()=>{/* ${remote} ${version} browser container */})();`;
  const server = `module.exports={/* ${remote} ${version} node container */};`;
  const singleton = (name: string, requiredVersion: string, css: string[] = []) => ({
    id: `${remote}:${name}`, name, version: requiredVersion.replace(/^\^/, ''), singleton: true, requiredVersion,
    assets: { js: { sync: [], async: [] }, css: { sync: css, async: [] } },
  });
  const manifest = {
    id: remote,
    name: remote,
    metaData: {
      name: options.manifestName ?? remote,
      type: 'app',
      buildInfo: { buildVersion: version, buildName: `mf-${remote}` },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      ...(options.browserOnly ? {} : { ssrRemoteEntry: { name: 'remoteEntry.js', path: 'server', type: 'commonjs-module' } }),
      types: { path: '', name: '', zip: '@mf-types.zip', api: '@mf-types.d.ts' },
      globalName: remote,
      pluginVersion: '2.9.2',
      publicPath: 'auto',
      chunkStyles: { 'page-about': [SHEETS[1][0], SHEETS[2][0]] },
    },
    shared: [singleton('react', react), singleton('react-dom', react), singleton('@prata/shared-ui', '^0.1.0', [SHEETS[2][0]])],
    remotes: [],
    exposes: [{ id: `${remote}:App`, name: 'App', path: './App', assets: { js: { sync: ['static/js/__federation_expose_App.js'], async: [] }, css: { sync: [SHEETS[0][0]], async: [SHEETS[1][0]] } } }],
  };
  const buildInfo = {
    name: remote, kind: 'remote', version, packageVersion: '0.1.0', contentHash: version.split('-')[1] ?? '00000000', builtAt: '2026-11-30T12:00:00.000Z',
    contractVersion: 1, shared: { react, 'react-dom': react },
    weight: options.weight ?? { jsGzip: 30_000, cssGzip: 7000 },
    budget: options.budget ?? { js: 40_000, css: 10_000 },
  };
  await writeFile(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  await writeFile(path.join(dir, 'build-info.json'), JSON.stringify(buildInfo));
  await writeFile(path.join(dir, 'remoteEntry.js'), entry);
  if (!options.browserOnly) await writeFile(path.join(dir, 'server', 'remoteEntry.js'), server);
  for (const [name, text] of SHEETS) await writeFile(path.join(dir, name), text);
  return {
    version,
    dir,
    integrity: sriHash(Buffer.from(entry)),
    serverIntegrity: options.browserOnly ? null : sriHash(Buffer.from(server)),
    styleIntegrity: Object.fromEntries(SHEETS.map(([name, text]) => [name, sriHash(Buffer.from(text))])),
  };
}

/** The shell's build-info.json: contract 1, the singletons it provides. */
export const SHELL_BUILD_INFO = {
  name: 'shell', kind: 'host', version: '0.1.0-5e11a000', packageVersion: '0.1.0', contentHash: '5e11a000', builtAt: '2026-11-30T12:00:00.000Z',
  contractVersion: 1, shared: { react: '19.3.1', 'react-dom': '19.3.1', '@prata/shared-ui': '0.1.0' },
};
