/**
 * Released versions on a remote's static host over real HTTP: every version under
 * `/releases/<version>/` next to the bootstrap build, files immutable for a year, the manifest
 * revalidated, unknown versions 404, CORS open like the bootstrap build.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticHost, type RunningHost } from './static-host.ts';

let dir: string;
let host: RunningHost;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'prata-releases-'));
  await mkdir(path.join(dir, 'dist'));
  await writeFile(path.join(dir, 'dist', 'mf-manifest.json'), '{"id":"bootstrap"}');
  for (const version of ['0.1.0-aaaaaaaa', '0.1.0-bbbbbbbb']) {
    await mkdir(path.join(dir, 'deploy', version), { recursive: true });
    await writeFile(path.join(dir, 'deploy', version, 'mf-manifest.json'), JSON.stringify({ id: version }));
    await writeFile(path.join(dir, 'deploy', version, 'main.0123abcd.js'), `/* ${version} */`);
  }
  host = await startStaticHost({ name: 'storefront', root: path.join(dir, 'dist'), port: 0, releasesRoot: path.join(dir, 'deploy') });
});
afterAll(async () => {
  await host?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('released versions', () => {
  it('serves every version beside the bootstrap build: files immutable, manifests revalidated', async () => {
    expect(await (await fetch(`${host.url}/mf-manifest.json`)).json()).toEqual({ id: 'bootstrap' });
    for (const version of ['0.1.0-aaaaaaaa', '0.1.0-bbbbbbbb']) {
      const manifest = await fetch(`${host.url}/releases/${version}/mf-manifest.json`, { headers: { origin: 'http://127.0.0.1:8080' } });
      expect(manifest.status).toBe(200);
      expect(manifest.headers.get('cache-control')).toBe('no-cache');
      expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
      expect(await manifest.json()).toEqual({ id: version });
      const chunk = await fetch(`${host.url}/releases/${version}/main.0123abcd.js`);
      expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await chunk.text()).toBe(`/* ${version} */`);
    }
  });

  it('answers 404 for a version that was never published', async () => {
    expect((await fetch(`${host.url}/releases/9.9.9/mf-manifest.json`)).status).toBe(404);
  });
});
