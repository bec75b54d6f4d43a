/**
 * The style sheets a server-rendered page inlines for its remote (`./App`'s and its own page's, from
 * the manifest) and the recorded hashes the host inlines them against (keyed by the same URLs),
 * and which remote Node builds the host agrees to run.
 */
import { getInstance, init } from '@module-federation/enhanced/runtime';
import type { RemoteEntry } from '@prata/contracts/platform';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentAssets, manifestChunkStyles, pageStyles, serverRemote, styleIntegrityOf, untrustedServerBuild } from './server-remotes.ts';

const MANIFEST_URL = 'http://127.0.0.1:3001/mf-manifest.json';
const manifest = {
  metaData: {
    publicPath: 'auto',
    remoteEntry: { name: 'remoteEntry.js', path: '' },
    chunkStyles: {
      'page-catalogue': ['shared-toggle-group.1.css'],
      'page-auth': ['page-auth.2.css', 'shared-form-controls.3.css', 'shared-toggle-group.1.css'],
      broken: [42],
    },
  },
  exposes: [
    {
      path: './App',
      assets: {
        js: { sync: ['app.js'] },
        css: { sync: ['app.4.css'], async: ['page-auth.2.css', 'shared-form-controls.3.css', 'shared-toggle-group.1.css', 'page-product.5.css'] },
      },
    },
  ],
};
const url = (file: string) => `http://127.0.0.1:3001/${file}`;

describe('pageStyles', () => {
  const remote = { assets: documentAssets(MANIFEST_URL, manifest), chunkStyles: manifestChunkStyles(MANIFEST_URL, manifest) };

  it("reads each named chunk's sheets as absolute URLs, skipping malformed entries", () => {
    expect(remote.chunkStyles).toEqual({
      app: [url('app.4.css')],
      chunks: { 'page-catalogue': [url('shared-toggle-group.1.css')], 'page-auth': [url('page-auth.2.css'), url('shared-form-controls.3.css'), url('shared-toggle-group.1.css')] },
    });
  });

  it("gives a page ./App's sheet and its own chunks' sheets, once each", () => {
    expect(pageStyles(remote, ['page-catalogue'])).toEqual([url('app.4.css'), url('shared-toggle-group.1.css')]);
    expect(pageStyles(remote, ['page-auth', 'page-catalogue'])).toEqual([url('app.4.css'), url('page-auth.2.css'), url('shared-form-controls.3.css'), url('shared-toggle-group.1.css')]);
    expect(pageStyles(remote, [])).toEqual([url('app.4.css')]);
  });

  it('gives every sheet of the remote when the page does not say, names an unknown chunk, or the manifest has no record', () => {
    const all = [url('app.4.css'), url('page-auth.2.css'), url('shared-form-controls.3.css'), url('shared-toggle-group.1.css'), url('page-product.5.css')];
    expect(pageStyles(remote, undefined)).toEqual(all);
    expect(pageStyles(remote, ['page-product'])).toEqual(all);
    const older = { ...manifest, metaData: { ...manifest.metaData, chunkStyles: undefined } };
    expect(manifestChunkStyles(MANIFEST_URL, older)).toBeNull();
    expect(pageStyles({ assets: documentAssets(MANIFEST_URL, older), chunkStyles: null }, ['page-catalogue'])).toEqual(all);
  });
});

