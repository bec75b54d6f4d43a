/**
 * Order confirmed (storefront.md 2, 9): number, items, total, and the payment instructions of
 * each method (PIX copia e cola + QR code + expiry; boleto line + due date; card brand, last 4
 * and instalments), delivery estimate, 24 h processing and the link to /produtos; store credit:
 * an order it paid whole is paid with no instructions, and the credit shows in the breakdown.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatBRL, formatDateTime } from '@prata/shared-ui';
import { toast } from '@prata/shared-ui/state';
import { sampleOrder } from '../../../testing/api.ts';
import { button, click, flush, render, type Rendered } from '../../../testing/render.tsx';
import { OrderConfirmation } from './order-confirmation.tsx';

vi.mock('qrcode', () => ({ default: { toDataURL: vi.fn(async () => 'data:image/png;base64,QRCODE') } }));

const PIX = '00020101021226880014br.gov.bcb.pix2566qrcode.prata925.com.br/v2/cobv/P925000042520400005303986540559.805802BR5909PRATA 9256009SAO PAULO62070503***6304AB12';
const LINE = '34191790010104351004791020150008291070026000';

let view: Rendered;
afterEach(() => {
  view.unmount();
  vi.restoreAllMocks();
});

describe('OrderConfirmation', () => {
  it('shows the number, status, items, total, delivery and a link to /produtos', () => {
    view = render(<OrderConfirmation order={sampleOrder()} />);
    const text = view.container.textContent!;
    expect(view.container.querySelector('h1')!.textContent).toBe('Pedido confirmado!');
    expect(view.container.querySelector('[data-testid="order-number"]')!.textContent).toBe('P925-000042');
    expect(text).toContain('Pago');
    expect(view.container.querySelector('a[href="/minha-conta/pedidos/b0000000-0000-4000-8000-000000000001"]')!.textContent).toBe('Acompanhar pedido');
    expect(text).toContain('Anel Solitário × 2');
    expect(text).toContain(`Total${formatBRL(25_980)}`);
    expect(text).toContain('FreteGrátis');
    expect(text).toContain('Prazo de entrega: 4 a 7 dias úteis por PAC após a confirmação do pagamento.');
    expect(text).toContain('Seu pedido será processado em até 24 horas.');
    expect(view.container.querySelector('a[href="/produtos"]')).not.toBeNull();
  });

  it('shows the freight, the coupon and the PIX discount the order was charged', () => {
    const pricing = { subtotalCents: 25_980, shippingCents: 3_990, couponCode: 'PRATA10', couponDiscountCents: 2_598, pixDiscountCents: 1_169, totalCents: 26_203, storeCreditCents: 0, amountDueCents: 26_203 };
    view = render(<OrderConfirmation order={sampleOrder({ totalCents: 26_203, pricing })} />);
    const text = view.container.textContent!;
    expect(text).toContain(`Subtotal${formatBRL(25_980)}Frete${formatBRL(3_990)}Cupom PRATA10− ${formatBRL(2_598)}Desconto no PIX− ${formatBRL(1_169)}Total${formatBRL(26_203)}`);
  });

  it("shows an order the store credit paid whole as paid, with the credit in the breakdown and no PIX or boleto instructions", () => {
    const pricing = { subtotalCents: 25_980, shippingCents: 0, couponCode: null, couponDiscountCents: 0, pixDiscountCents: 0, totalCents: 25_980, storeCreditCents: 25_980, amountDueCents: 0 };
    const payment = { method: 'store-credit' as const, card: null, pix: null, boleto: null, paidAt: '2026-11-21T13:00:00.000Z' };
    view = render(<OrderConfirmation order={sampleOrder({ status: 'paid', pricing, payment })} />);
    const text = view.container.textContent!;
    expect(view.container.querySelector('h1')!.textContent).toBe('Pedido confirmado!');
    expect(view.container.querySelector('[data-testid="order-status"]')!.getAttribute('data-status')).toBe('paid');
    expect(view.container.querySelector('[data-testid="payment-store-credit"]')!.textContent).toContain(`Pago com ${formatBRL(25_980)} do seu crédito na loja.`);
    for (const id of ['payment-pix', 'payment-boleto', 'payment-card']) expect(view.container.querySelector(`[data-testid="${id}"]`)).toBeNull();
    expect(button(view.container, 'Simular pagamento')).toBeUndefined();
    expect(text).toContain(`Total${formatBRL(25_980)}Crédito da loja− ${formatBRL(25_980)}`);
    // Paid: nothing is left to pay, so no 'A pagar'.
    expect(text).not.toContain('A pagar');
  });

  it("shows the credit and 'A pagar' of an unpaid PIX order the credit paid in part", async () => {
    const pricing = { subtotalCents: 25_980, shippingCents: 0, couponCode: null, couponDiscountCents: 0, pixDiscountCents: 0, totalCents: 25_980, storeCreditCents: 10_000, amountDueCents: 15_980 };
    const payment = { method: 'pix' as const, card: null, boleto: null, pix: { payload: PIX, expiresAt: '2026-11-21T13:30:00.000Z' }, paidAt: null };
    view = render(<OrderConfirmation order={sampleOrder({ status: 'pending', pricing, payment })} />);
    await flush();
    expect(view.container.textContent).toContain(`Total${formatBRL(25_980)}Crédito da loja− ${formatBRL(10_000)}A pagar${formatBRL(15_980)}`);
    expect(view.container.querySelector('[data-testid="payment-pix"]')).not.toBeNull();
    expect(view.container.querySelector('[data-testid="payment-store-credit"]')).toBeNull();
  });

  it('shows the card brand, last 4 digits and the instalments', () => {
    view = render(<OrderConfirmation order={sampleOrder()} />);
    const card = view.container.querySelector('[data-testid="payment-card"]')!.textContent!;
    expect(card).toContain('Visa final 1111');
    expect(card).toContain(`3x de ${formatBRL(8_660)} sem juros`);
  });

  it('states the exact split, the last instalment carrying the leftover cents, and the total of a plan with interest', () => {
    let rendered = false;
    const card = (installmentAmounts: number[]) => {
      if (rendered) view.unmount();
      rendered = true;
      const payment = { method: 'credit-card' as const, card: { brand: 'Visa', last4: '1111', installments: installmentAmounts.length, installmentAmounts }, pix: null, boleto: null, paidAt: '2026-11-21T13:00:02.000Z' };
      view = render(<OrderConfirmation order={sampleOrder({ payment })} />);
      return view.container.querySelector('[data-testid="payment-card"]')!.textContent!;
    };
    // R$ 259,80 in 12x: 25980 / 12 = 2165 exactly; in 7x: 3711.43 -> 3711, the last 25980 - 6 x 3711 = 3714.
    expect(card(Array(12).fill(2_165))).toContain(`12x de ${formatBRL(2_165)} sem juros`);
    expect(card([...Array(6).fill(3_711), 3_714])).toContain(`7x sem juros: 6x de ${formatBRL(3_711)} + 1x de ${formatBRL(3_714)}`);
    // With interest the instalments add up to more than the amount due: 11 x 2 500 + 2 510 = 30 010.
    expect(card([...Array(11).fill(2_500), 2_510])).toContain(`12x de ${formatBRL(2_500)} (total ${formatBRL(30_010)})`);
  });

  it('shows the PIX copia e cola with a copy button, its QR code and the expiry time', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const success = vi.spyOn(toast, 'success').mockReturnValue(undefined);
    const expiresAt = '2026-11-21T13:30:00.000Z';
    view = render(<OrderConfirmation order={sampleOrder({ status: 'pending', payment: { method: 'pix', card: null, boleto: null, pix: { payload: PIX, expiresAt }, paidAt: null } })} />);
    await flush();
    expect(view.container.querySelector('h1')!.textContent).toBe('Pedido recebido!');
    expect(view.container.textContent).toContain('Aguardando pagamento');
    const section = view.container.querySelector('[data-testid="payment-pix"]')!;
    expect(section.querySelector<HTMLTextAreaElement>('[data-testid="pix-payload"]')!.value).toBe(PIX);
    expect(section.querySelector<HTMLImageElement>('img[alt="QR Code PIX"]')!.src).toBe('data:image/png;base64,QRCODE');
    expect(section.textContent).toContain('30 minutos');
    expect(section.textContent).toContain(formatDateTime(expiresAt));
    expect(section.querySelector('[data-testid="pix-countdown"]')!.textContent).toMatch(/^(Tempo restante: \d{2}:\d{2}|Código PIX expirado)$/);
    click(button(section, 'Copiar código PIX'));
    await flush(2);
    expect(writeText).toHaveBeenCalledWith(PIX);
    expect(success).toHaveBeenCalledWith('Código PIX copiado!');
  });

  it('shows the boleto line with a copy button and the due date', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    vi.spyOn(toast, 'success').mockReturnValue(undefined);
    view = render(<OrderConfirmation order={sampleOrder({ status: 'pending', payment: { method: 'boleto', card: null, pix: null, boleto: { line: `${LINE}123`, dueDate: '2026-11-26', url: null }, paidAt: null } })} />);
    const section = view.container.querySelector('[data-testid="payment-boleto"]')!;
    expect(section.querySelector<HTMLInputElement>('[data-testid="boleto-line"]')!.value.replace(/\D/g, '')).toBe(`${LINE}123`);
    expect(section.textContent).toContain('Vencimento: 26/11/2026');
    click(button(section, 'Copiar linha digitável'));
    await flush(2);
    expect(writeText).toHaveBeenCalledWith(`${LINE}123`);
  });
});
