/**
 * `RELEASE_ORIGINS` items with a path prefix (`http://minio.localhost:9000/prata-releases/`: one
 * bucket of an object store that also holds uploads): the setting's normal form and refusals, the
 * URL match (parsed origin and path, no prefix tricks), and a release published against real
 * PostgreSQL and a real static origin: accepted under the prefix, refused (the one generic 409 of
 * every failed verification) in another bucket of the same origin, in a look-alike path, or with
 * its entry leaving the prefix.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteReleaseListSchema } from '@prata/contracts';
import { parseReleaseOrigins } from '../src/config.ts';
import { onAllowedOrigin, sriHash, unverifiedMessage } from '../src/modules/platform/release-verifier.ts';
import { account, bearer, type SignedIn } from './accounts.ts';
import { createTestService, type TestService } from './helpers.ts';

describe('parseReleaseOrigins', () => {
  it('keeps an item path as a prefix ending in /, an item without one as its origin', () => {
    expect(parseReleaseOrigins('http://minio.localhost:9000/prata-releases/ https://vitrine.loja.com.br/, https://cdn.loja.com.br/remotes', [])).toEqual([
      'http://minio.localhost:9000/prata-releases/',
      'https://vitrine.loja.com.br',
      'https://cdn.loja.com.br/remotes/',
    ]);
    // Dot segments are resolved by URL parsing, as they would be for the URLs compared with it.
    expect(parseReleaseOrigins('http://minio.localhost:9000/prata-releases/../prata-images/', [])).toEqual(['http://minio.localhost:9000/prata-images/']);
    // Unset: the remotes' own origins, paths dropped.
    expect(parseReleaseOrigins(undefined, ['http://127.0.0.1:3001/x/mf-manifest.json'])).toEqual(['http://127.0.0.1:3001']);
  });

  it('refuses what is not an http(s) origin or an origin with a plain path prefix', () => {
    expect(() => parseReleaseOrigins('vitrine', [])).toThrow('Invalid configuration:\nRELEASE_ORIGINS: "vitrine" is not an http(s) origin');
    for (const item of ['https://cdn.example/releases/?v=1', 'https://cdn.example/releases/#x', 'https://user:pw@cdn.example/releases/', 'https://cdn.example/a;b/']) {
      expect(() => parseReleaseOrigins(item, []), item).toThrow(`RELEASE_ORIGINS: "${item}" is not an http(s) origin or an origin with a path prefix`);
    }
  });
});

describe('onAllowedOrigin with a path prefix', () => {
  const allowed = ['http://minio.localhost:9000/prata-releases/', 'https://vitrine.loja.com.br'];

  it('admits URLs under the prefix, and anything on an origin listed without a path', () => {
    expect(onAllowedOrigin('http://minio.localhost:9000/prata-releases/storefront/1.0.0/mf-manifest.json', allowed)).toBe(true);
    expect(onAllowedOrigin('https://vitrine.loja.com.br/qualquer/coisa.js', allowed)).toBe(true);
  });

  it('refuses the other buckets of the same origin and every prefix trick', () => {
    for (const url of [
      'http://minio.localhost:9000/prata-images/x/mf-manifest.json',
      'http://minio.localhost:9000/prata-releases-evil/x/mf-manifest.json',
      'http://minio.localhost:9000/prata-releases',
      'http://minio.localhost:9000/prata-releases/../prata-images/x/mf-manifest.json',
      'http://minio.localhost:9000/prata-releases/%2e%2e/prata-images/x/mf-manifest.json',
      'http://minio.localhost:9000/prata-releases/..%2Fprata-images/x/mf-manifest.json',
      'http://minio.localhost:9000/prata-releases%2F/x/mf-manifest.json',
      'http://minio.localhost:9001/prata-releases/x/mf-manifest.json',
      'https://minio.localhost:9000/prata-releases/x/mf-manifest.json',
      'http://evil.example/prata-releases/x/mf-manifest.json',
      'ftp://minio.localhost:9000/prata-releases/x/mf-manifest.json',
      'nao é url',
    ]) {
      expect(onAllowedOrigin(url, allowed), url).toBe(false);
    }
  });
});

describe('releases on a path-restricted release origin', () => {
  let service: TestService;
  let origin: FastifyInstance;
  let originUrl: string;
  let deployDir: string;
  let developer: SignedIn;

  /** Writes a storefront build of `version` under `folder` of the origin; returns its release body. */
  async function build(folder: string, version: string, publicPath = 'auto') {
    const dir = path.join(deployDir, folder, 'storefront', version);
    await mkdir(dir, { recursive: true });
    const entrySource = `/* storefront ${version} */`;
    const manifest = { id: 'storefront', name: 'storefront', metaData: { name: 'storefront', publicPath, remoteEntry: { name: 'remoteEntry.js', path: '' }, buildInfo: { buildVersion: version } } };
    await writeFile(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
    await writeFile(path.join(dir, 'remoteEntry.js'), entrySource);
    return { version, manifestUrl: `${originUrl}/${folder}/storefront/${version}/mf-manifest.json`, integrity: sriHash(Buffer.from(entrySource)) };
  }

  const publish = (payload: object) => service.app.inject({ method: 'POST', url: '/api/developer/remotes/storefront/releases', headers: bearer(developer), payload });

  beforeAll(async () => {
    deployDir = await mkdtemp(path.join(os.tmpdir(), 'prata-deploy-'));
    origin = Fastify();
    await origin.register(fastifyStatic, { root: deployDir });
    originUrl = await origin.listen({ port: 0, host: '127.0.0.1' });
    service = await createTestService({ REMOTE_STOREFRONT_URL: 'http://127.0.0.1:4101', RELEASE_ORIGINS: `${originUrl}/prata-releases/ http://127.0.0.1:4101` });
    developer = await account(service, ['developer'], 'dev');
  });
  afterAll(async () => {
    await service?.close();
    await origin?.close();
    if (deployDir) await rm(deployDir, { recursive: true, force: true });
  });

  it('accepts a release under the prefix', async () => {
    const response = await publish(await build('prata-releases', '1.0.0-aaaaaaaa'));
    expect(response.statusCode, response.body).toBe(201);
    expect(remoteReleaseListSchema.parse(response.json()).active).toBe('1.0.0-aaaaaaaa');
  });

  it('refuses, with the one generic answer, a release in another bucket, a look-alike path or one whose entry leaves the prefix', async () => {
    const refused = [
      await build('prata-images', '1.0.0-bbbbbbbb'),
      await build('prata-releases-evil', '1.0.0-cccccccc'),
      { ...(await build('prata-images', '1.0.0-dddddddd')), manifestUrl: `${originUrl}/prata-releases/../prata-images/storefront/1.0.0-dddddddd/mf-manifest.json` },
      // The manifest is under the prefix, its entry (publicPath) in the upload bucket.
      await build('prata-releases', '1.0.0-eeeeeeee', `${originUrl}/prata-images/storefront/1.0.0-eeeeeeee/`),
    ];
    await build('prata-images', '1.0.0-eeeeeeee');
    for (const release of refused) {
      const response = await publish(release);
      expect(response.statusCode, release.manifestUrl).toBe(409);
      expect(response.json().message).toBe(unverifiedMessage('storefront', release.version));
    }
    const list = remoteReleaseListSchema.parse((await service.app.inject({ method: 'GET', url: '/api/developer/remotes/storefront/releases', headers: bearer(developer) })).json());
    expect(list.releases.map((release) => release.version)).toEqual(['1.0.0-aaaaaaaa']);
  });
});
