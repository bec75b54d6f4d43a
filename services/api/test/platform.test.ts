/**
 * Platform routes against real PostgreSQL: health (DB reachable or not), the remote registry
 * (defaults, file override picked up while running, invalid file keeps the last valid one),
 * CORS for the store's origins only, and the route access declaration rule.
 */
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { healthSchema, remoteRegistrySchema, type RemoteRegistry } from '@prata/contracts';
import accessPlugin from '../src/plugins/access.ts';
import { DEFAULT_REMOTE_ROUTES } from '../src/modules/platform/remote-registry.ts';
import { createTestService, type TestService } from './helpers.ts';

let service: TestService;
let registryDir: string;
let registryFile: string;

beforeAll(async () => {
  registryDir = await mkdtemp(path.join(os.tmpdir(), 'prata-registry-'));
  registryFile = path.join(registryDir, 'remotes.json');
  service = await createTestService({ REMOTE_REGISTRY_FILE: registryFile, REMOTE_CHECKOUT_URL: 'http://127.0.0.1:4102' });
});
afterAll(async () => {
  await service?.close();
  await rm(registryDir, { recursive: true, force: true });
});

async function registry(): Promise<RemoteRegistry> {
  const response = await service.app.inject({ method: 'GET', url: '/api/remotes' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return remoteRegistrySchema.parse(response.json());
}

describe('GET /api/health', () => {
  it('answers 200 when PostgreSQL is reachable', async () => {
    const response = await service.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(healthSchema.parse(response.json())).toMatchObject({ status: 'ok', database: 'up' });
  });
});

describe('GET /api/remotes', () => {
  /** A registry file's entries as served: each marked as the operator's bootstrap entry. */
  const asServed = (entries: RemoteRegistry) => entries.map((entry) => ({ ...entry, bootstrap: true }));
  it('falls back to the defaults built from REMOTE_<NAME>_URL when the file is missing', async () => {
    const entries = await registry();
    expect(entries.map((e) => e.name)).toEqual(['storefront', 'checkout', 'admin', 'devtools']);
    expect(entries.find((e) => e.name === 'checkout')).toMatchObject({
      manifestUrl: 'http://127.0.0.1:4102/mf-manifest.json',
      routes: DEFAULT_REMOTE_ROUTES.checkout,
    });
    expect(entries.find((e) => e.name === 'storefront')!.manifestUrl).toBe('http://127.0.0.1:3001/mf-manifest.json');
  });

  it('serves the registry file and picks up changes without a restart', async () => {
    const first: RemoteRegistry = [{ name: 'storefront', manifestUrl: 'http://127.0.0.1:5001/mf-manifest.json', version: '1.0.0', routes: ['/'] }];
    await writeFile(registryFile, JSON.stringify(first));
    await utimes(registryFile, new Date(), new Date(Date.now() - 10_000));
    expect(await registry()).toEqual(asServed(first));

    const second: RemoteRegistry = [{ ...first[0]!, manifestUrl: 'http://127.0.0.1:5002/mf-manifest.json', version: '1.0.1' }];
    await writeFile(registryFile, JSON.stringify(second));
    expect(await registry()).toEqual(asServed(second));
  });

  it("serves an entry's Node build hash (serverIntegrity) from the file, and refuses a malformed one", async () => {
    const before = await registry();
    const serverIntegrity = `sha384-${'B'.repeat(64)}`;
    const withHash: RemoteRegistry = [{ name: 'storefront', manifestUrl: 'http://127.0.0.1:5003/mf-manifest.json', version: '1.0.2', routes: ['/'], serverIntegrity }];
    await writeFile(registryFile, JSON.stringify(withHash));
    expect(await registry()).toEqual(asServed(withHash));
    await writeFile(registryFile, JSON.stringify([{ ...withHash[0]!, version: '1.0.3', serverIntegrity: 'sha256-abc' }]));
    expect(await registry()).toEqual(asServed(withHash));
    await writeFile(registryFile, JSON.stringify(before));
    expect(await registry()).toEqual(before);
  });

  it('keeps serving the last valid registry when the file becomes invalid', async () => {
    const before = await registry();
    await writeFile(registryFile, '{ not json');
    expect(await registry()).toEqual(before);
    await writeFile(registryFile, JSON.stringify([{ name: 'unknown-remote', manifestUrl: 'x', version: '', routes: [] }]));
    expect(await registry()).toEqual(before);
  });

  it('returns to the defaults when the file is removed', async () => {
    await rm(registryFile);
    expect((await registry()).map((e) => e.name)).toEqual(['storefront', 'checkout', 'admin', 'devtools']);
  });

  it("accepts the browser's client id (the shell host's prata_client) and refuses a malformed one", async () => {
    const withClient = await service.app.inject({ method: 'GET', url: '/api/remotes?client=2f1c9a4e-7b1d-4c8e-9f00-5a6b7c8d9e0f' });
    expect(withClient.statusCode).toBe(200);
    expect(remoteRegistrySchema.parse(withClient.json())).toEqual(await registry());
    const malformed = await service.app.inject({ method: 'GET', url: '/api/remotes?client=%3Cscript%3E' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ message: expect.any(String) });
  });
});

describe('CORS', () => {
  it("admits the shell's and remotes' origins and no other", async () => {
    const allowed = await service.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'http://127.0.0.1:8080' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('http://127.0.0.1:8080');
    const remote = await service.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'http://localhost:3001' } });
    expect(remote.headers['access-control-allow-origin']).toBe('http://localhost:3001');
    const foreign = await service.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets the store preflight the methods its remotes use (PATCH, DELETE) with credentials', async () => {
    const preflight = await service.app.inject({
      method: 'OPTIONS',
      url: '/api/reservations/3f0b6a52-1d7e-4c3f-9a55-3a2f1c0d9e11',
      headers: { origin: 'http://127.0.0.1:8080', 'access-control-request-method': 'DELETE', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toContain('DELETE');
    expect(preflight.headers['access-control-allow-methods']).toContain('PATCH');
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
  });
});

describe('unknown routes', () => {
  it('answer 404 with a pt-BR message', async () => {
    const response = await service.app.inject({ method: 'GET', url: '/api/nada' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: 'Recurso não encontrado' });
  });
});

describe('route access declarations', () => {
  it('refuse to start a service with a route that declares no access', async () => {
    const app = Fastify();
    await app.register(accessPlugin);
    app.get('/api/declared', { config: { access: 'public' } }, async () => 'ok');
    expect(() => app.get('/api/undeclared', async () => 'nope')).toThrow('route GET /api/undeclared declares no config.access');
    await app.close();
  });

  it('every route of the service declares its access', () => {
    const routes = service.app.printRoutes({ commonPrefix: false });
    expect(routes).toContain('/api/products');
    // Building the app would have thrown otherwise; the service has routes to guard.
    expect(service.app.hasRoute({ method: 'GET', url: '/api/products/:id' })).toBe(true);
  });
});

describe('health when the database is down', () => {
  it('answers 503 degraded', async () => {
    const other = await createTestService();
    // Take the database away under the running service (connections terminated, DB gone).
    const name = new URL(other.config.databaseUrl!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: inject('databaseServerUrl') });
    await admin.connect();
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
    const response = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ status: 'degraded', database: 'down' });
    await other.close();
  });
});
