/**
 * The S3-compatible release storage against s3rver (a local double of the S3 API over real HTTP):
 * a build is uploaded once as <remote>/<version>/ with its content types and cache headers, is
 * readable at the bucket's public URL, and passes the activation check there. Also how the
 * environment selects a storage.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sriHash, verifyRelease } from '../src/modules/platform/release-verifier.ts';
import { LocalDiskReleaseStorage, releaseStorageFromEnv, S3ReleaseStorage } from '../src/storage/release-storage.ts';
import { startS3Double, type S3Double } from './s3-double.ts';

const VERSION = '0.1.0-33333333';
const ENTRY = 'var storefront = {};';
let dir: string;
let s3: S3Double;
let storage: S3ReleaseStorage;
let publicUrl: string;
let build: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'prata-s3-'));
  s3 = await startS3Double(['releases']);
  publicUrl = `${s3.endpoint}/releases`;
  storage = new S3ReleaseStorage({ client: s3.client, bucket: 'releases', publicUrl, prefix: 'remotes/' });
  build = path.join(dir, 'build');
  await mkdir(path.join(build, 'static'), { recursive: true });
  await writeFile(path.join(build, 'remoteEntry.js'), ENTRY);
  await writeFile(path.join(build, 'static', 'main.0123abcd.js'), '/* chunk */');
  await writeFile(path.join(build, 'mf-manifest.json'), JSON.stringify({ name: 'storefront', metaData: { name: 'storefront', publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' }, buildInfo: { buildVersion: VERSION } } }));
  await writeFile(path.join(build, 'build-info.json'), JSON.stringify({ name: 'storefront', version: VERSION }));
});
afterAll(async () => {
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('S3ReleaseStorage', () => {
  it('uploads a version once, readable at the public URL with its content types and cache headers', async () => {
    expect(storage.publicBaseUrl('storefront')).toBe(`${publicUrl}/remotes/storefront/`);
    expect(await storage.publish('storefront', VERSION, build)).toEqual({ copied: true, location: `${publicUrl}/remotes/storefront/${VERSION}/` });

    const chunk = await fetch(`${publicUrl}/remotes/storefront/${VERSION}/static/main.0123abcd.js`);
    expect(chunk.status).toBe(200);
    expect(await chunk.text()).toBe('/* chunk */');
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
    const manifest = await fetch(`${publicUrl}/remotes/storefront/${VERSION}/mf-manifest.json`);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.headers.get('content-type')).toMatch(/^application\/json/);

    expect(await storage.publish('storefront', VERSION, build)).toEqual({ copied: false, location: `${publicUrl}/remotes/storefront/${VERSION}/` });
  });

  it('serves a release the activation check accepts', async () => {
    await expect(
      verifyRelease(
        { remote: 'storefront', version: VERSION, manifestUrl: `${storage.publicBaseUrl('storefront')}${VERSION}/mf-manifest.json`, integrity: sriHash(Buffer.from(ENTRY)) },
        { allowedOrigins: [new URL(storage.publicBaseUrl('storefront')).origin] },
      ),
    ).resolves.toBeUndefined();
  });
});

describe('releaseStorageFromEnv', () => {
  it('defaults to DATA_DIR/deploy and names what s3 is missing', () => {
    expect(releaseStorageFromEnv({}, '/srv/prata')).toBeInstanceOf(LocalDiskReleaseStorage);
    expect(releaseStorageFromEnv({}, '/srv/prata').description).toBe('/srv/prata/deploy');
    expect(() => releaseStorageFromEnv({ RELEASE_STORAGE: 's3' }, '/srv/prata')).toThrow('RELEASE_STORAGE=s3 needs RELEASE_S3_BUCKET and RELEASE_S3_PUBLIC_URL');
    expect(() => releaseStorageFromEnv({ RELEASE_STORAGE: 'ftp' }, '/srv/prata')).toThrow('RELEASE_STORAGE must be local or s3, not ftp');
    expect(releaseStorageFromEnv({ RELEASE_STORAGE: 's3', RELEASE_S3_BUCKET: 'b', RELEASE_S3_PUBLIC_URL: 'https://cdn.example/b/' }, '/srv/prata').publicBaseUrl('checkout')).toBe('https://cdn.example/b/checkout/');
  });
});
