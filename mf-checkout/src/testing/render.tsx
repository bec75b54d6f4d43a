/** Test helpers: render inside a router and a fresh QueryClient; type into controlled inputs. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, useEffect, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Rendered {
  container: HTMLDivElement;
  queryClient: QueryClient;
  /** The router's current location (pathname + search) and state. */
  location(): { path: string; state: unknown };
  unmount(): void;
}

let current: { path: string; state: unknown } = { path: '', state: null };

function LocationProbe() {
  const location = useLocation();
  useEffect(() => {
    current = { path: location.pathname + location.search, state: location.state as unknown };
  }, [location]);
  return null;
}

/** Renders `element` at `path` (with a catch-all route that renders nothing else). */
export function render(element: ReactNode, { path = '/', route = path }: { path?: string; route?: string } = {}): Rendered {
  const container = document.createElement('div');
  document.body.append(container);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const root: Root = createRoot(container);
  act(() =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <LocationProbe />
          <Routes>
            <Route path={route.split('?')[0]} element={element} />
            <Route path="*" element={<p data-testid="elsewhere">elsewhere</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
  return {
    container,
    queryClient,
    location: () => current,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
      queryClient.clear();
    },
  };
}

/** Sets a controlled input's / select's / textarea's value as typing would. */
export function typeInto(element: Element | null, value: string): void {
  if (!element) throw new Error('element not found');
  const prototype =
    element instanceof HTMLSelectElement ? HTMLSelectElement.prototype : element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  act(() => {
    Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(element, value);
    element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  });
}

export function click(element: Element | null | undefined): void {
  if (!element) throw new Error('element not found');
  act(() => (element as HTMLElement).click());
}

/** The button whose text (or aria-label) is `name`. */
export function button(container: ParentNode, name: string): HTMLButtonElement | undefined {
  return [...container.querySelectorAll('button')].find((b) => b.textContent?.trim() === name || b.getAttribute('aria-label') === name);
}

/** Lets pending promises (fetch mocks, query updates) settle. */
export async function flush(times = 5): Promise<void> {
  for (let i = 0; i < times; i += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}
