/** Which activations an open tab is told about, and its reload at the next navigation. */
import { act } from 'react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, type Rendered } from '@prata/shared-ui/testing';
import { isNewVersion, useReloadOnNextNavigation } from './new-version-notice.tsx';

const running = (remote: string) => ({ storefront: '0.1.0-aaaaaaaa', checkout: '0.1.0' })[remote];
const activation = (payload: Record<string, unknown>) => ({ event: 'RemoteReleaseActivated' as const, payload });

describe('isNewVersion', () => {
  it('ignores a canary starting or ending (its clients get the version when they load a page)', () => {
    expect(isNewVersion({ event: 'RemoteCanaryChanged', payload: { remote: 'storefront', version: '0.1.0-bbbbbbbb', percent: 10 } }, running)).toBe(false);
  });

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

describe('useReloadOnNextNavigation', () => {
  let rendered: Rendered | undefined;
  afterEach(() => rendered?.unmount());

  /** Mounts the hook in a memory router at `/produtos`; returns its navigate function. */
  function mount(active: boolean, reload: () => void): { navigate: () => NavigateFunction } {
    let navigate: NavigateFunction | undefined;
    function Probe() {
      navigate = useNavigate();
      useReloadOnNextNavigation(active, reload);
      return null;
    }
    rendered = render(
      <MemoryRouter initialEntries={['/produtos']}>
        <Probe />
      </MemoryRouter>,
    );
    return { navigate: () => navigate! };
  }

  it('reloads once, after the next navigation to another page has finished', async () => {
    const reload = vi.fn();
    const { navigate } = mount(true, reload);
    expect(reload).not.toHaveBeenCalled();
    await act(async () => navigate()('/carrinho'));
    expect(reload).toHaveBeenCalledTimes(1);
    await act(async () => navigate()('/checkout'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does nothing while the tab is not stale', async () => {
    const reload = vi.fn();
    const { navigate } = mount(false, reload);
    await act(async () => navigate()('/favoritos'));
    expect(reload).not.toHaveBeenCalled();
  });
});
