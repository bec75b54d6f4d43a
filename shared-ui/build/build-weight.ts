/**
 * Byte budgets: what an app's first load weighs, measured by
 * its production browser build, recorded in `build-info.json` and held to the budget its
 * package.json declares (`"prata": { "budget": { "js": <bytes gzip>, "css": <bytes gzip> } }`).
 *
 * The initial files are those a server-rendered document links for the app:
 * - a remote: `remoteEntry.js` and the synchronous JS of its `./App` expose, and the expose's
 *   synchronous and asynchronous CSS (its `mf-manifest.json`; the shell's host links the same
 *   files, shell/src/server/server-remotes.ts `documentAssets`);
 * - the shell: the files of `document-assets.json`: `scripts`, `preloads` and `styles`.
 * Each file is gzipped on its own (zlib level 9, what the static hosts precompress with) and the
 * sizes summed: `weight: { jsGzip, cssGzip }` in bytes.
 *
 * {@link BuildWeightPlugin} fails the build when the weight is over the budget, with both figures
 * (@prata/contracts/build-weight `budgetProblems`), so CI enforces it; with the environment
 * variable {@link BUDGET_MODE_VARIABLE} set to `report` (what `npm run release` does, to refuse
 * the build itself with the figures) it warns instead. Runs in Node at build time only; never bundled.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { rspack, type Compiler } from '@rspack/core';
import { budgetProblems, formatBytes, packageBudgetSchema, type AppBudget, type AppWeight } from '@prata/contracts/build-weight';
import type { DocumentAssets } from '@prata/contracts/server-rendering';

/** The exposed module a remote's page loads first. */
export const INITIAL_EXPOSE = './App';

/** Environment variable: `report` makes an over-budget build a warning instead of an error (the release command checks it). */
export const BUDGET_MODE_VARIABLE = 'PRATA_BUDGET';

/** Initial files of an app, relative to its output directory. */
export interface InitialFiles {
  js: string[];
  css: string[];
}

/** The parts of a remote's `mf-manifest.json` read here. */
interface RemoteManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { path?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[]; async?: string[] } } }[];
}

/** gzip size (zlib level 9) of `content`, in bytes. */
export function gzipSize(content: Buffer | string): number {
  return gzipSync(content, { level: 9 }).length;
}

/**
 * A remote's initial files from its `mf-manifest.json`: JS `remoteEntry.js` (the manifest's
 * `metaData.remoteEntry`) + the `./App` expose's `assets.js.sync`; CSS the expose's
 * `assets.css.sync` and `assets.css.async` (each file once).
 * @throws Error when the manifest names no entry file or has no `./App` expose.
 */
export function remoteInitialFiles(manifest: RemoteManifest): InitialFiles {
  const entry = manifest.metaData?.remoteEntry;
  if (!entry?.name) throw new Error('mf-manifest.json names no remoteEntry');
  const app = manifest.exposes?.find((expose) => expose.path === INITIAL_EXPOSE);
  if (!app) throw new Error(`mf-manifest.json has no ${INITIAL_EXPOSE} expose`);
  return {
    js: [...new Set([[entry.path, entry.name].filter(Boolean).join('/'), ...(app.assets?.js?.sync ?? [])])],
    css: [...new Set([...(app.assets?.css?.sync ?? []), ...(app.assets?.css?.async ?? [])])],
  };
}

/**
 * The shell's initial files from its `document-assets.json`: JS `scripts` + `preloads`, CSS
 * `styles`; URLs under `publicPath` (e.g. `/main.1a2b3c4d.js`) made relative to the output directory.
 */
export function hostInitialFiles(assets: Pick<DocumentAssets, 'scripts' | 'preloads' | 'styles'>, publicPath: string): InitialFiles {
  const file = (url: string) => (url.startsWith(publicPath) ? url.slice(publicPath.length) : url).replace(/^\/+/, '');
  return { js: [...new Set([...assets.scripts, ...assets.preloads].map(file))], css: [...new Set(assets.styles.map(file))] };
}

/**
 * The weight of `files`: the gzip size (level 9) of each, summed per kind, in bytes.
 * @param read the bytes of a file (relative to the output directory), undefined when it does not exist.
 * @throws Error naming a file that does not exist.
 */
