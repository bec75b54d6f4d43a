/**
 * Build plugins for server rendering (every remote builds twice, browser and Node
 * targets, from the same source). Runs in Node at build time only; never bundled.
 *
 * - {@link SsrManifestPlugin} (a remote's browser build): records where its Node build is in its
 *   `mf-manifest.json` / `mf-stats.json`, as the Module Federation manifest field
 *   `metaData.ssrRemoteEntry` (`{ name: 'remoteEntry.js', path: 'server', type: 'commonjs-module' }`),
 *   the field the federation runtime itself reads in Node. One manifest URL (the registry's) thus
 *   names both builds, so a release activates both at once; a manifest without the field is a
 *   remote without a server build, which the shell's host renders in the browser as before.
 *   It also records the style sheets of each named chunk group (a lazy page's
 *   `webpackChunkName`), `metaData.chunkStyles` (`{ [name]: files }`, relative to the manifest's
 *   directory): the shell's host inlines a page's own sheets only, not those of every page.
 * - {@link ServerPackagePlugin} (every Node build): emits `server/package.json` `{ "type":
 *   "commonjs" }`, so Node loads the CommonJS output although the app's package is an ES module.
 * - {@link InlineAssetsPlugin} (every Node build): fails the build when an asset module would be
 *   emitted as a file. A Node build cannot know the public URL its browser twin serves files at,
 *   so a server-rendered `src` would differ from the hydrating one; assets up to
 *   {@link INLINE_ASSET_LIMIT} bytes are inlined (data URLs) by both builds alike.
 * - {@link DocumentAssetsPlugin} (the shell's browser build): emits `document-assets.json`, the
 *   files the shell's host links from every server-rendered document (@prata/contracts
 *   `DocumentAssets`, URLs under the build's public path).
 */
import { rspack, type Compilation, type Compiler } from '@rspack/core';
import { singletonClosure, type DocumentAssets } from '@prata/contracts/server-rendering';

/** Where a remote's Node build sits, relative to its browser build (the manifest's directory). */
export const SERVER_DIR = 'server';
/** File name of a remote's Node container (the Module Federation default). */
export const SERVER_REMOTE_ENTRY = 'remoteEntry.js';
/** Largest asset (bytes) inlined as a data URL; the same limit in both builds (rspack's default). */
export const INLINE_ASSET_LIMIT = 8 * 1024;

/** The `metaData.ssrRemoteEntry` of a remote with a Node build. */
export const SSR_REMOTE_ENTRY = { name: SERVER_REMOTE_ENTRY, path: SERVER_DIR, type: 'commonjs-module' } as const;

/** Rewrites a JSON asset of the current compilation; no-op when the asset is absent. */
function updateJsonAsset(compilation: Compilation, file: string, update: (json: Record<string, unknown>) => void): void {
  const asset = compilation.getAsset(file);
  if (!asset) return;
  const json = JSON.parse(asset.source.source().toString()) as Record<string, unknown>;
  update(json);
  compilation.updateAsset(file, new rspack.sources.RawSource(JSON.stringify(json, null, 2)));
}

/** The style sheets (`.css` files) of each named chunk group of `compilation`, by name, sorted. */
export function chunkStyles(compilation: Pick<Compilation, 'namedChunkGroups'>): Record<string, string[]> {
  const styles: Record<string, string[]> = {};
  for (const [name, group] of compilation.namedChunkGroups) {
    const files = group.getFiles().filter((file) => file.endsWith('.css'));
    if (files.length > 0) styles[name] = [...new Set(files)].sort();
  }
  return Object.fromEntries(Object.entries(styles).sort(([a], [b]) => a.localeCompare(b)));
}

/** Adds `metaData.ssrRemoteEntry` and `metaData.chunkStyles` to a remote's `mf-manifest.json` and `mf-stats.json` (see module doc). */
export class SsrManifestPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('SsrManifestPlugin', (compilation) => {
      // Before BuildVersionPlugin (same stage, registered later), which hashes everything but these files.
      compilation.hooks.processAssets.tap({ name: 'SsrManifestPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const styles = chunkStyles(compilation);
        for (const file of ['mf-manifest.json', 'mf-stats.json']) {
          updateJsonAsset(compilation, file, (json) => {
            const metaData = json.metaData as Record<string, unknown> | undefined;
            if (!metaData) return;
            metaData.ssrRemoteEntry = { ...SSR_REMOTE_ENTRY };
            metaData.chunkStyles = styles;
          });
        }
      });
    });
  }
}

