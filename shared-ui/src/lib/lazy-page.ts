/**
 * A route's page loaded on demand: its code is a
 * chunk of its own, fetched when the route first renders, so a page carries only its own code.
 * `preload()` loads it ahead of rendering: a remote's `prefetch` calls it, so that the server
 * renders the page at once instead of suspending on the import (in the browser, a server-rendered
 * page keeps its markup until the chunk has loaded, then hydrates). Once loaded, the page renders
 * without suspending (React's `lazy` would suspend once more on its first render).
 */
import { createElement, use, type ComponentType } from 'react';

export type LazyPage<Props extends object> = ComponentType<Props> & {
  /** Loads the page's code (once). */
  preload(): Promise<void>;
};

/** A page component loaded by `load` (e.g. `() => import('./routes/about.tsx').then((m) => m.AboutRoute)`). */
export function lazyPage<Props extends object>(load: () => Promise<ComponentType<Props>>): LazyPage<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const once = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  function Page(props: Props) {
    const Component = loaded ?? use(once());
    return createElement(Component, props);
  }
  return Object.assign(Page, { preload: () => once().then(() => undefined) });
}
