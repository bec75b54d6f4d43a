/** The staff preview kept in this browser: read, recognised in a registry, ended. */
import { afterEach, describe, expect, it } from 'vitest';
import type { RemoteRegistry } from '@prata/contracts/platform';
import { REMOTE_PREVIEW_STORAGE_KEY } from '@prata/contracts/releases';
import { endPreview, previewInEffect, requestedPreview } from './remote-preview.ts';

const registry = (version: string): RemoteRegistry => [{ name: 'storefront', manifestUrl: `http://127.0.0.1:3001/releases/${version}/mf-manifest.json`, version, routes: ['/'] }];

afterEach(() => localStorage.clear());

describe('staff preview', () => {
  it('reads the preview the devtools card wrote and ends it', () => {
    localStorage.setItem(REMOTE_PREVIEW_STORAGE_KEY, JSON.stringify({ remote: 'storefront', version: '0.1.0-bbbbbbbb' }));
    expect(requestedPreview()).toEqual({ remote: 'storefront', version: '0.1.0-bbbbbbbb' });
    endPreview();
    expect(requestedPreview()).toBeNull();
  });

  it('ignores what is not a preview', () => {
    localStorage.setItem(REMOTE_PREVIEW_STORAGE_KEY, JSON.stringify({ remote: 'payments', version: '1' }));
    expect(requestedPreview()).toBeNull();
    localStorage.setItem(REMOTE_PREVIEW_STORAGE_KEY, '{broken');
    expect(requestedPreview()).toBeNull();
  });

  it('is in effect only when the registry serves the previewed version', () => {
    const preview = { remote: 'storefront' as const, version: '0.1.0-bbbbbbbb' };
    expect(previewInEffect(registry('0.1.0-bbbbbbbb'), preview)).toBe(true);
    expect(previewInEffect(registry('0.1.0-aaaaaaaa'), preview)).toBe(false);
    expect(previewInEffect(registry('0.1.0-bbbbbbbb'), null)).toBe(false);
  });
});
