/**
 * The render cache's side of a document response (render-cache.ts keeps the entries): a finished
 * server-rendered page the shell calls cacheable is kept, keyed by its path and query and the
 * remote versions it composed, and served as bytes (compressed once, `ETag`, `304`) with
 * `Cache-Control: public, max-age=0, s-maxage, stale-while-revalidate` and its surrogate keys
 * (`Surrogate-Key`, `Cache-Tag`) so a CDN in front may keep it too; the service's events purge it
 * (cache-invalidation.ts), here and through the CDN's purge hook. Its inline scripts are allowed
 * by CSP hashes, so its bytes never change per response.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { RemoteRegistry } from '@prata/contracts';
import { withoutTokens, type ShellBoot } from './boot-registry.ts';
import { prepareDocument, type CachedDocument, type RenderCache, type RenderCacheOptions } from './render-cache.ts';
import { documentBody, negotiateEncoding, scriptJson, type StreamedDocument } from './shell-renderer.ts';

/** Cache settings of the host's documents. */
export interface DocumentCacheOptions extends RenderCacheOptions {
  /** `s-maxage` of public documents for shared caches (CDN), s. */
  sharedMaxAgeS: number;
  /** `stale-while-revalidate` of public documents for shared caches, s. */
  staleWhileRevalidateS: number;
  /** Budget of a background render (a revalidation, or the retry of a render that fell back), ms. */
  backgroundBudgetMs: number;
  /** A CDN's purge hook: `POST { "tags": [...] }` when an event purges documents (Fastly-style surrogate keys). */
  purgeUrl?: string;
}

/** Default document cache: 10 s fresh, then 10 minutes served stale while one render replaces it; 64 MiB. */
export const DEFAULT_DOCUMENT_CACHE: DocumentCacheOptions = {
  ttlMs: 10_000,
  staleMs: 600_000,
  maxBytes: 64 * 1024 * 1024,
  sharedMaxAgeS: 60,
  staleWhileRevalidateS: 600,
  backgroundBudgetMs: 5000,
};

/** The CSP of one document response (static-host.ts sets the header). */
export interface DocumentCsp {
  /** This response's nonce, made (and put in the header) when first asked: React's inline scripts of a page rendered now carry it. */
  nonce?(): string;
  /** Allows these hash sources instead of the nonce (a cached page's inline scripts). */
  allowScripts?(hashes: readonly string[]): void;
}

/** How a cached document is served (`X-Render-Cache`). */
export type CacheState = 'hit' | 'stale' | 'miss' | 'bypass';

/** The query string of `url` with its parameters in a fixed order (one cache entry per set of parameters). */
function normalizedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  params.sort();
  const query = params.toString();
  return query ? `${url.slice(0, at)}?${query}` : url.slice(0, at);
}

const versionDigests = new WeakMap<RemoteRegistry, string>();

/** The cache key of a document: its path and query, the versions it composes and its status. */
export function documentKey(url: string, registry: RemoteRegistry, status: number): string {
  let digest = versionDigests.get(registry);
  if (!digest) {
    const versions = registry.map((entry) => `${entry.name}@${entry.version}@${entry.manifestUrl}`).join(',');
    digest = createHash('sha1').update(versions).digest('base64url');
    versionDigests.set(registry, digest);
  }
  return `${status} ${normalizedUrl(url)} ${digest}`;
}

/** A finished render the shell called cacheable, as a cache entry with the boot data every shopper may see. */
export function cachedDocumentOf(key: string, status: number, html: string, result: StreamedDocument, registry: RemoteRegistry): CachedDocument {
  const verdict = result.verdict as { cacheable: true; tags: string[] };
  // The registry this render used may carry one browser's report tokens (a canary): keep the shared form.
  const shared = scriptJson({ ...(JSON.parse(result.bootJson) as object), registry: withoutTokens(registry) });
  return prepareDocument(key, { status, html: html.replace(result.bootJson, () => shared), bootJson: shared, tags: verdict.tags, publicPage: result.page?.slot === 'server' }, Date.now());
}

/**
 * Sends a cached document (see the module doc): with this browser's own registry while a canary
 * runs (`private`), else the shared bytes with their `ETag`, answering `304` to a matching
 * `If-None-Match`.
 */
export function sendCachedDocument(
  raw: IncomingMessage,
  reply: FastifyReply,
  entry: CachedDocument,
  boot: ShellBoot,
  csp: DocumentCsp,
  state: CacheState,
  cache: RenderCache,
  cacheOptions: DocumentCacheOptions,
): FastifyReply | Promise<FastifyReply> {
  csp.allowScripts?.(entry.scriptHashes);
  void reply.code(entry.status).type('text/html; charset=utf-8').header('x-render-cache', state);
  if (!boot.shared) {
    // A canary runs: this browser's own registry (its bucket, its report tokens), compressed for it alone.
    void reply.header('cache-control', 'private, no-cache').header('vary', 'cookie, accept-encoding');
    const body = documentBody(raw.headers['accept-encoding']);
    if (body.encoding) void reply.header('content-encoding', body.encoding);
    const bootJson = scriptJson({ ...(JSON.parse(entry.bootJson) as object), registry: boot.registry });
    body.write(`${entry.parts[0]}${bootJson}${entry.parts[1]}`);
    body.stream.end();
    return reply.send(body.stream);
  }
  void reply.header('vary', 'accept-encoding').header('etag', entry.etag);
  if (entry.publicPage) {
    // Server-rendered public pages: any cache may keep them, purged by their surrogate keys.
    const tags = [...entry.tags].join(' ');
    void reply
      .header('cache-control', `public, max-age=0, s-maxage=${cacheOptions.sharedMaxAgeS}, stale-while-revalidate=${cacheOptions.staleWhileRevalidateS}`)
      .header('surrogate-key', tags)
      .header('cache-tag', tags.replace(/ /g, ','));
  } else {
    // Pages rendered in the browser by design: behind a sign-in (cart, checkout, panels).
    void reply.header('cache-control', 'private, no-store');
  }
  if (raw.headers['if-none-match'] === entry.etag) return reply.code(304).send();
  const encoding = negotiateEncoding(raw.headers['accept-encoding']);
  if (encoding) void reply.header('content-encoding', encoding);
  if (!encoding) return reply.header('content-length', entry.identity.length).send(entry.identity);
  return cache.encoded(entry, encoding).then((bytes) => reply.header('content-length', bytes.length).send(bytes));
}
