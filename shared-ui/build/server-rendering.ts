/**
 * Build plugins for server rendering (issue 20: "every remote builds twice, browser and Node
 * targets, from the same source"). Runs in Node at build time only; never bundled.
 *
 * - {@link SsrManifestPlugin} (a remote's browser build): records where its Node build is in its
 *   `mf-manifest.json` / `mf-stats.json`, as the Module Federation manifest field
 *   `metaData.ssrRemoteEntry` (`{ name: 'remoteEntry.js', path: 'server', type: 'commonjs-module' }`),
 *   the field the federation runtime itself reads in Node. One manifest URL (the registry's) thus
 *   names both builds, so a release activates both at once; a manifest without the field is a
 *   remote without a server build, which the shell's host renders in the browser as before.
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
import type { DocumentAssets } from '@prata/contracts';

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

/** Adds `metaData.ssrRemoteEntry` to a remote's `mf-manifest.json` and `mf-stats.json` (see module doc). */
export class SsrManifestPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('SsrManifestPlugin', (compilation) => {
      // Before BuildVersionPlugin (same stage, registered later), which hashes everything but these files.
      compilation.hooks.processAssets.tap({ name: 'SsrManifestPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        for (const file of ['mf-manifest.json', 'mf-stats.json']) {
          updateJsonAsset(compilation, file, (json) => {
            const metaData = json.metaData as Record<string, unknown> | undefined;
            if (metaData) metaData.ssrRemoteEntry = { ...SSR_REMOTE_ENTRY };
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

/** Name of the asynchronous start-up chunk group of the shell (its `import()` magic comment). */
export const BOOTSTRAP_CHUNK = 'bootstrap';

/** Emits `document-assets.json` ({@link DocumentAssets}) from the entry, the start-up chunk group and the federation manifest. */
export class DocumentAssetsPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('DocumentAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'DocumentAssetsPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const entry = compilation.entrypoints.get('main')?.getFiles() ?? [];
        const bootstrap = compilation.namedChunkGroups.get(BOOTSTRAP_CHUNK)?.getFiles() ?? [];
        const manifest = compilation.getAsset('mf-manifest.json');
        const shared = manifest
          ? ((JSON.parse(manifest.source.source().toString()) as { shared?: { assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[] }).shared ?? [])
          : [];
        const sharedJs = shared.flatMap((entry) => entry.assets?.js?.sync ?? []);
        const sharedCss = shared.flatMap((entry) => entry.assets?.css?.sync ?? []);
        const publicPath = typeof compilation.outputOptions.publicPath === 'string' && compilation.outputOptions.publicPath !== 'auto' ? compilation.outputOptions.publicPath : '/';
        const scripts = entry.filter((file) => file.endsWith('.js'));
        const unique = (files: string[]) => [...new Set(files)].filter((file) => !scripts.includes(file));
        const url = (file: string) => `${publicPath}${file}`;
        const assets: DocumentAssets = {
          scripts: scripts.map(url),
          preloads: unique([...bootstrap, ...sharedJs].filter((file) => file.endsWith('.js'))).map(url),
          styles: [...new Set([...entry, ...bootstrap, ...sharedCss].filter((file) => file.endsWith('.css')))].map(url),
        };
        compilation.emitAsset('document-assets.json', new rspack.sources.RawSource(JSON.stringify(assets, null, 2)));
      });
    });
  }
}
