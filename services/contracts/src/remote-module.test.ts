/** Skew rules between a remote build and a shell: contract major and shared singleton ranges. */
import { describe, expect, it } from 'vitest';
import { REMOTE_MODULE_CONTRACT_VERSION, remoteCompatibilityProblems } from './remote-module.ts';

/** A minimal caret-range check for the test (the callers pass npm semver or the runtime's satisfy). */
const caret = (version: string, range: string) => {
  const [major] = version.split('.');
  return range.startsWith('^') ? range.slice(1).split('.')[0] === major && version >= range.slice(1) : version === range;
};
const host = { contractVersion: REMOTE_MODULE_CONTRACT_VERSION, provides: { react: '19.3.1', zustand: '5.1.0' } };

describe('remoteCompatibilityProblems', () => {
  it('accepts a remote whose contract major and singleton ranges the shell meets', () => {
    expect(remoteCompatibilityProblems({ contractVersion: 1, requires: { react: '^19.3.0', zustand: '^5.1.0' } }, host, caret)).toEqual([]);
  });

  it('names every problem in pt-BR: contract major, a missing singleton, a version out of range', () => {
    expect(remoteCompatibilityProblems({ contractVersion: 2, requires: { react: '^20.0.0', 'react-router-dom': '^7.18.5' } }, host, caret)).toEqual([
      'o remote usa o contrato RemoteModule 2, e o shell lê o 1',
      'o remote pede react ^20.0.0, e o shell fornece 19.3.1',
      'o shell não fornece react-router-dom (o remote pede ^7.18.5)',
    ]);
  });
});
