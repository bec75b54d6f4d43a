// ESLint (flat config) for the whole workspace. Besides TypeScript and React hooks rules it
// enforces the structure of the house style: features never import each other or the app layer,
// remotes never import another remote or the shell, shared packages, services and tools never import
// an app, the service never imports a tool, no cycles.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

const root = import.meta.dirname;
const APPS = ['shell', 'mf-storefront', 'mf-checkout', 'mf-admin', 'mf-devtools'];

function featureZones(app) {
  const dir = path.join(root, app, 'src/features');
  if (!existsSync(dir)) return [];
  const features = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  return features.flatMap((feature) => [
    { target: `./${app}/src/features/${feature}`, from: `./${app}/src/features`, except: [`./${feature}`], message: 'Features do not import each other: compose them in app/routes.' },
    { target: `./${app}/src/features/${feature}`, from: `./${app}/src/app`, message: 'Features do not import the app layer.' },
  ]);
}

/**
 * The service's floors, from the ground up: infrastructure (config, errors, lib,
 * database, storage, events, jobs, mail, plugins) never imports a domain module or the
 * composition; a domain module (modules/<name>) reaches another only through its public
 * `index.ts` (or an event) and never imports the composition (app.ts, server.ts, bootstrap,
 * seeding, scripts), which may import anything.
 */
function serviceZones() {
  const src = './services/api/src';
  const modulesDir = path.join(root, 'services/api/src/modules');
  const domains = readdirSync(modulesDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  const composition = ['app.ts', 'server.ts', 'bootstrap', 'seeding', 'scripts'].map((name) => `${src}/${name}`);
  const infrastructure = ['config.ts', 'errors.ts', 'lib', 'database', 'storage', 'events', 'jobs', 'mail', 'plugins'].map((name) => `${src}/${name}`);
  return [
    { target: infrastructure, from: [`${src}/modules`, ...composition], message: 'Infrastructure never imports a domain module or the composition' },
    { target: `${src}/modules`, from: composition, message: 'Domain modules never import the composition (app.ts, bootstrap, seeding, scripts).' },
    ...domains.map((domain) => ({
      target: `${src}/modules/${domain}`,
      from: `${src}/modules/!(${domain})/**`,
      except: [path.join(modulesDir, '*/index.ts')],
      message: "A domain module reaches another only through its public index.ts (or an event).",
    })),
  ];
}

/**
 * The service's public files, from its package.json `exports` (`./releases`, `./config`, ...),
 * relative to its `src/`: the only files of the service a tool may import.
 */
function serviceExports() {
  const { exports } = JSON.parse(readFileSync(path.join(root, 'services/api/package.json'), 'utf8'));
  return Object.values(exports).map((file) => `./${path.posix.relative('./src', file)}`);
}

const zones = [
  ...APPS.flatMap(featureZones),
  ...APPS.map((app) => ({ target: `./${app}`, from: APPS.filter((other) => other !== app).map((other) => `./${other}`), message: 'Apps never import each other: share through shared-ui or contracts.' })),
  { target: ['./shared-ui', './services'], from: APPS.map((app) => `./${app}`), message: 'Shared packages and services never import an app.' },
  { target: './tools', from: APPS.map((app) => `./${app}`), message: 'Tools never import an app: they build and check apps as separate processes.' },
  { target: './services/contracts', from: ['./services/api', './services/static-host', './shared-ui', './tools'], message: 'Contracts depend on nothing of ours.' },
  { target: './services', from: './tools', message: 'The service never imports the tools that use it' },
  { target: './tools', from: './services/api/src', except: serviceExports(), message: "A tool uses the service only through its package exports (@prata/api/releases, @prata/api/config, ...; services/api/package.json)." },
  ...serviceZones(),
];

/** Most lines a source file may have (`max-lines`, every line counted). */
const MAX_SOURCE_LINES = 400;
const SOURCE_FILES = ['**/*.{ts,tsx,js,mjs,cjs}'];
/** Files `max-lines` does not apply to: tests and specs, test folders, migrations, generated code. */
const MAX_LINES_EXEMPT = ['**/*.test.*', '**/*.spec.*', '**/test/**', '**/migrations/**', '**/generated/**', '**/*.generated.*', '**/*.gen.*'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-dev/**', '**/node_modules/**', '.data/**', '.nx/**', '.tools/**', '.spike/**', 'test-results/**', 'playwright-report/**', 'services/api/test/fixtures/lint-*/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { 'import-x': importX },
    // `import-x/extensions` and `import-x/parsers` (the plugin's TypeScript preset): without them
    // import-x parses only .js files when it follows an import, so `no-cycle` saw no .ts module
    // and missed every cycle. Tsconfig paths are absolute, as lint runs from each package.
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': {
        // The TypeScript resolver alone: it resolves packages and relative files, and a `node`
        // fallback (eslint-import-resolver-node, not installed) crashed lint on the first import
        // it could not place, e.g. the relative `.mts` imports inside a package's own typings.
        typescript: { project: ['*/tsconfig.json', 'services/*/tsconfig.json', 'tools/*/tsconfig.json', 'tsconfig.json'].map((pattern) => path.join(root, pattern)), noWarnOnMultipleProjects: true },
      },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // No source file over 400 lines, blank lines and comments counted: a file that long does more
  // than one job, so split it along its seams. Tests, specs, `test/` folders, migrations and
  // generated files are exempt (services/api/test/lint-setup.test.ts proves both sides).
  {
    files: SOURCE_FILES,
    ignores: MAX_LINES_EXEMPT,
    rules: { 'max-lines': ['error', { max: MAX_SOURCE_LINES, skipBlankLines: false, skipComments: false }] },
  },
  // One router on the page, so shell and remotes share one router context: apps and shared-ui
  // take it from the shared facade, whose re-exports the shell tree-shakes; only the facade and
  // the shell's two entry points (browser and server routers) import react-router, and tests.
  {
    files: ['shell/src/**/*.{ts,tsx}', 'shared-ui/src/**/*.{ts,tsx}', 'mf-*/src/**/*.{ts,tsx}'],
    ignores: ['shared-ui/src/router.ts', 'shell/src/start-shell.tsx', 'shell/src/server/render-page.tsx', '**/*.test.{ts,tsx}', '**/testing/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: ['react-router-dom', 'react-router'].map((name) => ({ name, message: "Import the router from '@prata/shared-ui/router' (one shared instance, tree-shaken)." })) }],
    },
  },
  // shared-ui's client state is one instance per page (@prata/shared-ui/state, a federation
  // singleton): outside its folder, it is imported by that name, never by relative path (which
  // would bundle a private copy into an app).
  {
    files: ['shared-ui/src/**/*.{ts,tsx}'],
    ignores: ['shared-ui/src/state/**', '**/*.test.{ts,tsx}', '**/testing/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['./state/*', '../state/*', '../../state/*'], message: "Import shared-ui's client state as '@prata/shared-ui/state'." }] }],
    },
  },
);
