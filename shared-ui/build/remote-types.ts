/**
 * Types of a remote's exposed modules, published next to its `mf-manifest.json` so the
 * shell type-checks against them.
 *
 * The artifacts follow the Module Federation layout, so MF tooling can read them too:
 * - `@mf-types.zip`: `compiled-types/<path from the workspace root>.d.ts` for every source file the
 *   exposed modules depend on (the remote's own and the workspace packages it was built with, e.g.
 *   `compiled-types/shared-ui/src/lib/remote-module.d.ts`), plus one `<Expose>.d.ts` per exposed
 *   module at the top (`App.d.ts` for `./App`) re-exporting its entry's declarations;
 * - `@mf-types.d.ts`: the federation "API types" (`RemoteKeys`, `PackageType`);
 * - `metaData.types` of `mf-manifest.json` and `mf-stats.json`: `{ path: '', name: '', zip:
 *   '@mf-types.zip', api: '@mf-types.d.ts' }` (both relative to the manifest).
 *
 * Why not the federation plugin's own `dts.generateTypes` (tried with MF 2.9.2, rspack 2, TS 6.0.3:
 * it works): it builds the TypeScript program three times and runs a type-checking `tsc` in a child
 * process, which took a remote's production build from ~1.2 s to ~7.4 s, and its zip carries the
 * files' modification times, so the same source gave another content hash, i.e. another release
 * version, at every build (shared-ui/build/build-version.ts). {@link generateRemoteTypes} builds one
 * program, emits declarations only (`noCheck`: type errors are the `typecheck` target's job) in
 * memory, and zips the sorted files with a fixed timestamp: the same source gives the same bytes.
 *
 * Runs in Node at build time only; never bundled.
 */
import path from 'node:path';
import AdmZip from 'adm-zip';
import { rspack, type Compiler } from '@rspack/core';
import ts from 'typescript';

/** File names of the artifacts (the Module Federation defaults). */
export const TYPES_ZIP = '@mf-types.zip';
export const TYPES_API = '@mf-types.d.ts';
/** Folder of the compiled declarations inside the zip. */
const COMPILED = 'compiled-types';
/** The placeholder the federation API types use for the remote's alias. */
const ALIAS = 'REMOTE_ALIAS_IDENTIFIER';
/** The time stamp of every zip entry (any fixed instant; DOS times start in 1980). */
const ZIP_TIME = new Date('2000-01-01T00:00:00Z');

export interface RemoteTypes {
  /** `@mf-types.zip` bytes. */
  zip: Buffer;
  /** `@mf-types.d.ts` text. */
  api: string;
  /** Zip entry name -> declaration text (what the zip holds). */
  files: Map<string, string>;
}

