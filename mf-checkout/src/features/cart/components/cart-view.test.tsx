/**
 * Cart page rules (storefront.md 4): plus raises by 1, the minus button stops at 1, typing a
 * non-number gives 1, 0 removes, 'Limpar carrinho' clears; the empty state links to /produtos;
 * subtotal, the freight left to the checkout (issue 23); 'Finalizar Compra' goes to /checkout; refresh notices.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatBRL, setRuntimeConfig, useCartStore, type CartItem } from '@prata/shared-ui';
import { button, click, render, typeInto, type Rendered } from '../../../testing/render.tsx';
import type { CartRefresh } from '../hooks/use-cart-refresh.ts';
import { CartView } from './cart-view.tsx';

const ring: CartItem = { id: 'a0000000-0000-4000-8000-000000000001', name: 'Anel Solitário', priceCents: 12_990, quantity: 2, imageUrl: null };
const chain: CartItem = { id: 'a0000000-0000-4000-8000-000000000002', name: 'Colar Veneziana', priceCents: 8_950, quantity: 1, imageUrl: null };

const refresh = (over: Partial<CartRefresh> = {}): CartRefresh => ({ status: 'fresh', notices: [], shortages: [], dismiss: vi.fn(), retry: vi.fn(), ...over });

let view: Rendered;
const quantityOf = (item: CartItem) => view.container.querySelector<HTMLInputElement>(`#quantidade-${item.id}`);
const quantities = () => Object.fromEntries(useCartStore.getState().items.map((item) => [item.name, item.quantity]));

beforeEach(() => {
  setRuntimeConfig({ apiUrl: 'http://api.test' });
  useCartStore.setState({ items: [ring, chain] });
});
afterEach(() => view.unmount());

describe('CartView', () => {
  it('lists the items with their line totals and the subtotal; the freight is for the checkout', () => {
    view = render(<CartView refresh={refresh()} />, { path: '/carrinho' });
    expect(view.container.querySelectorAll('[data-testid="cart-item"]')).toHaveLength(2);
    const text = view.container.textContent!;
    expect(text).toContain(formatBRL(25_980));
    expect(text).toContain(`Subtotal (3 itens)${formatBRL(34_930)}`);
    expect(text).toContain('FreteCalculado no checkout');
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
});
