/** Which activations an open tab is told about. */
import { describe, expect, it } from 'vitest';
import { isNewVersion } from './new-version-notice.tsx';

const running = (remote: string) => ({ storefront: '0.1.0-aaaaaaaa', checkout: '0.1.0' })[remote];
const activation = (payload: Record<string, unknown>) => ({ payload });

describe('isNewVersion', () => {
  it('announces another version of a remote than the tab runs', () => {
    expect(isNewVersion(activation({ remote: 'storefront', version: '0.1.0-bbbbbbbb' }), running)).toBe(true);
  });

  it('stays quiet about the version the tab already runs', () => {
    expect(isNewVersion(activation({ remote: 'storefront', version: '0.1.0-aaaaaaaa' }), running)).toBe(false);
  });

  it('announces a rollback to the bootstrap entry (no version)', () => {
    expect(isNewVersion(activation({ remote: 'storefront', version: null }), running)).toBe(true);
  });

  it('ignores payloads without a remote', () => {
    expect(isNewVersion(activation({ version: '1' }), running)).toBe(false);
  });
});
