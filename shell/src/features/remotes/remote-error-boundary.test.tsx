/**
 * Failure safety: one remote throwing while it renders shows the in-chrome fallback in
 * its own place only. A remote mounted beside it stays mounted (same DOM node, its state kept),
 * and the render error is reported to the service under the failing remote's name.
 */
import { act, useState } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { REPORT_PROBLEM_EVENT, setRuntimeConfig } from '@prata/shared-ui/state';
import { render, type Rendered } from '@prata/shared-ui/testing';
import { RemoteErrorBoundary } from './remote-error-boundary.tsx';

let reports: Record<string, unknown>[];
let rendered: Rendered | undefined;

beforeEach(() => {
  reports = [];
  setRuntimeConfig({ apiUrl: 'http://127.0.0.1:3000' });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (String(input).endsWith('/api/errors')) reports.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return new Response(null, { status: 202 });
  });
});
afterEach(() => {
  rendered?.unmount();
  rendered = undefined;
  vi.restoreAllMocks();
});

/** The admin remote's widget: renders until told to throw. */
function AdminWidget({ broken }: { broken: boolean }) {
  if (broken) throw new TypeError('Cannot read properties of undefined (reading "stock")');
  return <p>Painel de produtos</p>;
}

/** The storefront remote's page with state of its own (a counter). */
function StorefrontPage() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" data-testid="counter" onClick={() => setCount((value) => value + 1)}>
      {count}
    </button>
  );
}

/** Two remotes side by side, and a control (outside both) that breaks the admin one. */
function Store() {
  const [broken, setBroken] = useState(false);
  return (
    <>
      <button type="button" data-testid="break-admin" onClick={() => setBroken(true)}>
        quebrar
      </button>
      <RemoteErrorBoundary remote="admin" onRetry={() => undefined}>
        <AdminWidget broken={broken} />
      </RemoteErrorBoundary>
      <RemoteErrorBoundary remote="storefront" onRetry={() => undefined}>
        <StorefrontPage />
      </RemoteErrorBoundary>
    </>
  );
}

it('shows the fallback for the remote that threw only; the other stays mounted with its state, and the error is reported', async () => {
  rendered = render(<Store />);
  const { container } = rendered;
  const counter = container.querySelector<HTMLButtonElement>('[data-testid="counter"]')!;
  act(() => counter.click());
  act(() => counter.click());
  expect(counter.textContent).toBe('2');

  act(() => container.querySelector<HTMLButtonElement>('[data-testid="break-admin"]')!.click());

  const fallbacks = container.querySelectorAll('[data-testid="remote-fallback"]');
  expect(fallbacks).toHaveLength(1);
  expect(fallbacks[0]!.textContent).toContain('Esta parte da loja está indisponível no momento');
  expect(container.textContent).not.toContain('Painel de produtos');
  // The storefront's button is the same node, still counting from where it was.
  expect(container.querySelector('[data-testid="counter"]')).toBe(counter);
  expect(counter.isConnected).toBe(true);
  act(() => counter.click());
  expect(counter.textContent).toBe('3');

  await act(async () => undefined);
  expect(reports).toHaveLength(1);
  expect(reports[0]).toMatchObject({ errorType: 'error_boundary', remote: 'admin', errorMessage: 'TypeError: Cannot read properties of undefined (reading "stock")' });
});

it("offers 'Relatar um problema' on the fallback, asking the shell's dialog for the failed remote", async () => {
  rendered = render(<Store />);
  act(() => rendered!.container.querySelector<HTMLButtonElement>('[data-testid="break-admin"]')!.click());
  const asked: unknown[] = [];
  const listener = (event: Event) => asked.push((event as CustomEvent).detail);
  window.addEventListener(REPORT_PROBLEM_EVENT, listener);
  const fallback = rendered.container.querySelector('[data-testid="remote-fallback"]')!;
  act(() => [...fallback.querySelectorAll('button')].find((button) => button.textContent === 'Relatar um problema')!.click());
  window.removeEventListener(REPORT_PROBLEM_EVENT, listener);
  expect(asked).toEqual([{ remote: 'admin' }]);
});
