/** Which activations an open tab is told about, and its reload at the next navigation. */
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { isNewVersion, reloadOnNextNavigation } from './new-version-notice.tsx';

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

describe('reloadOnNextNavigation', () => {
  it("reloads once, after the router's next navigation to another page has finished", async () => {
    const router = createMemoryRouter([{ path: '*', element: null }], { initialEntries: ['/produtos'] });
    const reload = vi.fn();
    reloadOnNextNavigation(router, reload);
    expect(reload).not.toHaveBeenCalled();
    await router.navigate('/carrinho');
    expect(router.state.location.pathname).toBe('/carrinho');
    expect(reload).toHaveBeenCalledTimes(1);
    await router.navigate('/checkout');
    expect(reload).toHaveBeenCalledTimes(1);
    router.dispose();
  });

  it('stops watching when told to', async () => {
    const router = createMemoryRouter([{ path: '*', element: null }], { initialEntries: ['/'] });
    const reload = vi.fn();
    reloadOnNextNavigation(router, reload)();
    await router.navigate('/favoritos');
    expect(reload).not.toHaveBeenCalled();
    router.dispose();
  });
});
