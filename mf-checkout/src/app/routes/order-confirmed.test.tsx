/**
 * Order confirmed route: loads `GET /api/orders/:id` for `?pedido=<id>`; a missing, malformed
 * or unknown id shows a friendly message with a link to /produtos.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@prata/shared-ui/state';
import { ORDER_ID, json, paymentApi, sampleOrder, stubApi, type Call } from '../../testing/api.ts';
import { flush, render, type Rendered } from '../../testing/render.tsx';
import { OrderConfirmedRoute } from './order-confirmed.tsx';

let view: Rendered;
let calls: Call[];

beforeEach(() => {
  useSessionStore.getState().setSession({ user: { id: 'u', email: 'maria@example.com', fullName: 'Maria' }, accessToken: 't', roles: [] });
  calls = stubApi(paymentApi((call) => (call.url.endsWith(ORDER_ID) ? json(200, sampleOrder()) : json(404, { error: 'not_found', message: 'Pedido não encontrado' }))));
});
afterEach(() => {
  view.unmount();
  vi.unstubAllGlobals();
  useSessionStore.getState().clear();
});

describe('OrderConfirmedRoute', () => {
  it('loads and shows the order', async () => {
    view = render(<OrderConfirmedRoute />, { path: `/pedido-confirmado?pedido=${ORDER_ID}`, route: '/pedido-confirmado' });
    await flush();
    expect(calls.map((call) => call.url).filter((url) => url.includes('/api/orders'))).toEqual([`http://api.test/api/orders/${ORDER_ID}`]);
    expect(view.container.querySelector('[data-testid="order-number"]')!.textContent).toBe('P925-000042');
  });

  it('shows a skeleton, not a spinner, while the order loads, then the order', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.unstubAllGlobals();
    stubApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    view = render(<OrderConfirmedRoute />, { path: `/pedido-confirmado?pedido=${ORDER_ID}`, route: '/pedido-confirmado' });
    await flush();
    const skeleton = view.container.querySelector('[data-testid="order-skeleton"]')!;
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(skeleton.textContent).toBe('Carregando pedido...');
    expect(view.container.querySelector('[data-testid="order-number"]')).toBeNull();
    answer(json(200, sampleOrder()));
    await flush();
    expect(view.container.querySelector('[data-testid="order-skeleton"]')).toBeNull();
    expect(view.container.querySelector('[data-testid="order-number"]')!.textContent).toBe('P925-000042');
  });

  it.each(['/pedido-confirmado', '/pedido-confirmado?pedido=abc', '/pedido-confirmado?pedido=c0000000-0000-4000-8000-000000000009'])(
    'shows a friendly message with a link to /produtos for %s',
    async (path) => {
      view = render(<OrderConfirmedRoute />, { path, route: '/pedido-confirmado' });
      await flush();
      expect(view.container.querySelector('h2')!.textContent).toBe('Pedido não encontrado');
      expect(view.container.querySelector('a[href="/produtos"]')).not.toBeNull();
    },
  );
});
