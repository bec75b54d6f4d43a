/**
 * Cart page rules (storefront.md 4): plus raises by 1, the minus button stops at 1, typing a
 * non-number gives 1, 0 removes, 'Limpar carrinho' clears; the empty state links to /produtos;
 * the subtotal; 'Finalizar Compra' goes to /checkout; refresh notices.
 * The freight from the quote for the remembered CEP (every line quoted, the cheapest
 * option in the summary and the total), the goods' price by PIX, the coupon's field (signed in
 * only), its discount row and its refusals.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShippingQuote } from '@prata/contracts/shipping';
import { formatBRL } from '@prata/shared-ui';
import { setRuntimeConfig, useCartStore, useSessionStore, type CartItem } from '@prata/shared-ui/state';
import { json, stubApi, type Call } from '../../../testing/api.ts';
import { button, click, flush, render, typeInto, type Rendered } from '../../../testing/render.tsx';
import type { CartRefresh } from '../hooks/use-cart-refresh.ts';
import { CartView } from './cart-view.tsx';

const ring: CartItem = { id: 'a0000000-0000-4000-8000-000000000001', name: 'Anel Solitário', priceCents: 12_990, quantity: 2, imageUrl: null };
const chain: CartItem = { id: 'a0000000-0000-4000-8000-000000000002', name: 'Colar Veneziana', priceCents: 8_950, quantity: 1, imageUrl: null };

const refresh = (over: Partial<CartRefresh> = {}): CartRefresh => ({ status: 'fresh', notices: [], shortages: [], dismiss: vi.fn(), retry: vi.fn(), ...over });

let view: Rendered;
const quantityOf = (item: CartItem) => view.container.querySelector<HTMLInputElement>(`#quantidade-${item.id}`);
const quantities = () => Object.fromEntries(useCartStore.getState().items.map((item) => [item.name, item.quantity]));

const offers = { pixDiscountPercent: 0, freeShippingThresholdCents: null, freeShippingRegions: null };
const manausQuote: ShippingQuote = {
  zipCode: '69005-010',
  state: 'AM',
  region: 'N',
  source: 'table',
  options: [
    { serviceId: 'tabela-pac', carrier: 'Correios', name: 'PAC', priceCents: 4_590, minDays: 9, maxDays: 14 },
    { serviceId: 'tabela-sedex', carrier: 'Correios', name: 'SEDEX', priceCents: 8_430, minDays: 4, maxDays: 6 },
  ],
  freeShippingThresholdCents: null,
};
/** What the stubbed API answers, by path. */
let answers: Record<string, () => Response>;
let calls: Call[];

// The summary's quote and coupon forms are a lazy chunk: loaded once here, so the page's import resolves at once.
beforeAll(async () => {
  await import('./cart-offers.tsx');
});

beforeEach(() => {
  setRuntimeConfig({ apiUrl: 'http://api.test' });
  useCartStore.setState({ items: [ring, chain], shippingCep: null, couponCode: null });
  useSessionStore.getState().clear();
  answers = { '/api/store-offers': () => json(200, offers) };
  calls = stubApi((call) => answers[new URL(call.url).pathname]?.() ?? json(500, { error: 'internal', message: 'Erro interno' }));
});
afterEach(() => {
  view.unmount();
  vi.unstubAllGlobals();
});