describe("the hashes of a remote's style sheets, for the host to inline them against", () => {
  const HASHES = { 'app.4.css': `sha384-${'A'.repeat(64)}`, 'page-auth.2.css': `sha384-${'B'.repeat(64)}`, 'static/css/x.6.css': `sha384-${'C'.repeat(64)}` };
  const entry = (extra: Partial<RemoteEntry>): RemoteEntry => ({ name: 'storefront', manifestUrl: 'http://127.0.0.1:3001/releases/1.2.3/mf-manifest.json', version: '1.2.3', routes: ['/'], ...extra });
  beforeAll(() => void (getInstance() ?? init({ name: 'shell_test', remotes: [] })));

  it("keys each recorded hash by the URL the page's sheets are resolved to, from the manifest's files", () => {
    const released = entry({ styleIntegrity: HASHES });
    const keyed = styleIntegrityOf(released, manifest)!;
    expect(keyed).toEqual({
      'http://127.0.0.1:3001/releases/1.2.3/app.4.css': HASHES['app.4.css'],
      'http://127.0.0.1:3001/releases/1.2.3/page-auth.2.css': HASHES['page-auth.2.css'],
      'http://127.0.0.1:3001/releases/1.2.3/static/css/x.6.css': HASHES['static/css/x.6.css'],
    });
    const assets = documentAssets(released.manifestUrl, manifest);
    const remote = { assets, chunkStyles: manifestChunkStyles(released.manifestUrl, manifest) };
    for (const sheet of pageStyles(remote, ['page-auth']).filter((url) => /app\.4|page-auth/.test(url))) expect(keyed[sheet], sheet).toBeDefined();
    // A manifest with a public path of its own: its files, and the hashes, are under it.
    const elsewhere = { ...manifest, metaData: { ...manifest.metaData, publicPath: 'http://127.0.0.1:3001/cdn/1.2.3/' } };
    expect(Object.keys(styleIntegrityOf(released, elsewhere)!)).toEqual(['http://127.0.0.1:3001/cdn/1.2.3/app.4.css', 'http://127.0.0.1:3001/cdn/1.2.3/page-auth.2.css', 'http://127.0.0.1:3001/cdn/1.2.3/static/css/x.6.css']);
    expect(documentAssets(released.manifestUrl, elsewhere).styles[0]).toBe('http://127.0.0.1:3001/cdn/1.2.3/app.4.css');
  });

  it("gives none for the operator's bootstrap entry (inlined as read) and an empty set for a release that recorded none (nothing of it inlined)", () => {
    expect(styleIntegrityOf(entry({ bootstrap: true }), manifest)).toBeUndefined();
    expect(styleIntegrityOf(entry({}), manifest)).toEqual({});
    expect(styleIntegrityOf(entry({ bootstrap: true, styleIntegrity: { 'app.4.css': HASHES['app.4.css'] } }), manifest)).toEqual({ 'http://127.0.0.1:3001/releases/1.2.3/app.4.css': HASHES['app.4.css'] });
  });

  it("hands each entry's own hashes with the remote's assets, even when the build was loaded for another entry before", async () => {
    const federation = { fetchManifest: async () => manifest, fetchEntry: async () => 'module.exports = {}' };
    const recordedLater = entry({ manifestUrl: 'http://127.0.0.1:3001/releases/7.7.7/mf-manifest.json', version: '7.7.7' });
    const first = await serverRemote(recordedLater, 1000, ['http://127.0.0.1:3001'], federation);
    expect(first).toMatchObject({ module: null, reason: 'no server build' });
    expect(first.assets.styleIntegrity).toEqual({});
    const again = await serverRemote({ ...recordedLater, styleIntegrity: { 'app.4.css': HASHES['app.4.css'] } }, 1000, ['http://127.0.0.1:3001'], federation);
    expect(again.assets.styleIntegrity).toEqual({ 'http://127.0.0.1:3001/releases/7.7.7/app.4.css': HASHES['app.4.css'] });
    expect(again.assets.styles).toEqual(first.assets.styles);
    const bootstrap = await serverRemote({ ...recordedLater, bootstrap: true }, 1000, ['http://127.0.0.1:3001'], federation);
    expect(bootstrap.assets).not.toHaveProperty('styleIntegrity');
  });
});

