/**
 * generateRemoteTypes on the shell's fixture modules (shell/scripts/fixtures): the Module
 * Federation layout of the zip, the API types, and the same bytes for the same source.
 * RemoteTypesPlugin in a real rspack compilation: emits both files, and fails the build when the
 * declarations cannot be generated.
 */
// @vitest-environment node
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { rspack, type Stats } from '@rspack/core';
import AdmZip from 'adm-zip';
import { describe, expect, it } from 'vitest';
import { generateRemoteTypes, RemoteTypesPlugin, TYPES_API, TYPES_ZIP } from './remote-types.ts';

const fixtures = path.resolve(import.meta.dirname, '../../shell/scripts/fixtures');
const tsconfig = path.resolve(import.meta.dirname, '../../shell/tsconfig.json');

// Each generation runs the TypeScript compiler (1-2 s alone, several times that on a busy CI machine).
describe('generateRemoteTypes', { timeout: 60_000 }, () => {
  it('zips the declarations under compiled-types/ and an <Expose>.d.ts re-exporting each exposed entry', () => {
    const types = generateRemoteTypes(fixtures, { './App': './remote-fitting.ts' }, tsconfig);
    const zip = new AdmZip(types.zip);
    expect(zip.getEntries().map((entry) => entry.entryName).sort()).toEqual(['App.d.ts', 'compiled-types/remote-fitting.d.ts']);
    expect(zip.readAsText('App.d.ts')).toBe("export * from './compiled-types/remote-fitting';\nexport { default } from './compiled-types/remote-fitting';\n");
    const declaration = zip.readAsText('compiled-types/remote-fitting.d.ts');
    expect(declaration).toContain('contractVersion: 1;');
    expect(declaration).toContain('layout: "panel";');
    expect(declaration).toBe(types.files.get('compiled-types/remote-fitting.d.ts'));
    expect(types.api).toContain("export type RemoteKeys = 'REMOTE_ALIAS_IDENTIFIER/App';");
  });

  it('gives the same bytes for the same source (the release version is a hash of them)', () => {
    const first = generateRemoteTypes(fixtures, { './App': './remote-fitting.ts' }, tsconfig);
    const second = generateRemoteTypes(fixtures, { './App': './remote-fitting.ts' }, tsconfig);
    expect(second.zip.equals(first.zip)).toBe(true);
    // Not the time of the build: every entry carries the same fixed time stamp.
    expect(new AdmZip(first.zip).getEntries().map((entry) => entry.header.time.getFullYear())).toEqual([2000, 2000]);
    const other = generateRemoteTypes(fixtures, { './App': './remote-app-number.ts' }, tsconfig);
    expect(other.zip.equals(first.zip)).toBe(false);
  });

  it('fails when an exposed module does not exist', () => {
    expect(() => generateRemoteTypes(fixtures, { './App': './missing.ts' }, tsconfig)).toThrow(/missing\.ts/);
  });
});

/** Compiles fixtures/remote-fitting.ts with RemoteTypesPlugin(exposes) into a temporary directory. */
async function compile(exposes: Record<string, string>): Promise<{ stats: Stats; out: string }> {
  const out = await mkdtemp(path.join(os.tmpdir(), 'prata-remote-types-plugin-'));
  const compiler = rspack({
    context: fixtures,
    mode: 'production',
    entry: './remote-fitting.ts',
    output: { path: out },
    module: { rules: [{ test: /\.ts$/, loader: 'builtin:swc-loader', options: { jsc: { parser: { syntax: 'typescript' } } }, type: 'javascript/auto' }] },
    plugins: [new RemoteTypesPlugin(exposes, tsconfig)],
  });
  const stats = await new Promise<Stats>((resolve, reject) => compiler.run((error, result) => (error || !result ? reject(error) : resolve(result))));
  await new Promise<void>((resolve) => compiler.close(() => resolve()));
  return { stats, out };
}

describe('RemoteTypesPlugin', () => {
  it('emits @mf-types.zip and @mf-types.d.ts with the build', async () => {
    const { stats, out } = await compile({ './App': './remote-fitting.ts' });
    try {
      expect(stats.hasErrors()).toBe(false);
      const zip = new AdmZip(await readFile(path.join(out, TYPES_ZIP)));
      expect(zip.getEntry('App.d.ts')).not.toBeNull();
      expect(await readFile(path.join(out, TYPES_API), 'utf8')).toContain('RemoteKeys');
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 30_000);

  it('fails the build when the declarations cannot be generated', async () => {
    const { stats, out } = await compile({ './App': './missing.ts' });
    try {
      expect(stats.hasErrors()).toBe(true);
      expect(stats.toJson({ errors: true }).errors?.map((error) => error.message).join('\n')).toContain('RemoteTypesPlugin: exposed modules not found: ./App');
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 30_000);
});
