/**
 * Byte budgets: which files count as an app's initial load, and BuildWeightPlugin in
 * real rspack compilations of a small federated remote and host in a temporary directory: the
 * weight recorded in build-info.json (checked against gzip sizes computed here from the emitted
 * files, found by their content), the build failing over its package.json budget with the
 * figures, `PRATA_BUDGET=report` turning that into a warning, and a missing budget failing it.
 */
// @vitest-environment node
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack, type RspackPluginInstance, type Stats } from '@rspack/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildVersionPlugin } from './build-version.ts';
import { BuildWeightPlugin, hostInitialFiles, measureWeight, remoteInitialFiles } from './build-weight.ts';
import { DocumentAssetsPlugin } from './server-rendering.ts';

describe('initial files', () => {
  it("of a remote: remoteEntry.js and ./App's sync JS; ./App's sync and async CSS, each once", () => {
    const manifest = {
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        { path: './Other', assets: { js: { sync: ['other.js'] }, css: { sync: ['other.css'] } } },
        { path: './App', assets: { js: { sync: ['app.js'], async: ['late.js'] }, css: { sync: ['app.css', 'shared.css'], async: ['late.css', 'shared.css'] } } },
      ],
    };
    expect(remoteInitialFiles(manifest)).toEqual({ js: ['remoteEntry.js', 'app.js'], css: ['app.css', 'shared.css', 'late.css'] });
    expect(remoteInitialFiles({ ...manifest, metaData: { remoteEntry: { name: 'remoteEntry.js', path: 'static' } } }).js[0]).toBe('static/remoteEntry.js');
    expect(() => remoteInitialFiles({ ...manifest, exposes: [manifest.exposes[0]!] })).toThrow('mf-manifest.json has no ./App expose');
    expect(() => remoteInitialFiles({ exposes: manifest.exposes })).toThrow('mf-manifest.json names no remoteEntry');
  });

  it("of the shell: document-assets.json's scripts and preloads, and styles, relative to the output directory", () => {
    const assets = { scripts: ['/main.1.js'], preloads: ['/boot.2.js', '/main.1.js'], styles: ['/boot.3.css'] };
    expect(hostInitialFiles(assets, '/')).toEqual({ js: ['main.1.js', 'boot.2.js'], css: ['boot.3.css'] });
    expect(hostInitialFiles({ scripts: ['/loja/main.1.js'], preloads: [], styles: [] }, '/loja/')).toEqual({ js: ['main.1.js'], css: [] });
  });

  it('weighs each file gzipped at level 9, summed per kind, and names a missing file', () => {
    const files: Record<string, string> = { 'a.js': 'a'.repeat(5000), 'b.js': 'console.log(1)', 'a.css': '.a{color:red}' };
    const gzip = (name: string) => gzipSync(files[name]!, { level: 9 }).length;
    expect(measureWeight({ js: ['a.js', 'b.js'], css: ['a.css'] }, (name) => files[name])).toEqual({ jsGzip: gzip('a.js') + gzip('b.js'), cssGzip: gzip('a.css') });
    expect(() => measureWeight({ js: ['c.js'], css: [] }, (name) => files[name])).toThrow('initial file c.js is not part of the build');
  });
});

const repoModules = path.resolve(import.meta.dirname, '../../node_modules');
let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'prata-build-weight-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Text that does not compress, so that it dominates the file it is in: `bytes` base64 characters of SHA-256 chained from `seed` (the same every build). */
function noise(seed: string, bytes: number): string {
  let text = '';
  for (let block = 0; text.length < bytes; block += 1) text += createHash('sha256').update(`${seed}:${block}`).digest('base64').replace(/=+$/, '');
  return text.slice(0, bytes);
}

/**
 * Writes a small app to a fresh directory (package.json with `budget` when given) and compiles
 * it in production with the federation plugin of `kind`, BuildVersionPlugin and BuildWeightPlugin.
 * The remote's `./App` imports `app.css` and lazily `late.ts` (with `late.css`); the host's entry
 * loads its start-up chunks `bootstrap` and `start-shell` (with `shell.css`), which lazily loads `late.ts`.
 */
