/**
 * Component-test helper of the panel: renders `ui` with `fetch` answering `answers` in order (200
 * each, JSON) and records every call's method and JSON body. Test-only.
 */
import { act, type ReactNode } from 'react';
import { afterEach, beforeAll, vi } from 'vitest';
import { setRuntimeConfig } from '@prata/shared-ui/state';
import { flush, inputByLabel, render, type Rendered } from '@prata/shared-ui/testing';

export interface MountedWithApi {
  view: Rendered;
  calls: { method: string; body: unknown }[];
  /** The input labelled `label`. */
  field(label: string): HTMLInputElement;
  /** Clicks the form's submit button and lets validation and the request settle. */
  submit(): Promise<void>;
  /** Bodies of the PUT calls, in order. */
  puts(): unknown[];
}

let mounted: Rendered | null = null;

/** Registers the file's hooks (runtime config, unmount and unstub after each test). */
export function setupMountWithApi(): void {
  beforeAll(() => setRuntimeConfig({ apiUrl: 'http://127.0.0.1:3000' }));
  afterEach(() => {
    mounted?.unmount();
    mounted = null;
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/** Renders `ui` with the API answering `answers` in order. */
export async function mountWithApi(ui: ReactNode, ...answers: unknown[]): Promise<MountedWithApi> {
  const calls: MountedWithApi['calls'] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit = {}) => {
      calls.push({ method: init.method ?? 'GET', body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      return new Response(JSON.stringify(answers.shift()), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  const view = render(ui);
  mounted = view;
  await flush();
  return {
    view,
    calls,
    field: (label) => inputByLabel(view.container, label),
    submit: async () => {
      act(() => view.container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
      await flush();
    },
    puts: () => calls.filter((call) => call.method === 'PUT').map((call) => call.body),
  };
}
