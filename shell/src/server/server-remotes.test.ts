/** The style sheets a server-rendered page inlines for its remote: `./App`'s and its own page's, from the manifest. */
import { describe, expect, it } from 'vitest';
import { documentAssets, manifestChunkStyles, pageStyles } from './server-remotes.ts';

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
