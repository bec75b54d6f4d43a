/**
 * The registry client's cache against a real HTTP server: every registry received is remembered,
 * and used when the service cannot be reached at start; without one remembered the error stands.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RemoteRegistry } from '@prata/contracts/platform';
import { setRuntimeConfig } from '@prata/shared-ui/state';
import { fetchRemoteRegistry, REGISTRY_CACHE_KEY, rememberedRegistry } from './remote-registry.ts';

const registry: RemoteRegistry = [{ name: 'storefront', manifestUrl: 'http://127.0.0.1:3001/releases/0.1.0-aaaaaaaa/mf-manifest.json', version: '0.1.0-aaaaaaaa', routes: ['/'] }];
let server: http.Server;
let up = true;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const headers = { 'content-type': 'application/json', 'access-control-allow-origin': '*' };
    if (!up || !request.url!.startsWith('/api/remotes?client=')) return response.writeHead(503, headers).end(JSON.stringify({ error: 'service_unavailable', message: 'Serviço temporariamente indisponível.' }));
    response.writeHead(200, headers).end(JSON.stringify(registry));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setRuntimeConfig({ apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  localStorage.clear();
  up = true;
});

describe('fetchRemoteRegistry', () => {
  it('remembers the registry the service sends', async () => {
    expect(await fetchRemoteRegistry()).toEqual(registry);
    expect(rememberedRegistry()).toEqual(registry);
  });

  it('uses the remembered registry when the service is down', async () => {
    await fetchRemoteRegistry();
    up = false;
    expect(await fetchRemoteRegistry()).toEqual(registry);
  });

  it('fails when the service is down and nothing was remembered', async () => {
    up = false;
    await expect(fetchRemoteRegistry()).rejects.toThrow();
  });

  it('takes an inlined registry without asking the service, and remembers it', async () => {
    up = false;
    expect(await fetchRemoteRegistry(registry)).toEqual(registry);
    expect(JSON.parse(localStorage.getItem(REGISTRY_CACHE_KEY)!).registry).toEqual(registry);
  });

  it('ignores a remembered value that is not a registry', () => {
    localStorage.setItem(REGISTRY_CACHE_KEY, JSON.stringify({ registry: [{ name: 'x' }] }));
    expect(rememberedRegistry()).toBeNull();
    localStorage.setItem(REGISTRY_CACHE_KEY, '{broken');
    expect(rememberedRegistry()).toBeNull();
  });
});
