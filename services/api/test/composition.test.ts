/**
 * The composition map, `GET /api/developer/composition`, against real PostgreSQL and a
 * real static origin (Fastify serving builds from disk over HTTP, as remote-releases.test.ts): the
 * shell's and each remote's build-info.json (active and canary builds) with the singletons'
 * versions and ranges, mismatches with the shell named per singleton in pt-BR, the weight recorded
 * with a release preferred over the file's; an entry whose build-info.json is missing, not JSON, off
 * the allowed origins or too slow is null while the rest answers; answers cached briefly;
 * developers only.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compositionSchema, type Composition } from '@prata/contracts';
import { sriHash } from '../src/modules/platform/release-verifier.ts';
import { BUILD_INFO_TTL_MS } from '../src/modules/platform/composition.service.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { createTestService, type TestService } from './helpers.ts';

let service: TestService;
let origin: FastifyInstance;
let originUrl: string;
let deployDir: string;
let developer: SignedIn;
const fetched: string[] = [];

const SHELL_SHARED = { react: '19.3.1', 'react-dom': '19.3.1', zustand: '5.1.0' };

/** A build-info.json as shared-ui/build/build-version.ts writes it. */
function buildInfo(name: string, version: string, shared: Record<string, string>, weight?: { jsGzip: number; cssGzip: number }) {
  return {
    name,
    kind: name === 'shell' ? 'host' : 'remote',
    version,
    packageVersion: '0.1.0',
    contentHash: version.split('-')[1] ?? 'bootstrap',
    builtAt: '2026-11-27T10:00:00.000Z',
    contractVersion: 1,
    shared,
    ...(weight ? { weight, budget: { js: 50_000, css: 10_000 } } : {}),
  };
}

async function put(file: string, content: unknown) {
  await mkdir(path.dirname(path.join(deployDir, file)), { recursive: true });
  await writeFile(path.join(deployDir, file), typeof content === 'string' ? content : JSON.stringify(content));
}

