/**
 * 'Devolução ou troca' on a delivered order: the withdrawal right's end, the form's
 * validation with the shared schema (no unit chosen, a short reason), the request sent with only
 * the units chosen, an exchange's 'Trocar por' (only for chosen units of a product with options,
 * its choice sent as `replacementVariantId`, never on a return), and a request's status, refunded
 * amount and the option an exchange sends instead.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderReturns, ReturnRequest } from '@prata/contracts';
import { toast } from '@prata/shared-ui';
import { ORDER_ID, json, sampleOrder, stubApi } from '../../../testing/api.ts';
import { button, click, flush, render, typeInto, type Rendered } from '../../../testing/render.tsx';
import { OrderReturnsCard } from './order-returns.tsx';

const RING = 'd0000000-0000-4000-8000-000000000001';
const NECKLACE = 'd0000000-0000-4000-8000-000000000002';
const PENDANT = 'd0000000-0000-4000-8000-000000000003';
const ARO_16 = 'c0000000-0000-4000-8000-000000000016';
const ARO_18 = 'c0000000-0000-4000-8000-000000000018';
const RING_OPTIONS = [
  { variantId: ARO_16, label: 'Aro 16' },
  { variantId: ARO_18, label: 'Aro 18' },
];
const delivered = sampleOrder({ status: 'delivered' });
const view0: OrderReturns = {
  withdrawalUntil: '2026-12-09T02:59:59.999Z',
  open: true,
  returnable: [
    { orderItemId: RING, productName: 'Anel Solitário', variantLabel: 'Aro 16', variantId: ARO_16, bought: 2, quantity: 2, options: RING_OPTIONS },
    { orderItemId: NECKLACE, productName: 'Colar Veneziana', variantLabel: null, variantId: null, bought: 1, quantity: 0, options: [] },
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
  lines: [{ orderItemId: RING, productName: 'Anel Solitário', variantLabel: 'Aro 16', quantity: 1, amountCents: 12_990, replacementLabel: null }],
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

/** Renders the card with the API answering `returns` (and the request to a POST), opens the form; returns the card and the calls. */
async function openForm(returns: OrderReturns) {
  vi.spyOn(toast, 'success').mockReturnValue(undefined);
  const calls = stubApi((call) => (call.method === 'POST' ? json(201, { ...request, kind: 'exchange' }) : json(200, returns)));
  view = render(<OrderReturnsCard order={delivered} />);
  await flush();
  const card = view.container.querySelector('[data-testid="order-returns"]')!;
  click(button(card, 'Devolver ou trocar'));
  await vi.waitFor(async () => {
    await flush(1);
    expect(card.querySelector('select')).not.toBeNull();
  });
  return { card, calls };
}

const quantityOf = (card: Element, index: number) => card.querySelectorAll('select[data-testid="return-quantity"]')[index]!;
const replacements = (card: Element) => [...card.querySelectorAll<HTMLSelectElement>('select[data-testid="return-replacement"]')];
const chooseKind = (card: Element, kind: 'return' | 'exchange') => click(card.querySelector(`input[type="radio"][value="${kind}"]`));

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
  it("offers 'Trocar por' only for the chosen units of an exchange whose product has options, and sends the option picked", async () => {
    const pendant = { orderItemId: PENDANT, productName: 'Pingente Coração', variantLabel: null, variantId: null, bought: 1, quantity: 1, options: [] };
    const { card, calls } = await openForm({ ...view0, returnable: [view0.returnable[0]!, pendant] });
    // A return: no replacement, whatever the units.
    typeInto(quantityOf(card, 0), '1');
    typeInto(quantityOf(card, 1), '1');
    expect(replacements(card)).toEqual([]);
    // An exchange: only the ring (it has options), preselected on the size bought.
    chooseKind(card, 'exchange');
    expect(replacements(card)).toHaveLength(1);
    const [select] = replacements(card);
    expect([...select!.options].map((option) => [option.value, option.textContent])).toEqual([
      [ARO_16, 'Aro 16'],
      [ARO_18, 'Aro 18'],
    ]);
    expect(select!.value).toBe(ARO_16);
    expect(card.querySelector(`label[for="${select!.id}"]`)!.textContent).toBe('Trocar por (Anel Solitário)');
    // Not for a line with no units chosen.
    typeInto(quantityOf(card, 0), '0');
    expect(replacements(card)).toEqual([]);
    typeInto(quantityOf(card, 0), '1');
    typeInto(replacements(card)[0]!, ARO_18);
    typeInto(card.querySelector('textarea'), 'O anel ficou apertado');
    click(button(card, 'Enviar solicitação'));
    await flush();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      kind: 'exchange',
      reason: 'O anel ficou apertado',
      lines: [
        { orderItemId: RING, quantity: 1, replacementVariantId: ARO_18 },
        { orderItemId: PENDANT, quantity: 1 },
      ],
    });
  });

  it('sends no replacement on a return, even one picked before switching to a return', async () => {
    const { card, calls } = await openForm(view0);
    chooseKind(card, 'exchange');
    typeInto(quantityOf(card, 0), '2');
    typeInto(replacements(card)[0]!, ARO_18);
    chooseKind(card, 'return');
    expect(replacements(card)).toEqual([]);
    typeInto(card.querySelector('textarea'), 'Não gostei do brilho');
    click(button(card, 'Enviar solicitação'));
    await flush();
    const body = calls.find((call) => call.method === 'POST')!.body as { lines: object[] };
    expect(body).toEqual({ kind: 'return', reason: 'Não gostei do brilho', lines: [{ orderItemId: RING, quantity: 2 }] });
    expect(body.lines[0]).not.toHaveProperty('replacementVariantId');
  });

  it("starts on 'A mesma peça' (null) when the option bought is no longer offered", async () => {
    const { card, calls } = await openForm({ ...view0, returnable: [{ ...view0.returnable[0]!, options: [RING_OPTIONS[1]!] }] });
    chooseKind(card, 'exchange');
    typeInto(quantityOf(card, 0), '1');
    const [select] = replacements(card);
    expect([...select!.options].map((option) => option.textContent)).toEqual(['A mesma peça', 'Aro 18']);
    expect(select!.value).toBe('');
    typeInto(card.querySelector('textarea'), 'O anel ficou largo');
    click(button(card, 'Enviar solicitação'));
    await flush();
    expect((calls.find((call) => call.method === 'POST')!.body as { lines: object[] }).lines).toEqual([{ orderItemId: RING, quantity: 1, replacementVariantId: null }]);
  });

  it('shows the option an exchange sends instead', async () => {
    const exchange: ReturnRequest = {
      ...request,
      kind: 'exchange',
      lines: [
        { ...request.lines[0]!, variantLabel: 'Aro 18', replacementLabel: 'Aro 16' },
        { orderItemId: PENDANT, productName: 'Pingente Coração', variantLabel: null, quantity: 1, amountCents: 8_990, replacementLabel: null },
      ],
    };
    stubApi(() => json(200, { ...view0, open: false, requests: [exchange] }));
    view = render(<OrderReturnsCard order={delivered} />);
    await flush();
    expect(view.container.querySelector('[data-testid="return-request"]')!.textContent).toContain('Troca de 1× Anel Solitário (Aro 18 → Aro 16), 1× Pingente Coração');
  });
});
