/**
 * The shell type-checks a remote against the types the remote published, not against its source
 * (the types are published with the manifest, so a remote is checked as it was built;
 * `npm run release` refuses a build that fails this check).
 *
 * {@link checkRemoteTypes} takes a remote's build directory (or its `mf-manifest.json` as a file or
 * an http(s) URL), reads `metaData.types` of the manifest, extracts the `@mf-types.zip` it names
 * (written by shared-ui/build/remote-types.ts) into a temporary directory under the shell's
 * `node_modules/.cache/`, and runs the TypeScript compiler on a generated file:
 *
 * ```ts
 * import type { RemoteModule } from '@prata/shared-ui';
 * import exposed from './App';
 * export const contract: RemoteModule = exposed;
 * ```
 *
 * so the default export of the remote's `./App` must be assignable to the shell's RemoteModule
 * contract (shared-ui/src/lib/remote-module.ts). Every other exposed module (a widget another part
 * of the store mounts with `<RemoteWidget>`, e.g. admin's `./ProductManager`) is checked the same
 * way against `RemoteWidgetComponent`: its default export must be a component that renders with no
 * props. Bare imports in the remote's declarations (react,
 * `@prata/shared-ui`, ...) resolve from the shell's node_modules: shared singletons are the shell's at
 * run time too. Compiler options come from the shell's tsconfig.json (`skipLibCheck` on).
 *
 * Command line (exit 0 fits, 1 does not fit or cannot be checked, 2 usage):
 * `node shell/scripts/check-remote-types.ts [<build dir | manifest file | manifest URL> ...]`
 * (`npm -w shell run check-remote-types`), by default every `mf-<remote>/dist` of the workspace.
 * It prints one line per remote and TypeScript's diagnostics for those that do not fit.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AdmZip from 'adm-zip';
import ts from 'typescript';

const SHELL_DIR = path.resolve(import.meta.dirname, '..');

/** The exposed module the shell mounts (RemoteModule contract). */
export const EXPOSED_APP = './App';

/** What {@link checkRemoteTypes} found. */
export interface RemoteTypesCheck {
  /** The manifest's `name` (the federation container name). */
  remote: string;
  /** The types archive that was checked (a path or URL). */
  zip: string;
  /** True when `./App`'s default export satisfies the shell's RemoteModule, and every other exposed module's a RemoteWidgetComponent. */
  ok: boolean;
  /** The exposed modules checked, `./App` first (e.g. `['./App', './ProductManager']`). */
  checked: string[];
  /** TypeScript's diagnostics (file:line:col - error TSxxxx: message), empty when ok. */
  diagnostics: string;
}

/** The parts of `mf-manifest.json` the check reads. */
interface TypesManifest {
  name?: string;
  metaData?: { types?: { path?: string; zip?: string } };
  exposes?: { path?: string }[];
}

function isUrl(location: string): boolean {
  return /^https?:\/\//.test(location);
}

