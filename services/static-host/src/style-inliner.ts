/**
 * The style sheets a server-rendered document inlines (`<style data-href>`, shell-renderer.ts):
 * a phone on a slow network paints the page from the document alone, instead of waiting for a
 * round trip per style sheet (and a connection to each remote's origin) before its first paint.
 *
 * - The shell's own sheets (`/x.css`) are read from its build directory.
 * - A remote's sheets are fetched over HTTP, from the host's release origins only
 *   (`RELEASE_ORIGINS`); a sheet elsewhere stays a `<link>`, which the browser's CSP judges.
 * - Only verified bytes are inlined (what a document carries is served to every shopper and kept
 *   by shared caches, so it must be what was released): for a released
 *   remote the shell hands the SRI hashes its release recorded (`RemoteDocumentAssets.styleIntegrity`,
 *   `sha384-<base64>` by absolute URL), and a sheet is inlined only when the SHA-384 of the raw bytes
 *   read matches its hash. A sheet without a recorded hash, or whose bytes differ, is neither
 *   inlined nor linked: the document (kept by the render cache and shared caches) never carries
 *   bytes nobody released, and the browser's federation runtime loads the remote's own CSS when
 *   it loads the remote. Each such sheet is reported ({@link StyleTagsOptions.onRefused}). The
 *   operator's bootstrap entry (no hashes handed) is inlined as read.
 * - A sheet that cannot be read in time is linked instead (no bytes of it are in the document).
 *
 * Each URL is read once (style sheets have content-hashed names; a failed read is tried again),
 * at most {@link StyleInliner.MAX_ENTRIES} kept, each with the hash of the bytes read, so a
 * cached text is checked against every document's recorded hash like a fresh one. Relative
 * `url(...)` references are made absolute, as the text moves from the sheet's URL into the document
 * (after hashing: the hash is of the bytes as released).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { onReleaseOrigins } from '@prata/contracts/release-origins';

/** A style sheet as read: its text ready to inline, and the SRI hash (`sha384-<base64>`) of its raw bytes. */
interface ReadSheet {
  text: string;
  integrity: string;
}

/** How {@link StyleInliner.tags} checks the remote sheets it inlines. */
export interface StyleTagsOptions {
  /**
   * The recorded SRI hash of each remote sheet, by absolute URL (RemoteDocumentAssets
   * `styleIntegrity`): when given, a remote sheet is inlined only when its bytes match, and left
   * out of the document otherwise. Absent: remote sheets are inlined as read (a bootstrap entry).
   */
  integrity?: Readonly<Record<string, string>> | undefined;
  /** Told of each remote sheet left out of the document, with why (for the host's error reports). */
  onRefused?: ((url: string, reason: string) => void) | undefined;
}

/** SRI hash (`sha384-<base64>`) of `bytes`, as releases record them. */
export function sriHash(bytes: Uint8Array): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/** Text escaped for an HTML attribute. */
export const escapeAttr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Reads and inlines style sheets; see the module doc. */
export class StyleInliner {
  static readonly MAX_ENTRIES = 500;
  private readonly cache = new Map<string, Promise<ReadSheet | null>>();
  private readonly root: string;
  private readonly releaseOrigins: readonly string[];
  private readonly timeoutMs: number;

  /**
   * `root`: the shell's build directory, where style sheets under `/` are read; `releaseOrigins`:
   * the only origins (or origins and path prefixes) a remote's style sheet is fetched from (the host's `RELEASE_ORIGINS`;
   * security review 2026-11-29 #4: a manifest naming another URL, an internal one say, must not have
   * the host fetch it and publish its answer in every page). A sheet elsewhere stays a `<link>`,
   * which the browser's CSP `style-src` judges. `timeoutMs`: time allowed for each fetch.
   */
  constructor(root: string, releaseOrigins: readonly string[], timeoutMs = 1000) {
    this.root = root;
    this.releaseOrigins = releaseOrigins;
    this.timeoutMs = timeoutMs;
  }

  /** The style sheet at `url` (`/x.css` of the shell, or an absolute URL) as read, or null when it cannot be read. */
  read(url: string): Promise<ReadSheet | null> {
    let sheet = this.cache.get(url);
    if (!sheet) {
      sheet = this.load(url).catch(() => null);
      this.cache.set(url, sheet);
      void sheet.then((value) => {
        if (value === null) this.forget(url, sheet!);
      });
      while (this.cache.size > StyleInliner.MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    }
    return sheet;
  }

  /** Drops `url` from the cache when it still holds `sheet` (read again next time). */
  private forget(url: string, sheet: Promise<ReadSheet | null>): void {
    if (this.cache.get(url) === sheet) this.cache.delete(url);
  }

  private async load(url: string): Promise<ReadSheet> {
    let bytes: Uint8Array;
    if (isShellPath(url)) {
      const file = path.resolve(this.root, `.${decodeURIComponent(url)}`);
      if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`outside the build: ${url}`);
      bytes = readFileSync(file);
    } else {
      if (!onReleaseOrigins(url, this.releaseOrigins)) throw new Error(`not on the release origins: ${url}`);
      const response = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs), redirect: 'error' });
      if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
      bytes = new Uint8Array(await response.arrayBuffer());
    }
    const text = new TextDecoder().decode(bytes);
    return { text: isShellPath(url) ? text : absoluteUrls(text, url), integrity: sriHash(bytes) };
  }

  /**
   * `<style>` elements for `urls`, in order (see the module doc): a sheet that cannot be read
   * becomes a `<link>`; a remote sheet that `options.integrity` does not vouch for (no hash
   * recorded: not even fetched; bytes read that differ) is left out and reported.
   */
  async tags(urls: readonly string[], options: StyleTagsOptions = {}): Promise<string> {
    const { integrity, onRefused } = options;
    /** The recorded hash of `url` when the document checks it, null when it does not (the shell's own, a bootstrap entry). */
    const expectedOf = (url: string): string | null | undefined => (!integrity || isShellPath(url) ? null : Object.hasOwn(integrity, url) ? integrity[url] : undefined);
    const reads = urls.map((url) => (expectedOf(url) === undefined ? Promise.resolve(null) : this.read(url)));
    const sheets = await Promise.all(reads);
    return urls
      .map((url, index) => {
        const expected = expectedOf(url);
        const sheet = sheets[index];
        if (expected === undefined) {
          onRefused?.(url, `the release records no hash of the style sheet ${url}`);
          return '';
        }
        if (!sheet) return `<link rel="stylesheet" href="${escapeAttr(url)}">`;
        if (expected !== null && sheet.integrity !== expected) {
          // Read again next time: the origin may serve the released bytes by then.
          this.forget(url, reads[index]!);
          onRefused?.(url, `the style sheet ${url} does not match its release (integrity ${sheet.integrity}, expected ${expected})`);
          return '';
        }
        return `<style data-href="${escapeAttr(url)}">${sheet.text.replace(/<\/style/gi, '<\\/style')}</style>`;
      })
      .join('');
  }
}

/** Whether `url` names a file of the shell's own build (`/x.css`, not `//host/x.css`). */
function isShellPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/** `css` with its relative `url(...)` references resolved against `base` (data: and absolute ones kept). */
export function absoluteUrls(css: string, base: string): string {
  return css.replace(/url\(\s*(['"]?)([^'")]+)\1\s*\)/g, (match, quote: string, reference: string) => {
    if (/^(data:|[a-z][a-z0-9+.-]*:|#)/i.test(reference)) return match;
    return `url(${quote}${new URL(reference, base).href}${quote})`;
  });
}
