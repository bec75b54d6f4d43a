/**
 * The shopper's order page: the status in Portuguese, the tracking code once shipped,
 * the history, and 'Cancelar pedido' (with a confirmation) only while unpaid.
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

describe('OrderDetails', () => {
  it("names a line's variant and SKU, and a line without one by its product only", async () => {
    stubApi(paymentApi(() => json(500, {})));
    const ring = sampleOrder().items[0]!;
    const order = sampleOrder({ items: [{ ...ring, variantId: 'c0000000-0000-4000-8000-000000000016', sku: 'ANEL-16', variantLabel: 'Aro 16' }, { ...ring, productName: 'Colar Veneziana' }] });
    view = render(<OrderDetails order={order} />);
    await flush();
    expect(view.container.textContent).toContain('Anel Solitário (Aro 16 · SKU ANEL-16) × 2');
    expect(view.container.textContent).toContain('Colar Veneziana × 2');
  });

  it("links an unpaid 'Parcelamento sem cartão' order to its Mercado Pago checkout, and no longer once paid", async () => {
    stubApi(paymentApi(() => json(500, {})));
    const credits = { checkoutUrl: 'https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=123-abc', preferenceId: '123-abc' };
    const base = sampleOrder();
    const pending = sampleOrder({ status: 'pending', payment: { ...base.payment, method: 'mercadopago-credits', card: null, pix: null, boleto: null, credits } });
    view = render(<OrderDetails order={pending} />);
    await flush();
    const link = view.container.querySelector<HTMLAnchorElement>('[data-testid="credits-checkout-link"]')!;
    expect([link.textContent, link.getAttribute('href')]).toEqual(['Continuar pagamento no Mercado Pago', credits.checkoutUrl]);
    expect(view.container.querySelector('[data-testid="payment-credits"]')!.textContent).toContain('Pague em até 12x pela sua conta Mercado Pago, sem cartão de crédito.');
    view.unmount();
    view = render(<OrderDetails order={{ ...pending, status: 'paid', payment: { ...pending.payment, credits: null } }} />);
    await flush();
    expect(view.container.querySelector('[data-testid="credits-checkout-link"]')).toBeNull();
  });

  it('shows a shipped order as Enviado with its carrier, tracking code and history, and no cancel button', async () => {
    stubApi(paymentApi(() => json(500, {})));
    const order = sampleOrder({
      status: 'shipped',
      shipment: { carrier: 'Correios', trackingCode: 'QB123456789BR', shippedAt: '2026-11-22T15:00:00.000Z', deliveredAt: null },
      timeline: [
        { status: 'pending', at: '2026-11-21T13:00:00.000Z', note: null },
        { status: 'paid', at: '2026-11-21T13:00:02.000Z', note: null },
        { status: 'shipped', at: '2026-11-22T15:00:00.000Z', note: null },
      ],
    });
    view = render(<OrderDetails order={order} />);
    await flush();
    expect(view.container.querySelector('[data-testid="order-status"]')!.textContent).toBe('Enviado');
    expect(view.container.querySelector('[data-testid="tracking-code"]')!.textContent).toBe('QB123456789BR');
    expect(view.container.querySelector('[data-testid="order-shipment"]')!.textContent).toContain('Correios');
    expect([...view.container.querySelectorAll('ol li span')].map((span) => span.textContent)).toEqual(['Aguardando pagamento', 'Pago', 'Enviado']);
    expect(button(view.container, 'Cancelar pedido')).toBeUndefined();
  });

  it('shows the invoice number with its DANFE and XML links once issued, and "em emissão" before', async () => {
    const invoice = { status: 'authorized', number: '1001', series: '1', accessKey: '35261111222333000181550010000010011123456780', danfeUrl: 'http://api.test/api/invoices/x/danfe?expires=1&signature=s', xmlUrl: 'http://api.test/api/invoices/x/xml?expires=1&signature=s', authorizedAt: '2026-11-21T13:01:00.000Z', cancelledAt: null };
    stubApi(paymentApi((call) => (call.url === `http://api.test/api/orders/${ORDER_ID}/invoice` ? json(200, invoice) : json(500, {}))));
    view = render(<OrderDetails order={sampleOrder({ status: 'paid' })} />);
    await vi.waitFor(() => expect(view.container.querySelector('[data-testid="invoice-title"]')?.textContent).toBe('Nota fiscal nº 1001 série 1'));
    const links = [...view.container.querySelectorAll('[data-testid="order-invoice"] a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['DANFE (PDF)', invoice.danfeUrl],
      ['XML', invoice.xmlUrl],
    ]);
    view.unmount();

    stubApi(paymentApi((call) => (call.url === `http://api.test/api/orders/${ORDER_ID}/invoice` ? json(200, { ...invoice, status: 'processing', number: null, series: null, accessKey: null, danfeUrl: null, xmlUrl: null, authorizedAt: null }) : json(500, {}))));
    view = render(<OrderDetails order={sampleOrder({ status: 'paid' })} />);
    await vi.waitFor(() => expect(view.container.querySelector('[data-testid="invoice-title"]')?.textContent).toBe('Nota fiscal em emissão'));
    expect(view.container.querySelectorAll('[data-testid="order-invoice"] a')).toHaveLength(0);
  });

  it('cancels an unpaid order after the confirmation', async () => {
    const success = vi.spyOn(toast, 'success').mockReturnValue(undefined);
    const pending = sampleOrder({ status: 'pending', payment: { method: 'pix', card: null, boleto: null, pix: { payload: '000201', expiresAt: new Date(Date.now() + 10 * 60_000).toISOString() }, paidAt: null } });
    const calls = stubApi(paymentApi((call) => (call.url.endsWith(`/api/orders/${ORDER_ID}/cancel`) ? json(200, { ...pending, status: 'cancelled', cancellation: { reason: 'cancelled_by_customer', at: '2026-11-21T13:05:00.000Z', refundedCents: null } }) : json(500, {}))));
    view = render(<OrderDetails order={pending} />);
    await flush();
    expect(view.container.querySelector('[data-testid="pix-countdown"]')!.textContent).toMatch(/^Tempo restante: (10:00|09:5\d)$/);
    click(button(view.container, 'Cancelar pedido'));
    const dialog = await vi.waitFor(() => {
      const found = document.querySelector('[role="dialog"]');
      if (!found) throw new Error('no dialog yet');
      return found;
    });
    expect(dialog.textContent).toContain('Os itens voltam para o estoque');
    expect(calls.some((call) => call.url.endsWith('/cancel'))).toBe(false);
    click(button(dialog as HTMLElement, 'Cancelar pedido'));
    await flush(3);
    expect(calls.filter((call) => call.url.endsWith('/cancel')).map((call) => call.method)).toEqual(['POST']);
    expect(success).toHaveBeenCalledWith('Pedido cancelado', { description: 'O pedido P925-000042 foi cancelado.' });
  });
});