/** `./App` -> `App`, `./widgets/Price` -> `widgets/Price`. */
function exposeName(key: string): string {
  return key.replace(/^\.\//, '');
}

/** The common directory of `files` (absolute paths). */
function commonDirectory(files: string[]): string {
  let common = path.dirname(files[0]!);
  for (const file of files) {
    while (path.relative(common, file).startsWith('..')) common = path.dirname(common);
  }
  return common;
}

/**
 * Declarations of the modules a remote exposes, zipped the Module Federation way.
 * @param dir the remote's directory (its rspack context).
 * @param exposes the federation `exposes` map, e.g. `{ './App': './src/app/remote-module.ts' }` (paths relative to `dir`).
 * @param tsconfig the remote's tsconfig.json (compiler options and type libraries).
 * @throws Error when an exposed module does not exist, or listing TypeScript's diagnostics when the
 * configuration is invalid or an exposed module's declarations cannot be emitted.
 */
export function generateRemoteTypes(dir: string, exposes: Record<string, string>, tsconfig = path.join(dir, 'tsconfig.json')): RemoteTypes {
  const read = ts.readConfigFile(tsconfig, (file) => ts.sys.readFile(file));
  const config = ts.parseJsonConfigFileContent(read.config ?? {}, ts.sys, path.dirname(tsconfig));
  const configErrors = [...(read.error ? [read.error] : []), ...config.errors];
  if (configErrors.length > 0) throw new Error(`${tsconfig}: ${ts.formatDiagnostics(configErrors, formatHost)}`);
  const entries = Object.entries(exposes).map(([key, file]) => [key, path.resolve(dir, file)] as const);
  const program = ts.createProgram({
    rootNames: entries.map(([, file]) => file),
    options: { ...config.options, noEmit: false, declaration: true, emitDeclarationOnly: true, noCheck: true, declarationMap: false, incremental: false, outDir: undefined, declarationDir: undefined },
  });

  const missing = entries.filter(([, file]) => !program.getSourceFile(file));
  if (missing.length > 0) throw new Error(`exposed modules not found: ${missing.map(([key, file]) => `${key} (${file})`).join(', ')}`);
  const own = program.getSourceFiles().filter((file) => !file.isDeclarationFile && !program.isSourceFileFromExternalLibrary(file));
  const root = commonDirectory(own.map((file) => file.fileName));
  const emitted = new Map<string, string>();
  const result = program.emit(undefined, (fileName, text) => emitted.set(fileName, text), undefined, true);
  const errors = [...program.getOptionsDiagnostics(), ...result.diagnostics].filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (result.emitSkipped || errors.length > 0) throw new Error(`the declarations of ${dir} cannot be emitted:\n${ts.formatDiagnostics(errors, formatHost)}`);

  const files = new Map<string, string>();
  for (const [fileName, text] of emitted) files.set(`${COMPILED}/${path.relative(root, fileName).split(path.sep).join('/')}`, text);
  for (const [key, file] of entries) {
    const entry = `${COMPILED}/${path.relative(root, file).split(path.sep).join('/')}`.replace(/\.[cm]?[jt]sx?$/, '');
    if (!files.has(`${entry}.d.ts`)) throw new Error(`no declarations were emitted for ${key} (${file})`);
    const name = exposeName(key);
    const relative = `${'../'.repeat(name.split('/').length - 1) || './'}${entry}`;
    files.set(`${name}.d.ts`, `export * from '${relative}';\nexport { default } from '${relative}';\n`);
  }

  const zip = new AdmZip();
  for (const name of [...files.keys()].sort()) zip.addFile(name, Buffer.from(files.get(name)!, 'utf8')).header.time = ZIP_TIME;
  return { zip: zip.toBuffer(), api: apiTypes(entries.map(([key]) => exposeName(key))), files };
}

/** The federation API types file: `RemoteKeys` and `PackageType` over the exposed names. */
function apiTypes(names: string[]): string {
  const keys = names.map((name) => `'${ALIAS}/${name}'`);
  const branches = names.map((name) => `T extends '${ALIAS}/${name}' ? typeof import('${ALIAS}/${name}') :`).join(' ');
  return `export type RemoteKeys = ${keys.join(' | ')};\ntype PackageType<T> = ${branches} any;\n`;
}

const formatHost: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (fileName) => fileName,
  getCurrentDirectory: () => process.cwd(),
  getNewLine: () => '\n',
};

/**
 * Emits `@mf-types.zip` and `@mf-types.d.ts` and points `metaData.types` of the federation
 * manifest (`mf-manifest.json`, `mf-stats.json`) at them. Runs at the report stage, after the
 * manifest plugin and before BuildVersionPlugin (registered after it), so the types are part of
 * the content hash. A failure fails the build.
 */
export class RemoteTypesPlugin {
  private readonly exposes: Record<string, string>;
  private readonly tsconfig: string | undefined;

  /**
   * @param exposes the federation `exposes` map (paths relative to the rspack context).
   * @param tsconfig the tsconfig.json to compile with; by default the one in the rspack context.
   */
  constructor(exposes: Record<string, string>, tsconfig?: string) {
    this.exposes = exposes;
    this.tsconfig = tsconfig;
  }

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('RemoteTypesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'RemoteTypesPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        let types: RemoteTypes;
        try {
          types = generateRemoteTypes(compiler.context, this.exposes, this.tsconfig ?? path.join(compiler.context, 'tsconfig.json'));
        } catch (error) {
          compilation.errors.push(new rspack.WebpackError(`RemoteTypesPlugin: ${error instanceof Error ? error.message : String(error)}`));
          return;
        }
        compilation.emitAsset(TYPES_ZIP, new rspack.sources.RawSource(types.zip));
        compilation.emitAsset(TYPES_API, new rspack.sources.RawSource(types.api));
        for (const file of ['mf-manifest.json', 'mf-stats.json']) {
          const asset = compilation.getAsset(file);
          if (!asset) continue;
          const json = JSON.parse(asset.source.source().toString()) as { metaData?: { types?: Record<string, string> } };
          if (json.metaData) json.metaData.types = { path: '', name: '', zip: TYPES_ZIP, api: TYPES_API };
          compilation.updateAsset(file, new rspack.sources.RawSource(JSON.stringify(json, null, 2)));
        }
      });
    });
  }
}
