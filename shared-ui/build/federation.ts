/**
 * Build configuration shared by the shell and every remote (router-demo habit: one
 * `createSharedConfig()` so the federation singletons cannot drift between apps).
 *
 * - `createSharedConfig()` (shared-modules.ts): the Module Federation `shared` map. The libraries that must be one
 *   instance on a page are singletons with the version the workspace installs; the shell provides
 *   them, remotes reuse them. The contract modules are versioned by their content
 *   ({@link contractVersions}) and shared only between builds of the same content: a remote built
 *   with a contract the live shell does not have loads the copy it was built with.
 * - `createAppConfig()`: the rspack configurations of one app (host or remote): its browser
 *   build in `dist/` and, built first, its Node build in `dist/server/` (server
 *   rendering; see server-rendering.ts). The shell's Node build is a federation host whose entry
 *   `server.js` exports the page renderer the shell's host (services/static-host) calls; a
 *   remote's is one CommonJS container file, `server/remoteEntry.js`, that the shell's host loads
 *   over HTTP through the federation runtime and whose shared singletons all come from the shell.
 *
 * Runs in Node at build time only; never bundled.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin as ReactRefreshPlugin } from '@rspack/plugin-react-refresh';
import CompressionPlugin from 'compression-webpack-plugin';
import { BuildVersionPlugin } from './build-version.ts';
import { BuildWeightPlugin } from './build-weight.ts';
import { RemoteTypesPlugin } from './remote-types.ts';
import { buildInfoShared, contractVersions, createSharedConfig, remoteShared } from './shared-modules.ts';

export { CONTRACT_MODULES, contractVersions, createSharedConfig, remoteShared, SHARED_SINGLETONS, type SharedEntry } from './shared-modules.ts';
import { DocumentAssetsPlugin, INLINE_ASSET_LIMIT, InlineAssetsPlugin, SERVER_DIR, SERVER_REMOTE_ENTRY, ServerPackagePlugin, SsrManifestPlugin } from './server-rendering.ts';

const require = createRequire(import.meta.url);

/**
 * Files compressed at build time: scripts, styles, SVG and HTML (not the JSON manifests, which
 * later plugins rewrite and the hosts compress as they serve them).
 */
const COMPRESSIBLE = /\.(js|css|svg|html)$/;


/**
 * Production entry points of shared libraries whose package `exports` resolve to a development
 * build under every condition: react-router 7 ships `dist/development` and `dist/production` and
 * maps every condition (`import`, `module`, `default`) to the former, so `mode: 'production'` and
 * the `production` condition alone still bundle the development build. Returns rspack
 * `resolve.alias` entries (exact-match keys ending in `$`) pointing at the production files.
 * @throws when a listed package is not installed or lacks the expected file.
 */
export function productionAliases(): Record<string, string> {
  const reactRouter = path.dirname(require.resolve('react-router/package.json'));
  const aliases = {
    'react-router$': path.join(reactRouter, 'dist/production/index.mjs'),
    'react-router/dom$': path.join(reactRouter, 'dist/production/dom-export.mjs'),
  };
  for (const file of Object.values(aliases)) if (!existsSync(file)) throw new Error(`production build missing: ${file}`);
  return aliases;
}

export interface AppConfigOptions {
  /** Federation container name (a JS identifier): `shell`, `storefront`, ... */
  name: string;
  /** Directory of the app (its rspack config's directory). */
  dir: string;
  /** Dev-server port (`npm run dev`); the environment variable `devPortVariable` overrides it. */
  devPort: number;
  /** The environment variable naming the dev-server port, e.g. `STOREFRONT_PORT`. */
  devPortVariable?: string;
  /** `host` builds the HTML document and provides the federation runtime; `remote` exposes modules. */
  kind: 'host' | 'remote';
  /** Remote only: exposed modules, e.g. `{ './App': './src/app/remote-module.ts' }`. */
  exposes?: Record<string, string>;
  /** Host only: federation runtime plugins (file paths). */
  runtimePlugins?: string[];
  /** Host only: document title. */
  title?: string;
  /** Build the Node twin too (default true); false: a remote the shell's host renders in the browser only. */
  server?: boolean;
}

