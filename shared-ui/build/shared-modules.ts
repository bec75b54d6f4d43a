/**
 * What the shell and the remotes share through Module Federation (federation.ts builds the
 * `shared` map of every app from here): the singletons, taken once from the shell, and the
 * contract modules, shared by content version ({@link contractVersions}). Runs in Node at build
 * time only; never bundled.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The shared-contract modules (`@prata/contracts/<module>`, services/contracts/src): each is its
 * own federation singleton (the contracts are split into entry points so that each remote
 * takes what it uses), so a page loads the schemas it uses, not every domain's (and the checkout's CPF
 * and card validators only with the checkout). The package's index, which re-exports them all, is
 * shared too, for the panels that import it whole.
 */
export const CONTRACT_MODULES = [
  'admin',
  'alerts',
  'analytics',
  'auth',
  'back-in-stock',
  'carts',
  'catalogue',
  'consent',
  'content',
  'feedback',
  'gifts',
  'installments',
  'money',
  'monitoring',
  'notifications',
  'order-pricing',
  'orders',
  'platform',
  'promotions',
  'quality',
  'realtime',
  'releases',
  'remote-module',
  'reservations',
  'reviews',
  'shipping',
  'system-errors',
  'web-vitals',
] as const;

/**
 * Packages shared through the federation, loaded once from the shell: what must be one
 * instance on the page (React, the router, zustand, the query library, shared-ui's
 * client state (`@prata/shared-ui/state`: session, cart, favourites, toasts, ...)), as singletons,
 * and the contract modules, shared by content version ({@link contractVersions}). The router is shared through `@prata/shared-ui/router` (its re-exports, so
 * the shell tree-shakes react-router to what the store uses), never as `react-router-dom` whole;
 * shared-ui's components are not shared (each app bundles, tree-shaken, the ones it uses). zod is deliberately not listed: a shared
 * module cannot be tree-shaken, and whole zod weighs ~88 KiB gzip; the shared contract modules carry
 * the tree-shaken part every app uses. react-hook-form (`@prata/shared-ui/form`) is not listed either:
 * a form's state never crosses remotes, so each app bundles the tree-shaken part its forms use, in
 * their own chunks, instead of the shell loading it whole on every page.
 */
export const SHARED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  '@prata/shared-ui/router',
  'zustand',
  '@tanstack/react-query',
  '@prata/shared-ui/state',
  '@prata/contracts',
  ...CONTRACT_MODULES.map((module) => `@prata/contracts/${module}` as const),
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

/** One entry of the federation `shared` map. */
export type SharedEntry =
  | {
      singleton: true;
      requiredVersion: string;
      strictVersion: false;
      /** `false` (remotes): no fallback copy; the shell always provides it. */
      import?: false;
    }
  | {
      /** A contract module: any number of copies on a page, one per content version in use. */
      singleton: false;
      /** Its content version ({@link contractVersions}), provided and required exactly. */
      version: string;
      requiredVersion: string;
      strictVersion: true;
    };

const CONTRACTS_SOURCE = path.resolve(path.dirname(require.resolve('@prata/contracts')));

/**
 * The content version of `@prata/contracts` and of each of {@link CONTRACT_MODULES}:
 * `<package version>-c<first 12 hex characters of SHA-256>` over the module's source and the
 * sources it imports from the package, transitively (`./x.ts` imports of `dir`). A module whose
 * code did not change keeps its version, so a remote built from an older or newer contract than
 * the shell's shares the modules that are equal and loads its own copy of those that differ:
 * the page never parses with a schema the remote was not built with (a new field of a shared
 * schema silently stripped by the shell's older copy, before).
 * @param dir the package's sources (default the workspace's `services/contracts/src`).
 */
export function contractVersions(dir: string = CONTRACTS_SOURCE): Record<string, string> {
  const packageVersion = (JSON.parse(readFileSync(path.join(dir, '..', 'package.json'), 'utf8')) as { version: string }).version;
  const sourceOf = new Map<string, string>();
  const read = (file: string) => {
    let text = sourceOf.get(file);
    if (text === undefined) sourceOf.set(file, (text = readFileSync(path.join(dir, file), 'utf8')));
    return text;
  };
  const closure = (file: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const match of read(file).matchAll(/from\s+'\.\/([\w.-]+\.ts)'/g)) closure(match[1]!, seen);
    return seen;
  };
  const versionOf = (file: string) => {
    const hash = createHash('sha256');
    for (const part of [...closure(file)].sort()) hash.update(`${part}\u0000${read(part)}\u0000`);
    return `${packageVersion}-c${hash.digest('hex').slice(0, 12)}`;
  };
  return Object.fromEntries([['@prata/contracts', versionOf('index.ts')], ...CONTRACT_MODULES.map((module) => [`@prata/contracts/${module}`, versionOf(`${module}.ts`)])]);
}

/**
 * The federation `shared` map: singletons `{ singleton, requiredVersion: ^installed }`, contract
 * modules `{ singleton: false, version, requiredVersion: version, strictVersion }` (their content version).
 */
export function createSharedConfig(): Record<string, SharedEntry> {
  const contracts = contractVersions();
  return Object.fromEntries(
    SHARED_SINGLETONS.map((name): [string, SharedEntry] => {
      const contract = contracts[name];
      if (contract) return [name, { singleton: false, version: contract, requiredVersion: contract, strictVersion: true }];
      return [name, { singleton: true, requiredVersion: `^${installedVersion(name)}`, strictVersion: false }];
    }),
  );
}

/**
 * The shared map of a remote's builds: every singleton taken from the shell, none bundled
 * (`import: false`); the contract modules bundled as a fallback, loaded only when the page has no
 * copy of the same content version.
 */
export function remoteShared(): Record<string, SharedEntry> {
  return Object.fromEntries(Object.entries(createSharedConfig()).map(([name, entry]) => [name, entry.singleton ? { ...entry, import: false as const } : entry]));
}

/**
 * build-info.json `shared`: per singleton, the version the shell provides or the range a remote
 * requires (the contract modules are recorded apart, as `contracts`: a difference there is no
 * mismatch).
 */
export function buildInfoShared(isHost: boolean): Record<string, string> {
  return Object.fromEntries(
    Object.entries(createSharedConfig())
      .filter(([, entry]) => entry.singleton)
      .map(([name, entry]) => [name, isHost ? entry.requiredVersion.replace(/^\^/, '') : entry.requiredVersion]),
  );
}
