/**
 * Build configuration shared by the shell and every remote (router-demo habit: one
 * `createSharedConfig()` so the federation singletons cannot drift between apps).
 *
 * - `createSharedConfig()`: the Module Federation `shared` map. Every entry is a singleton with
 *   the version the workspace installs; the shell provides them, remotes reuse them.
 * - `createAppConfig()`: the whole rspack configuration of one app (host or remote).
 *
 * Runs in Node at build time only; never bundled.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin as ReactRefreshPlugin } from '@rspack/plugin-react-refresh';
import { BuildVersionPlugin } from './build-version.ts';
import { RemoteTypesPlugin } from './remote-types.ts';

const require = createRequire(import.meta.url);

/**
 * Packages shared as federation singletons, loaded once from the shell. zod is deliberately not
 * listed: a shared module cannot be tree-shaken, and whole zod weighs ~88 KiB gzip; the shared
 * @prata/contracts carries the tree-shaken part every app uses.
 */
export const SHARED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  'zustand',
  '@tanstack/react-query',
  '@prata/shared-ui',
  '@prata/contracts',
] as const;

function installedVersion(specifier: string): string {
  const pkg = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
  // Not every package exports its package.json: look it up in the node_modules search path.
  for (const dir of require.resolve.paths(pkg) ?? []) {
    const file = path.join(dir, pkg, 'package.json');
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  }
  throw new Error(`cannot find the installed version of ${pkg}`);
}

/** The federation `shared` map: `{ [pkg]: { singleton, requiredVersion: ^installed } }`. */
export function createSharedConfig(): Record<string, { singleton: true; requiredVersion: string; strictVersion: false }> {
  return Object.fromEntries(
    SHARED_SINGLETONS.map((name) => [
      name,
      { singleton: true, requiredVersion: `^${installedVersion(name)}`, strictVersion: false },
    ]),
  );
}

/** build-info.json `shared`: the version the shell provides, or the range a remote requires. */
function buildInfoShared(isHost: boolean): Record<string, string> {
  return Object.fromEntries(Object.entries(createSharedConfig()).map(([name, entry]) => [name, isHost ? entry.requiredVersion.replace(/^\^/, '') : entry.requiredVersion]));
}

/**
 * Production entry points of shared libraries whose package `exports` resolve to a development
 * build under every condition: react-router 7 ships `dist/development` and `dist/production` and
 * maps every condition (`import`, `module`, `default`) to the former, so `mode: 'production'` and
 * the `production` condition alone still bundle the development build (issue 15). Returns rspack
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
  /** Dev-server port (`npm run dev`). */
  devPort: number;
  /** `host` builds the HTML document and provides the federation runtime; `remote` exposes modules. */
  kind: 'host' | 'remote';
  /** Remote only: exposed modules, e.g. `{ './App': './src/app/app.tsx' }`. */
  exposes?: Record<string, string>;
  /** Host only: federation runtime plugins (file paths). */
  runtimePlugins?: string[];
  /** Host only: document title. */
  title?: string;
}

/** Full rspack configuration of one app; `mode` comes from the CLI (`--mode`). */
export function createAppConfig(options: AppConfigOptions, argv: { mode?: string } = {}): Configuration {
  const dev = argv.mode === 'development' || process.env.NODE_ENV === 'development';
  const isHost = options.kind === 'host';
  return {
    context: options.dir,
    mode: dev ? 'development' : 'production',
    devtool: dev ? 'cheap-module-source-map' : 'source-map',
    entry: { main: './src/index.ts' },
    output: {
      path: path.join(options.dir, 'dist'),
      publicPath: isHost ? '/' : 'auto',
      uniqueName: options.name,
      filename: dev ? '[name].js' : '[name].[contenthash:8].js',
      chunkFilename: dev ? '[name].js' : '[name].[contenthash:8].js',
      cssFilename: '[name].[contenthash:8].css',
      cssChunkFilename: '[name].[contenthash:8].css',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      // Production conditions for every shared library (`production` before the defaults), and
      // the production files of those whose exports ignore the condition (see productionAliases).
      conditionNames: [dev ? 'development' : 'production', '...'],
      ...(dev ? {} : { alias: productionAliases() }),
    },
    module: {
      parser: { 'css/module': { namedExports: false } },
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: dev, refresh: dev } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.module\.css$/, type: 'css/module' },
        { test: /\.css$/, exclude: /\.module\.css$/, type: 'css' },
        { test: /\.(png|jpe?g|gif|webp|avif|svg|woff2?)$/, type: 'asset' },
      ],
    },
    // Libraries read process.env.NODE_ENV to drop their development code; `mode` sets it too,
    // stated here so no config can drift (issue 15).
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
        shared: createSharedConfig(),
        shareStrategy: 'loaded-first',
        // The shell provides the federation runtime; remotes reuse it instead of bundling their own.
        experiments: isHost ? { provideExternalRuntime: true } : { externalRuntime: true },
        manifest: !isHost,
        dts: false,
      }),
      ...(isHost
        ? [new rspack.HtmlRspackPlugin({ template: './src/index.html', title: options.title ?? 'Prata 925' })]
        : []),
      ...(dev ? [new ReactRefreshPlugin()] : []),
      // Production remotes publish the types of their exposed modules next to the manifest (issue 14);
      // before BuildVersionPlugin so that the types are part of the version's content hash.
      ...(!isHost && !dev ? [new RemoteTypesPlugin(options.exposes ?? {})] : []),
      // The release version (package version + content hash), contract major and singletons in build-info.json (issue 14).
      new BuildVersionPlugin(options.name, options.kind, buildInfoShared(isHost)),
    ],
    devServer: {
      port: options.devPort,
      host: '127.0.0.1',
      hot: true,
      historyApiFallback: isHost,
      headers: { 'Access-Control-Allow-Origin': '*' },
      client: { overlay: { warnings: false } },
      // The shell's runtime configuration in development (production: the static host).
      setupMiddlewares: (middlewares) => {
        middlewares.unshift({
          name: 'runtime-config',
          path: '/runtime-config.json',
          middleware: (_req: unknown, res: { setHeader(k: string, v: string): void; end(body: string): void }) => {
            const apiUrl = process.env.PUBLIC_API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;
            res.setHeader('content-type', 'application/json');
            res.end(JSON.stringify({ apiUrl }));
          },
        });
        return middlewares;
      },
    },
    performance: { hints: false },
  };
}
