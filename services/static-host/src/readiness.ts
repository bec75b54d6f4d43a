/**
 * "Running" means every remote answers: before `npm start` (or `npm run dev`) says the
 * store is running, the shell's host must be able to compose every remote of the registry, in
 * the browser (its `mf-manifest.json` and `remoteEntry.js` answer) and on the server (its Node
 * build loads in this process, which also spares the first page that load).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { remoteRegistrySchema, type RemoteRegistry } from '@prata/contracts';
import type { ShellRenderer } from './shell-renderer.ts';

/** Why the store is not ready yet, one line per remote that does not answer (empty: ready). */
export async function remotesNotReady(registry: RemoteRegistry, renderer: ShellRenderer | null, timeoutMs: number): Promise<string[]> {
  const problems: string[] = [];
  await Promise.all(
    registry.map(async (entry) => {
      try {
        const manifestResponse = await fetch(entry.manifestUrl, { signal: AbortSignal.timeout(timeoutMs) });
        if (!manifestResponse.ok) throw new Error(`${entry.manifestUrl} answered ${manifestResponse.status}`);
        const manifest = (await manifestResponse.json()) as { metaData?: { remoteEntry?: { name?: string; path?: string } } };
        const entryFile = [manifest.metaData?.remoteEntry?.path, manifest.metaData?.remoteEntry?.name ?? 'remoteEntry.js'].filter(Boolean).join('/');
        const remoteEntry = new URL(entryFile, entry.manifestUrl).href;
        const entryResponse = await fetch(remoteEntry, { signal: AbortSignal.timeout(timeoutMs) });
        await entryResponse.arrayBuffer();
        if (!entryResponse.ok) throw new Error(`${remoteEntry} answered ${entryResponse.status}`);
      } catch (error) {
        problems.push(`${entry.name} (browser build): ${error instanceof Error ? error.message : String(error)}`);
      }
    }),
  );
  if (renderer) {
    for (const failure of await renderer.module.preloadRemotes(registry, timeoutMs, renderer.releaseOrigins)) problems.push(`${failure.remote} (server build): ${failure.error}`);
  } else problems.push("shell (server build): not built or not loadable (shell/dist/server/server.js)");
  return problems.sort();
}

/**
 * Waits until the API's registry can be read and every remote in it answers (see the module doc),
 * asking again every 250 ms.
 * @returns the problems left when `timeoutMs` ran out (empty: ready).
 */
export async function waitForRemotes(apiUrl: string, renderer: () => ShellRenderer | null, timeoutMs: number, stopped: () => boolean = () => false): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  let problems = ['the remote registry has not been read yet'];
  while (!stopped()) {
    try {
      const response = await fetch(`${apiUrl}/api/remotes`, { signal: AbortSignal.timeout(5000) });
      if (!response.ok) throw new Error(`GET /api/remotes answered ${response.status}`);
      const registry = remoteRegistrySchema.parse(await response.json());
      problems = await remotesNotReady(registry, renderer(), Math.max(1000, Math.min(10_000, deadline - Date.now())));
    } catch (error) {
      problems = [`the remote registry: ${error instanceof Error ? error.message : String(error)}`];
    }
    if (problems.length === 0 || Date.now() >= deadline) return problems;
    await sleep(250);
  }
  return problems;
}
