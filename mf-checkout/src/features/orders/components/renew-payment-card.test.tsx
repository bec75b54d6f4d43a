/**
 * 'Gerar novo PIX' on the shopper's order page: offered for an expired PIX order inside its
 * renewal window (never outside it or for a paid order), it asks the service for the new code and
 * says so; a 409 naming the pieces gone is shown as the service wrote it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@prata/shared-ui/state';
import { ORDER_ID, json, paymentApi, sampleOrder, stubApi } from '../../../testing/api.ts';
import { button, click, flush, render, type Rendered } from '../../../testing/render.tsx';
import { OrderDetails } from './order-details.tsx';

vi.mock('qrcode', () => ({ default: { toDataURL: vi.fn(async () => 'data:image/png;base64,QRCODE') } }));

let view: Rendered;
afterEach(() => {
  view.unmount();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const hour = 3_600_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const expired = (until = iso(6 * 24 * hour)) =>
  sampleOrder({
    status: 'cancelled',
    payment: { method: 'pix', card: null, boleto: null, pix: { payload: '000201OLD', expiresAt: iso(-hour) }, paidAt: null },
    cancellation: { reason: 'payment_expired', at: iso(-hour), refundedCents: null },
    paymentRenewal: { from: iso(-hour), until, renewals: 0 },
  });

describe('RenewPaymentCard', () => {
  it('asks the service once for a new PIX for an expired order and says it was generated', async () => {
    const success = vi.spyOn(toast, 'success').mockReturnValue(undefined);
    const order = expired();
    const renewed = { ...order, status: 'pending' as const, cancellation: null, payment: { ...order.payment, pix: { payload: '000201NEW', expiresAt: iso(30 * 60_000) } }, paymentRenewal: { from: iso(20 * 60_000), until: iso(7 * 24 * hour), renewals: 1 } };
    const calls = stubApi(paymentApi((call) => (call.url.endsWith(`/api/orders/${ORDER_ID}/renew-payment`) ? json(200, renewed) : json(500, {}))));
    view = render(<OrderDetails order={order} />);
    await flush();
    expect(view.container.querySelector('[data-testid="renew-payment"]')!.textContent).toContain('Ainda dá para pagar este pedido');
    click(button(view.container, 'Gerar novo PIX'));
    await flush(3);
    expect(calls.filter((call) => call.url.endsWith('/renew-payment')).map((call) => call.method)).toEqual(['POST']);
    expect(success).toHaveBeenCalledWith('Novo PIX gerado', { description: 'Use o novo código para pagar o pedido.' });
  });

  it('shows the pieces the service says are gone', async () => {
    const message = 'Não foi possível gerar um novo pagamento: esta peça não está mais disponível: Anel Solitário. Faça um novo pedido com as peças disponíveis.';
    stubApi(paymentApi((call) => (call.url.endsWith('/renew-payment') ? json(409, { error: 'pieces_unavailable', message }) : json(500, {}))));
    view = render(<OrderDetails order={expired()} />);
    await flush();
    click(button(view.container, 'Gerar novo PIX'));
    await vi.waitFor(() => expect(view.container.querySelector('[data-testid="renew-payment-problem"]')?.textContent).toBe(message));
  });

  it('is not offered past the window, nor for a paid order', async () => {
    stubApi(paymentApi(() => json(500, {})));
    view = render(<OrderDetails order={expired(iso(-1000))} />);
    await flush();
    expect(button(view.container, 'Gerar novo PIX')).toBeUndefined();
    view.unmount();
    view = render(<OrderDetails order={sampleOrder({ status: 'paid', paymentRenewal: null })} />);
    await flush();
    expect(button(view.container, 'Gerar novo PIX')).toBeUndefined();
  });
});
