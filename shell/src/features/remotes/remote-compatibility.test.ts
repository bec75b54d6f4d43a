/** Load-time skew check: the remote manifest's singleton ranges against what the shell registered. */
import { describe, expect, it } from 'vitest';
import { hostProvisions, manifestRequirements, singletonProblems, versionSkew, type FederationView } from './remote-compatibility.ts';

const manifestUrl = 'http://127.0.0.1:3001/releases/0.1.0-aaaaaaaa/mf-manifest.json';
function federation(manifest: unknown): FederationView {
  return {
    options: {
      name: 'shell',
      shared: {
        react: [
          { version: '19.3.1', from: 'shell' },
          { version: '19.2.0', from: 'storefront' },
        ],
        zustand: [{ version: '5.1.0', from: 'shell' }],
      },
    },
    snapshotHandler: { manifestCache: new Map([[manifestUrl, manifest]]) },
  };
}
const manifest = (react: string) => ({ shared: [{ name: 'react', singleton: true, requiredVersion: react }, { name: 'zustand', singleton: true, requiredVersion: '^5.0.0' }, { name: 'lodash', singleton: false, requiredVersion: '^4.0.0' }] });

describe('remote compatibility', () => {
  it("reads the shell's own versions and the remote's singleton ranges", () => {
    expect(hostProvisions(federation(null))).toEqual({ react: '19.3.1', zustand: '5.1.0' });
    expect(manifestRequirements(manifest('^19.3.1'))).toEqual({ react: '^19.3.1', zustand: '^5.0.0' });
  });

  it('accepts a remote whose ranges the shell meets', () => {
    expect(singletonProblems(manifestUrl, federation(manifest('^19.3.1')))).toEqual([]);
  });

  it('refuses a remote that needs another major of a singleton', () => {
    expect(singletonProblems(manifestUrl, federation(manifest('^20.0.0')))).toEqual(['o remote pede react ^20.0.0, e o shell fornece 19.3.1']);
  });

  it('has nothing to say about a remote whose manifest the runtime has not seen', () => {
    expect(singletonProblems('http://127.0.0.1:9/mf-manifest.json', federation(manifest('^20.0.0')))).toEqual([]);
  });

  it('names both versions when the browser received another build than the page was composed with', () => {
    const built = (version: string) => ({ metaData: { buildInfo: { buildVersion: version } } });
    const pinned = { version: '0.1.0-aaaaaaaa', manifestUrl, bootstrap: false };
    expect(versionSkew(pinned, federation(built('0.1.0-aaaaaaaa')))).toBeNull();
    expect(versionSkew(pinned, federation(built('0.1.0-bbbbbbbb')))).toEqual({ pinned: '0.1.0-aaaaaaaa', received: '0.1.0-bbbbbbbb' });
    // The operator's bootstrap entry names no build; an unknown manifest says nothing.
    expect(versionSkew({ ...pinned, bootstrap: true }, federation(built('0.1.0-bbbbbbbb')))).toBeNull();
    expect(versionSkew({ ...pinned, manifestUrl: 'http://127.0.0.1:9/mf-manifest.json' }, federation(built('0.1.0-bbbbbbbb')))).toBeNull();
  });
});