/** The federation runtime plugin that loads remotes' Node builds over HTTP (@module-federation/node). */
function nodeRuntimePlugin(): string {
  return require.resolve('@module-federation/node/runtimePlugin');
}

/** The port of an app's dev server: its environment variable when set to a port, else `fallback`. */
export function devServerPort(variable: string | undefined, fallback: number): number {
  const value = Number.parseInt((variable && process.env[variable]) || '', 10);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/**
 * Whether the browser build's clean step keeps `file` (an absolute path rspack asks about): the
 * Node build in the output's `server/` directory (built first).
 */
export function keepsServerBuild(output: string, file: string): boolean {
  return path.relative(output, file).split(path.sep)[0] === SERVER_DIR;
}

/** Module rules shared by both builds; `server` keeps only the class names of CSS (no style sheets). */
function moduleOptions(dev: boolean, server: boolean): NonNullable<Configuration['module']> {
  return {
    parser: {
      'css/module': { namedExports: false },
      asset: { dataUrlCondition: { maxSize: INLINE_ASSET_LIMIT } },
    },
    // Server builds keep CSS modules' class names only; both builds derive them from the same
    // module paths, so server-rendered markup carries the browser build's names.
    ...(server ? { generator: { 'css/module': { exportsOnly: true }, css: { exportsOnly: true } } } : {}),
    rules: [
      {
        test: /\.[cm]?[jt]sx?$/,
        exclude: /node_modules/,
        loader: 'builtin:swc-loader',
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic', development: dev, refresh: dev && !server } },
            target: server ? 'es2023' : 'es2022',
          },
        },
        type: 'javascript/auto',
      },
      // `import text from 'x.css?raw'`: the file's text, not a style sheet of the build (a library's
      // CSS a lazily loaded component injects when it mounts, off the first load's CSS).
      { resourceQuery: /^\?raw$/, type: 'asset/source' },
      { test: /\.module\.css$/, resourceQuery: { not: [/^\?raw$/] }, type: 'css/module' },
      { test: /\.css$/, exclude: /\.module\.css$/, resourceQuery: { not: [/^\?raw$/] }, type: 'css' },
      { test: /\.(png|jpe?g|gif|webp|avif|svg|woff2?)$/, type: 'asset' },
    ],
  };
}

/** Resolution shared by both builds. */
function resolveOptions(dev: boolean): NonNullable<Configuration['resolve']> {
  return {
    extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
    extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    // Production conditions for every shared library (`production` before the defaults), and
    // the production files of those whose exports ignore the condition (see productionAliases).
    conditionNames: [dev ? 'development' : 'production', '...'],
    ...(dev ? {} : { alias: productionAliases() }),
  };
}

/**
 * The directory an app's builds go to: `dist/` (production; `PRATA_BUILD_OUTPUT` overrides it, e.g.
 * for a release build), `dist-dev/` in development, so that `npm run dev`, which writes its Node
 * builds to disk, never overwrites the production builds `npm start` serves.
 */
export function outputDir(dir: string, dev: boolean): string {
  if (!dev && process.env.PRATA_BUILD_OUTPUT) return path.resolve(process.env.PRATA_BUILD_OUTPUT);
  return path.join(dir, dev ? 'dist-dev' : 'dist');
}

/**
 * The rspack configurations of one app: `[node, browser]` (the browser build depends on the Node
 * build, which it hashes into the release version), or `[browser]` with `server: false`.
 * `mode` comes from the CLI (`--mode`).
 */
export function createAppConfig(options: AppConfigOptions, argv: { mode?: string } = {}): Configuration[] {
  const dev = argv.mode === 'development' || process.env.NODE_ENV === 'development';
  if (options.server === false) return [browserConfig(options, dev, false)];
  const server = serverConfig(options, dev);
  return [server, { ...browserConfig(options, dev, true), dependencies: [server.name!] }];
}

