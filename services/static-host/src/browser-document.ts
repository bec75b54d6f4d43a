/**
 * The document the browser renders, when the shell's Node build is not there or the API did not
 * answer: the built `index.html` with what the shell needs at once, so no waterfall comes before
 * the first product card. Into its `<head>` it puts:
 *
 * - the boot data, `<script type="application/json" id="prata-boot">{ apiUrl, registry }</script>`:
 *   the runtime configuration and the active remote registry, so the shell starts without
 *   asking `/runtime-config.json` and `/api/remotes` (JSON, never executed: the CSP needs no
 *   exception). The registry is the document request's (boot-registry.ts); null when the API
 *   never answered, and the shell then fetches it;
 * - `preconnect` to the API and the landing route's remote origin;
 * - `preload` of the landing route's remote: its `mf-manifest.json` (as the federation runtime
 *   fetches it), `remoteEntry.js` and the exposed module's first scripts and styles, so they
 *   download alongside the shell's own JavaScript; only when that remote's manifest answers for
 *   this document (a failed script preload would make the shell's retry of the remote fail);
 * - `preload` of the landing route's first API call (e.g. `/` -> `/api/products/featured`).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RemoteRegistry } from '@prata/contracts';
import type { ShellBoot } from './boot-registry.ts';
import { landingRemote } from './landing-route.ts';
import { browserRegistry, corsAttribute, scriptJson } from './shell-renderer.ts';

/**
 * API calls a landing route makes first, by exact path: preloaded with the document. Each must
 * be public (no `Authorization`), fetched by the page with `credentials: 'include'`.
 */
export const LANDING_API_PRELOADS: Readonly<Record<string, readonly string[]>> = {
  '/': ['/api/products/featured'],
};

export interface BrowserDocumentOptions {
  /** The shell's build output (its `index.html`). */
  root: string;
  /** The API origin the shell talks to (no trailing slash). */
  apiUrl: string;
  /** How long a document waits for the landing remote's manifest (ms); then it gets no script hints. Default 500. */
  manifestTimeoutMs?: number | undefined;
}

interface ManifestHints {
  scripts: string[];
  styles: string[];
}

const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Builds the documents the browser renders; see the module doc. */
export class BrowserDocument {
  private readonly manifests = new Map<string, Promise<ManifestHints | null>>();
  private readonly options: BrowserDocumentOptions;

  constructor(options: BrowserDocumentOptions) {
    this.options = options;
  }

  /**
   * The scripts and styles a remote's exposed `./App` needs first, from its manifest, asked for
   * each document (concurrent documents share one request): a script preload that fails poisons
   * the page's later loads of that script (the shell's retry would fail too), so the hints only
   * name files of a remote that answers now. Null when it does not answer in time.
   */
  private manifestHints(remote: RemoteRegistry[number]): Promise<ManifestHints | null> {
    const key = `${remote.manifestUrl}#${remote.version}`;
    const pending = this.manifests.get(key);
    if (pending) return pending;
    const hints = (async (): Promise<ManifestHints | null> => {
      try {
        const response = await fetch(remote.manifestUrl, { signal: AbortSignal.timeout(this.options.manifestTimeoutMs ?? 500) });
        if (!response.ok) return null;
        const manifest = (await response.json()) as {
          metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
          exposes?: { path?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
        };
        const publicPath = manifest.metaData?.publicPath;
        const base = publicPath && publicPath !== 'auto' ? new URL(publicPath, remote.manifestUrl).href : new URL('.', remote.manifestUrl).href;
        const resolve = (file: string) => new URL(file, base).href;
        const entry = manifest.metaData?.remoteEntry;
        const app = manifest.exposes?.find((expose) => expose.path === './App');
        return {
          scripts: [
            ...(entry?.name ? [resolve(path.posix.join(entry.path ?? '', entry.name))] : []),
            ...(app?.assets?.js?.sync ?? []).map(resolve),
          ],
          styles: (app?.assets?.css?.sync ?? []).map(resolve),
        };
      } catch {
        return null;
      }
    })();
    this.manifests.set(key, hints);
    void hints.finally(() => this.manifests.delete(key));
    return hints;
  }

  /** The document for `pathname` with the boot data and resource hints (see the module doc). */
  async render(boot: ShellBoot, pathname: string): Promise<string> {
    const { apiUrl } = this.options;
    const template = await readFile(path.join(this.options.root, 'index.html'), 'utf8');
    const { registry } = boot;
    const remote = registry ? landingRemote(registry, pathname) : undefined;
    const hints = remote ? await this.manifestHints(remote) : null;
    // Only origins this page surely uses: unused preconnects cost the browser sockets.
    const origin = remote ? new URL(remote.manifestUrl).origin : null;
    const links = [
      `<link rel="preconnect" href="${escapeAttr(apiUrl)}">`,
      // A remote's manifest, scripts and styles all load in CORS mode: one connection.
      ...(origin ? [`<link rel="preconnect" href="${escapeAttr(origin)}" crossorigin>`] : []),
      ...(LANDING_API_PRELOADS[pathname] ?? []).map((api) => `<link rel="preload" as="fetch" href="${escapeAttr(apiUrl + api)}" crossorigin="use-credentials">`),
      ...(remote && hints ? [`<link rel="preload" as="fetch" href="${escapeAttr(remote.manifestUrl)}" crossorigin>`] : []),
      ...(hints?.scripts ?? []).map((url) => `<link rel="preload" as="script" href="${escapeAttr(url)}"${corsAttribute(url)}>`),
      ...(hints?.styles ?? []).map((url) => `<link rel="preload" as="style" href="${escapeAttr(url)}"${corsAttribute(url)}>`),
    ];
    const data = `<script type="application/json" id="prata-boot">${scriptJson({ apiUrl, registry: registry ? browserRegistry(registry) : registry })}</script>`;
    return template.replace(/<head>|<head\s[^>]*>/i, (head) => `${head}${links.join('')}${data}`);
  }
}
