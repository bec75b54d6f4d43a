/**
 * The staff's order page, its price and payment with store credit: the credit the shopper
 * spent shows after the total ('Crédito da loja'), the card's instalments split what the acquirer
 * charged (the total less the credit), and an order the credit paid whole names 'Crédito da loja'
 * as its method; without credit, no such line.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminOrder } from '@prata/contracts';
import { formatBRL } from '@prata/shared-ui';
import { setRuntimeConfig } from '@prata/shared-ui/state';
import { flush, render, type Rendered } from '@prata/shared-ui/testing';
import { OrderDetail } from './order-detail.tsx';

const ORDER: AdminOrder = {
  id: 'b0000000-0000-4000-8000-000000000001',
  number: 'P925-7KX2Q',
  status: 'paid',
  totalCents: 30_000,
  createdAt: '2026-12-10T13:00:00.000Z',
  items: [{ productId: 'a0000000-0000-4000-8000-000000000001', productName: 'Anel Solitário', variantId: null, sku: null, variantLabel: null, quantity: 2, unitPriceCents: 15_000, totalPriceCents: 30_000 }],
  shipping: { recipient: 'Maria Silva', zipCode: '01310-100', street: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' },
  delivery: { minDays: 4, maxDays: 7 },
  pricing: { subtotalCents: 30_000, shippingCents: 0, couponCode: null, couponDiscountCents: 0, pixDiscountCents: 0, totalCents: 30_000, storeCreditCents: 0, amountDueCents: 30_000 },
  shippingService: { serviceId: 'tabela-pac', carrier: 'Correios', name: 'PAC' },
  payment: { method: 'credit-card', card: { brand: 'Visa', last4: '1111', installments: 2, installmentAmounts: [15_000, 15_000] }, pix: null, boleto: null, paidAt: '2026-12-10T13:00:02.000Z' },
  shipment: null,
  cancellation: null,
  timeline: [{ status: 'paid', at: '2026-12-10T13:00:02.000Z', note: null, from: 'pending', actor: 'Sistema' }],
  refundedCents: 0,
  customer: { userId: 'c0000000-0000-4000-8000-000000000001', name: 'Maria Silva', email: 'maria@exemplo.com.br', phone: '(11) 98765-4321' },
  provider: { name: 'sandbox', reference: 'pay_1', status: 'approved' },
  paymentAlert: null,
};

let view: Rendered | null = null;
beforeAll(() => setRuntimeConfig({ apiUrl: 'http://api.test' }));
afterEach(() => {
  view?.unmount();
  vi.unstubAllGlobals();
});

/** Renders the page with every call of its cards (label, invoice, returns) answered 404. */
async function mount(order: AdminOrder) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: 'not_found', message: 'Não encontrado' }), { status: 404, headers: { 'content-type': 'application/json' } })));
  view = render(<OrderDetail order={order} />);
  await flush();
  return view.container;
}
const text = (container: HTMLElement, id: string) => container.querySelector(`[data-testid="${id}"]`)!.textContent!;

describe('OrderDetail store credit', () => {
  it('shows no credit line for an order paid without credit', async () => {
    const page = await mount(ORDER);
    expect(text(page, 'order-pricing')).not.toContain('Crédito da loja');
    expect(page.textContent).toContain(`2x (${formatBRL(15_000)} + ${formatBRL(15_000)})`);
  });

  it('shows the credit after the total and splits only what the card paid into instalments', async () => {
    const pricing = { ...ORDER.pricing, storeCreditCents: 10_000, amountDueCents: 20_000 };
    const payment = { ...ORDER.payment, card: { ...ORDER.payment.card!, installmentAmounts: [10_000, 10_000] } };
    const page = await mount({ ...ORDER, pricing, payment });
    expect(text(page, 'order-pricing')).toContain(`Total ${formatBRL(30_000)} · Crédito da loja − ${formatBRL(10_000)}`);
    expect(page.textContent).toContain(`2x (${formatBRL(10_000)} + ${formatBRL(10_000)})`);
  });

  it('shows the instalments as charged and the total of a plan with interest', async () => {
    // 2x with interest: R$ 153,00 + R$ 153,02 = R$ 306,02 for R$ 300,00.
    const payment = { ...ORDER.payment, card: { ...ORDER.payment.card!, installmentAmounts: [15_300, 15_302] } };
    const page = await mount({ ...ORDER, payment });
    expect(page.textContent).toContain(`2x (${formatBRL(15_300)} + ${formatBRL(15_302)}) · total ${formatBRL(30_602)} com juros`);
  });

  it("names 'Crédito da loja' as the method of an order the credit paid whole", async () => {
    const pricing = { ...ORDER.pricing, storeCreditCents: 30_000, amountDueCents: 0 };
    const payment = { method: 'store-credit' as const, card: null, pix: null, boleto: null, paidAt: '2026-12-10T13:00:00.000Z' };
    const page = await mount({ ...ORDER, pricing, payment, provider: { name: null, reference: null, status: null } });
    expect(page.textContent).toContain('FormaCrédito da loja');
    expect(text(page, 'order-pricing')).toContain(`Crédito da loja − ${formatBRL(30_000)}`);
  });
});