/** The browser build of one app, in `dist/` (see {@link createAppConfig}). */
function browserConfig(options: AppConfigOptions, dev: boolean, withServer: boolean): Configuration {
  const isHost = options.kind === 'host';
  const port = devServerPort(options.devPortVariable, options.devPort);
  return {
    name: options.name,
    context: options.dir,
    mode: dev ? 'development' : 'production',
    // Production maps are hidden (no sourceMappingURL): releases upload them to the service, which
    // maps error reports' frames; the hosts never serve them.
    devtool: dev ? 'cheap-module-source-map' : 'hidden-source-map',
    entry: { main: './src/index.ts' },
    output: {
      path: outputDir(options.dir, dev),
      // In development the shell's documents come from its server-rendering host on another
      // port, so its files are addressed at the dev server's own origin.
      publicPath: isHost ? (dev ? `http://127.0.0.1:${port}/` : '/') : 'auto',
      uniqueName: options.name,
      // A remote's chunks come from its own origin: loaded in CORS mode (its host answers
      // Access-Control-Allow-Origin: *) so their errors reach the store's error reporting with their
      // stack instead of a muted "Script error." (shell cors-scripts-plugin.ts). The shell's own
      // chunks are same-origin: nothing to add to its first load.
      ...(isHost ? {} : { crossOriginLoading: 'anonymous' as const }),
      filename: dev ? '[name].js' : '[name].[contenthash:8].js',
      chunkFilename: dev ? '[name].js' : '[name].[contenthash:8].js',
      cssFilename: '[name].[contenthash:8].css',
      cssChunkFilename: '[name].[contenthash:8].css',
      // The Node build lives in dist/server and is built first: keep it.
      clean: withServer ? { keep: (file: string) => keepsServerBuild(outputDir(options.dir, dev), file) } : true,
    },
    resolve: resolveOptions(dev),
    module: moduleOptions(dev, false),
    // Libraries read process.env.NODE_ENV to drop their development code; `mode` sets it too,
    // stated here so no config can drift.
    optimization: {
      nodeEnv: dev ? 'development' : 'production',
      // splitChunks 'all' and a single runtime chunk break federated remotes (stack.md).
      runtimeChunk: false,
    },
    plugins: [
      new ModuleFederationPlugin({
        name: options.name,
        ...(isHost
          ? { remotes: {}, runtimePlugins: options.runtimePlugins ?? [] }
          : { filename: 'remoteEntry.js', exposes: options.exposes ?? {} }),
        // Remotes take every singleton from the shell (which provides them all: shell
        // provided-singletons.ts); a private fallback copy would break the one-instance rule. The
        // contract modules come from the shell too while their content is the same (zod inside
        // them loads once), else from the remote's own fallback copy.
        shared: isHost ? createSharedConfig() : remoteShared(),
        shareStrategy: 'loaded-first',
        // The shell provides the federation runtime; remotes reuse it instead of bundling their own.
        experiments: isHost ? { provideExternalRuntime: true } : { externalRuntime: true },
        // The shell's manifest lists the files of the singletons it provides (document-assets.json).
        manifest: true,
        dts: false,
      }),
      ...(isHost
        ? [new rspack.HtmlRspackPlugin({ template: './src/index.html', title: options.title ?? 'Prata 925' }), new DocumentAssetsPlugin()]
        : []),
      ...(dev ? [new ReactRefreshPlugin()] : []),
      // Before BuildVersionPlugin, which hashes the manifests' content but not these rewrites.
      ...(!isHost && withServer ? [new SsrManifestPlugin()] : []),
      // Production remotes publish the types of their exposed modules next to the manifest;
      // before BuildVersionPlugin so that the types are part of the version's content hash.
      ...(!isHost && !dev ? [new RemoteTypesPlugin(options.exposes ?? {})] : []),
      // The release version (package version + content hash of both builds), contract major and singletons in build-info.json.
      new BuildVersionPlugin(options.name, options.kind, buildInfoShared(isHost), withServer ? SERVER_DIR : undefined, contractVersions()),
      // Static files compressed once at build time, served as they are by the static
      // hosts (`preCompressed`): brotli at its highest quality and gzip, for the text files.
      ...(dev
        ? []
        : [
            new CompressionPlugin<zlib.BrotliOptions>({ filename: '[path][base].br', algorithm: 'brotliCompress', test: COMPRESSIBLE, threshold: 1024, minRatio: 0.9, compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } } }),
            new CompressionPlugin({ filename: '[path][base].gz', algorithm: 'gzip', test: COMPRESSIBLE, threshold: 1024, minRatio: 0.9, compressionOptions: { level: 9 } }),
          ]),
      // Production builds: initial JS/CSS weight into build-info.json, failing over the package.json budget; after BuildVersionPlugin.
      ...(!dev ? [new BuildWeightPlugin({ kind: options.kind })] : []),
    ],
    // Development compiles everything up front: lazy compilation's requests would go to the page's
    // origin (the shell's host), not to this dev server.
    lazyCompilation: false,
    devServer: {
      port,
      host: '127.0.0.1',
      hot: true,
      historyApiFallback: false,
      headers: { 'Access-Control-Allow-Origin': '*' },
      client: { overlay: { warnings: false }, webSocketURL: `ws://127.0.0.1:${port}/ws` },
      // The shell's host reads the shell's Node build (and its document assets) from disk; a
      // remote's Node build is fetched from this server, at /server/ (its public path).
      devMiddleware: { writeToDisk: isHost ? (file: string) => file.includes(`${path.sep}${SERVER_DIR}${path.sep}`) || file.endsWith(`${path.sep}document-assets.json`) : false },
      static: false,
    },
    performance: { hints: false },
    // shared-ui's components are bundled per app, their CSS modules in the app's chunks: the order
    // of two independent modules' rules in a chunk does not matter.
    ignoreWarnings: [/Conflicting order/],
  };
}

