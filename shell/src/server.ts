/**
 * Entry of the shell's Node build, loaded by the shell's host (services/static-host):
 * a {@link ShellServerModule}. `routePage` tells a page's status at once; `renderPage`
 * server-renders one page of the composed store (server/render-page.tsx); `preloadRemotes` loads every
 * remote's Node build ahead of the first page (server/server-remotes.ts). The dynamic imports are the federation host's async boundary:
 * shared singletons are ready once they resolve.
 */
import type { ShellServerModule } from '@prata/contracts/server-rendering';
import { EARLY_CLICKS_SCRIPT } from './features/remotes/early-clicks.ts';
import { PROVIDED_SINGLETONS } from './features/remotes/provided-singletons.ts';

/**
 * Loads every singleton the shell provides, once: a remote's Node build is one file, whose
 * modules take their singletons synchronously when it loads, so they must be loaded already.
 */
let singletons: Promise<unknown> | undefined;
const loadSingletons = () => (singletons ??= Promise.all(Object.values(PROVIDED_SINGLETONS).map((load) => load())));

export const inlineScript: ShellServerModule['inlineScript'] = EARLY_CLICKS_SCRIPT;

export const routePage: ShellServerModule['routePage'] = async (request) => {
  await loadSingletons();
  const { routePage: route } = await import('./server/render-page.tsx');
  return route(request);
};

export const renderPage: ShellServerModule['renderPage'] = async (request) => {
  await loadSingletons();
  const { renderPage: render } = await import('./server/render-page.tsx');
  return render(request);
};

export const preloadRemotes: ShellServerModule['preloadRemotes'] = async (registry, timeoutMs, releaseOrigins) => {
  await loadSingletons();
  const { serverRemote } = await import('./server/server-remotes.ts');
  const outcomes = await Promise.allSettled(registry.map((entry) => serverRemote(entry, timeoutMs, releaseOrigins)));
  return outcomes.flatMap((outcome, index) => {
    if (outcome.status === 'rejected') return [{ remote: registry[index]!.name, error: outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason) }];
    // A build this host refuses to run (off the release origins, no recorded hash) is a problem too.
    return outcome.value.faulty ? [{ remote: registry[index]!.name, error: outcome.value.reason ?? 'refused' }] : [];
  });
};
