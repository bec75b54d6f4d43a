/**
 * What the shell composes a page from, given to the layout and the remote outlet through React
 * context, so the same components render on the server (shell/src/server.ts) and in the browser:
 *
 * - `registry` / `registryError`: who owns which routes (or why there is no registry);
 * - `modules`: where remotes' RemoteModules come from ({@link RemoteModuleSource}): in the
 *   browser, the federation runtime (features/remotes/remote-modules.ts); on the server, the
 *   page's remote as the shell's host loaded it within the page's time budget;
 * - `page`: the server-rendered page this render produces (server) or hydrates (the browser's
 *   first render), null otherwise: while a remote's module is still loading, the layout keeps the
 *   chrome the server chose, so hydration meets the same markup.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { RemoteRegistry, RenderedPage } from '@prata/contracts/platform';
import type { RemoteModule } from '@prata/shared-ui';

/** A promise tagged with its outcome the way React's `use()` reads it (read synchronously once settled). */
export type TrackedPromise<T> = Promise<T> & ({ status: 'pending' } | { status: 'fulfilled'; value: T } | { status: 'rejected'; reason: unknown });

/** Tags `promise` with its outcome as it settles and calls `onSettled` then. */
export function tracked<T>(promise: Promise<T>, onSettled?: () => void): TrackedPromise<T> {
  const result = promise as TrackedPromise<T>;
  Object.assign(result, { status: 'pending' });
  promise.then(
    (value) => {
      Object.assign(result, { status: 'fulfilled', value });
      onSettled?.();
    },
    (reason: unknown) => {
      Object.assign(result, { status: 'rejected', reason });
      onSettled?.();
    },
  );
  return result;
}

/** An already-settled promise React's `use()` reads without suspending. */
export function settledPromise<T>(outcome: { value: T } | { reason: unknown }): TrackedPromise<T> {
  const promise = ('value' in outcome ? Promise.resolve(outcome.value) : Promise.reject(outcome.reason)) as TrackedPromise<T>;
  promise.catch(() => undefined);
  return Object.assign(promise, 'value' in outcome ? { status: 'fulfilled' as const, value: outcome.value } : { status: 'rejected' as const, reason: outcome.reason });
}

/** Where the composition's remote modules come from (one attempt = one load; a retry is the next attempt). */
export interface RemoteModuleSource {
  /** The checked RemoteModule of `name`; rejects when it cannot be loaded or must render in the browser only. */
  module(name: string, attempt: number): Promise<RemoteModule>;
  /** The same, resolving to null on failure. */
  settled(name: string, attempt: number): Promise<RemoteModule | null>;
  /** The module when its load has settled (null: it failed), undefined while it has not. */
  loaded(name: string, attempt: number): RemoteModule | null | undefined;
  /** Calls `listener` when a module settles or an attempt changes; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export interface Composition {
  registry: RemoteRegistry;
  registryError: Error | null;
  modules: RemoteModuleSource;
  page: RenderedPage | null;
}

const CompositionContext = createContext<Composition | null>(null);

export function CompositionProvider({ value, children }: { value: Composition; children: ReactNode }) {
  return <CompositionContext value={value}>{children}</CompositionContext>;
}

/** The page's composition. @throws Error outside a CompositionProvider. */
export function useComposition(): Composition {
  const composition = useContext(CompositionContext);
  if (!composition) throw new Error('useComposition needs a CompositionProvider (app/app.tsx)');
  return composition;
}