/** The Node build of one app, in `dist/server/` (see the module doc and {@link createAppConfig}). */
function serverConfig(options: AppConfigOptions, dev: boolean): Configuration {
  const isHost = options.kind === 'host';
  const shared = isHost ? createSharedConfig() : remoteShared();
  return {
    name: `${options.name}-server`,
    context: options.dir,
    mode: dev ? 'development' : 'production',
    target: 'async-node',
    devtool: false,
    // A remote's container is its only entry (added by the federation plugin).
    entry: isHost ? { server: './src/server.ts' } : {},
    output: {
      path: path.join(outputDir(options.dir, dev), SERVER_DIR),
      // Where a dev server serves this build (next to the browser build, never over it); unused
      // otherwise: a remote's build is one file with its assets inlined, the shell's chunks load from disk.
      publicPath: `/${SERVER_DIR}/`,
      uniqueName: options.name,
      // A remote's one file is its container, whatever chunk it was merged with.
      filename: isHost ? '[name].js' : SERVER_REMOTE_ENTRY,
      chunkFilename: '[name].[contenthash:8].js',
      library: { type: 'commonjs-module' },
      clean: true,
    },
    resolve: resolveOptions(dev),
    module: moduleOptions(dev, true),
    optimization: { nodeEnv: dev ? 'development' : 'production', runtimeChunk: false, minimize: false },
    plugins: [
      // A remote's Node build is one file: no chunk the shell's host would have to locate.
      ...(isHost ? [] : [new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })]),
      new ModuleFederationPlugin({
        name: options.name,
        ...(isHost ? { remotes: {} } : { filename: SERVER_REMOTE_ENTRY, exposes: options.exposes ?? {} }),
        library: { type: 'commonjs-module' },
        remoteType: 'script',
        runtimePlugins: [nodeRuntimePlugin()],
        shared,
        shareStrategy: 'loaded-first',
        manifest: false,
        dts: false,
      }),
      new ServerPackagePlugin(),
      new InlineAssetsPlugin(),
    ],
    performance: { hints: false },
  };
}
