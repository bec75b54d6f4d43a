/**
 * Delayed navigation (storefront.md 2, 9): a TransitionLink click shows the transition at once
 * and changes the route only after NAVIGATION_DELAY_MS; modified clicks are left to the browser;
 * a second navigation during the delay replaces the first.
 */
import { act, createElement as h } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NAVIGATION_DELAY_MS } from './timing.ts';
import { useNavigationTransitionStore } from './navigation-transition-store.ts';
import { NavigationTransition, TransitionLink, TransitionNavLink } from './navigation-transition.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

function Where() {
  return h('output', { 'data-testid': 'where' }, useLocation().pathname + useLocation().search);
}

function render() {
  act(() =>
    root.render(
      h(
        MemoryRouter,
        { initialEntries: ['/'] },
        h(NavigationTransition),
        h(TransitionNavLink, { to: '/sobre' }, 'Sobre Nós'),
        h(TransitionLink, { to: '/contato' }, 'Contato'),
        h(Routes, null, h(Route, { path: '*', element: h(Where) })),
      ),
    ),
  );
}

const where = () => container.querySelector('[data-testid="where"]')!.textContent;
const overlay = () => container.querySelector('[data-testid="navigation-transition"]');
const link = (name: string) => [...container.querySelectorAll('a')].find((a) => a.textContent === name)!;

beforeEach(() => {
  vi.useFakeTimers();
  useNavigationTransitionStore.setState({ target: null });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  render();
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

describe('TransitionLink / TransitionNavLink', () => {
  it('shows the transition first and changes the route after the navigation delay', () => {
    expect(NAVIGATION_DELAY_MS).toBe(400);
    expect(overlay()).toBeNull();
    act(() => link('Sobre Nós').click());
    expect(overlay()).not.toBeNull();
    expect(overlay()!.querySelector('[role="progressbar"]')!.getAttribute('aria-label')).toBe('Carregando página');
    expect(where()).toBe('/');
    act(() => vi.advanceTimersByTime(NAVIGATION_DELAY_MS - 1));
    expect(where()).toBe('/');
    expect(overlay()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(where()).toBe('/sobre');
    expect(overlay()).toBeNull();
  });

  it('lets the latest navigation win when a second one starts during the delay', () => {
    act(() => link('Sobre Nós').click());
    act(() => vi.advanceTimersByTime(200));
    act(() => link('Contato').click());
    expect(overlay()!.getAttribute('data-target')).toBe('/contato');
    act(() => vi.advanceTimersByTime(NAVIGATION_DELAY_MS));
    expect(where()).toBe('/contato');
    act(() => vi.runAllTimers());
    expect(where()).toBe('/contato');
  });

  it('leaves modified clicks (new tab) to the browser: no transition, no route change', () => {
    act(() => {
      link('Contato').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }));
    });
    expect(overlay()).toBeNull();
    act(() => vi.advanceTimersByTime(NAVIGATION_DELAY_MS));
    expect(where()).toBe('/');
  });
});
