/**
 * Shell start-up: load the runtime configuration (API origin) and the remote registry (both
 * inlined in the page by the shell's host when it can, `#prata-boot`; fetched otherwise), register
 * the remotes with the federation runtime, then render. A failure of either still renders the
 * chrome with a clear message: the store never shows a blank page. Errors are reported to the
 * service from the moment the API origin is known.
 */
import './csp-zod.ts'; // first: before any module parses with zod
import '@prata/shared-ui/styles.css';
import { createRoot } from 'react-dom/client';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { configureErrorReporting, installGlobalErrorReporting, loadRuntimeConfig, provideRemoteWidgetLoader, setRuntimeConfig } from '@prata/shared-ui';
import type { RemoteRegistry } from '@prata/contracts';
import { App } from './app/app.tsx';
import { fetchRemoteRegistry, registerRegistry } from './features/remotes/remote-registry.ts';
import { applySubdomainRule } from './features/navigation/subdomain-redirect.ts';

/** The boot data the shell's host inlined (services/static-host shell-document.ts), if any. */
function inlinedBoot(): { apiUrl?: string; registry?: unknown } {
  const text = document.getElementById('prata-boot')?.textContent;
  try {
    return text ? (JSON.parse(text) as { apiUrl?: string; registry?: unknown }) : {};
  } catch {
    return {};
  }
}

async function start(): Promise<{ registry: RemoteRegistry; error: Error | null }> {
  try {
    const boot = inlinedBoot();
    if (boot.apiUrl) setRuntimeConfig({ apiUrl: boot.apiUrl });
    else await loadRuntimeConfig();
    // From here on, uncaught errors of the shell and every remote reach the service (issue 11).
    installGlobalErrorReporting();
    const registry = await fetchRemoteRegistry(boot.registry);
    configureErrorReporting({ remotes: registry });
    registerRegistry(registry);
    return { registry, error: null };
  } catch (error) {
    console.error('[shell] could not load the remote registry', error);
    return { registry: [], error: error instanceof Error ? error : new Error(String(error)) };
  }
}

// Remotes show each other's widgets (e.g. the admin's product manager on the home page) through
// the shell's federation runtime, never by importing each other.
provideRemoteWidgetLoader((remote, module) => loadRemote(`${remote}/${module}`));

// admin.md 2: admin.* / dev.* / developer.* hosts open their area (before the router reads the URL).
applySubdomainRule(window.location, window.history);
const { registry, error } = await start();
createRoot(document.getElementById('root')!).render(<App registry={registry} registryError={error} />);