async function compile(kind: 'host' | 'remote', budget: { js: number; css: number } | null, mode?: 'enforce' | 'report'): Promise<{ stats: Stats; out: string }> {
  const dir = await mkdtemp(path.join(root, `${kind}-`));
  const out = path.join(dir, 'dist');
  await mkdir(path.join(dir, 'src'));
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'fixture', version: '0.1.0', ...(budget ? { prata: { budget } } : {}) }));
  const files: Record<string, string> = {
    // The shell: its entry loads the start-up chunk groups (server-rendering.ts START_UP_CHUNKS), whose files its documents preload; a page chunk is not.
    'index.ts':
      kind === 'host'
        ? `console.log('SHELL_MARKER');\nimport(/* webpackChunkName: "bootstrap" */ './bootstrap.ts');\n`
        : `console.log('STANDALONE_MARKER ${noise('standalone', 2000)}');\n`,
    'bootstrap.ts': `console.log('BOOTSTRAP_MARKER');\nimport(/* webpackChunkName: "start-shell" */ './start-shell.ts');\n`,
    'start-shell.ts': `import './shell.css';\nconsole.log('START_MARKER');\nexport const page = () => import('./late.ts');\n`,
    'shell.css': `.shell { content: "SHELL_CSS_MARKER"; }\n`,
    // The remote's ./App, with a lazy chunk.
    'app.ts': `import './app.css';\nexport const marker = 'APP_MARKER ${noise('app', 1500)}';\nexport const later = () => import('./late.ts');\n`,
    'app.css': `.app { content: "APP_CSS_MARKER"; }\n`,
    'late.ts': `import './late.css';\nexport const marker = 'LATE_MARKER ${noise('late', 3000)}';\n`,
    'late.css': `.late { content: "LATE_CSS_MARKER"; }\n`,
  };
  for (const [name, content] of Object.entries(files)) await writeFile(path.join(dir, 'src', name), content);
  const compiler = rspack({
    context: dir,
    mode: 'production',
    devtool: false,
    entry: { main: './src/index.ts' },
    output: { path: out, publicPath: kind === 'host' ? '/' : 'auto', filename: '[name].[contenthash:8].js', chunkFilename: '[name].[contenthash:8].js', cssFilename: '[name].[contenthash:8].css', cssChunkFilename: '[name].[contenthash:8].css', uniqueName: `fixture_${kind}` },
    resolve: { extensions: ['.ts', '.js'], modules: ['node_modules', repoModules] },
    resolveLoader: { modules: ['node_modules', repoModules] },
    module: {
      rules: [
        { test: /\.ts$/, loader: 'builtin:swc-loader', options: { jsc: { parser: { syntax: 'typescript' } } }, type: 'javascript/auto' },
        { test: /\.css$/, type: 'css' },
      ],
    },
    optimization: { runtimeChunk: false },
    plugins: [
      new ModuleFederationPlugin({
        name: `fixture_${kind}`,
        ...(kind === 'host' ? { remotes: {} } : { filename: 'remoteEntry.js', exposes: { './App': './src/app.ts' } }),
        shared: {},
        manifest: true,
        dts: false,
      }) as unknown as RspackPluginInstance,
      ...(kind === 'host' ? [new DocumentAssetsPlugin()] : []),
      new BuildVersionPlugin(`fixture_${kind}`, kind, {}),
      new BuildWeightPlugin(mode ? { kind, mode } : { kind }),
    ],
  });
  const stats = await new Promise<Stats>((resolve, reject) => compiler.run((error, result) => (error || !result ? reject(error) : resolve(result))));
  await new Promise<void>((resolve) => compiler.close(() => resolve()));
  return { stats, out };
}

/** The emitted file (name relative to `out`) whose content includes `marker`. */
function fileWith(out: string, extension: string, marker: string): string {
  const matches = readdirSync(out).filter((name) => name.endsWith(extension) && readFileSync(path.join(out, name), 'utf8').includes(marker));
  expect(matches, marker).toHaveLength(1);
  return matches[0]!;
}
const gzipOf = (out: string, name: string) => gzipSync(readFileSync(path.join(out, name)), { level: 9 }).length;
const buildInfo = (out: string) => JSON.parse(readFileSync(path.join(out, 'build-info.json'), 'utf8')) as { weight?: { jsGzip: number; cssGzip: number }; budget?: unknown; version?: string };
const messages = (stats: Stats, kind: 'errors' | 'warnings') => (stats.toJson({ errors: true, warnings: true })[kind] ?? []).map((entry) => entry.message).join('\n');

