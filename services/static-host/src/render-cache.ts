/**
 * The shell's host's render cache: finished server-rendered documents kept in memory, so a page
 * that many shoppers ask for is rendered once and then served as bytes, as a static file is.
 *
 * - **Keys.** One entry per document key (the page's path and query, the remote versions of the
 *   registry it was rendered with, its status): a release, a rollback or a canary bucket is
 *   another key, never a stale page of the old version.
 * - **Bytes.** An entry holds the document's HTML and, once a browser asked for them, its gzip
 *   and brotli encodings, each compressed once ({@link RenderCache.encoded}): a page rendered for
 *   one visit only (a search) never pays for them. The HTML is split around the boot data
 *   (`#prata-boot`), so a response that needs a registry of its own (a shopper in a canary
 *   bucket, with report tokens) substitutes it and compresses that response alone.
 * - **Freshness.** An entry is fresh for `ttlMs`; then, for `staleMs` more, it is still served
 *   while one background render replaces it (stale-while-revalidate); after that it is a miss.
 *   Events purge at once: {@link RenderCache.purge} drops every entry carrying one of the
 *   surrogate keys an event names (`product:<id>`, `catalogue`, `content:<key>`, `settings`,
 *   `remote:<name>`, or `*` for everything), so the next request renders the changed page.
 * - **Bounds.** At most `maxBytes` of entries (HTML and both encodings counted), the least
 *   recently used dropped first; an entry larger than a tenth of that is not kept.
 * - **One render per key.** {@link RenderCache.once} shares one pending render among concurrent
 *   callers of a key (a miss under load, a background revalidation).
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** A document as the render produced it, before it is stored. */
export interface RenderedDocument {
  status: number;
  /** The whole HTML, as sent. */
  html: string;
  /** The boot data's JSON text as written in the HTML (kept apart when stored). */
  bootJson: string;
  /** Surrogate keys of what the page shows. */
  tags: readonly string[];
  /**
   * True for a page rendered on the server (public: shared caches may keep it); false for one
   * whose slot renders in the browser by design (behind a sign-in: kept here, `private` outside).
   */
  publicPage: boolean;
}

/** A stored document. */
export interface CachedDocument {
  key: string;
  status: number;
  /** The HTML before and after the boot data. */
  parts: readonly [string, string];
  /** The boot data every shopper without a registry of their own gets. */
  bootJson: string;
  /** The whole document with {@link CachedDocument.bootJson}. */
  identity: Buffer;
  /** Its encodings, made when first asked for ({@link RenderCache.encoded}). */
  readonly encodings: Map<'gzip' | 'br', Promise<Buffer>>;
  /** Strong ETag of the document's bytes (before encoding). */
  etag: string;
  /**
   * CSP hash sources (`'sha256-…'`) of the document's inline scripts: a stored document cannot
   * carry a per-response nonce without being rewritten and compressed again per response, so
   * its scripts are allowed by hash (CSP Level 2 hash-source) and its bytes stay constant.
   */
  scriptHashes: readonly string[];
  tags: ReadonlySet<string>;
  /** See {@link RenderedDocument.publicPage}. */
  publicPage: boolean;
  /** When it was rendered (ms, the cache's clock). */
  renderedAt: number;
  /** Bytes held: the HTML and the encodings made so far. */
  bytes: number;
}

export interface RenderCacheOptions {
  /** Fresh for this long after its render (ms). */
  ttlMs: number;
  /** Then served stale, while it is rendered again in the background, for this long (ms). */
  staleMs: number;
  /** Bytes kept at most (HTML and its encodings). */
  maxBytes: number;
  /** The clock (ms); `Date.now` by default. */
  now?: () => number;
}

/** What {@link RenderCache.get} found. */
export type CacheLookup = { state: 'fresh' | 'stale'; entry: CachedDocument } | { state: 'miss' };

/** Inline `<script>` elements (no `src`, not a data block): the ones a CSP must allow. */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*\btype="application\/(?:json|ld\+json)")[^>]*>([\s\S]*?)<\/script>/gi;

/** `'sha256-…'` hash sources of the inline scripts of `html`, in order, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) hashes.add(`'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`);
  return [...hashes];
}

/**
 * Indexes `document` for storing under `key` (its hashes, its ETag, its boot data apart). The
 * HTML must contain `document.bootJson` once. @throws Error when it does not.
 */
