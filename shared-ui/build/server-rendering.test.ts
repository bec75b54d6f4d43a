/** The style sheets recorded per named chunk group, for the shell's host to inline a page's own only. */
import type { Compilation } from '@rspack/core';
import { describe, expect, it } from 'vitest';
import { chunkStyles } from './server-rendering.ts';

const group = (...files: string[]) => ({ getFiles: () => files });

describe('chunkStyles', () => {
  it("lists each named group's CSS files (its split chunks' included), sorted, and leaves out groups without CSS", () => {
    const namedChunkGroups = new Map([
      ['page-product', group('page-product.1.js', 'page-product.2.css', 'shared-form-controls.3.css', 'shared-form-controls.4.js')],
      ['page-catalogue', group('page-catalogue.5.js', 'shared-toggle-group.6.css')],
      ['page-about', group('page-about.7.js')],
      ['main', group('main.8.js', 'main.9.css', 'main.9.css')],
    ]);
    expect(chunkStyles({ namedChunkGroups } as unknown as Pick<Compilation, 'namedChunkGroups'>)).toEqual({
      main: ['main.9.css'],
      'page-catalogue': ['shared-toggle-group.6.css'],
      'page-product': ['page-product.2.css', 'shared-form-controls.3.css'],
    });
  });
});
