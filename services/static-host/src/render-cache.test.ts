/**
 * The render cache on its own: the CSP hashes of a document's inline scripts (checked against
 * `openssl dgst -sha256 -binary | base64` of the same text), the boot data kept apart, both
 * encodings made once when asked for and decoding to the document, fresh / stale / miss by age, purges by surrogate key, a
 * render under way when a purge happens not stored, the byte bound, one render per key.
 */
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, prepareDocument, RenderCache, type CachedDocument } from './render-cache.ts';

const BOOT = '{"apiUrl":"http://api","registry":[]}';
const html = (body: string) =>
  `<!doctype html><html><head><script nonce="abc">window.prataEarly=[]</script><script type="application/json" id="prata-boot">${BOOT}</script><script type="application/ld+json">{"@type":"Product"}</script></head><body>${body}<script>$RC("B:0","S:0")</script><script defer src="/main.js"></script></body></html>`;

const document = async (key: string, tags: string[], renderedAt: number, body = 'page') =>
  prepareDocument(key, { status: 200, html: html(body), bootJson: BOOT, tags, publicPage: true }, renderedAt);

describe('inline script hashes', () => {
  it('hash each executable inline script (not JSON data blocks, not external scripts) as openssl does', () => {
    expect(inlineScriptHashes(html('x'))).toEqual(["'sha256-pk+yCyaujHGRHWBHCT0bL++wUruq9kt7BxGGChFr9qg='", "'sha256-jxpmuzEyvVmGf1uu3rLnVb++ac4Q0kh49VFIlwUf6Q0='"]);
  });
});

describe('prepareDocument and encodings', () => {
  it('keeps the boot data apart; encodings are made when first asked for, once, decode to the document and count in the bytes', async () => {
    const cache = new RenderCache({ ttlMs: 1000, staleMs: 0, maxBytes: 10_000_000 });
    const entry = await document('k', ['catalogue'], Date.now());
    expect(`${entry.parts[0]}${entry.bootJson}${entry.parts[1]}`).toBe(html('page'));
    expect(entry.parts[0].endsWith('id="prata-boot">')).toBe(true);
    expect(entry.identity.toString()).toBe(html('page'));
    expect(entry.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(entry.encodings.size).toBe(0);
    expect(entry.bytes).toBe(entry.identity.length);
    cache.set(entry, cache.ticket());
    const [gzipped, again, brotlied] = await Promise.all([cache.encoded(entry, 'gzip'), cache.encoded(entry, 'gzip'), cache.encoded(entry, 'br')]);
    expect(again).toBe(gzipped);
    expect(gunzipSync(gzipped).toString()).toBe(html('page'));
    expect(brotliDecompressSync(brotlied).toString()).toBe(html('page'));
    expect(entry.bytes).toBe(entry.identity.length + gzipped.length + brotlied.length);
    expect(cache.size().bytes).toBe(entry.bytes);
    expect(() => prepareDocument('k', { status: 200, html: '<html></html>', bootJson: BOOT, tags: [], publicPage: true }, 0)).toThrow('boot data');
  });
});

describe('RenderCache', () => {
  it('serves an entry fresh, then stale, then not at all, by its age', async () => {
    let now = 1000;
    const cache = new RenderCache({ ttlMs: 100, staleMs: 50, maxBytes: 10_000_000, now: () => now });
    expect(cache.set(await document('a', [], now), cache.ticket())).toBe(true);
    expect(cache.get('a').state).toBe('fresh');
    now += 101;
    expect(cache.get('a').state).toBe('stale');
    now += 50;
    expect(cache.get('a').state).toBe('miss');
    expect(cache.size().entries).toBe(0);
  });

  it('purges by surrogate key (and * for all), and does not store a render that began before a purge', async () => {
    const cache = new RenderCache({ ttlMs: 1000, staleMs: 0, maxBytes: 10_000_000 });
    const ticket = cache.ticket();
    cache.set(await document('home', ['catalogue', 'settings'], Date.now()), ticket);
    cache.set(await document('ring', ['product:1', 'settings'], Date.now()), ticket);
    cache.set(await document('about', ['content:about_us', 'settings'], Date.now()), ticket);
    expect(cache.purge(['product:1'])).toBe(1);
    expect(cache.get('ring').state).toBe('miss');
    expect(cache.get('home').state).toBe('fresh');
    // Rendered from data read before the purge: not kept.
    expect(cache.set(await document('ring', ['product:1'], Date.now()), ticket)).toBe(false);
    expect(cache.get('ring').state).toBe('miss');
    expect(cache.purge(['settings'])).toBe(2);
    cache.set(await document('home', ['catalogue'], Date.now()), cache.ticket());
    expect(cache.purge(['*'])).toBe(1);
    expect(cache.size()).toEqual({ entries: 0, bytes: 0 });
  });

  it('drops the least recently used entries beyond its bytes, and never keeps one larger than a tenth of them', async () => {
    const one = await document('probe', [], 0, 'x'.repeat(2000));
    const cache = new RenderCache({ ttlMs: 10_000, staleMs: 0, maxBytes: one.bytes * 10 + 10 });
    const entries: CachedDocument[] = [];
    for (let i = 0; i < 11; i += 1) entries.push(await document(`page-${i}`, [], Date.now(), 'x'.repeat(2000)));
    for (const entry of entries.slice(0, 10)) expect(cache.set(entry, cache.ticket())).toBe(true);
    // page-0 was used last: page-1 is the least recently used when page-10 comes in.
    expect(cache.get('page-0').state).toBe('fresh');
    cache.set(entries[10]!, cache.ticket());
    expect(cache.get('page-1').state).toBe('miss');
    expect(cache.get('page-0').state).toBe('fresh');
    expect(cache.size().bytes).toBeLessThanOrEqual(one.bytes * 10 + 10);
    const big = await document('big', [], Date.now(), 'y'.repeat(one.bytes * 3));
    expect(cache.set(big, cache.ticket())).toBe(false);
  });

  it('runs one render per key at a time and shares its result', async () => {
    const cache = new RenderCache({ ttlMs: 1000, staleMs: 0, maxBytes: 10_000_000 });
    let renders = 0;
    let finish: (entry: CachedDocument | null) => void = () => undefined;
    const render = () => {
      renders += 1;
      return new Promise<CachedDocument | null>((resolve) => (finish = resolve));
    };
    const first = cache.once('k', render);
    const second = cache.once('k', render);
    expect(cache.rendering('k')).toBe(true);
    const entry = await document('k', [], Date.now());
    finish(entry);
    expect(await first).toBe(entry);
    expect(await second).toBe(entry);
    expect(renders).toBe(1);
    expect(cache.rendering('k')).toBe(false);
  });
});