describe('which Node builds the host runs (security review 2026-11-29 #4)', () => {
  const ORIGINS = ['http://127.0.0.1:3001'];
  const HASH = `sha384-${'A'.repeat(64)}`;
  // The host's federation instance (the shell's Node build makes it when it loads).
  beforeAll(() => void init({ name: 'shell_test', remotes: [] }));
  const entry = (extra: Partial<RemoteEntry>): RemoteEntry => ({ name: 'storefront', manifestUrl: MANIFEST_URL, version: '1.2.3', routes: ['/'], ...extra });
  /** A federation whose manifest names the Node build at `ssr`; counts the containers fetched. */
  const federationWith = (ssr: { name: string; path: string }) => {
    const fetched: string[] = [];
    return {
      fetched,
      federation: {
        fetchManifest: async () => ({ ...manifest, metaData: { ...manifest.metaData, buildInfo: { buildVersion: `${ssr.path}${ssr.name}` }, ssrRemoteEntry: { ...ssr, type: 'commonjs-module' } } }),
        fetchEntry: async (containerUrl: string) => {
          fetched.push(containerUrl);
          return 'module.exports = {}';
        },
      },
    };
  };

  it('runs a build on a release origin with a recorded hash, or the bootstrap entry; nothing else', () => {
    const onOrigin = 'http://127.0.0.1:3001/server/remoteEntry.js';
    expect(untrustedServerBuild(entry({ serverIntegrity: HASH }), onOrigin, ORIGINS)).toBeNull();
    expect(untrustedServerBuild(entry({ bootstrap: true }), onOrigin, ORIGINS)).toBeNull();
    expect(untrustedServerBuild(entry({}), onOrigin, ORIGINS)).toBe('the release 1.2.3 records no hash of its Node build (serverIntegrity)');
    for (const elsewhere of ['http://attacker.example/x/remoteEntry.js', 'http://127.0.0.1:3002/server/remoteEntry.js', 'file:///etc/passwd', 'data:text/javascript,1']) {
      expect(untrustedServerBuild(entry({ serverIntegrity: HASH, bootstrap: true }), elsewhere, ORIGINS)).toMatch(/is not on the release origins/);
    }
  });

  it('runs a build under a release origin with a path prefix only, compared on the parsed URL', () => {
    const bucket = ['http://minio.localhost:9000/prata-releases/'];
    expect(untrustedServerBuild(entry({ serverIntegrity: HASH }), 'http://minio.localhost:9000/prata-releases/checkout/1.2.3/server/remoteEntry.js', bucket)).toBeNull();
    for (const elsewhere of [
      'http://minio.localhost:9000/prata-images/checkout/server/remoteEntry.js',
      'http://minio.localhost:9000/prata-releases-evil/server/remoteEntry.js',
      'http://minio.localhost:9000/prata-releases/../prata-images/server/remoteEntry.js',
      'http://minio.localhost:9000/prata-releases/..%2Fprata-images/server/remoteEntry.js',
    ]) {
      expect(untrustedServerBuild(entry({ serverIntegrity: HASH }), elsewhere, bucket), elsewhere).toMatch(/is not on the release origins/);
    }
  });

  it('refuses, without fetching it, a Node build a manifest puts on another origin, and a release without its hash', async () => {
    const offOrigin = federationWith({ name: 'remoteEntry.js', path: 'http://attacker.example/x' });
    const refused = await serverRemote(entry({ serverIntegrity: HASH, version: '9.0.0' }), 1000, ORIGINS, offOrigin.federation);
    expect(refused).toMatchObject({ module: null, faulty: true, reason: 'não roda no servidor: its Node build http://attacker.example/x/remoteEntry.js is not on the release origins (http://127.0.0.1:3001)' });
    expect(refused.assets.scripts).toEqual([url('remoteEntry.js'), url('app.js')]);

    const unhashed = federationWith({ name: 'remoteEntry.js', path: 'server' });
    expect(await serverRemote(entry({ version: '9.0.1', manifestUrl: 'http://127.0.0.1:3001/v2/mf-manifest.json' }), 1000, ORIGINS, unhashed.federation)).toMatchObject({ module: null, faulty: true, reason: 'não roda no servidor: the release 9.0.1 records no hash of its Node build (serverIntegrity)' });
    expect([...offOrigin.fetched, ...unhashed.fetched]).toEqual([]);
  });

  it('renders no build whose manifest announces another version than the entry the page was composed with', async () => {
    const ssr = { name: 'remoteEntry.js', path: 'server' };
    const announced = `${ssr.path}${ssr.name}`;
    const moved = federationWith(ssr);
    const refused = await serverRemote(entry({ serverIntegrity: HASH, version: '9.0.2', manifestUrl: 'http://127.0.0.1:3001/v3/mf-manifest.json' }), 1000, ORIGINS, moved.federation);
    expect(refused).toMatchObject({ module: null, faulty: true, reason: `a página foi composta com a versão 9.0.2, mas o manifest anuncia a versão ${announced}` });
    expect(moved.fetched).toEqual([]);
  });
});
