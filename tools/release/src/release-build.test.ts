/**
 * The release command's file work on real files: publishing a build copies it once to
 * `<deploy>/<remote>/<version>/` and hashes its entry; the skew check refuses a build whose
 * contract major or singleton ranges the shell (its build-info.json, read over real HTTP) does not meet;
 * the types check (the shell's script, run as a process) refuses a build whose published `./App`
 * types do not satisfy the shell's RemoteModule, with TypeScript's diagnostic. Both
 * builds are published and the Node container hashed; the weight check refuses a build over its
 * budget, and one more than 5 % heavier than the live version (its recorded weight, or the
 * build-info.json next to its manifest over real HTTP) unless the growth is accepted. The hashes
 * of a build's style sheets: every sheet its manifest lists, read from the build directory, by
 * the manifest's name; a manifest naming a sheet outside the build is refused.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import AdmZip from 'adm-zip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppBuildInfo, RemoteReleaseList } from '@prata/contracts';
import type { AppWeight } from '@prata/contracts/build-weight';
import { LocalDiskReleaseStorage } from '@prata/api/releases';
import { checkWeight, compatibilityProblems, hashStyleSheets, liveWeight, publishBuild, readBuildWeight, remoteTypesProblems, shellBuildInfo, takeSourceMaps } from './release-build.ts';

let dir: string;
let shellServer: http.Server;
let shellUrl: string;
/** What the shell's origin answers for `/live/build-info.json` (the live storefront's), null: 404. */
let liveBuildInfo: unknown = null;
const shell: AppBuildInfo = {
  name: 'shell', kind: 'host', version: '0.1.0-11111111', packageVersion: '0.1.0', contentHash: '11111111', builtAt: '2026-11-23T09:00:00.000Z',
  contractVersion: 1, shared: { react: '19.3.1', zustand: '5.1.0' },
};