describe('BuildWeightPlugin', () => {
  const roomy = { js: 1_000_000, css: 1_000_000 };

  it("records a remote's weight: remoteEntry.js and ./App's sync JS, never the lazy chunk or the standalone entry; ./App's sync and lazy CSS", async () => {
    const { stats, out } = await compile('remote', roomy);
    expect(messages(stats, 'errors')).toBe('');
    const info = buildInfo(out);
    expect(info.version).toMatch(/^0\.1\.0-[0-9a-f]{8}$/);
    expect(info.budget).toEqual(roomy);
    const js = gzipOf(out, 'remoteEntry.js') + gzipOf(out, fileWith(out, '.js', 'APP_MARKER'));
    const css = gzipOf(out, fileWith(out, '.css', 'APP_CSS_MARKER')) + gzipOf(out, fileWith(out, '.css', 'LATE_CSS_MARKER'));
    expect(info.weight).toEqual({ jsGzip: js, cssGzip: css });
    // The lazy chunk and the standalone entry each weigh more than what is counted, and are not in it.
    const late = gzipOf(out, fileWith(out, '.js', 'LATE_MARKER'));
    expect(late).toBeGreaterThan(2000);
    expect(gzipOf(out, fileWith(out, '.js', 'STANDALONE_MARKER'))).toBeGreaterThan(1000);
  }, 60_000);

  it("records the shell's weight: the files of its document-assets.json (entry and start-up chunks), not a page's chunk", async () => {
    const { stats, out } = await compile('host', roomy);
    expect(messages(stats, 'errors')).toBe('');
    const js = ['SHELL_MARKER', 'BOOTSTRAP_MARKER', 'START_MARKER'].reduce((sum, marker) => sum + gzipOf(out, fileWith(out, '.js', marker)), 0);
    expect(buildInfo(out).weight).toEqual({ jsGzip: js, cssGzip: gzipOf(out, fileWith(out, '.css', 'SHELL_CSS_MARKER')) });
    expect(gzipOf(out, fileWith(out, '.js', 'LATE_MARKER'))).toBeGreaterThan(2000);
  }, 60_000);

  it('fails the build over its budget, with both figures', async () => {
    const { out } = await compile('remote', roomy);
    const weight = buildInfo(out).weight!;
    const over = await compile('remote', { js: weight.jsGzip - 1, css: weight.cssGzip });
    expect(over.stats.hasErrors()).toBe(true);
    const format = (bytes: number) => new Intl.NumberFormat('pt-BR').format(bytes);
    const error = messages(over.stats, 'errors');
    expect(error).toContain('is over its byte budget (package.json prata.budget)');
    expect(error).toContain(`JS inicial de ${format(weight.jsGzip)} B gzip acima do orçamento de ${format(weight.jsGzip - 1)} B (+1 B)`);
    expect(error).not.toContain('CSS inicial de');
    const cssOver = await compile('remote', { js: weight.jsGzip, css: weight.cssGzip - 10 });
    expect(messages(cssOver.stats, 'errors')).toContain(`CSS inicial de ${format(weight.cssGzip)} B gzip acima do orçamento de ${format(weight.cssGzip - 10)} B (+10 B)`);
    // Exactly at the budget is within it.
    expect((await compile('remote', { js: weight.jsGzip, css: weight.cssGzip })).stats.hasErrors()).toBe(false);
  }, 120_000);

  it('only warns in report mode (the release refuses the build itself), still recording the weight', async () => {
    const { stats, out } = await compile('remote', { js: 1, css: 1 }, 'report');
    expect(stats.hasErrors()).toBe(false);
    expect(messages(stats, 'warnings')).toContain('is over its byte budget');
    expect(buildInfo(out)).toMatchObject({ budget: { js: 1, css: 1 }, weight: { jsGzip: expect.any(Number), cssGzip: expect.any(Number) } });
  }, 60_000);

  it('fails a build whose package.json declares no budget', async () => {
    const { stats } = await compile('remote', null);
    expect(messages(stats, 'errors')).toMatch(/package\.json declares no valid byte budget: add "prata": \{ "budget"/);
  }, 60_000);
});
