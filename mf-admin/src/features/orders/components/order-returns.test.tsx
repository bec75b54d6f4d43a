/**
 * An order's return and exchange requests in the panel: each request offers only the
 * actions its status allows ('Aprovar' / 'Recusar' while in review, 'Recebido' once approved,
 * 'Reembolsar' / 'Crédito na loja' for a received return, 'Concluir troca' and also 'Reembolsar' /
 * 'Crédito na loja' for a received exchange), an exchanged line names the option sent instead,
 * an action posts to its route and re-reads the requests, and a refusal (409, no stock for the
 * replacement) shows the service's message.
 */
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminReturn } from '@prata/contracts';
import { setRuntimeConfig, toast } from '@prata/shared-ui';
import { flush, render, type Rendered } from '@prata/shared-ui/testing';
import { OrderReturns } from './order-returns.tsx';

const ORDER = 'b0000000-0000-4000-8000-000000000001';
const base: AdminReturn = {
  id: 'e0000000-0000-4000-8000-000000000001',
  orderId: ORDER,
  orderNumber: 'P925-7KX2Q',
  kind: 'return',
  status: 'requested',
  reason: 'Não gostei do brilho',
  withinWithdrawal: false,
  lines: [{ orderItemId: 'd0000000-0000-4000-8000-000000000001', productName: 'Anel Solitário', variantLabel: 'Aro 16', quantity: 1, amountCents: 12_990, replacementLabel: null }],
  shippingCents: 0,
  amountCents: 12_990,
  refundedCents: null,
  creditedCents: null,
  note: null,
  createdAt: '2026-12-10T13:00:00.000Z',
  updatedAt: '2026-12-10T13:00:00.000Z',
  customerName: 'Maria Silva',
  customerEmail: 'maria@exemplo.com.br',
};

let view: Rendered | null = null;
beforeAll(() => setRuntimeConfig({ apiUrl: 'http://api.test' }));
afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Renders the requests with the API answering `list` to every GET and `saved` to a POST (with `postStatus`). */
async function mount(list: AdminReturn[], saved?: unknown, postStatus = 200) {
  const calls: { method: string; url: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ method: init.method ?? 'GET', url: String(url) });
      const post = init.method === 'POST';
      return new Response(JSON.stringify(post ? saved : list), { status: post ? postStatus : 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  view = render(<OrderReturns orderId={ORDER} />);
  await flush();
  return calls;
}

const buttons = () => [...view!.container.querySelectorAll('[data-testid="return-row"] button')].map((button) => button.textContent);

describe('OrderReturns', () => {
  it('offers the actions of each status', async () => {
    await mount([base]);
    expect(view!.container.textContent).toContain('1× Anel Solitário (Aro 16)');
    expect(view!.container.textContent).toContain('fora do prazo de 7 dias');
    expect(buttons()).toEqual(['Aprovar', 'Recusar']);
    view!.unmount();
    await mount([{ ...base, status: 'received' }]);
    expect(buttons()).toEqual(['Reembolsar', 'Crédito na loja']);
    view!.unmount();
    // An exchange the store cannot fulfil may be refunded or credited instead.
    await mount([{ ...base, kind: 'exchange', status: 'received' }]);
    expect(buttons()).toEqual(['Concluir troca', 'Reembolsar', 'Crédito na loja']);
    view!.unmount();
    await mount([{ ...base, status: 'refunded', refundedCents: 12_990 }]);
    expect(buttons()).toEqual([]);
  });

  it("posts the action to the request's route and reads the requests again", async () => {
    vi.spyOn(toast, 'success').mockReturnValue(undefined);
    const calls = await mount([{ ...base, status: 'received' }], { ...base, status: 'refunded', refundedCents: 12_990 });
    const refund = [...view!.container.querySelectorAll('button')].find((button) => button.textContent === 'Reembolsar')!;
    act(() => refund.click());
    await flush();
    await flush();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `GET http://api.test/api/admin/returns?orderId=${ORDER}`,
      `POST http://api.test/api/admin/returns/${base.id}/refund`,
      `GET http://api.test/api/admin/returns?orderId=${ORDER}`,
    ]);
    expect(toast.success).toHaveBeenCalledWith('Reembolsada', { description: 'Pedido P925-7KX2Q' });
  });
  it('names the option an exchanged line sends instead', async () => {
    await mount([
      {
        ...base,
        kind: 'exchange',
        lines: [
          { ...base.lines[0]!, variantLabel: 'Aro 18', replacementLabel: 'Aro 16' },
          { orderItemId: 'd0000000-0000-4000-8000-000000000002', productName: 'Pingente Coração', variantLabel: null, quantity: 2, amountCents: 17_980, replacementLabel: null },
        ],
      },
    ]);
    expect(view!.container.querySelector('[data-testid="return-row"]')!.textContent).toContain('1× Anel Solitário (Aro 18 → Aro 16), 2× Pingente Coração');
  });

  it("shows the service's message when an exchange cannot be concluded (409, no stock)", async () => {
    vi.spyOn(toast, 'error').mockReturnValue(undefined);
    const message = 'Sem estoque de Anel Solitário (Aro 16) para a troca. Reembolse ou dê crédito na loja.';
    const calls = await mount([{ ...base, kind: 'exchange', status: 'received' }], { error: 'conflict', message }, 409);
    const exchange = [...view!.container.querySelectorAll('button')].find((button) => button.textContent === 'Concluir troca')!;
    act(() => exchange.click());
    await flush();
    await flush();
    expect(calls.map((call) => `${call.method} ${call.url}`)).toContain(`POST http://api.test/api/admin/returns/${base.id}/exchange`);
    expect(toast.error).toHaveBeenCalledWith('Erro', { description: message });
    expect(buttons()).toEqual(['Concluir troca', 'Reembolsar', 'Crédito na loja']);
  });
});
