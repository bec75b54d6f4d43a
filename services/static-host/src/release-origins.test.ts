/** The shell CSP's remote origins under npm start: the release allow-list, not the registry. */
import { describe, expect, it } from 'vitest';
import { allowedRemoteOrigins } from './release-origins.ts';

const remotes = ['http://127.0.0.1:3001', 'http://127.0.0.1:3002/', 'http://127.0.0.1:3003/x', 'http://127.0.0.1:3004'];

describe('allowedRemoteOrigins', () => {
  it("defaults to the remotes' own origins", () => {
    expect(allowedRemoteOrigins({}, remotes)).toEqual(['http://127.0.0.1:3001', 'http://127.0.0.1:3002', 'http://127.0.0.1:3003', 'http://127.0.0.1:3004']);
  });

  it('takes RELEASE_ORIGINS as given (space or comma separated), and refuses what is not an http(s) origin', () => {
    expect(allowedRemoteOrigins({ RELEASE_ORIGINS: 'https://cdn.loja.com.br/remotes/, https://vitrine.loja.com.br' }, remotes)).toEqual(['https://cdn.loja.com.br', 'https://vitrine.loja.com.br']);
    expect(() => allowedRemoteOrigins({ RELEASE_ORIGINS: 'javascript:alert(1)' }, remotes)).toThrow('RELEASE_ORIGINS: "javascript:alert(1)" is not an http(s) origin');
  });
});
