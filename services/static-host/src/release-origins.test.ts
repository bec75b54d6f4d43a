/** The shell CSP's remote sources under npm start: the release allow-list, not the registry; path prefixes kept. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { allowedRemoteOrigins } from './release-origins.ts';
import { cspHeader, shellCspDirectives } from './static-host.ts';
import { StyleInliner } from './style-inliner.ts';

const remotes = ['http://127.0.0.1:3001', 'http://127.0.0.1:3002/', 'http://127.0.0.1:3003/x', 'http://127.0.0.1:3004'];

describe('allowedRemoteOrigins', () => {
  it("defaults to the remotes' own origins", () => {
    expect(allowedRemoteOrigins({}, remotes)).toEqual(['http://127.0.0.1:3001', 'http://127.0.0.1:3002', 'http://127.0.0.1:3003', 'http://127.0.0.1:3004']);
  });

  it('takes RELEASE_ORIGINS as given (space or comma separated), a path kept as a prefix ending in /', () => {
    expect(allowedRemoteOrigins({ RELEASE_ORIGINS: 'https://cdn.loja.com.br/remotes/, https://vitrine.loja.com.br/' }, remotes)).toEqual(['https://cdn.loja.com.br/remotes/', 'https://vitrine.loja.com.br']);
    expect(allowedRemoteOrigins({ RELEASE_ORIGINS: 'http://minio.localhost:9000/prata-releases http://minio.localhost:9000/prata-releases/' }, remotes)).toEqual(['http://minio.localhost:9000/prata-releases/']);
    expect(allowedRemoteOrigins({ RELEASE_ORIGINS: 'http://minio.localhost:9000/prata-releases/../prata-images/' }, remotes)).toEqual(['http://minio.localhost:9000/prata-images/']);
  });

  it('refuses what is not an http(s) origin or an origin with a plain path prefix', () => {
    expect(() => allowedRemoteOrigins({ RELEASE_ORIGINS: 'javascript:alert(1)' }, remotes)).toThrow('RELEASE_ORIGINS: "javascript:alert(1)" is not an http(s) origin');
    for (const item of ['https://cdn.example/releases/?v=1', 'https://cdn.example/releases/#x', 'https://user@cdn.example/releases/', "https://cdn.example/a;script-src/"]) {
      expect(() => allowedRemoteOrigins({ RELEASE_ORIGINS: item }, remotes), item).toThrow(`RELEASE_ORIGINS: "${item}" is not an http(s) origin or an origin with a path prefix`);
    }
  });

  it("gives the shell's CSP the path-restricted source, not the whole object store", () => {
    const sources = allowedRemoteOrigins({ RELEASE_ORIGINS: 'http://localhost:3001 http://minio.localhost:9000/prata-releases/' }, remotes);
    const directives = shellCspDirectives('http://localhost:3000', sources);
    for (const name of ['scriptSrc', 'styleSrc', 'fontSrc', 'imgSrc', 'connectSrc'] as const) {
      expect(directives[name], name).toContain('http://minio.localhost:9000/prata-releases/');
      expect(directives[name], name).not.toContain('http://minio.localhost:9000');
    }
    expect(cspHeader(directives)).toContain("script-src 'self' http://localhost:3001 http://minio.localhost:9000/prata-releases/;");
  });
});

describe('StyleInliner on a path-restricted release origin', () => {
  it('inlines a style sheet under the prefix, and fetches none outside it', async () => {
    const asked: string[] = [];
    const server = createServer((request, response) => {
      asked.push(request.url ?? '');
      response.setHeader('content-type', 'text/css');
      response.end('.a{color:red}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const inliner = new StyleInliner('/nonexistent', allowedRemoteOrigins({ RELEASE_ORIGINS: `${base}/prata-releases/` }, []), 2000);
      expect(await inliner.tags([`${base}/prata-releases/storefront/1.0.0/app.css`])).toBe(`<style data-href="${base}/prata-releases/storefront/1.0.0/app.css">.a{color:red}</style>`);
      for (const url of [`${base}/prata-images/x.css`, `${base}/prata-releases-evil/x.css`, `${base}/prata-releases/../prata-images/x.css`]) {
        expect(await inliner.tags([url]), url).toBe(`<link rel="stylesheet" href="${url}">`);
      }
      expect(asked).toEqual(['/prata-releases/storefront/1.0.0/app.css']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
