/**
 * 'Devolução ou troca' on a delivered order (issue 23): the withdrawal right's end, the form's
 * validation with the shared schema (no unit chosen, a short reason), the request sent with only
 * the units chosen, and a request's status and refunded amount.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderReturns, ReturnRequest } from '@prata/contracts';
import { toast } from '@prata/shared-ui';
import { ORDER_ID, json, sampleOrder, stubApi } from '../../../testing/api.ts';
import { button, click, flush, render, typeInto, type Rendered } from '../../../testing/render.tsx';
import { OrderReturnsCard } from './order-returns.tsx';

const RING = 'd0000000-0000-4000-8000-000000000001';
const NECKLACE = 'd0000000-0000-4000-8000-000000000002';
const delivered = sampleOrder({ status: 'delivered' });
const view0: OrderReturns = {
  withdrawalUntil: '2026-12-09T02:59:59.999Z',
  open: true,
  returnable: [
    { orderItemId: RING, productName: 'Anel Solitário', variantLabel: 'Aro 16', bought: 2, quantity: 2 },
    { orderItemId: NECKLACE, productName: 'Colar Veneziana', variantLabel: null, bought: 1, quantity: 0 },
  ],
  requests: [],
};
const request: ReturnRequest = {
  id: 'e0000000-0000-4000-8000-000000000001',
  orderId: ORDER_ID,
  orderNumber: delivered.number,
  kind: 'return',
  status: 'approved',
  reason: 'O anel ficou largo',
  withinWithdrawal: true,
  lines: [{ orderItemId: RING, productName: 'Anel Solitário', variantLabel: 'Aro 16', quantity: 1, amountCents: 12_990 }],
  shippingCents: 0,
  amountCents: 12_990,
  refundedCents: null,
  creditedCents: null,
  note: null,
  createdAt: '2026-12-02T13:00:00.000Z',
  updatedAt: '2026-12-02T13:00:00.000Z',
};

let view: Rendered;
afterEach(() => {
  view.unmount();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('OrderReturnsCard', () => {
  it('checks the form with the shared schema, then sends only the units chosen', async () => {
    vi.spyOn(toast, 'success').mockReturnValue(undefined);
    let current = view0;
    const calls = stubApi((call) => {
      if (call.method === 'POST') {
        current = { ...view0, returnable: [{ ...view0.returnable[0]!, quantity: 1 }, view0.returnable[1]!], requests: [request] };
        return json(201, request);
      }
      return json(200, current);
    });
    view = render(<OrderReturnsCard order={delivered} />);
    await flush();
    const card = view.container.querySelector('[data-testid="order-returns"]')!;
    expect(card.textContent).toContain('Direito de arrependimento (7 dias): até');
    click(button(card, 'Devolver ou trocar'));
    // The form is a chunk of its own, loaded on demand.
    await vi.waitFor(async () => {
      await flush(1);
      expect(card.querySelector('select')).not.toBeNull();
    });
    // Only the line with units left is offered, with 0..2.
    const selects = card.querySelectorAll<HTMLSelectElement>('select[data-testid="return-quantity"]');
    expect([...selects].map((select) => [...select.options].map((option) => option.value))).toEqual([['0', '1', '2']]);
    expect(card.textContent).toContain('Anel Solitário — Aro 16');

    click(button(card, 'Enviar solicitação'));
    await flush();
    expect(card.textContent).toContain('Escolha ao menos uma peça');
    expect(card.textContent).toContain('Conte o motivo (ao menos 5 letras)');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    typeInto(selects[0]!, '1');
    typeInto(card.querySelector('textarea'), 'O anel ficou largo');
    click(button(card, 'Enviar solicitação'));
    await flush();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe(`http://api.test/api/orders/${ORDER_ID}/returns`);
    expect(post.body).toEqual({ kind: 'return', reason: 'O anel ficou largo', lines: [{ orderItemId: RING, quantity: 1 }] });
    await flush();
    const row = card.querySelector('[data-testid="return-request"]')!;
    expect(row.getAttribute('data-status')).toBe('approved');
    expect(row.textContent).toContain('Devolução de 1× Anel Solitário');
    expect(row.textContent).toContain('Aprovada: envie as peças');
  });

  it('shows what a settled request refunded, and no form when nothing is left to return', async () => {
    stubApi(() => json(200, { ...view0, open: false, requests: [{ ...request, status: 'refunded', refundedCents: 12_990 }] }));
    view = render(<OrderReturnsCard order={delivered} />);
    await flush();
    const card = view.container.querySelector('[data-testid="order-returns"]')!;
    expect(card.querySelector('[data-testid="return-request"]')!.textContent).toContain('Reembolsada · R$\u00a0129,90');
    expect(button(card, 'Devolver ou trocar')).toBeUndefined();
  });
});
