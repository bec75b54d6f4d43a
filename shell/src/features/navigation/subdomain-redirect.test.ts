/** Subdomain rule (admin.md 2). */
import { describe, expect, it, vi } from 'vitest';
import { applySubdomainRule, subdomainRedirect } from './subdomain-redirect.ts';

describe('subdomainRedirect', () => {
  it.each([
    ['admin.prata925.com.br', '/', '/admin'],
    ['admin.prata925.com.br', '/produtos', '/admin'],
    ['ADMIN.prata925.com.br', '/contato', '/admin'],
    ['admin.localhost', '/developer', '/admin'],
    ['dev.prata925.com.br', '/', '/developer'],
    ['developer.prata925.com.br', '/admin', '/developer'],
    ['dev.localhost', '/carrinho', '/developer'],
  ])('%s%s goes to %s', (host, path, target) => {
    expect(subdomainRedirect(host, path)).toBe(target);
  });

  it.each([
    ['admin.prata925.com.br', '/admin'],
    ['admin.prata925.com.br', '/admin/products'],
    ['dev.prata925.com.br', '/developer'],
    ['developer.prata925.com.br', '/developer-login'],
    ['prata925.com.br', '/admin'],
    ['www.prata925.com.br', '/produtos'],
    ['127.0.0.1', '/'],
    ['localhost', '/sobre'],
    ['administracao.prata925.com.br', '/'],
    ['loja.admin.prata925.com.br', '/'],
  ])('%s%s keeps normal routing', (host, path) => {
    expect(subdomainRedirect(host, path)).toBeNull();
  });
});

describe('applySubdomainRule', () => {
  it('replaces the current history entry with the target', () => {
    const history = { replaceState: vi.fn() };
    expect(applySubdomainRule({ hostname: 'admin.prata925.com.br', pathname: '/sobre' }, history)).toBe('/admin');
    expect(history.replaceState).toHaveBeenCalledWith(null, '', '/admin');
  });

  it('leaves the location alone on the store host', () => {
    const history = { replaceState: vi.fn() };
    expect(applySubdomainRule({ hostname: 'prata925.com.br', pathname: '/sobre' }, history)).toBeNull();
    expect(history.replaceState).not.toHaveBeenCalled();
  });
});
