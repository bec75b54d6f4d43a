/** A navigation to another page scrolls to the top; a query change or going back does not. */
import { act, useEffect } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNavigate, type NavigateFunction } from '@prata/shared-ui/router';
import { flush, render, type Rendered } from '@prata/shared-ui/testing';
import { useScrollToTopOnNavigation } from './scroll-to-top.ts';

let view: Rendered | undefined;
const router: { navigate?: NavigateFunction } = {};
const navigate = (to: string | number, options?: { replace?: boolean }) => (typeof to === 'number' ? router.navigate!(to) : router.navigate!(to, options));

function Probe() {
  useScrollToTopOnNavigation();
  const go = useNavigate();
  useEffect(() => {
    router.navigate = go;
  }, [go]);
  return null;
}

afterEach(() => {
  view?.unmount();
  vi.restoreAllMocks();
});

async function start() {
  const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  view = render(
    <MemoryRouter initialEntries={['/produtos']}>
      <Probe />
    </MemoryRouter>,
  );
  await flush();
  return scrollTo;
}

describe('useScrollToTopOnNavigation', () => {
  it('scrolls to the top when a link or a redirect opens another page, not on the first render', async () => {
    const scrollTo = await start();
    expect(scrollTo).not.toHaveBeenCalled();
    await act(async () => void navigate('/produtos/anel-lua'));
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith(0, 0);
    await act(async () => void navigate('/', { replace: true }));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  it('keeps the position when only the query changes, and when going back', async () => {
    const scrollTo = await start();
    await act(async () => void navigate('/produtos?categoria=aneis'));
    expect(scrollTo).not.toHaveBeenCalled();
    await act(async () => void navigate('/sobre'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    await act(async () => void navigate(-1));
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });
});