/** Writes a storefront release of `version` (manifest, entry, build-info.json) and returns its publish body. */
async function release(version: string, shared: Record<string, string>, weight: { jsGzip: number; cssGzip: number }) {
  const dir = `releases/storefront/${version}`;
  const entrySource = `/* storefront ${version} */`;
  await put(`${dir}/mf-manifest.json`, { id: 'storefront', name: 'storefront', metaData: { name: 'storefront', publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' }, buildInfo: { buildVersion: version } } });
  await put(`${dir}/remoteEntry.js`, entrySource);
  await put(`${dir}/build-info.json`, buildInfo('storefront', version, shared, weight));
  return { version, manifestUrl: `${originUrl}/${dir}/mf-manifest.json`, integrity: sriHash(Buffer.from(entrySource)) };
}

/** The slow build's answer: held until {@link answerSlowly} (the file's end). */
let answerSlowly: () => void = () => undefined;
const slowAnswer = new Promise<void>((resolve) => {
  answerSlowly = resolve;
});

async function composition(who: SignedIn = developer): Promise<Composition> {
  const response = await service.app.inject({ method: 'GET', url: '/api/developer/composition', headers: bearer(who) });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return compositionSchema.parse(response.json());
}
const post = (url: string, payload: object) => service.app.inject({ method: 'POST', url, headers: bearer(developer), payload });

beforeAll(async () => {
  deployDir = await mkdtemp(path.join(os.tmpdir(), 'prata-composition-'));
  origin = Fastify({ forceCloseConnections: true });
  origin.addHook('onRequest', async (request) => {
    fetched.push(request.url);
  });
  // A build whose build-info.json answers only when the file ends, long past the service's time limit.
  origin.get('/slow/devtools/build-info.json', async () => {
    await slowAnswer;
    return buildInfo('devtools', '0.1.0', { react: '^19.3.1' });
  });
  await origin.register(fastifyStatic, { root: deployDir });
  originUrl = await origin.listen({ port: 0, host: '127.0.0.1' });
  await put('shell/build-info.json', buildInfo('shell', '0.1.0-5e11a000', SHELL_SHARED, { jsGzip: 189_853, cssGzip: 5354 }));
  await put('boot/storefront/build-info.json', buildInfo('storefront', '0.1.0-b0075000', { react: '^19.3.1', zustand: '^5.1.0' }, { jsGzip: 29_578, cssGzip: 6845 }));
  // checkout: not JSON; admin: off the allowed origins; devtools: too slow.
  await put('boot/checkout/build-info.json', '{ not json');
  service = await createTestService({
    SHELL_URL: `${originUrl}/shell`,
    REMOTE_STOREFRONT_URL: `${originUrl}/boot/storefront`,
    REMOTE_CHECKOUT_URL: `${originUrl}/boot/checkout`,
    REMOTE_ADMIN_URL: 'http://127.0.0.1:4103',
    REMOTE_DEVTOOLS_URL: `${originUrl}/slow/devtools`,
    RELEASE_ORIGINS: originUrl,
  });
  developer = await account(service, ['developer'], 'dev');
});
afterAll(async () => {
  answerSlowly();
  await service?.close();
  await origin?.close();
  await rm(deployDir, { recursive: true, force: true });
});

describe('GET /api/developer/composition', () => {
  it('is for developers only', async () => {
    const url = '/api/developer/composition';
    expect((await service.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    for (const who of [await account(service), await account(service, ['admin'], 'admin')]) {
      const response = await service.app.inject({ method: 'GET', url, headers: bearer(who) });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Acesso negado');
    }
  });

  it('maps the shell and every remote; an unreadable build-info.json is null, never a failure', async () => {
    // The slow build is asked for and given up after the time limit: waited for, this would not
    // answer before the file ends (the test would time out).
    const map = await composition();
    expect(fetched).toContain('/slow/devtools/build-info.json');
    expect(map.shell).toEqual({
      buildInfoUrl: `${originUrl}/shell/build-info.json`,
      buildInfo: { version: '0.1.0-5e11a000', contractVersion: 1, shared: SHELL_SHARED, weight: { jsGzip: 189_853, cssGzip: 5354 } },
    });
    expect(map.remotes.map((remote) => remote.remote)).toEqual(['storefront', 'checkout', 'admin', 'devtools']);
    const [storefront, checkout, admin, devtools] = map.remotes;
    expect(storefront).toEqual({
      remote: 'storefront',
      active: {
        version: '0.1.0',
        manifestUrl: `${originUrl}/boot/storefront/mf-manifest.json`,
        weight: { jsGzip: 29_578, cssGzip: 6845 },
        buildInfo: { version: '0.1.0-b0075000', contractVersion: 1, shared: { react: '^19.3.1', zustand: '^5.1.0' }, weight: { jsGzip: 29_578, cssGzip: 6845 } },
        problems: [],
      },
      canary: null,
    });
    for (const unread of [checkout, admin, devtools]) expect(unread!.active).toMatchObject({ weight: null, buildInfo: null, problems: null });
    // The admin build is off the allowed origins: never fetched.
    expect(fetched.some((url) => url.includes('4103'))).toBe(false);
  });

  it('shows the active and canary builds of a remote, the recorded weight, and the singletons a build needs that the shell does not meet', async () => {
    const v1 = await release('0.1.0-11111111', { react: '^19.3.1', zustand: '^5.1.0' }, { jsGzip: 30_000, cssGzip: 6900 });
    expect((await post('/api/developer/remotes/storefront/releases', { ...v1, weight: { jsGzip: 30_100, cssGzip: 6901 } })).statusCode).toBe(201);
    const v2 = await release('0.1.0-22222222', { react: '^20.0.0', 'react-dom': '^19.3.1', 'lucide-react': '^1.73.0' }, { jsGzip: 31_000, cssGzip: 7000 });
    expect((await post('/api/developer/remotes/storefront/releases', { ...v2, activate: false })).statusCode).toBe(201);
    expect((await post('/api/developer/remotes/storefront/canary', { version: v2.version, percent: 20 })).statusCode).toBe(200);

    const storefront = (await composition()).remotes.find((remote) => remote.remote === 'storefront')!;
    expect(storefront.active).toMatchObject({ version: v1.version, manifestUrl: v1.manifestUrl, weight: { jsGzip: 30_100, cssGzip: 6901 }, problems: [] });
    expect(storefront.active.buildInfo?.shared).toEqual({ react: '^19.3.1', zustand: '^5.1.0' });
    // Published without a weight: the one its build-info.json records.
    expect(storefront.canary).toMatchObject({ version: v2.version, percent: 20, weight: { jsGzip: 31_000, cssGzip: 7000 } });
    expect(storefront.canary!.problems).toEqual([
      { library: 'react', message: 'o remote pede react ^20.0.0, e o shell fornece 19.3.1' },
      { library: 'lucide-react', message: 'o shell não fornece lucide-react (o remote pede ^1.73.0)' },
    ]);
  });

  it('names another contract major as a problem of its own', async () => {
    const version = '0.1.0-33333333';
    const body = await release(version, { react: '^19.3.1' }, { jsGzip: 1, cssGzip: 1 });
    await put(`releases/storefront/${version}/build-info.json`, { ...buildInfo('storefront', version, { react: '^19.3.1' }), contractVersion: 2 });
    expect((await post('/api/developer/remotes/storefront/releases', { ...body, activate: false })).statusCode).toBe(201);
    expect((await post('/api/developer/remotes/storefront/canary', { version, percent: 5 })).statusCode).toBe(200);
    const canary = (await composition()).remotes.find((remote) => remote.remote === 'storefront')!.canary!;
    expect(canary.problems).toEqual([{ library: null, message: 'o remote usa o contrato RemoteModule 2, e o shell lê o 1' }]);
  });

  it('reuses a build-info.json it read a moment ago', async () => {
    await composition();
    const reads = fetched.filter((url) => url.endsWith('/build-info.json')).length;
    const map = await composition();
    expect(fetched.filter((url) => url.endsWith('/build-info.json')).length).toBe(reads);
    expect(map.shell.buildInfo).not.toBeNull();
    expect(BUILD_INFO_TTL_MS).toBeLessThanOrEqual(60_000);
  });

  it('a release without a build-info.json still shows its version and recorded weight', async () => {
    const version = '0.1.0-44444444';
    const body = await release(version, { react: '^19.3.1' }, { jsGzip: 1, cssGzip: 1 });
    await rm(path.join(deployDir, `releases/storefront/${version}/build-info.json`));
    expect((await post('/api/developer/remotes/storefront/releases', { ...body, weight: { jsGzip: 2, cssGzip: 3 } })).statusCode).toBe(201);
    const active = (await composition()).remotes.find((remote) => remote.remote === 'storefront')!.active;
    expect(active).toEqual({ version, manifestUrl: body.manifestUrl, weight: { jsGzip: 2, cssGzip: 3 }, buildInfo: null, problems: null });
  });
});
