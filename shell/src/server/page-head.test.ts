/**
 * A page's public URL and head tags (security review 2026-11-29 #7):
 * whatever the request target, the page's URL, canonical and Open Graph URL are on the store's
 * origin.
 */
import { describe, expect, it } from 'vitest';
import { headTags, storePageUrl } from './page-head.ts';

const STORE = 'https://loja.example';

describe('storePageUrl', () => {
  it('takes the path and query of a plain target on the store origin', () => {
    expect(storePageUrl('/produtos?categoria=aneis', STORE).href).toBe('https://loja.example/produtos?categoria=aneis');
    expect(storePageUrl('/', `${STORE}/`).href).toBe('https://loja.example/');
    expect(storePageUrl('/produtos/anel#fotos', STORE).href).toBe('https://loja.example/produtos/anel');
  });

  it('never leaves the store origin for a protocol-relative, backslashed or absolute-form target', () => {
    for (const target of ['//evil.example/produtos/anel', '///evil.example/produtos/anel', '/\\evil.example/produtos/anel', '/\t/evil.example/produtos/anel']) {
      const url = storePageUrl(target, STORE);
      expect(url.origin, target).toBe(STORE);
      expect(url.pathname, target).toBe(target.replace(/\t/g, '').replace(/\\/g, '/'));
    }
    expect(storePageUrl('http://evil.example/produtos/anel?x=1', STORE).href).toBe('https://loja.example/produtos/anel?x=1');
    expect(storePageUrl('produtos', STORE).href).toBe('https://loja.example/produtos');
  });
});

describe('headTags', () => {
  it('puts canonical and og:url on the store origin, also for a page asked at //evil.example/...', () => {
    const pageUrl = storePageUrl('//evil.example/produtos/anel', STORE);
    const tags = headTags({ title: 'Anel | Prata 925', description: 'Anel' }, pageUrl);
    expect(tags).toContain('<link rel="canonical" href="https://loja.example//evil.example/produtos/anel">');
    expect(tags).toContain('<meta property="og:url" content="https://loja.example//evil.example/produtos/anel">');
    expect(tags).not.toContain('"https://evil.example');
    // A remote's canonical path is a path of the store too.
    expect(headTags({ title: 'x', description: 'x', canonicalPath: '//evil.example/x' }, storePageUrl('/', STORE))).toContain('<link rel="canonical" href="https://loja.example//evil.example/x">');
    expect(headTags({ title: 'x', description: 'x', canonicalPath: '/produtos?categoria=aneis' }, storePageUrl('/produtos', STORE))).toContain('<link rel="canonical" href="https://loja.example/produtos?categoria=aneis">');
  });
});
