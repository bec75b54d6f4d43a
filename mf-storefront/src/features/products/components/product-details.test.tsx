/** The product page's variant picker rendered in a DOM: choice, 'Esgotado', price, 'Escolha uma opção', the cart line and the favourite. */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '@prata/contracts/catalogue';
import { setRuntimeConfig, useCartStore } from '@prata/shared-ui/state';
import { ProductDetails } from './product-details.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const id = (n: number) => `6f56d857-6897-4856-b449-e5a7689ca2f${n}`;
const variant = (n: number, aro: string, available: number, priceCents = 18_990) => ({ id: id(n), sku: `ANEL-${aro}`, options: { Aro: aro }, priceCents, stock: available, available });
const ring: Product = {
  id: id(0),
  slug: 'anel-solitario',
  name: 'Anel Solitário',
  category: 'aneis',
  priceCents: 18_990,
  description: null,
  imageUrl: null,
  images: [],
  isNew: false,
  isBestseller: false,
  isFeatured: false,
  stock: 3,
  available: 3,
  options: [{ name: 'Aro', values: ['14', '16', '18'] }],
  variants: [variant(1, '14', 2), variant(2, '16', 1, 19_990), variant(3, '18', 0)],
  rating: null,
  createdAt: '2026-11-18T10:10:05.758Z',
};

let container: HTMLDivElement;
let root: Root;
const toggled: { id: string; variantId?: string | null }[] = [];
const favourites = { isFavourite: () => false, isReservedByMe: () => false, toggle: (p: { id: string; variantId?: string | null }) => void toggled.push({ id: p.id, variantId: p.variantId }) };

const aros = () => [...container.querySelectorAll<HTMLButtonElement>('[role="group"][aria-label="Aro"] button')];
const chip = (aro: string) => aros().find((b) => b.textContent!.startsWith(aro))!;
const button = (name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent!.includes(name))!;
const text = () => container.textContent!;

beforeAll(() => setRuntimeConfig({ apiUrl: 'http://127.0.0.1:3000' }));
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  useCartStore.setState({ items: [] });
  toggled.length = 0;
  act(() => root.render(<ProductDetails product={ring} favourites={favourites} sizeGuide={<a href="#guia">Guia de tamanhos</a>} />));
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('ProductDetails with variants', () => {
  it("offers each aro in a group named 'Aro', the sold-out one marked 'Esgotado', and the size guide", () => {
    expect(aros().map((b) => [b.textContent, b.disabled])).toEqual([
      ['14', false],
      ['16', false],
      ['18 · Esgotado', false],
    ]);
    expect(text()).toContain('Guia de tamanhos');
    expect(text()).toContain('A partir de R$\u00a0189,90');
  });

  it("offers the back-in-stock alert for a chosen sold-out variant, never the cart", () => {
    act(() => root.render(<ProductDetails product={ring} favourites={favourites} soldOut={(variantId) => <p data-testid="sold-out">alerta {variantId}</p>} />));
    expect(container.querySelector('[data-testid="sold-out"]')).toBeNull();
    act(() => chip('18').click());
    expect(container.querySelector('[data-testid="sold-out"]')!.textContent).toBe(`alerta ${id(3)}`);
    expect(container.querySelector('[data-testid="product-availability"]')!.textContent).toBe('Esgotado');
    expect(button('Adicionar ao carrinho').disabled).toBe(true);
    act(() => chip('14').click());
    expect(container.querySelector('[data-testid="sold-out"]')).toBeNull();
  });

  it("asks 'Escolha uma opção' instead of adding without a choice", () => {
    act(() => button('Adicionar ao carrinho').click());
    expect(text()).toContain('Escolha uma opção');
    expect(useCartStore.getState().items).toEqual([]);
  });

  it("follows the chosen variant's price and puts that variant in the cart and the favourite", () => {
    act(() => chip('16').click());
    expect(aros().map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'true', 'false']);
    expect(text()).not.toContain('A partir de');
    expect(container.querySelector('[data-testid="product-price"]')!.textContent).toBe('R$\u00a0199,90');
    act(() => button('Adicionar ao carrinho').click());
    expect(useCartStore.getState().items).toEqual([{ id: ring.id, name: ring.name, priceCents: 19_990, imageUrl: null, variantId: id(2), variantLabel: 'Aro 16', quantity: 1 }]);
    act(() => button('Favoritar').click());
    expect(toggled).toEqual([{ id: ring.id, variantId: id(2) }]);
  });
});

describe('ProductDetails, PIX price and freight', () => {
  it("shows the price by PIX of the chosen variant's price and hands the chosen variant to the freight quote", () => {
    const quoted: (string | null)[] = [];
    const shipping = (variantId: string | null) => {
      quoted.push(variantId);
      return <p data-testid="frete">frete</p>;
    };
    act(() => root.render(<ProductDetails product={ring} pixDiscountPercent={10} shipping={shipping} />));
    // From the lowest price until a choice: 18 990 x 0.90 = 17 091.
    expect(container.querySelector('[data-testid="pix-price"]')!.textContent).toBe('R$\u00a0170,91 no PIX');
    expect(quoted.at(-1)).toBeNull();
    act(() => chip('16').click());
    // 19 990 x 0.90 = 17 991.
    expect(container.querySelector('[data-testid="pix-price"]')!.textContent).toBe('R$\u00a0179,91 no PIX');
    expect(quoted.at(-1)).toBe(id(2));
    expect(container.querySelector('[data-testid="frete"]')).not.toBeNull();
  });

  it('shows no PIX line without a discount', () => {
    act(() => root.render(<ProductDetails product={ring} pixDiscountPercent={0} />));
    expect(container.querySelector('[data-testid="pix-price"]')).toBeNull();
  });
});

describe('ProductDetails, instalments', () => {
  const line = () => [...container.querySelectorAll('p')].map((p) => p.textContent!.replace(/\u00a0/g, ' ')).find((t) => t.startsWith('ou '));

  it("states the regular instalment the shopper pays, following the chosen variant's price", () => {
    // R$ 189,90 / 12 = 15,825 -> R$ 15,82 a month (the last R$ 15,88).
    expect(line()).toBe('ou 12x de R$ 15,82 sem juros');
    act(() => chip('16').click());
    // R$ 199,90 / 12 = 16,658 -> R$ 16,65 (the last R$ 16,75).
    expect(line()).toBe('ou 12x de R$ 16,65 sem juros');
  });

  it("follows the store's rules: the most interest-free instalments, else the total with interest", () => {
    act(() => root.render(<ProductDetails product={ring} installmentRules={{ maxInstallments: 10, minInstallmentCents: 500, interestFreeInstallments: 5, monthlyInterestPercent: 1.99 }} />));
    // R$ 189,90 / 5 = R$ 37,98.
    expect(line()).toBe('ou 5x de R$ 37,98 sem juros');
    act(() => root.render(<ProductDetails product={ring} installmentRules={{ maxInstallments: 10, minInstallmentCents: 500, interestFreeInstallments: 1, monthlyInterestPercent: 1.99 }} />));
    // PMT = 18990 x 0.0199 / (1 - 1.0199^-10) = 2112.98... -> R$ 21,12; total 10 x PMT = 21129.85... -> R$ 211,30.
    expect(line()).toBe('ou 10x de R$ 21,12 (total R$ 211,30)');
  });
});
