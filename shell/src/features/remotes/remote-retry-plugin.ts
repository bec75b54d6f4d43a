/**
 * Federation runtime plugin: retries a remote's manifest and entry with exponential backoff
 * (the first of the three layers of style.md habit 6: retry, then the
 * load failure report + in-chrome fallback of remote-modules.ts / remote-error-boundary.tsx).
 *
 * `@module-federation/retry-plugin` is not used: its newest release (0.17.1) is built on
 * `@module-federation/sdk` 0.17 while the store runs Module Federation 2.9, so it would bundle a
 * second SDK. This plugin uses the 2.9 runtime's own hooks instead:
 * - `fetch` (the manifest): a network error or a 5xx/404/408/429 answer is tried again after
 *   `baseDelayMs`, 2x, 4x ... up to `attempts` tries in all; the last answer or error is returned;
 * - `loadEntryError` (the remote's entry script failed to load): the entry is loaded again, with
 *   the same backoff; when every try fails the runtime's own error reaches `loadRemote`.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export interface RetryOptions {
  /** Tries in all, the first included (default 3). */
  attempts?: number;
  /** Delay before the first retry, ms; doubled for each next one (default 300). */
  baseDelayMs?: number;
  /** The fetch to use (default the browser's). */
  fetchImpl?: typeof fetch;
}

type LoadEntryErrorArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>>[0];

/** Statuses worth another try: the origin may be restarting or overloaded. */
const RETRIED_STATUSES = new Set([404, 408, 429, 500, 502, 503, 504]);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Fetches `url`, trying again as the module doc says.
 * @returns the first good answer, else the last answer. @throws the last network error when no try got an answer.
 */
export async function fetchWithRetry(url: string, init: RequestInit, options: RetryOptions = {}): Promise<Response> {
  const { attempts = 3, baseDelayMs = 300, fetchImpl = globalThis.fetch.bind(globalThis) } = options;
  let last: Response | undefined;
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (attempt > 0) await sleep(baseDelayMs * 2 ** (attempt - 1));
    try {
      last = await fetchImpl(url, init);
      lastError = undefined;
      if (!RETRIED_STATUSES.has(last.status)) return last;
    } catch (error) {
      lastError = error;
    }
  }
  if (last && lastError === undefined) return last;
  throw lastError;
}

/** The plugin (registered once by remote-registry.ts). */
export function remoteRetryPlugin(options: RetryOptions = {}): ModuleFederationRuntimePlugin {
  const { attempts = 3, baseDelayMs = 300 } = options;
  return {
    name: 'prata-remote-retry',
    fetch(url, init) {
      return fetchWithRetry(url, init, options);
    },
    // Typed by the runtime as resolving to a promise of the entry; promises flatten, so the entry itself is what it gets.
    loadEntryError: (async ({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }: LoadEntryErrorArgs) => {
      for (let attempt = 1; attempt < attempts; attempt += 1) {
        await sleep(baseDelayMs * 2 ** (attempt - 1));
        // The failed load is still registered under this key: drop it, or the retry would wait on it.
        delete globalLoading[uniqueKey];
        try {
          const entry = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
          if (entry) return entry;
        } catch (error) {
          console.warn(`[shell] remote "${remoteInfo.name}" entry failed to load (try ${attempt + 1} of ${attempts})`, error);
        }
      }
      return undefined;
    }) as unknown as NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>,
  };
}
