/**
 * A real hydration mismatch (the server's markup differs from the browser's first render) is
 * reported as `hydration_mismatch` with the page's remote and version, over the error reporter's
 * real request to `POST /api/errors`; a slot the server left to the browser is not reported.
 */
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '@prata/shared-ui/state';
import { ClientSlot } from './client-slot.ts';
import { hydrationErrorHandler } from './hydration-errors.ts';

let reports: Record<string, unknown>[];

beforeEach(() => {
  reports = [];
  setRuntimeConfig({ apiUrl: 'http://127.0.0.1:3000' });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (String(input).endsWith('/api/errors')) reports.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return new Response(null, { status: 202 });
  });
});
afterEach(() => vi.restoreAllMocks());

function Price({ cents }: { cents: number }) {
  return <p data-testid="price">{cents}</p>;
}

it('reports what React could not hydrate under the page remote and version', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Price cents={24990} />);
  document.body.append(container);
  const root = await act(async () => hydrateRoot(container, <Price cents={19990} />, { onRecoverableError: hydrationErrorHandler({ remote: 'storefront', version: '0.1.0-abc' }) }));
  // React renders it in the browser instead: the page still shows the browser's value.
  expect(container.textContent).toBe('19990');
  expect(reports).toEqual([expect.objectContaining({ errorType: 'hydration_mismatch', remote: 'storefront', version: '0.1.0-abc' })]);
  expect(String(reports[0]!.errorMessage)).toMatch(/hydrat/i);
  act(() => root.unmount());
  container.remove();
});

it('does not report a slot the server left to the browser', () => {
  hydrationErrorHandler({ remote: 'storefront', version: '1' })(Object.assign(new Error('Switched to client rendering'), { digest: new ClientSlot('x').digest }));
  hydrationErrorHandler({ remote: 'storefront', version: '1' })(Object.assign(new Error('ssr failed'), { digest: 'prata:ssr-error' }));
  expect(reports).toEqual([]);
});
