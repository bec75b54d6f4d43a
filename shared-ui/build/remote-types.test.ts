/**
 * generateRemoteTypes on the shell's fixture modules (shell/scripts/fixtures): the Module
 * Federation layout of the zip, the API types, and the same bytes for the same source.
 */
// @vitest-environment node
import path from 'node:path';
import AdmZip from 'adm-zip';
import { describe, expect, it } from 'vitest';
import { generateRemoteTypes } from './remote-types.ts';

const fixtures = path.resolve(import.meta.dirname, '../../shell/scripts/fixtures');
const tsconfig = path.resolve(import.meta.dirname, '../../shell/tsconfig.json');

describe('generateRemoteTypes', () => {
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
    const other = generateRemoteTypes(fixtures, { './App': './remote-app-number.ts' }, tsconfig);
    expect(other.zip.equals(first.zip)).toBe(false);
  });

  it('fails when an exposed module does not exist', () => {
    expect(() => generateRemoteTypes(fixtures, { './App': './missing.ts' }, tsconfig)).toThrow(/missing\.ts/);
  });
});
