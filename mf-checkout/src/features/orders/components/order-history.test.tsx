/**
 * The shopper's history a page at a time: the first request asks for 20 orders; 'Carregar mais
 * pedidos' asks for the orders after the last one shown (its cursor, `<createdAt>_<id>`) and adds
 * them below; a short page is the last (no button).
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { useSessionStore } from '@prata/shared-ui/state';
import { json, sampleOrder, stubApi, type Call } from '../../../testing/api.ts';
import { button, click, flush, render, type Rendered } from '../../../testing/render.tsx';
import { OrderHistory } from './order-history.tsx';

/** Order n (1 = newest): ids and minutes count down, so the history's order is 1, 2, 3... */
const nth = (n: number) =>
  sampleOrder({
    id: `b0000000-0000-4000-8000-${String(1000 - n).padStart(12, '0')}`,
    number: `P925-${String(1000 - n).padStart(6, '0')}`,
    createdAt: new Date(Date.UTC(2026, 10, 21, 13, 0) - n * 60_000).toISOString(),
  });
const numbers = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => nth(from + i).number);

let view: Rendered;
let calls: Call[];

beforeEach(() => {
  useSessionStore.getState().setSession({ user: { id: 'u', email: 'maria@example.com', fullName: 'Maria' }, accessToken: 't', roles: [] });
  calls = stubApi((call) => {
    const url = new URL(call.url);
    const after = url.searchParams.get('after');
    if (!after) return json(200, Array.from({ length: 20 }, (_, i) => nth(i + 1)));
    return json(200, [nth(21), nth(22), nth(23)]);
  });
});
afterEach(() => {
  view.unmount();
  vi.unstubAllGlobals();
  useSessionStore.getState().clear();
});

it('shows 20 orders, then the next ones after the last shown, and no button after a short page', async () => {
  view = render(<OrderHistory />, { path: '/minha-conta/pedidos' });
  await flush();
  const shown = () => [...view.container.querySelectorAll('[data-testid="order-history-entry"] h2')].map((h) => h.textContent!.replace('Pedido ', ''));
  expect(shown()).toEqual(numbers(1, 20));
  expect(calls.map((call) => call.url)).toEqual(['http://api.test/api/orders?limit=20']);

  click(button(view.container, 'Carregar mais pedidos'));
  await flush();
  expect(shown()).toEqual(numbers(1, 23));
  expect(calls.map((call) => call.url)[1]).toBe(`http://api.test/api/orders?limit=20&after=${encodeURIComponent(`${nth(20).createdAt}_${nth(20).id}`)}`);
  expect(button(view.container, 'Carregar mais pedidos')).toBeUndefined();
});
