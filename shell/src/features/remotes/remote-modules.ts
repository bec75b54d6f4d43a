/**
 * Loading remotes' modules through the federation runtime, once per remote and attempt.
 *
 * - `remoteModule(name, attempt)`: the remote's `./App` checked against the RemoteModule contract
 *   (shared-ui `parseRemoteModule`: contract major, App, routes) and the shell's shared singleton
 *   versions (remote-compatibility.ts); rejects with a RemoteLoadError when the remote is down or
 *   breaks the contract, after reporting it to the service as a `remote_load_failure` with the
 *   remote's name, manifest URL and registry version; a build other than the version the page was
 *   composed with (a version skew) is refused too and reported as `remote_version_mismatch`.
 * - `settledRemoteModule(name, attempt)`: the same, resolving to null on failure (the layout
 *   then falls back to the store chrome, where the remote's mount shows the fallback).
 * - `useRemoteAttempt(name)` / `retryRemote(name)`: the attempt counter a retry button bumps, so
 *   the layout and the mount both load again.
 * - `browserRemoteModules`: the three as the {@link RemoteModuleSource} the composition reads
 *   (composition.tsx), plus `loaded()`, the module when it has already settled.
 * The promises are cached and tagged with their outcome the way React's `use()` reads them, so
 * an already-loaded module is read synchronously.
 */
import { useSyncExternalStore } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { parseRemoteModule, type RemoteModule } from '@prata/shared-ui';
import { remoteIsBootstrap, remoteManifestUrl, remoteVersion, reportError } from '@prata/shared-ui/state';
import { singletonProblems, versionSkew } from './remote-compatibility.ts';
import { tracked, type RemoteModuleSource, type TrackedPromise } from './composition.tsx';

/** A remote that could not be loaded (already reported to the service). */
export class RemoteLoadError extends Error {
  readonly remote: string;

  constructor(remote: string, cause: unknown) {
    super(`remote "${remote}" could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'RemoteLoadError';
    this.remote = remote;
  }
}

/**
 * The browser received another build of a remote than the one the page was composed with
 * (remote-compatibility.ts `versionSkew`): it is not run on this page (its markup and data
 * would not match the server's), and the page has to be composed again (reloaded).
 */
export class RemoteVersionSkew extends Error {
  readonly pinned: string;
  readonly received: string;

  constructor(remote: string, skew: { pinned: string; received: string }) {
    super(`remote "${remote}": a página foi composta com a versão ${skew.pinned}, mas o navegador recebeu a versão ${skew.received}`);
    this.name = 'RemoteVersionSkew';
    this.pinned = skew.pinned;
    this.received = skew.received;
  }
}

/** Whether `error` (a boundary's) is a remote refused for a version skew: only a reload helps. */
export function isVersionSkew(error: unknown): boolean {
  return error instanceof RemoteLoadError && error.cause instanceof RemoteVersionSkew;
}

/**
 * Reports a failed load of `name` and returns the error its boundary receives: a version skew as
 * `remote_version_mismatch` (its message names both versions; `version` is the pinned one),
 * anything else as `remote_load_failure`.
 */
function reportLoadFailure(name: string, error: unknown): RemoteLoadError {
  const failure = new RemoteLoadError(name, error);
  const manifestUrl = remoteManifestUrl(name);
  const version = remoteVersion(name);
  const stack = (error instanceof Error && error.stack) || failure.stack;
  reportError({
    errorType: error instanceof RemoteVersionSkew ? 'remote_version_mismatch' : 'remote_load_failure',
    errorMessage: failure.message,
    ...(stack ? { errorStack: stack } : {}),
    remote: name,
    ...(manifestUrl ? { manifestUrl } : {}),
    ...(version ? { version } : {}),
  });
  return failure;
}

const modules = new Map<string, TrackedPromise<RemoteModule>>();
const settled = new Map<string, TrackedPromise<RemoteModule | null>>();
const attempts = new Map<string, number>();
const listeners = new Set<() => void>();

/** The checked RemoteModule of `name`. @throws (rejects) when it cannot be loaded or is invalid. */
export function remoteModule(name: string, attempt: number): Promise<RemoteModule> {
  const key = `${name}#${attempt}`;
  let module = modules.get(key);
  if (!module) {
    module = tracked(loadRemote(`${name}/App`).then(
      (exposed) => {
        try {
          const checked = parseRemoteModule(exposed, name);
          const problems = singletonProblems(remoteManifestUrl(name));
          if (problems.length > 0) throw new Error(`remote "${name}" não é compatível com este shell: ${problems.join('; ')}`);
          const skew = versionSkew({ version: remoteVersion(name), manifestUrl: remoteManifestUrl(name), bootstrap: remoteIsBootstrap(name) });
          if (skew) throw new RemoteVersionSkew(name, skew);
          return checked;
        } catch (error) {
          throw reportLoadFailure(name, error);
        }
      },
      (error: unknown) => {
        throw reportLoadFailure(name, error);
      },
    ), notify);
    modules.set(key, module);
  }
  return module;
}

/** The RemoteModule of `name`, or null when it cannot be loaded (never rejects). */
export function settledRemoteModule(name: string, attempt: number): Promise<RemoteModule | null> {
  const key = `${name}#${attempt}`;
  let module = settled.get(key);
  if (!module) {
    module = tracked(remoteModule(name, attempt).catch((error: unknown) => {
      console.error(`[shell] remote "${name}" could not be loaded`, error);
      return null;
    }), notify);
    settled.set(key, module);
  }
  return module;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How many times `name` was retried (0 at first). */
export function useRemoteAttempt(name: string): number {
  const attempt = () => attempts.get(name) ?? 0;
  return useSyncExternalStore(subscribe, attempt, attempt);
}

/** Loads `name` again (after it failed). */
export function retryRemote(name: string): void {
  attempts.set(name, (attempts.get(name) ?? 0) + 1);
  notify();
}

/** Tells subscribers that an attempt changed or a module settled. */
function notify(): void {
  for (const listener of listeners) listener();
}

/** The browser's remote modules, loaded through the federation runtime (see the module doc). */
export const browserRemoteModules: RemoteModuleSource = {
  module: remoteModule,
  settled: settledRemoteModule,
  loaded(name, attempt) {
    const module = modules.get(`${name}#${attempt}`);
    if (module?.status === 'fulfilled') return module.value;
    return module?.status === 'rejected' ? null : undefined;
  },
  subscribe,
};
