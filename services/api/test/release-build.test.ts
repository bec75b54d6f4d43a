/**
 * The release command's file work on real files: publishing a build copies it once to
 * `<deploy>/<remote>/<version>/` and hashes its entry; the skew check refuses a build whose
 * contract major or singleton ranges the shell (its build-info.json, read over real HTTP) does not meet;
 * the types check (the shell's script, run as a process) refuses a build whose published `./App`
 * types do not satisfy the shell's RemoteModule, with TypeScript's diagnostic.
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import AdmZip from 'adm-zip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppBuildInfo } from '@prata/contracts';
import { compatibilityProblems, publishBuild, remoteTypesProblems, shellBuildInfo } from '../src/scripts/release-build.ts';
import { LocalDiskReleaseStorage } from '../src/storage/release-storage.ts';

let dir: string;
let shellServer: http.Server;
let shellUrl: string;
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