export function prepareDocument(key: string, document: RenderedDocument, renderedAt: number): CachedDocument {
  const at = document.html.indexOf(document.bootJson);
  if (at < 0 || document.bootJson.length === 0) throw new Error('the document has no boot data to keep apart');
  const parts = [document.html.slice(0, at), document.html.slice(at + document.bootJson.length)] as const;
  const identity = Buffer.from(document.html, 'utf8');
  return {
    key,
    status: document.status,
    parts,
    bootJson: document.bootJson,
    identity,
    encodings: new Map(),
    etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
    scriptHashes: inlineScriptHashes(document.html),
    tags: new Set(document.tags),
    publicPage: document.publicPage,
    renderedAt,
    bytes: identity.length,
  };
}

/**
 * `bytes` compressed as `encoding`, off the event loop (zlib's thread pool). The best levels
 * would save a few per cent of bytes for several times the CPU: brotli at quality 9 and gzip at
 * level 6 are compressed once per page and then served many times.
 */
function compress(bytes: Buffer, encoding: 'gzip' | 'br'): Promise<Buffer> {
  return encoding === 'gzip'
    ? gzip(bytes, { level: 6 })
    : brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
}

export class RenderCache {
  private readonly entries = new Map<string, CachedDocument>();
  private readonly pending = new Map<string, Promise<CachedDocument | null>>();
  /** Purges since start: a render that began before one of them is not stored. */
  private generation = 0;
  private bytes = 0;
  private readonly options: RenderCacheOptions;
  private readonly now: () => number;

  constructor(options: RenderCacheOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
  }

  /** The entry under `key` and whether it is fresh or stale (a miss past `ttlMs + staleMs`). */
  get(key: string): CacheLookup {
    const entry = this.entries.get(key);
    if (!entry) return { state: 'miss' };
    const age = this.now() - entry.renderedAt;
    if (age > this.options.ttlMs + this.options.staleMs) {
      this.remove(key);
      return { state: 'miss' };
    }
    // Least recently used last out: a hit moves the entry to the end of the map's order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return { state: age <= this.options.ttlMs ? 'fresh' : 'stale', entry };
  }

  /** A token to pass to {@link RenderCache.set}: a purge after it makes that set a no-op. */
  ticket(): number {
    return this.generation;
  }

  /**
   * Stores `entry` unless a purge happened since `ticket` (the render may have read what the
   * purge changed) or it is larger than a tenth of `maxBytes`. @returns whether it was stored.
   */
  set(entry: CachedDocument, ticket: number): boolean {
    if (ticket !== this.generation || entry.bytes > this.options.maxBytes / 10) return false;
    this.remove(entry.key);
    this.entries.set(entry.key, entry);
    this.bytes += entry.bytes;
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.options.maxBytes) break;
      this.remove(key);
    }
    return true;
  }

  /**
   * Drops every entry carrying one of `tags` (`*`: every entry), and makes renders already under
   * way not stored. @returns how many entries were dropped.
   */
  purge(tags: Iterable<string>): number {
    const wanted = new Set(tags);
    if (wanted.size === 0) return 0;
    this.generation += 1;
    let dropped = 0;
    for (const [key, entry] of this.entries) {
      if (wanted.has('*') || [...wanted].some((tag) => entry.tags.has(tag))) {
        this.remove(key);
        dropped += 1;
      }
    }
    return dropped;
  }

  /**
   * Runs `render` for `key` unless one is already running, whose result is then shared.
   * Rejections are shared too.
   */
  once(key: string, render: () => Promise<CachedDocument | null>): Promise<CachedDocument | null> {
    let running = this.pending.get(key);
    if (!running) {
      running = render().finally(() => this.pending.delete(key));
      this.pending.set(key, running);
    }
    return running;
  }

  /** Whether a render of `key` is running. */
  rendering(key: string): boolean {
    return this.pending.has(key);
  }

  /**
   * `entry`'s bytes in `encoding`, compressed the first time they are asked for and kept with the
   * entry (counted in its bytes while it is cached). Concurrent first asks share one compression.
   */
  encoded(entry: CachedDocument, encoding: 'gzip' | 'br'): Promise<Buffer> {
    let encoded = entry.encodings.get(encoding);
    if (!encoded) {
      encoded = compress(entry.identity, encoding);
      entry.encodings.set(encoding, encoded);
      void encoded.then(
        (buffer) => {
          entry.bytes += buffer.length;
          if (this.entries.get(entry.key) === entry) this.bytes += buffer.length;
        },
        () => entry.encodings.delete(encoding),
      );
    }
    return encoded;
  }

  /** Entries and bytes kept (for logs and tests). */
  size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
