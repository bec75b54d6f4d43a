/**
 * Shell start-up in the browser (after bootstrap.ts has loaded its modules): read the boot data the shell's host inlined (`#prata-boot`:
 * runtime configuration, remote registry and, for a server-rendered page, what was rendered;
 * fetched instead when absent), register the remotes with the federation runtime, then hydrate
 * the server-rendered page or render it. A failure of either still renders the chrome
 * with a clear message: the store never shows a blank page. Errors are reported to the service
 * from the moment the API origin is known.
 *
 * Hydration: the query client starts with the data the server rendered with (`#prata-state`,
 * TanStack Query's dehydrated state), the first render sees the same composition (the page's
 * remote, chrome and slot), and each remote's slot hydrates when its code has loaded. A staff
 * preview (another version of a remote in this browser) renders from scratch instead. What React
 * cannot hydrate (a mismatch) is reported as `hydration_mismatch` with the page's remote and
 * version; a slot the server left to the browser is not a mismatch. The store's tags load after
 * the page is interactive, only with the shopper's consent (features/analytics).
 */
import { QueryClient, hydrate, type DehydratedState } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { shellBootSchema, type RemoteRegistry, type ShellBoot } from '@prata/contracts/platform';
import { configureErrorReporting, installBreadcrumbs, installGlobalErrorReporting, installSessionReplay, installWebVitals, loadRuntimeConfig, provideRemoteWidgetLoader, setRuntimeConfig, useConsentStore } from '@prata/shared-ui/state';
import { needsTagLoader } from './features/analytics/tag-cookies.ts';
import { App, QUERY_DEFAULTS } from './app/app.tsx';
import type { Composition } from './features/remotes/composition.tsx';
import { fetchRemoteRegistry, registerRegistry } from './features/remotes/remote-registry.ts';
import { browserRemoteModules } from './features/remotes/remote-modules.ts';
import { previewInEffect, requestedPreview } from './features/remotes/remote-preview.ts';
import { hydrationErrorHandler } from './features/remotes/hydration-errors.ts';
import { PROVIDED_SINGLETONS } from './features/remotes/provided-singletons.ts';
import { routeOwner } from './features/remotes/remote-outlet.tsx';
import { clientId } from './features/remotes/client-id.ts';
import { applySubdomainRule } from './features/navigation/subdomain-redirect.ts';

/** The JSON the shell's host inlined under `id`, or undefined. */
function inlinedJson(id: string): unknown {
  const text = document.getElementById(id)?.textContent;
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** The boot data the shell's host inlined (services/static-host shell-document.ts), if valid. */
function inlinedBoot(): Partial<ShellBoot> {
  const parsed = shellBootSchema.safeParse(inlinedJson('prata-boot'));
  return parsed.success ? parsed.data : {};
}

async function start(boot: Partial<ShellBoot>): Promise<{ registry: RemoteRegistry; error: Error | null }> {
  try {
    if (boot.apiUrl) setRuntimeConfig({ apiUrl: boot.apiUrl });
    else await loadRuntimeConfig();
    // From here on, uncaught errors of the shell and every remote reach the service.
    installGlobalErrorReporting();
    installBreadcrumbs();
    // Records (masked, in memory) only with analytics consent; the recorder's chunk loads when idle.
    installSessionReplay();
    const registry = await fetchRemoteRegistry(boot.registry);
    configureErrorReporting({ remotes: registry });
    registerRegistry(registry);
    return { registry, error: null };
  } catch (error) {
    console.error('[shell] could not load the remote registry', error);
    return { registry: [], error: error instanceof Error ? error : new Error(String(error)) };
  }
}

/** Starts the shell in the browser (see the module doc). */
export async function startShell(yieldToMain: () => Promise<void>): Promise<void> {
// Kept reachable so that the build provides every singleton remotes take (provided-singletons.ts).
(globalThis as { __prataProvidedSingletons?: unknown }).__prataProvidedSingletons = PROVIDED_SINGLETONS;

// Remotes show each other's widgets (e.g. the admin's product manager on the home page) through
// the shell's federation runtime, never by importing each other.
provideRemoteWidgetLoader((remote, module) => loadRemote(`${remote}/${module}`));

// admin.md 2: admin.* / dev.* / developer.* hosts open their area (before the router reads the URL;
// the shell's host redirects server-rendered requests itself).
applySubdomainRule(window.location, window.history);
const boot = inlinedBoot();
const { registry, error } = await start(boot);
// Real-user Web Vitals of this page load, tagged with the remote version that renders it.
const landing = routeOwner(registry, window.location.pathname);
void installWebVitals(() => {
  const entry = landing && registry.find((candidate) => candidate.name === landing.name);
  // The registry's canary report token, when a canary of the remote runs: only vitals carrying it count for the canary guard.
  return landing && entry ? { route: landing.route, remotes: [{ name: entry.name, version: entry.version, ...(entry.reportToken ? { reportToken: entry.reportToken } : {}) }], clientId: clientId() } : null;
});
await yieldToMain();
const container = document.getElementById('root')!;
const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
const page = boot.page && boot.page.pathname === window.location.pathname && !error && !previewInEffect(registry, requestedPreview()) ? boot.page : null;
const composition: Composition = { registry, registryError: error, modules: browserRemoteModules, page };
const app = (
  <BrowserRouter>
    <App queryClient={queryClient} composition={composition} />
  </BrowserRouter>
);

if (page && container.firstElementChild) {
  hydrate(queryClient, (inlinedJson('prata-state') ?? {}) as DehydratedState);
  hydrateRoot(container, app, { onRecoverableError: hydrationErrorHandler(page) });
} else {
  container.replaceChildren();
  createRoot(container).render(app);
}
// The store's tags, only after consent and on idle: their loader is a chunk of its own, never in
// the first load, fetched only once a category is allowed (or a withdrawn tag's cookie is left).
const startTags = () => void import('./features/analytics/analytics-loader.ts').then(({ startAnalytics }) => startAnalytics());
if (needsTagLoader(useConsentStore.getState().consent, document.cookie)) startTags();
else {
  const stopWaiting = useConsentStore.subscribe(({ consent }) => {
    if (!needsTagLoader(consent, document.cookie)) return;
    stopWaiting();
    startTags();
  });
}
}
