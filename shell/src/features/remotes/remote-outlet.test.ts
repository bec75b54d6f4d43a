/** Route ownership: the shell sends each path to the remote whose registry pattern ranks best. */
import { describe, expect, it } from 'vitest';
import type { RemoteRegistry } from '@prata/contracts/platform';
import { OWNER_MEMO_SIZE, ownerOf, routeOwner } from './remote-outlet.tsx';

const entry = (name: RemoteRegistry[number]['name'], routes: string[]) => ({ name, manifestUrl: `http://127.0.0.1/${name}/mf-manifest.json`, version: '1', routes });
const registry: RemoteRegistry = [
  entry('storefront', ['/', '/produtos', '/sobre']),
  entry('checkout', ['/carrinho', '/checkout']),
  entry('admin', ['/admin/*', '/painel-admin']),
  entry('devtools', ['/developer/*', '/developer-login']),
];

describe('ownerOf', () => {
  it.each([
    ['/', 'storefront'],
    ['/produtos', 'storefront'],
    ['/carrinho', 'checkout'],
    ['/admin', 'admin'],
    ['/admin/products', 'admin'],
    ['/painel-admin', 'admin'],
    ['/developer', 'devtools'],
    ['/developer-login', 'devtools'],
  ])('%s belongs to %s', (path, owner) => {
    expect(ownerOf(registry, path)).toBe(owner);
  });

  it('gives unknown paths to nobody (the not-found page)', () => {
    expect(ownerOf(registry, '/nao-existe')).toBeNull();
    expect(ownerOf(registry, '/produtos/x/y')).toBeNull();
  });

  it('follows the registry: moving a route moves its owner', () => {
    const moved = registry.map((r) => (r.name === 'checkout' ? { ...r, routes: ['/checkout'] } : r.name === 'storefront' ? { ...r, routes: [...r.routes, '/carrinho'] } : r));
    expect(ownerOf(moved, '/carrinho')).toBe('storefront');
  });
});

describe('routeOwner (Web Vitals are grouped by route pattern)', () => {
  it('names the registry pattern a path matched, not the path', () => {
    expect(routeOwner(registry, '/admin/products/42')).toEqual({ name: 'admin', route: '/admin/*' });
    expect(routeOwner(registry, '/')).toEqual({ name: 'storefront', route: '/' });
    expect(routeOwner(registry, '/nao-existe')).toBeNull();
  });
});

describe('routeOwner, asked again', () => {
  it('answers the same for a registry it has seen, its own for another registry, and past the memo size', () => {
    expect(routeOwner(registry, '/sobre')).toEqual({ name: 'storefront', route: '/sobre' });
    expect(routeOwner(registry, '/sobre')).toEqual({ name: 'storefront', route: '/sobre' });
    const moved: RemoteRegistry = [entry('checkout', ['/sobre']), entry('storefront', ['/'])];
    expect(routeOwner(moved, '/sobre')).toEqual({ name: 'checkout', route: '/sobre' });
    for (let i = 0; i <= OWNER_MEMO_SIZE; i += 1) expect(ownerOf(registry, `/admin/p${i}`)).toBe('admin');
    expect(routeOwner(registry, '/sobre')).toEqual({ name: 'storefront', route: '/sobre' });
    expect(routeOwner(registry, '/nada')).toBeNull();
    expect(routeOwner(registry, '/nada')).toBeNull();
  });
});