export function measureWeight(files: InitialFiles, read: (file: string) => Buffer | string | undefined): AppWeight {
  const total = (names: string[]) =>
    names.reduce((sum, name) => {
      const content = read(name);
      if (content === undefined) throw new Error(`initial file ${name} is not part of the build`);
      return sum + gzipSize(content);
    }, 0);
  return { jsGzip: total(files.js), cssGzip: total(files.css) };
}

/**
 * The budget an app declares in its package.json (`prata.budget`, bytes gzip).
 * @throws Error when the file has none or an invalid one.
 */
export function declaredBudget(packageJsonFile: string): AppBudget {
  const parsed = packageBudgetSchema.safeParse(JSON.parse(readFileSync(packageJsonFile, 'utf8')));
  if (!parsed.success) {
    throw new Error(`${packageJsonFile} declares no valid byte budget: add "prata": { "budget": { "js": <bytes gzip>, "css": <bytes gzip> } } (${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')})`);
  }
  return parsed.data.prata.budget;
}

export interface BuildWeightOptions {
  /** `host` measures `document-assets.json`, `remote` its `mf-manifest.json`. */
  kind: 'host' | 'remote';
  /** The budget; default: the app's package.json (its rspack context) `prata.budget`. */
  budget?: AppBudget;
  /** `enforce` (default) fails an over-budget build, `report` warns; default from {@link BUDGET_MODE_VARIABLE}. */
  mode?: 'enforce' | 'report';
}

/**
 * Measures the build's initial weight, writes `weight` and `budget` into its `build-info.json`
 * (emitted by BuildVersionPlugin at the same stage, earlier: register this plugin after it) and
 * fails the build when over the budget (see the module doc). A build without a declared budget fails.
 */
export class BuildWeightPlugin {
  private readonly options: BuildWeightOptions;

  constructor(options: BuildWeightOptions) {
    this.options = options;
  }

  apply(compiler: Compiler): void {
    const name = 'BuildWeightPlugin';
    const mode = this.options.mode ?? (process.env[BUDGET_MODE_VARIABLE] === 'report' ? 'report' : 'enforce');
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.hooks.processAssets.tap({ name, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const fail = (message: string) => compilation.errors.push(new rspack.WebpackError(`${name}: ${message}`));
        let budget: AppBudget;
        let weight: AppWeight;
        try {
          budget = this.options.budget ?? declaredBudget(path.join(compiler.context, 'package.json'));
          const read = (file: string) => compilation.getAsset(file)?.source.source() as Buffer | string | undefined;
          const json = (file: string) => {
            const content = read(file);
            if (content === undefined) throw new Error(`the build emitted no ${file}`);
            return JSON.parse(content.toString()) as unknown;
          };
          const publicPath = typeof compilation.outputOptions.publicPath === 'string' ? compilation.outputOptions.publicPath : '/';
          const files = this.options.kind === 'host' ? hostInitialFiles(json('document-assets.json') as DocumentAssets, publicPath) : remoteInitialFiles(json('mf-manifest.json') as RemoteManifest);
          weight = measureWeight(files, read);
        } catch (error) {
          fail(error instanceof Error ? error.message : String(error));
          return;
        }
        const info = compilation.getAsset('build-info.json');
        if (!info) {
          fail('the build emitted no build-info.json to record the weight in (register BuildWeightPlugin after BuildVersionPlugin)');
          return;
        }
        const updated = { ...(JSON.parse(info.source.source().toString()) as Record<string, unknown>), weight, budget };
        compilation.updateAsset('build-info.json', new rspack.sources.RawSource(JSON.stringify(updated, null, 2)));
        const figures = `initial JS ${formatBytes(weight.jsGzip)} gzip (budget ${formatBytes(budget.js)}), CSS ${formatBytes(weight.cssGzip)} gzip (budget ${formatBytes(budget.css)})`;
        const problems = budgetProblems(weight, budget);
        if (problems.length === 0) {
          compilation.getLogger(name).info(figures);
          return;
        }
        const message = `${name}: ${compilation.name ?? 'this build'} is over its byte budget (package.json prata.budget): ${figures}\n${problems.map((problem) => `  - ${problem}`).join('\n')}`;
        (mode === 'report' ? compilation.warnings : compilation.errors).push(new rspack.WebpackError(message));
      });
    });
  }
}
