/**
 * The production host's settings (host-settings.ts) and the internal origins it reaches public
 * ones by (internal-origins.ts): a missing or invalid variable is named, one line each; the pairs
 * and the API's internal origin become one map; a request to a mapped origin reaches its internal
 * twin over real HTTP, path and query kept, and any other request goes where it was going.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { readHostSettings, REQUIRED_HOST_VARIABLES } from './host-settings.ts';
import { internalOriginsDispatcher } from './internal-origins.ts';

const required = {
  PUBLIC_API_URL: 'https://api.prata925.com.br/',
  PUBLIC_STORE_URL: 'https://prata925.com.br',
  RELEASE_ORIGINS: 'https://vitrine.prata925.com.br https://cdn.prata925.com.br',
  CLIENT_ID_SECRET: 'segredo-dos-ids-de-cliente-com-mais-de-32-caracteres',
};

describe('readHostSettings', () => {
  it('names every missing or invalid variable, one line each', () => {
    expect(REQUIRED_HOST_VARIABLES).toEqual(['PUBLIC_API_URL', 'PUBLIC_STORE_URL', 'RELEASE_ORIGINS', 'CLIENT_ID_SECRET']);
    expect(() => readHostSettings({ PUBLIC_API_URL: '' })).toThrow(
      /^Invalid configuration of the shell's host:\nPUBLIC_API_URL: required: .*\nPUBLIC_STORE_URL: required: .*\nRELEASE_ORIGINS: required: .*\nCLIENT_ID_SECRET: required: .*$/,
    );
    const invalid = () =>
      readHostSettings({ ...required, PUBLIC_STORE_URL: 'ftp://prata925.com.br', RELEASE_ORIGINS: 'https://ok.test vitrine', INTERNAL_ORIGINS: 'http://localhost:3001', PORT: '0', CLIENT_ID_SECRET: 'curto', TRUST_PROXY: 'true' });
    expect(invalid).toThrow('PUBLIC_STORE_URL: not an http(s) URL (ftp://prata925.com.br)');
    expect(invalid).toThrow('RELEASE_ORIGINS: "vitrine" is not an http(s) origin');
    expect(invalid).toThrow('INTERNAL_ORIGINS: "http://localhost:3001" is not a public=internal pair of http(s) origins');
    expect(invalid).toThrow('PORT: ');
    expect(invalid).toThrow('CLIENT_ID_SECRET: must have at least 32 characters');
    expect(invalid).toThrow('TRUST_PROXY: give the number of reverse proxies in front of the host');
    expect(() => readHostSettings({ ...required, TRUST_PROXY: '10.0.0.0/8,não-é-endereço' })).toThrow('TRUST_PROXY: ');
    expect(readHostSettings({ ...required, TRUST_PROXY: '1' }).env.TRUST_PROXY).toBe(1);
    expect(readHostSettings({ ...required, TRUST_PROXY: '10.0.0.0/8, loopback' }).env.TRUST_PROXY).toEqual(['10.0.0.0/8', 'loopback']);
  });

  it("maps the pairs and the API's public origin to their internal origins, with the image's defaults", () => {
    const settings = readHostSettings({ ...required, INTERNAL_API_URL: 'http://api-proxy:8080', INTERNAL_ORIGINS: 'http://localhost:3001=http://storefront:8080/, http://localhost:3002=http://checkout:8080' });
    expect([...settings.internalOrigins]).toEqual([
      ['http://localhost:3001', 'http://storefront:8080'],
      ['http://localhost:3002', 'http://checkout:8080'],
      ['https://api.prata925.com.br', 'http://api-proxy:8080'],
    ]);
    expect(settings.env).toMatchObject({ PORT: 8080, HOST: '0.0.0.0', HSTS: 'false' });
    expect(readHostSettings(required).internalOrigins.size).toBe(0);
  });
});

describe('internalOriginsDispatcher', () => {
  const servers: http.Server[] = [];
  afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

  async function serve(name: string): Promise<string> {
    const server = http.createServer((request, response) => response.end(`${name} ${request.url}`));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('sends requests for a mapped origin to its internal twin, and the others where they were going', async () => {
    const [internal, other] = [await serve('internal'), await serve('other')];
    // The public origin has no address (.invalid): only the mapping can answer it.
    const dispatcher = internalOriginsDispatcher(new Map([['http://vitrine.prata.invalid:3001', internal]]));
    const get = (url: string) => fetch(url, { dispatcher } as RequestInit).then((response) => response.text());
    expect(await get('http://vitrine.prata.invalid:3001/mf-manifest.json?v=2')).toBe('internal /mf-manifest.json?v=2');
    expect(await get(`${other}/remoteEntry.js`)).toBe('other /remoteEntry.js');
  });
});