/** Reads a file or fetches a URL. @throws Error naming the location when it cannot. */
async function load(location: string): Promise<Buffer> {
  if (!isUrl(location)) return readFile(location);
  const response = await fetch(location, { signal: AbortSignal.timeout(10_000), headers: { 'cache-control': 'no-cache' } });
  if (!response.ok) throw new Error(`GET ${location}: HTTP ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/** `location` (build directory, manifest file or URL) -> manifest location. */
async function manifestLocation(location: string): Promise<string> {
  if (isUrl(location)) return location;
  return (await stat(location)).isDirectory() ? path.join(location, 'mf-manifest.json') : location;
}

/** The shell's compiler options for the check (its tsconfig.json, type-checking only). */
function shellCompilerOptions(): ts.CompilerOptions {
  const file = path.join(SHELL_DIR, 'tsconfig.json');
  const read = ts.readConfigFile(file, (name) => ts.sys.readFile(name));
  const config = ts.parseJsonConfigFileContent(read.config ?? {}, ts.sys, SHELL_DIR);
  return { ...config.options, noEmit: true, skipLibCheck: true, incremental: false };
}

/**
 * Checks the published types of a remote build against the shell's RemoteModule contract.
 * @param location the build directory, its `mf-manifest.json`, or the manifest's http(s) URL.
 * @throws Error when the manifest cannot be read, names no types archive (`metaData.types.zip`),
 * does not expose `./App`, or the archive cannot be read or lacks `App.d.ts`.
 */
export async function checkRemoteTypes(location: string): Promise<RemoteTypesCheck> {
  const manifestAt = await manifestLocation(location);
  const manifest = JSON.parse((await load(manifestAt)).toString('utf8')) as TypesManifest;
  const remote = manifest.name ?? manifestAt;
  if (!manifest.exposes?.some((expose) => expose.path === EXPOSED_APP)) throw new Error(`${manifestAt} does not expose ${EXPOSED_APP}`);
  const types = manifest.metaData?.types;
  if (!types?.zip) throw new Error(`${manifestAt} publishes no types of its exposed modules (metaData.types.zip is empty)`);
  const zipPath = path.posix.join(types.path ?? '', types.zip);
  const zip = isUrl(manifestAt) ? new URL(zipPath, manifestAt).href : path.join(path.dirname(manifestAt), zipPath);
  const archive = new AdmZip(await load(zip));
  if (!archive.getEntry('App.d.ts')) throw new Error(`${zip} has no App.d.ts (the types of ${EXPOSED_APP})`);

  // Under the shell, so that bare imports in the declarations resolve from its node_modules.
  const cache = path.join(SHELL_DIR, 'node_modules/.cache/remote-types');
  await mkdir(cache, { recursive: true });
  const dir = await mkdtemp(path.join(cache, `${remote.replace(/[^\w-]/g, '_')}-`));
  try {
    archive.extractAllTo(dir, true);
    const widgets = widgetModules(manifest);
    for (const widget of widgets) {
      if (!archive.getEntry(`${widget.slice(2)}.d.ts`)) throw new Error(`${zip} has no ${widget.slice(2)}.d.ts (the types of ${widget})`);
    }
    const check = path.join(dir, '__check-remote-module.ts');
    await writeFile(
      check,
      [
        "import type { RemoteModule, RemoteWidgetComponent } from '@prata/shared-ui';",
        "import exposed from './App';",
        ...widgets.map((widget, i) => `import widget${i} from './${widget.slice(2)}';`),
        '',
        `// The default export of ${remote}'s ${EXPOSED_APP} must satisfy the shell's RemoteModule contract.`,
        'export const contract: RemoteModule = exposed;',
        ...widgets.flatMap((widget, i) => [`// ${widget}: a widget other parts of the store mount with <RemoteWidget>.`, `export const widgetContract${i}: RemoteWidgetComponent = widget${i};`]),
        '',
      ].join('\n'),
    );
    const program = ts.createProgram({ rootNames: [check], options: shellCompilerOptions() });
    const source = program.getSourceFile(check);
    const diagnostics = [
      ...program.getOptionsDiagnostics(),
      ...program.getGlobalDiagnostics(),
      ...program.getSyntacticDiagnostics(source),
      ...program.getSemanticDiagnostics(source),
    ].filter((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error);
    // File names relative to the extracted archive: `__check-remote-module.ts(5,14): error TS2741: ...`.
    const text = ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (name) => name, getCurrentDirectory: () => dir, getNewLine: () => '\n' });
    return { remote, zip, ok: diagnostics.length === 0, checked: [EXPOSED_APP, ...widgets], diagnostics: text.trim() };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The exposed modules other than `./App` (`./Name`, plain names only), in manifest order. */
function widgetModules(manifest: TypesManifest): string[] {
  return (manifest.exposes ?? [])
    .map((expose) => expose.path ?? '')
    .filter((exposed) => exposed !== EXPOSED_APP && /^\.\/[A-Za-z][\w-]*$/.test(exposed));
}

/** Every `mf-<remote>/dist` of the workspace that exists (the default of the command). */
function workspaceBuilds(): string[] {
  const root = path.dirname(SHELL_DIR);
  return ['storefront', 'checkout', 'admin', 'devtools'].map((remote) => path.join(root, `mf-${remote}`, 'dist')).filter((dir) => existsSync(dir));
}

async function main(args: string[]): Promise<number> {
  if (args.some((arg) => arg.startsWith('-'))) {
    console.error('usage: node shell/scripts/check-remote-types.ts [<build dir | manifest file | manifest URL> ...]');
    return 2;
  }
  // `npm -w shell run check-remote-types -- mf-checkout/dist` runs in shell/: paths are relative to where npm was started.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const locations = args.length > 0 ? args.map((arg) => (isUrl(arg) ? arg : path.resolve(cwd, arg))) : workspaceBuilds();
  if (locations.length === 0) {
    console.error('no remote builds to check (build the remotes first, or name a build directory or manifest URL)');
    return 1;
  }
  let failed = false;
  for (const location of locations) {
    try {
      const result = await checkRemoteTypes(location);
      const widgets = result.checked.slice(1);
      if (result.ok) {
        const also = widgets.length > 0 ? `; ${widgets.join(', ')}: RemoteWidgetComponent` : '';
        console.log(`ok: ${result.remote} ${EXPOSED_APP} satisfies the shell's RemoteModule${also} (${result.zip})`);
      } else {
        failed = true;
        const what = widgets.length === 0 ? `${EXPOSED_APP} do not satisfy the shell's RemoteModule` : `${result.checked.join(', ')} do not satisfy the shell's contracts (RemoteModule for ${EXPOSED_APP}, RemoteWidgetComponent for the others)`;
        console.error(`${result.remote}: the published types of ${what} (${result.zip}):\n${result.diagnostics}`);
      }
    } catch (error) {
      failed = true;
      console.error(`${location}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return failed ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