/** Emits `package.json` `{ "type": "commonjs" }` next to a Node build (see module doc). */
export class ServerPackagePlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('ServerPackagePlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ServerPackagePlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('package.json', new rspack.sources.RawSource(`${JSON.stringify({ type: 'commonjs' })}\n`));
      });
    });
  }
}

/** Fails a Node build that would emit an asset file instead of inlining it (see module doc). */
export class InlineAssetsPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('InlineAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'InlineAssetsPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const files = compilation
          .getAssets()
          .map((asset) => asset.name)
          .filter((name) => !/\.(c?js|json|map)$/.test(name));
        if (files.length > 0) {
          compilation.errors.push(
            new rspack.WebpackError(
              `InlineAssetsPlugin: the server build would emit ${files.join(', ')}: a server-rendered asset must be at most ${INLINE_ASSET_LIMIT} bytes (inlined by both builds) or come from an absolute URL`,
            ),
          );
        }
      });
    });
  }
}

/** Names of the shell's start-up chunk groups (their `import()` magic comments: shell/src/index.ts, bootstrap.ts). */
export const START_UP_CHUNKS = ['bootstrap', 'start-shell'];

/** The singleton a federation "provide shared module" or "consume shared module" identifier names. */
export function sharedModuleName(identifier: string): { kind: 'provide' | 'consume'; name: string } | null {
  const match = /^(provide|consume) shared module \([^)]*\) (.+?)@[^@\s]*[\s]/.exec(identifier);
  return match ? { kind: match[1] as 'provide' | 'consume', name: match[2]! } : null;
}

/**
 * Emits `document-assets.json` (@prata/contracts `DocumentAssets`): the entry's scripts; the
 * start-up chunk group's files and those of the singletons it takes, transitively (a singleton's
 * own chunks may take others); and, per provided singleton, its files and the singletons it takes,
 * so that the host adds what the page's remote takes. A singleton's files are those of the chunk
 * groups whose origin is its federation "provide shared module" (the copy the runtime loads; the
 * fallbacks of the same libraries are other chunks, never loaded by the shell).
 */
export class DocumentAssetsPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('DocumentAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'DocumentAssetsPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const publicPath = typeof compilation.outputOptions.publicPath === 'string' && compilation.outputOptions.publicPath !== 'auto' ? compilation.outputOptions.publicPath : '/';
        const url = (file: string) => `${publicPath}${file}`;
        type Group = { chunks: Iterable<{ files: Iterable<string> }>; getFiles(): string[] };
        const consumedIn = (group: Group) => {
          const names = new Set<string>();
          for (const chunk of group.chunks) {
            for (const module of compilation.chunkGraph.getChunkModules(chunk as never)) {
              const shared = sharedModuleName(module.identifier());
              if (shared?.kind === 'consume') names.add(shared.name);
            }
          }
          return names;
        };
        const singletons: DocumentAssets['singletons'] = {};
        for (const group of compilation.chunkGroups) {
          for (const origin of group.origins) {
            const shared = origin.module ? sharedModuleName(origin.module.identifier()) : null;
            if (shared?.kind !== 'provide') continue;
            const files = group.getFiles();
            const entry = (singletons[shared.name] ??= { js: [], css: [], takes: [] });
            entry.js = [...new Set([...entry.js, ...files.filter((file) => file.endsWith('.js')).map(url)])];
            entry.css = [...new Set([...entry.css, ...files.filter((file) => file.endsWith('.css')).map(url)])];
            entry.takes = [...new Set([...entry.takes, ...[...consumedIn(group as unknown as Group)].filter((name) => name !== shared.name)])];
          }
        }
        const entry = compilation.entrypoints.get('main')?.getFiles() ?? [];
        const startUp = START_UP_CHUNKS.map((name) => compilation.namedChunkGroups.get(name)).filter((group) => group !== undefined && group !== null);
        const closure = singletonClosure(singletons, startUp.flatMap((group) => [...consumedIn(group as unknown as Group)]));
        const scripts = entry.filter((file) => file.endsWith('.js')).map(url);
        const bootstrapFiles = startUp.flatMap((group) => group.getFiles()).map(url);
        const assets: DocumentAssets = {
          scripts,
          preloads: [...new Set([...bootstrapFiles.filter((file) => file.endsWith('.js')), ...closure.flatMap((name) => singletons[name]?.js ?? [])])].filter((file) => !scripts.includes(file)),
          styles: [...new Set([...entry.filter((file) => file.endsWith('.css')).map(url), ...bootstrapFiles.filter((file) => file.endsWith('.css')), ...closure.flatMap((name) => singletons[name]?.css ?? [])])],
          singletons,
        };
        compilation.emitAsset('document-assets.json', new rspack.sources.RawSource(JSON.stringify(assets, null, 2)));
      });
    });
  }
}