describe('CartView', () => {
  it('lists the items with their line totals, the subtotal, and asks for the CEP for the freight', () => {
    view = render(<CartView refresh={refresh()} />, { path: '/carrinho' });
    expect(view.container.querySelectorAll('[data-testid="cart-item"]')).toHaveLength(2);
    const text = view.container.textContent!;
    expect(text).toContain(formatBRL(25_980));
    expect(text).toContain(`Subtotal (3 itens)${formatBRL(34_930)}`);
    expect(text).toContain('FreteCalcule pelo CEP');
    expect(text).toContain(`Total${formatBRL(34_930)}`);
    expect(view.container.querySelector('a[href="/checkout"]')?.textContent).toBe('Finalizar Compra');
    expect(view.container.querySelector('a[href="/produtos"]')).not.toBeNull();
  });

  it('raises a quantity by 1 with plus', () => {
    view = render(<CartView refresh={refresh()} />);
    click(button(view.container, `Aumentar quantidade de ${chain.name}`));
    expect(quantities()).toEqual({ [ring.name]: 2, [chain.name]: 2 });
    expect(quantityOf(chain)!.value).toBe('2');
  });

  it('lowers with minus, which stops at 1', () => {
    view = render(<CartView refresh={refresh()} />);
    const minus = () => button(view.container, `Diminuir quantidade de ${ring.name}`)!;
    click(minus());
    expect(quantities()[ring.name]).toBe(1);
    expect(minus().disabled).toBe(true);
    click(minus());
    expect(quantities()[ring.name]).toBe(1);
    expect(quantityOf(ring)!.value).toBe('1');
  });

  it('turns a typed non-number into 1, takes a typed number, and removes on 0', () => {
    view = render(<CartView refresh={refresh()} />);
    typeInto(quantityOf(ring), 'abc');
    expect(quantities()[ring.name]).toBe(1);
    typeInto(quantityOf(ring), '');
    expect(quantities()[ring.name]).toBe(1);
    typeInto(quantityOf(ring), '5');
    expect(quantities()[ring.name]).toBe(5);
    typeInto(quantityOf(ring), '0');
    expect(quantities()).toEqual({ [chain.name]: 1 });
  });

  it("removes one line with 'Remover' and empties the cart with 'Limpar carrinho'", () => {
    view = render(<CartView refresh={refresh()} />);
    click(button(view.container, `Remover ${chain.name}`));
    expect(quantities()).toEqual({ [ring.name]: 2 });
    click(button(view.container, 'Limpar carrinho'));
    expect(useCartStore.getState().items).toEqual([]);
    expect(view.container.textContent).toContain('Seu carrinho está vazio');
  });

  it('shows the empty state with a link to /produtos when the cart is empty', () => {
    useCartStore.setState({ items: [] });
    view = render(<CartView refresh={refresh()} />);
    expect(view.container.querySelector('h2')?.textContent).toBe('Seu carrinho está vazio');
    expect(view.container.querySelector('a[href="/produtos"]')?.textContent).toBe('Ver Produtos');
    expect(view.container.querySelector('[data-testid="cart-item"]')).toBeNull();
  });

  it('shows price-change notices and shortages, and dismisses the notices', () => {
    const dismiss = vi.fn();
    view = render(<CartView refresh={refresh({ notices: ['O preço de Anel Solitário mudou.'], shortages: ['Colar Veneziana está esgotado no momento.'], dismiss })} />);
    const notices = view.container.querySelector('[data-testid="cart-notices"]')!;
    expect(notices.textContent).toContain('O preço de Anel Solitário mudou.');
    expect(notices.textContent).toContain('Colar Veneziana está esgotado no momento.');
    click(button(view.container, 'Entendi'));
    expect(dismiss).toHaveBeenCalledOnce();
  });

  it('says while prices refresh, and offers a retry when the refresh failed', () => {
    view = render(<CartView refresh={refresh({ status: 'loading' })} />);
    expect(view.container.textContent).toContain('Atualizando preços...');
    view.unmount();
    const retry = vi.fn();
    view = render(<CartView refresh={refresh({ status: 'error', retry })} />);
    expect(view.container.textContent).toContain('Não foi possível atualizar os preços agora.');
    click(button(view.container, 'Tentar novamente'));
    expect(retry).toHaveBeenCalledOnce();
  });

  it("quotes every line for the remembered CEP at once and puts the cheapest option in the summary and the total; the goods' PIX price shows", async () => {
    answers['/api/store-offers'] = () => json(200, { ...offers, pixDiscountPercent: 5 });
    answers['/api/shipping/quotes'] = () => json(200, manausQuote);
    useCartStore.setState({ shippingCep: '69005-010' });
    view = render(<CartView refresh={refresh()} />, { path: '/carrinho' });
    await flush();
    await flush();
    const quotes = calls.filter((call) => call.url.endsWith('/api/shipping/quotes'));
    expect(quotes.map((call) => call.body)).toEqual([
      { zipCode: '69005010', items: [{ productId: ring.id, variantId: null, quantity: 2 }, { productId: chain.id, variantId: null, quantity: 1 }] },
    ]);
    const text = view.container.textContent!;
    expect(text).toContain(`Fretea partir de ${formatBRL(4_590)}`);
    expect(text).toContain(`Total${formatBRL(34_930 + 4_590)}`);
    // 34 930 x 0.95 = 33 183.5 -> 33 183, rounded down in the shopper's favour.
    expect(view.container.querySelector('[data-testid="cart-pix-price"]')?.textContent).toBe(`Produtos por ${formatBRL(33_183)} no PIX (5% de desconto)`);
    expect(view.container.querySelectorAll('[data-testid="shipping-options"] li')).toHaveLength(2);
  });

  it("states the total's card instalments under the store's rules", async () => {
    const instalments = () => view.container.querySelector('[data-testid="cart-installments"]')?.textContent;
    view = render(<CartView refresh={refresh()} />, { path: '/carrinho' });
    await flush();
    // R$ 349,30 / 12 = 29,108 -> R$ 29,10 a month (the last R$ 29,20).
    expect(instalments()).toBe(`ou 12x de ${formatBRL(2_910)} sem juros`);
    view.unmount();
    answers['/api/store-offers'] = () => json(200, { ...offers, installments: { maxInstallments: 6, minInstallmentCents: 500, interestFreeInstallments: 1, monthlyInterestPercent: 1.5 } });
    view = render(<CartView refresh={refresh()} />, { path: '/carrinho' });
    await flush();
    // 6x at 1,5 % a.m.: PMT = 34930 x 0.015 / (1 - 1.015^-6) = 6131.0957... -> 6131; total 6 x PMT = 36786.57... -> 36787.
    expect(instalments()).toBe(`ou 6x de ${formatBRL(6_131)} (total ${formatBRL(36_787)})`);
  });

  it('asks a signed-out shopper to sign in to use a coupon, with a link that comes back to the cart', async () => {
    view = render(<CartView refresh={refresh()} />, { path: '/carrinho' });
    await flush();
    expect(view.container.textContent).toContain('Entre na sua conta para usar um cupom');
    expect(view.container.querySelector('a[href="/auth"]')?.textContent).toBe('Entrar');
    expect(view.container.querySelector('input[name="code"]')).toBeNull();
  });

  it("checks a signed-in shopper's coupon against the goods and the freight, keeps it in the cart store and shows its discount", async () => {
    useSessionStore.getState().setSession({ user: { id: 'u', email: 'maria@example.com', fullName: 'Maria' }, accessToken: 't', roles: [] });
    answers['/api/coupons/check'] = () => json(200, { code: 'PRATA10', kind: 'percent', discountCents: 3_493, freeShipping: false, message: 'Cupom PRATA10 aplicado: 10% de desconto' });
    view = render(<CartView refresh={refresh()} />, { path: '/carrinho' });
    await flush();
    typeInto(view.container.querySelector('input[name="code"]'), 'prata10');
    click(button(view.container, 'Aplicar'));
    await flush();
    await flush();
    expect(calls.filter((call) => call.url.endsWith('/api/coupons/check')).map((call) => [call.body, call.headers['authorization']])).toEqual([
      [{ code: 'PRATA10', subtotalCents: 34_930, shippingCents: 0 }, 'Bearer t'],
    ]);
    expect(useCartStore.getState().couponCode).toBe('PRATA10');
    const text = view.container.textContent!;
    expect(text).toContain('Cupom PRATA10 aplicado: 10% de desconto');
    expect(text).toContain(`Cupom PRATA10− ${formatBRL(3_493)}`);
    expect(text).toContain(`Total${formatBRL(34_930 - 3_493)}`);
    click(button(view.container, 'Remover cupom PRATA10'));
    expect(useCartStore.getState().couponCode).toBeNull();
  });

  it("shows a refused coupon's message and drops the code", async () => {
    useSessionStore.getState().setSession({ user: { id: 'u', email: 'maria@example.com', fullName: 'Maria' }, accessToken: 't', roles: [] });
    answers['/api/coupons/check'] = () => json(422, { error: 'coupon_expired', message: 'Cupom expirado' });
    view = render(<CartView refresh={refresh()} />, { path: '/carrinho' });
    await flush();
    typeInto(view.container.querySelector('input[name="code"]'), 'natal-2025');
    click(button(view.container, 'Aplicar'));
    await flush();
    await flush();
    expect(view.container.querySelector('[role="alert"]')?.textContent).toBe('Cupom expirado');
    expect(useCartStore.getState().couponCode).toBeNull();
    expect(view.container.textContent).toContain(`Total${formatBRL(34_930)}`);
  });
});
