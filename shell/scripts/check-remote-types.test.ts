/**
 * The shell's check of a remote's published types (check-remote-types.ts): a real
 * production build of mf-checkout passes; fixture builds whose `./App` breaks the RemoteModule
 * contract fail with TypeScript's diagnostic, read from a build directory, over HTTP from a
 * manifest URL, and through the command line.
 */
// @vitest-environment node
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateRemoteTypes } from '@prata/shared-ui/remote-types';
import { checkRemoteTypes } from './check-remote-types.ts';

const run = promisify(execFile);
const SHELL_DIR = path.resolve(import.meta.dirname, '..');
const REPO_ROOT = path.dirname(SHELL_DIR);
const SCRIPT = path.join(import.meta.dirname, 'check-remote-types.ts');
let dir: string;

/**
 * A build directory whose manifest publishes the types of fixtures/<fixture>.ts as `./App` and of
 * each `widgets` fixture file (name -> file in fixtures/) as `./<Name>`.
 */
async function fixtureBuild(fixture: string, withTypes = true, widgets: Record<string, string> = {}): Promise<string> {
  const build = await mkdtemp(path.join(dir, `${fixture}-`));
  const exposes = { './App': `./${fixture}.ts`, ...Object.fromEntries(Object.entries(widgets).map(([name, file]) => [`./${name}`, `./${file}`])) };
  const types = generateRemoteTypes(path.join(import.meta.dirname, 'fixtures'), exposes, path.join(SHELL_DIR, 'tsconfig.json'));
  await writeFile(path.join(build, '@mf-types.zip'), types.zip);
  const manifest = {
    name: fixture,
    metaData: { types: { path: '', name: '', zip: withTypes ? '@mf-types.zip' : '', api: '' } },
    exposes: Object.keys(exposes).map((exposed) => ({ id: `${fixture}:${exposed.slice(2)}`, name: exposed.slice(2), path: exposed })),
  };
  await writeFile(path.join(build, 'mf-manifest.json'), JSON.stringify(manifest));
  return build;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'prata-remote-types-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

// Each check compiles with TypeScript (2-3 s alone, several times that when CI runs builds beside it).
describe('checkRemoteTypes', { timeout: 60_000 }, () => {
  it("passes a real production build of mf-checkout, whose manifest points at the types it published", async () => {
    const out = await mkdtemp(path.join(dir, 'checkout-'));
    await run(process.execPath, [path.join(REPO_ROOT, 'node_modules/@rspack/cli/bin/rspack.js'), 'build', '--mode', 'production', '--output-path', out], {
      cwd: path.join(REPO_ROOT, 'mf-checkout'),
      env: { ...process.env, NODE_ENV: 'production' },
    });
    const manifest = JSON.parse(await readFile(path.join(out, 'mf-manifest.json'), 'utf8')) as { metaData: { types: Record<string, string> } };
    expect(manifest.metaData.types).toEqual({ path: '', name: '', zip: '@mf-types.zip', api: '@mf-types.d.ts' });
    expect(await checkRemoteTypes(out)).toEqual({ remote: 'checkout', zip: path.join(out, '@mf-types.zip'), ok: true, checked: ['./App'], diagnostics: '' });
  }, 120_000);

  it('passes a module that fits the contract without defineRemoteModule', async () => {
    expect(await checkRemoteTypes(await fixtureBuild('remote-fitting'))).toMatchObject({ remote: 'remote-fitting', ok: true, diagnostics: '' });
  });

  it("fails a module without routes, with TypeScript's diagnostic", async () => {
    const result = await checkRemoteTypes(await fixtureBuild('remote-without-routes'));
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toMatch(/^__check-remote-module\.ts\(\d+,\d+\): error TS2741: Property 'routes' is missing in type .* but required in type 'RemoteModule'\./);
  });

  it("fails a module whose App is a number, with TypeScript's diagnostic", async () => {
    const result = await checkRemoteTypes(await fixtureBuild('remote-app-number'));
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toContain("error TS2322: Type '{ contractVersion: 1; App: number;");
    expect(result.diagnostics).toContain("Type 'number' is not assignable to type 'ComponentType'.");
  });

  it('reads the manifest and the zip it names over HTTP from a manifest URL', async () => {
    const build = await fixtureBuild('remote-without-routes');
    const server = http.createServer((request, response) => {
      const file = path.join(build, decodeURIComponent(new URL(request.url!, 'http://x').pathname.replace(/^\/releases\/1\//, '')));
      readFile(file).then((body) => response.writeHead(200).end(body), () => response.writeHead(404).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/releases/1/`;
      const result = await checkRemoteTypes(`${base}mf-manifest.json`);
      expect(result).toMatchObject({ remote: 'remote-without-routes', zip: `${base}@mf-types.zip`, ok: false });
      expect(result.diagnostics).toContain("Property 'routes' is missing");
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("checks every other exposed module as a widget: a component passes, a default export that is not one fails", async () => {
    const fitting = await checkRemoteTypes(await fixtureBuild('remote-fitting', true, { Painel: 'widget-component.tsx' }));
    expect(fitting).toMatchObject({ ok: true, checked: ['./App', './Painel'], diagnostics: '' });
    const broken = await checkRemoteTypes(await fixtureBuild('remote-fitting', true, { Painel: 'widget-component.tsx', Quebrado: 'widget-string.ts' }));
    expect(broken).toMatchObject({ ok: false, checked: ['./App', './Painel', './Quebrado'] });
    expect(broken.diagnostics).toContain("error TS2322: Type 'string' is not assignable to type 'RemoteWidgetComponent'.");
    expect(broken.diagnostics).not.toContain('widgetContract0');
  });

  it('refuses a build whose manifest names no types', async () => {
    await expect(checkRemoteTypes(await fixtureBuild('remote-fitting', false))).rejects.toThrow('publishes no types of its exposed modules (metaData.types.zip is empty)');
  });
});

describe('node shell/scripts/check-remote-types.ts', () => {
  it('exits 0 for builds that fit and 1 with the diagnostics for one that does not', async () => {
    const fitting = await fixtureBuild('remote-fitting');
    const { stdout } = await run(process.execPath, [SCRIPT, fitting]);
    expect(stdout).toContain("ok: remote-fitting ./App satisfies the shell's RemoteModule");
    const broken = await fixtureBuild('remote-without-routes');
    const failure = await run(process.execPath, [SCRIPT, fitting, broken]).then(() => null, (error: { code: number; stdout: string; stderr: string }) => error);
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toContain('ok: remote-fitting');
    expect(failure?.stderr).toContain("remote-without-routes: the published types of ./App do not satisfy the shell's RemoteModule");
    expect(failure?.stderr).toContain('error TS2741');
  }, 90_000);
});
