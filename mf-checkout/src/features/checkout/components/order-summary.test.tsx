/** The checkout summary: the price's breakdown and the chosen option's days, and the store's 'Informações de Entrega' section, as text. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../testing/api.ts';
import { flush, render, type Rendered } from '../../../testing/render.tsx';
import { OrderSummary } from './order-summary.tsx';

let view: Rendered | undefined;
const NO_FREIGHT = { subtotalCents: 0, shippingCents: null, couponCode: null, couponDiscountCents: 0, pixDiscountCents: 0, totalCents: 0, storeCreditCents: 0, amountDueCents: 0 };
afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
});

describe('OrderSummary', () => {
  it("shows the shipping_info section the owner edited, in a disclosure", async () => {
    const calls = stubApi((call) =>
      call.url.endsWith('/api/content/shipping_info')
        ? json(200, { sectionKey: 'shipping_info', title: 'Informações de Entrega', content: 'Enviamos por Correios.\n<b>Rastreio</b> por e-mail.', updatedAt: '2026-11-20T12:00:00.000Z' })
        : json(404, { error: 'not_found', message: 'x' }),
    );
    view = render(<OrderSummary items={[]} pricing={NO_FREIGHT} shipping={null} />);
    await flush();
    const details = view.container.querySelector('[data-testid="shipping-info"]')!;
    expect(details.querySelector('summary')!.textContent).toBe('Informações de Entrega');
    expect(details.textContent).toContain('<b>Rastreio</b> por e-mail.');
    expect(details.querySelector('b')).toBeNull();
    expect(calls.some((call) => call.url.endsWith('/api/content/shipping_info'))).toBe(true);
  });

  it('shows nothing extra when the section cannot be loaded', async () => {
    stubApi(() => json(500, { error: 'internal', message: 'x' }));
    view = render(<OrderSummary items={[]} pricing={NO_FREIGHT} shipping={null} />);
    await flush();
    expect(view.container.querySelector('[data-testid="shipping-info"]')).toBeNull();
    expect(view.container.querySelector('[data-testid="totals-shipping"]')!.textContent).toBe('FreteInforme o CEP');
    expect(view.container.querySelector('[data-testid="delivery-estimate"]')!.textContent).toBe('Informe o CEP para calcular o frete e o prazo de entrega.');
  });

  it('shows the freight, the coupon, the PIX discount and the chosen option\'s days', async () => {
    stubApi(() => json(404, { error: 'not_found', message: 'x' }));
    const pricing = { subtotalCents: 19_990, shippingCents: 3_990, couponCode: 'PRATA10', couponDiscountCents: 1_999, pixDiscountCents: 900, totalCents: 21_081, storeCreditCents: 0, amountDueCents: 21_081 };
    const sedex = { serviceId: 'tabela-sedex', carrier: 'Correios', name: 'SEDEX', priceCents: 3_990, minDays: 3, maxDays: 5 };
    view = render(<OrderSummary items={[]} pricing={pricing} shipping={sedex} />);
    await flush();
    const text = (id: string) => view!.container.querySelector(`[data-testid="${id}"]`)!.textContent;
    expect(text('totals-shipping')).toBe('FreteR$\u00a039,90');
    expect(text('totals-coupon')).toBe('Cupom PRATA10− R$\u00a019,99');
    expect(text('totals-pix')).toBe('Desconto no PIX− R$\u00a09,00');
    expect(view.container.textContent).toContain('TotalR$\u00a0210,81');
    expect(text('delivery-estimate')).toBe('Entrega em 3 a 5 dias úteis (SEDEX).');
    // No store credit used: neither its line nor 'A pagar'.
    expect(view.container.querySelector('[data-testid="totals-store-credit"]')).toBeNull();
    expect(view.container.querySelector('[data-testid="totals-amount-due"]')).toBeNull();
  });

  it("shows the store credit used under the total and what is left to pay, 'A pagar'", async () => {
    stubApi(() => json(404, { error: 'not_found', message: 'x' }));
    const pricing = { subtotalCents: 19_990, shippingCents: 3_990, couponCode: null, couponDiscountCents: 0, pixDiscountCents: 0, totalCents: 23_980, storeCreditCents: 5_000, amountDueCents: 18_980 };
    const sedex = { serviceId: 'tabela-sedex', carrier: 'Correios', name: 'SEDEX', priceCents: 3_990, minDays: 3, maxDays: 5 };
    view = render(<OrderSummary items={[]} pricing={pricing} shipping={sedex} />);
    await flush();
    const text = (id: string) => view!.container.querySelector(`[data-testid="${id}"]`)!.textContent;
    expect(view.container.textContent).toContain('TotalR$\u00a0239,80Crédito da loja− R$\u00a050,00A pagarR$\u00a0189,80');
    expect(text('totals-store-credit')).toBe('Crédito da loja− R$\u00a050,00');
    expect(text('totals-amount-due')).toBe('A pagarR$\u00a0189,80');
  });
});
