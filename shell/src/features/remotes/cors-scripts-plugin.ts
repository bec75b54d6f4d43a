/**
 * Federation runtime plugin: a remote's entry script (`remoteEntry.js`, on the remote's own origin)
 * is loaded in CORS mode (`crossorigin="anonymous"`; every remote host answers
 * `Access-Control-Allow-Origin: *`), as the remotes' chunks are (rspack `output.crossOriginLoading`,
 * shared-ui/build/federation.ts) and as the server-rendered document's script tags and preloads of
 * remote files are (services/static-host shell-renderer.ts).
 *
 * Why: a script fetched from another origin without CORS has "muted errors" (HTML, "Runtime script
 * errors"): its uncaught errors reach `window.onerror` only as "Script error." with no error object
 * and no stack, and a promise it rejects without a handler (an error thrown after an `await` in a
 * click handler) fires no `unhandledrejection` at all (HTML HostPromiseRejectionTracker). The
 * store's error reporting (shared-ui error-reporting.ts) saw neither.
 *
 * A same-origin script (the shell's own files) is left as the runtime makes it: its errors are not
 * muted, and a `crossorigin` attribute would no longer match the document's preloads of it.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

type CreateScriptArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['createScript']>>[0];

/**
 * The script element for `url`, in CORS mode, when `url` is on another origin than the page's;
 * undefined (the runtime makes its own) for a same-origin file. The runtime's `attrs` are not
 * copied: a remote's entry is a classic script and the runtime passes none for it.
 */
export function corsScript({ url }: Pick<CreateScriptArgs, 'url'>, doc: Document = document): HTMLScriptElement | undefined {
  const page = doc.location.href;
  if (new URL(url, page).origin === new URL(page).origin) return undefined;
  const script = doc.createElement('script');
  script.crossOrigin = 'anonymous';
  script.src = url;
  return script;
}

/** The plugin (registered once by remote-registry.ts). */
export function corsScriptsPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'prata-cors-scripts',
    createScript: (args) => corsScript(args),
  };
}
