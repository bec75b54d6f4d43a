/** Product card (storefront.md 2, 8) rendered in a DOM: texts, badges, responsive and fallback images, cart. */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_RENDITION_WIDTHS, type Product } from '@prata/contracts/catalogue';
import { setRuntimeConfig, useCartStore, useFavouritesStore, useSessionStore } from '@prata/shared-ui/state';
import { PRODUCT_IMAGE_SIZES, ProductCard } from './product-card.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const product: Product = {
  id: '6f56d857-6897-4856-b449-e5a7689ca2f0',
  slug: 'anel-gota-topazio-azul',
  name: 'Anel Gota Topázio Azul',
  category: 'aneis',
  priceCents: 24990,
  description: null,
  imageUrl: null,
  images: [],
  isNew: true,
  isBestseller: false,
  isFeatured: true,
  stock: 3,
  available: 3,
  options: [],
  variants: [],
  rating: { average: 4.7, count: 12 },
  createdAt: '2026-11-18T10:10:05.758Z',
};

let container: HTMLDivElement;
let root: Root;

const toggled: string[] = [];
const controls = (reserved: string[] = [], favourite: string[] = []) => ({
  isFavourite: (id: string) => favourite.includes(id) || reserved.includes(id),
  isReservedByMe: (id: string) => reserved.includes(id),
  toggle: (p: { id: string }) => void toggled.push(p.id),
});

function render(p: Product, favourites = controls()) {
  act(() => root.render(<MemoryRouter><ProductCard product={p} favourites={favourites} /></MemoryRouter>));
}

beforeAll(() => setRuntimeConfig({ apiUrl: 'http://127.0.0.1:3000' }));
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  useCartStore.setState({ items: [] });
  useFavouritesStore.setState({ items: [] });
  useSessionStore.getState().clear();
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('ProductCard', () => {
  it("shows name, the piece's rating from its reviews, the BRL price and the flags as badges", () => {
    render(product);
    const text = container.textContent!;
    expect(text).toContain('Anel Gota Topázio Azul');
    expect(text).toContain('4,7 (12)');
    expect(container.querySelector('[role="img"]')!.getAttribute('aria-label')).toBe('Avaliação 4,7 de 5, 12 avaliações');
    expect(text).toContain('R$\u00a0249,90');
    expect(text).toContain('Novo');
    expect(text).toContain('Destaque');
    expect(text).not.toContain('Best Seller');
    expect(text).not.toContain('Reservado por você');
  });

  it('shows no stars for a piece without an approved review', () => {
    render({ ...product, rating: null });
    expect(container.querySelector('[role="img"]')).toBeNull();
    expect(container.textContent).not.toMatch(/Avaliação|\d,\d \(/);
  });

  it('uses the fallback image when the product has none', () => {
    render(product);
    expect(container.querySelector('img')!.getAttribute('src')).toBe('http://127.0.0.1:3000/storage/product-images/fallback.svg');
  });

  it('offers WebP renditions of a photo at several widths, sized to the grid', () => {
    render({ ...product, imageUrl: 'http://127.0.0.1:3000/storage/product-images/products/anel.jpg' });
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('http://127.0.0.1:3000/storage/product-images/products/anel.jpg');
    expect(img.getAttribute('srcset')).toBe(
      IMAGE_RENDITION_WIDTHS.map((w) => `http://127.0.0.1:3000/images/product-images/products/anel.jpg?w=${w} ${w}w`).join(', '),
    );
    expect(img.getAttribute('sizes')).toBe(PRODUCT_IMAGE_SIZES);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['400', '400']);
  });

  it('serves vector art as it is, without a srcset', () => {
    render({ ...product, imageUrl: 'http://127.0.0.1:3000/storage/product-images/products/anel.svg' });
    expect(container.querySelector('img')!.hasAttribute('srcset')).toBe(false);
  });

  it('falls back to the fallback image, dropping the srcset, when a photo fails to load', () => {
    render({ ...product, imageUrl: 'http://127.0.0.1:3000/storage/product-images/products/anel.jpg' });
    const img = container.querySelector('img')!;
    act(() => void img.dispatchEvent(new Event('error')));
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.getAttribute('src')).toBe('http://127.0.0.1:3000/storage/product-images/fallback.svg');
  });

  it("tags a product the shopper reserved with 'Reservado por você'", () => {
    render(product, controls([product.id]));
    expect(container.textContent).toContain('Reservado por você');
    expect(container.querySelector(`button[aria-label="Remover ${product.name} dos favoritos"]`)!.getAttribute('aria-pressed')).toBe('true');
  });

  it('adds one unit to the shared cart per click', () => {
    render(product);
    const button = container.querySelector<HTMLButtonElement>(`button[aria-label="Adicionar ${product.name} ao carrinho"]`)!;
    act(() => button.click());
    act(() => button.click());
    expect(useCartStore.getState().items).toEqual([{ id: product.id, name: product.name, priceCents: 24990, imageUrl: null, quantity: 2 }]);
  });

  it('hands the favourite toggle to the favourites feature', () => {
    toggled.length = 0;
    render(product);
    act(() => container.querySelector<HTMLButtonElement>(`button[aria-label="Favoritar ${product.name}"]`)!.click());
    expect(toggled).toEqual([product.id]);
  });

  it("shows the price by PIX with the store's discount, rounded down to the cent, and no line without one", () => {
    act(() => root.render(<MemoryRouter><ProductCard product={product} pixDiscountPercent={5} /></MemoryRouter>));
    // 24 990 x 0.95 = 23 740.5 -> 23 740.
    expect(container.querySelector('[data-testid="pix-price"]')?.textContent).toBe('R$\u00a0237,40 no PIX');
    render(product);
    expect(container.querySelector('[data-testid="pix-price"]')).toBeNull();
    expect(container.textContent).not.toContain('no PIX');
  });
});