/** Writes a storefront build (contract `contractVersion`, requiring `react`) to a fresh directory. */
async function buildDir(contractVersion: number, react: string): Promise<string> {
  const build = await mkdtemp(path.join(dir, 'build-'));
  await writeFile(path.join(build, 'build-info.json'), JSON.stringify({ ...shell, name: 'storefront', kind: 'remote', version: '0.1.0-22222222', contentHash: '22222222', contractVersion, shared: { react } }));
  await writeFile(path.join(build, 'mf-manifest.json'), JSON.stringify({ shared: [{ name: 'react', singleton: true, requiredVersion: react }, { name: 'zustand', singleton: true, requiredVersion: '^5.0.0' }] }));
  await writeFile(path.join(build, 'remoteEntry.js'), 'var storefront;');
  await mkdir(path.join(build, 'static'));
  await writeFile(path.join(build, 'static', 'main.0123abcd.js'), '/* chunk */');
  return build;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'prata-release-build-'));
  shellServer = http.createServer((request, response) => {
    if (request.url === '/live/build-info.json' && liveBuildInfo !== null) return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(liveBuildInfo));
    if (request.url !== '/build-info.json') return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(shell));
  });
  await new Promise<void>((resolve) => shellServer.listen(0, '127.0.0.1', resolve));
  shellUrl = `http://127.0.0.1:${(shellServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => shellServer.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

describe('publishBuild', () => {
  it('copies the build once under <remote>/<version>/ of the local storage and hashes its entry (SRI sha384)', async () => {
    const build = await buildDir(1, '^19.3.1');
    const deploy = path.join(dir, 'deploy');
    const storage = new LocalDiskReleaseStorage(deploy);
    const first = await publishBuild({ remote: 'storefront', version: '0.1.0-22222222', dir: build, dispose: async () => undefined }, storage);
    expect(first.location).toBe(path.join(deploy, 'storefront', '0.1.0-22222222'));
    expect(first.copied).toBe(true);
    expect(first.integrity).toBe(`sha384-${createHash('sha384').update('var storefront;').digest('base64')}`);
    expect(await readFile(path.join(first.location, 'static', 'main.0123abcd.js'), 'utf8')).toBe('/* chunk */');
    const again = await publishBuild({ remote: 'storefront', version: '0.1.0-22222222', dir: build, dispose: async () => undefined }, storage);
    expect(again).toEqual({ ...first, copied: false });
    expect(first.serverIntegrity).toBeNull();
  });

  it('publishes the Node build with the browser build and hashes its container', async () => {
    const build = await buildDir(1, '^19.3.1');
    await mkdir(path.join(build, 'server'));
    await writeFile(path.join(build, 'server', 'remoteEntry.js'), 'module.exports = { storefront: 1 };');
    const storage = new LocalDiskReleaseStorage(path.join(dir, 'deploy-twin'));
    const published = await publishBuild({ remote: 'storefront', version: '0.1.0-33333333', dir: build, dispose: async () => undefined }, storage);
    expect(published.integrity).toBe(`sha384-${createHash('sha384').update('var storefront;').digest('base64')}`);
    expect(published.serverIntegrity).toBe(`sha384-${createHash('sha384').update('module.exports = { storefront: 1 };').digest('base64')}`);
    expect(await readFile(path.join(published.location, 'server', 'remoteEntry.js'), 'utf8')).toBe('module.exports = { storefront: 1 };');
  });
});

describe('style sheet hashes (styleIntegrity)', () => {
  const sri = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
  /** A build whose manifest lists `css` as the federation manifest does, with the files `files` (name -> text). */
  async function styledBuild(files: Record<string, string>, manifest: object): Promise<string> {
    const build = await buildDir(1, '^19.3.1');
    for (const [name, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(build, name)), { recursive: true });
      await writeFile(path.join(build, name), text);
    }
    await writeFile(path.join(build, 'mf-manifest.json'), JSON.stringify(manifest));
    return build;
  }
  const files = {
    '__federation_expose_App.d11e1dcc.css': '.app{color:#111}',
    'page-auth.f9fc03e1.css': '.auth{margin:0}',
    'static/css/shared-form-controls.65ad4f94.css': '.field{border:1px solid}',
    'main.8288779b.css': 'body{margin:0}',
    'unlisted.00000000.css': '.x{}',
  };
  const manifest = {
    metaData: { publicPath: 'auto', chunkStyles: { main: ['main.8288779b.css'], 'page-auth': ['page-auth.f9fc03e1.css', 'static/css/shared-form-controls.65ad4f94.css'], broken: [42] } },
    shared: [{ name: 'react', assets: { css: { sync: [], async: [] } } }, { name: '@prata/shared-ui', assets: { css: { sync: ['static/css/shared-form-controls.65ad4f94.css'], async: [] } } }],
    exposes: [{ path: './App', assets: { js: { sync: ['app.js'] }, css: { sync: ['__federation_expose_App.d11e1dcc.css'], async: ['page-auth.f9fc03e1.css'] } } }],
  };

  it("hashes each sheet the manifest lists (exposes, shared modules, chunkStyles), once, from the build's files, by the manifest's name", async () => {
    const build = await styledBuild(files, manifest);
    expect(await hashStyleSheets(build)).toEqual({
      '__federation_expose_App.d11e1dcc.css': sri('.app{color:#111}'),
      'page-auth.f9fc03e1.css': sri('.auth{margin:0}'),
      'static/css/shared-form-controls.65ad4f94.css': sri('.field{border:1px solid}'),
      'main.8288779b.css': sri('body{margin:0}'),
    });
    // publishBuild records them with the entry's hash; a build whose manifest lists no sheet records none.
    const published = await publishBuild({ remote: 'storefront', version: '0.1.0-44444444', dir: build, dispose: async () => undefined }, new LocalDiskReleaseStorage(path.join(dir, 'deploy-styled')));
    expect(published.styleIntegrity).toEqual(await hashStyleSheets(build));
    expect(await hashStyleSheets(await buildDir(1, '^19.3.1'))).toEqual({});
  });

  it('refuses a manifest that names a sheet outside the build, or one the build lacks', async () => {
    const outside = await styledBuild(files, { ...manifest, exposes: [{ path: './App', assets: { css: { sync: ['../secret.css'] } } }] });
    await expect(hashStyleSheets(outside)).rejects.toThrow('lists the style sheet "../secret.css", which is not a relative .css path');
    const lacking = await styledBuild({}, manifest);
    await expect(hashStyleSheets(lacking)).rejects.toThrow(/ENOENT/);
  });
});

describe('weight check before publishing', () => {
  const budget = { js: 40_000, css: 8_000 };
  /** A storefront build whose build-info.json records `weight` and the budget above. */
  async function weighedBuild(weight: AppWeight): Promise<string> {
    const build = await buildDir(1, '^19.3.1');
    const info = JSON.parse(await readFile(path.join(build, 'build-info.json'), 'utf8')) as Record<string, unknown>;
    await writeFile(path.join(build, 'build-info.json'), JSON.stringify({ ...info, weight, budget }));
    return build;
  }
  /** The release list of a storefront whose live version is `active` (weight `recorded`), or the bootstrap build at `<shell>/live/`. */
  const listWith = (active: string | null, recorded: AppWeight | null = null): RemoteReleaseList => ({
    remote: 'storefront',
    active,
    current: { name: 'storefront', version: active ?? '0.1.0', manifestUrl: `${shellUrl}/live/mf-manifest.json`, routes: ['/'] },
    canary: null,
    history: [],
    releases: active
      ? [{ remote: 'storefront', version: active, manifestUrl: `${shellUrl}/live/mf-manifest.json`, integrity: `sha384-${'A'.repeat(64)}`, serverIntegrity: null, styleIntegrity: null, weight: recorded, publishedAt: '2026-11-26T10:00:00.000Z', publishedBy: 'cli:root', notes: '', active: true }]
      : [],
  });
  const target = (build: string) => ({ remote: 'storefront' as const, version: '0.1.0-22222222', dir: build });

  it("reads the build's weight and budget, and refuses a build that records none", async () => {
    expect(await readBuildWeight(await weighedBuild({ jsGzip: 1, cssGzip: 2 }))).toEqual({ weight: { jsGzip: 1, cssGzip: 2 }, budget });
    await expect(readBuildWeight(await buildDir(1, '^19.3.1'))).rejects.toThrow('build-info.json of storefront 0.1.0-22222222 records no weight or budget');
  });

  it('refuses a build over its budget, with the figures', async () => {
    const check = await checkWeight(target(await weighedBuild({ jsGzip: 40_001, cssGzip: 7_000 })), listWith(null), true);
    expect(check.refusal).toBe('storefront 0.1.0-22222222 não foi publicada: acima do orçamento de bytes (mf-storefront/package.json, prata.budget):\n  - JS inicial de 40.001 B gzip acima do orçamento de 40.000 B (+1 B)');
  });

  it("refuses one more than 5 % heavier than the live version's recorded weight unless the growth is accepted, printing both figures", async () => {
    const build = await weighedBuild({ jsGzip: 31_600, cssGzip: 6_000 });
    const list = listWith('0.1.0-11111111', { jsGzip: 30_000, cssGzip: 6_000 });
    const refused = await checkWeight(target(build), list, false);
    expect(refused.live).toEqual({ weight: { jsGzip: 30_000, cssGzip: 6_000 }, version: '0.1.0-11111111', source: 'registro da versão' });
    expect(refused.refusal).toBe(
      'storefront 0.1.0-22222222 não foi publicada: mais de 5 % mais pesada que a versão no ar 0.1.0-11111111 (registro da versão); para aceitar, repita com --accept-growth:\n' +
        '  - JS inicial de 31.600 B gzip, 5,33 % acima dos 30.000 B da versão no ar (limite: 5 %)',
    );
    expect(refused.summary).toContain('JS 31.600 B gzip, CSS 6.000 B gzip (budget 40.000 B / 8.000 B; live 0.1.0-11111111: JS 30.000 B, CSS 6.000 B)');
    const accepted = await checkWeight(target(build), list, true);
    expect(accepted.refusal).toBeNull();
    expect(accepted.acceptedGrowth).toEqual(['JS inicial de 31.600 B gzip, 5,33 % acima dos 30.000 B da versão no ar (limite: 5 %)']);
    expect((await checkWeight(target(await weighedBuild({ jsGzip: 31_500, cssGzip: 6_300 })), list, false)).refusal).toBeNull();
  });

  it("reads the live bootstrap build's weight from the build-info.json next to its manifest (real HTTP); unknown: only the budget counts", async () => {
    const build = await weighedBuild({ jsGzip: 30_000, cssGzip: 7_000 });
    liveBuildInfo = { ...shell, name: 'storefront', kind: 'remote', weight: { jsGzip: 30_000, cssGzip: 6_000 }, budget };
    try {
      expect(await liveWeight(listWith(null))).toEqual({ weight: { jsGzip: 30_000, cssGzip: 6_000 }, version: '0.1.0', source: `${shellUrl}/live/build-info.json` });
      // An active release recorded without a weight is looked up the same way.
      expect((await liveWeight(listWith('0.1.0-11111111')))?.source).toBe(`${shellUrl}/live/build-info.json`);
      const check = await checkWeight(target(build), listWith(null), false);
      expect(check.refusal).toMatch(/^storefront 0\.1\.0-22222222 não foi publicada: mais de 5 % mais pesada que a versão no ar 0\.1\.0 \(http:.*\/live\/build-info\.json\)/);
      expect(check.refusal).toContain('  - CSS inicial de 7.000 B gzip, 16,67 % acima dos 6.000 B da versão no ar (limite: 5 %)');
    } finally {
      liveBuildInfo = null;
    }
    expect(await liveWeight(listWith(null))).toBeNull();
    const unknown = await checkWeight(target(build), listWith(null), false);
    expect(unknown.refusal).toBeNull();
    expect(unknown.summary).toContain('live version: weight unknown');
  });
});

describe('skew check before publishing', () => {
  it("reads the running shell's build-info.json", async () => {
    expect(await shellBuildInfo(shellUrl)).toEqual({ info: shell, source: `${shellUrl}/build-info.json` });
  });

  it('accepts a build the shell meets', async () => {
    expect(await compatibilityProblems(await buildDir(1, '^19.3.1'), shell)).toEqual([]);
  });

  it('refuses another contract major and a singleton range the shell does not meet', async () => {
    expect(await compatibilityProblems(await buildDir(2, '^20.0.0'), shell)).toEqual([
      'o remote usa o contrato RemoteModule 2, e o shell lê o 1',
      'o remote pede react ^20.0.0, e o shell fornece 19.3.1',
    ]);
  });
});

/**
 * A storefront build whose manifest publishes `App.d.ts` (the declarations of its `./App`) in
 * `@mf-types.zip`, or names no types when `declaration` is null.
 */
async function typedBuildDir(declaration: string | null): Promise<string> {
  const build = await buildDir(1, '^19.3.1');
  const types = { path: '', name: '', zip: declaration === null ? '' : '@mf-types.zip', api: '' };
  await writeFile(path.join(build, 'mf-manifest.json'), JSON.stringify({ name: 'storefront', metaData: { types }, exposes: [{ id: 'storefront:App', name: 'App', path: './App' }], shared: [] }));
  if (declaration !== null) {
    const zip = new AdmZip();
    zip.addFile('App.d.ts', Buffer.from(declaration));
    await writeFile(path.join(build, '@mf-types.zip'), zip.toBuffer());
  }
  return build;
}

describe('types check before publishing', () => {
  const app = "import type { ComponentType } from 'react';\ndeclare const App: ComponentType;\n";

  it('accepts a build whose ./App types satisfy the RemoteModule contract', async () => {
    const build = await typedBuildDir(`${app}declare const _default: { readonly contractVersion: 1; readonly App: typeof App; readonly routes: readonly [{ readonly path: '/*'; readonly layout: 'store' }] };\nexport default _default;\n`);
    expect(await remoteTypesProblems(build)).toEqual([]);
  }, 30_000);

  it("refuses a build whose ./App has no routes, with TypeScript's diagnostic", async () => {
    const build = await typedBuildDir(`${app}declare const _default: { readonly contractVersion: 1; readonly App: typeof App };\nexport default _default;\n`);
    const problems = await remoteTypesProblems(build);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("storefront: the published types of ./App do not satisfy the shell's RemoteModule");
    expect(problems[0]).toMatch(/error TS2741: Property 'routes' is missing in type .* but required in type 'RemoteModule'/);
  }, 30_000);

  it('refuses a build that publishes no types', async () => {
    const problems = await remoteTypesProblems(await typedBuildDir(null));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('publishes no types of its exposed modules');
  }, 30_000);
});

describe('takeSourceMaps', () => {
  it("returns the browser build's JS maps and deletes every map from the build", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'prata-maps-'));
    await mkdir(path.join(dir, 'server'));
    const files: Record<string, string> = {
      'main.0a1b2c3d.js': 'x',
      'main.0a1b2c3d.js.map': '{"version":3,"file":"main.0a1b2c3d.js"}',
      'remoteEntry.js.map': '{"version":3,"file":"remoteEntry.js"}',
      'main.0a1b2c3d.css.map': '{"version":3}',
      'server/remoteEntry.js.map': '{"version":3,"file":"server"}',
      'server/remoteEntry.js': 'y',
    };
    for (const [name, content] of Object.entries(files)) await writeFile(path.join(dir, name), content);
    const maps = await takeSourceMaps(dir);
    expect(maps.map((map) => [map.file, map.json]).sort()).toEqual([
      ['main.0a1b2c3d.js', files['main.0a1b2c3d.js.map']],
      ['remoteEntry.js', files['remoteEntry.js.map']],
    ]);
    expect((await readdir(dir, { recursive: true })).sort()).toEqual(['main.0a1b2c3d.js', 'server', 'server/remoteEntry.js']);
    await rm(dir, { recursive: true, force: true });
  });
});
