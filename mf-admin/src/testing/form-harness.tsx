/**
 * Component-test harness of the panel's forms: renders the form before each test with `fetch`
 * stubbed (the API at http://127.0.0.1:3000), and reads and drives it by label. Test-only.
 */
import { act, type ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, vi, type Mock } from 'vitest';
import { setRuntimeConfig } from '@prata/shared-ui/state';
import { flush, inputByLabel, render, type Rendered } from '@prata/shared-ui/testing';

export interface FormHarness {
  /** The rendered form of the current test. */
  readonly view: Rendered;
  /** The stubbed `fetch` of the current test. */
  readonly fetchMock: Mock;
  /** The input labelled `label`. */
  field(label: string): HTMLInputElement;
  /** The texts tied to that input by `aria-describedby` (hint, then error). */
  describedBy(label: string): string[];
  /** Clicks the submit button and lets the form's (asynchronous) validation and request settle. */
  submit(): Promise<void>;
  /** Queues the API's next answer. */
  answer(status: number, body: unknown): void;
  /** Renders another form in place of the current one. */
  rerender(ui: ReactNode): void;
}

/** Registers the hooks that render `ui()` before each test of the file; returns its harness. */
export function setupFormHarness(ui: () => ReactNode): FormHarness {
  let view: Rendered;
  let fetchMock: Mock;
  beforeAll(() => setRuntimeConfig({ apiUrl: 'http://127.0.0.1:3000' }));
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    view = render(ui());
  });
  afterEach(() => {
    view.unmount();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  const field = (label: string) => inputByLabel(view.container, label);
  return {
    get view() {
      return view;
    },
    get fetchMock() {
      return fetchMock;
    },
    field,
    describedBy: (label) =>
      (field(label).getAttribute('aria-describedby')?.split(' ') ?? []).map((id) => document.getElementById(id)?.textContent ?? '').filter(Boolean),
    submit: async () => {
      act(() => view.container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
      await flush();
    },
    answer: (status, body) => {
      fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
    },
    rerender: (next) => {
      view.unmount();
      view = render(next);
    },
  };
}
