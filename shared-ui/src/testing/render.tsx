/**
 * Test helpers shared by the remotes' component tests (`@prata/shared-ui/testing`): render into a
 * DOM container with a router and a fresh query client. Test-only; never imported by app code.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Rendered {
  container: HTMLDivElement;
  unmount: () => void;
}

export function render(ui: ReactNode): Rendered {
  const container = document.createElement('div');
  document.body.append(container);
  const root: Root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  act(() => root.render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>));
  return {
    container,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/** Types into an input the way React notices (native value setter + input event). */
export function type(element: HTMLInputElement, value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** The input labelled `label` inside `container`. */
export function inputByLabel(container: HTMLElement, label: string): HTMLInputElement {
  const labelElement = [...container.querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
  if (!labelElement) throw new Error(`no label ${label}`);
  const input = container.querySelector<HTMLInputElement>(`#${CSS.escape(labelElement.htmlFor)}`);
  if (!input) throw new Error(`no input for ${label}`);
  return input;
}

/** Lets pending promises (fetch mocks, React Query) settle. */
export async function flush() {
  await act(async () => {
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** The texts an element's `aria-describedby` points at (hint, error), in order. */
export function describedByTexts(element: Element): (string | null | undefined)[] {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);
}
