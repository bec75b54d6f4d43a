/**
 * Loading remotes' modules through the federation runtime, once per remote and attempt.
 *
 * - `remoteModule(name, attempt)`: the remote's `./App` checked against the RemoteModule contract
 *   (shared-ui `parseRemoteModule`: contract major, App, routes) and the shell's shared singleton
 *   versions (remote-compatibility.ts); rejects with a RemoteLoadError when the remote is down or
 *   breaks the contract, after reporting it to the service as a `remote_load_failure` with the
 *   remote's name, manifest URL and registry version (issue 11).
 * - `settledRemoteModule(name, attempt)`: the same, resolving to null on failure (the layout
 *   then falls back to the store chrome, where the remote's mount shows the fallback).
 * - `useRemoteAttempt(name)` / `retryRemote(name)`: the attempt counter a retry button bumps, so
 *   the layout and the mount both load again.
 * The promises are cached, so React's `use()` reads an already-loaded module synchronously.
 */
import { useSyncExternalStore } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { parseRemoteModule, remoteManifestUrl, remoteVersion, reportError, type RemoteModule } from '@prata/shared-ui';
import { singletonProblems } from './remote-compatibility.ts';

/** A remote that could not be loaded (already reported to the service). */
export class RemoteLoadError extends Error {
  readonly remote: string;

  constructor(remote: string, cause: unknown) {
    super(`remote "${remote}" could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'RemoteLoadError';
    this.remote = remote;
  }
}

/** Reports a failed load of `name` and returns the error its boundary receives. */
function reportLoadFailure(name: string, error: unknown): RemoteLoadError {
  const failure = new RemoteLoadError(name, error);
  const manifestUrl = remoteManifestUrl(name);
  const version = remoteVersion(name);
  const stack = (error instanceof Error && error.stack) || failure.stack;
  reportError({
    errorType: 'remote_load_failure',
    errorMessage: failure.message,
    ...(stack ? { errorStack: stack } : {}),
    remote: name,
    ...(manifestUrl ? { manifestUrl } : {}),
    ...(version ? { version } : {}),
  });
  return failure;
}

const modules = new Map<string, Promise<RemoteModule>>();
const settled = new Map<string, Promise<RemoteModule | null>>();
const attempts = new Map<string, number>();
const listeners = new Set<() => void>();

/** The checked RemoteModule of `name`. @throws (rejects) when it cannot be loaded or is invalid. */
export function remoteModule(name: string, attempt: number): Promise<RemoteModule> {
  const key = `${name}#${attempt}`;
  let module = modules.get(key);
  if (!module) {
    module = loadRemote(`${name}/App`).then(
      (exposed) => {
        try {
          const checked = parseRemoteModule(exposed, name);
          const problems = singletonProblems(remoteManifestUrl(name));
          if (problems.length > 0) throw new Error(`remote "${name}" não é compatível com este shell: ${problems.join('; ')}`);
          return checked;
        } catch (error) {
          throw reportLoadFailure(name, error);
        }
      },
      (error: unknown) => {
        throw reportLoadFailure(name, error);
      },
    );
    modules.set(key, module);
  }
  return module;
}

/** The RemoteModule of `name`, or null when it cannot be loaded (never rejects). */
export function settledRemoteModule(name: string, attempt: number): Promise<RemoteModule | null> {
  const key = `${name}#${attempt}`;
  let module = settled.get(key);
  if (!module) {
    module = remoteModule(name, attempt).catch((error: unknown) => {
      console.error(`[shell] remote "${name}" could not be loaded`, error);
      return null;
    });
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
  return useSyncExternalStore(subscribe, () => attempts.get(name) ?? 0);
}

/** Loads `name` again (after it failed). */
export function retryRemote(name: string): void {
  attempts.set(name, (attempts.get(name) ?? 0) + 1);
  for (const listener of listeners) listener();
}
