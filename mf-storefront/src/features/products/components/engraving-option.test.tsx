/** The product page's 'Gravação' option in a DOM: price and days, counter, the refusal of a bad text, the engraved cart line. */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '@prata/contracts/catalogue';
import { setRuntimeConfig, useCartStore } from '@prata/shared-ui/state';
import { ProductDetails } from './product-details.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const pendant: Product = {
  id: '6f56d857-6897-4856-b449-e5a7689ca2f9',
  slug: 'pingente-coracao',
  name: 'Pingente Coração',
  category: 'colares',
  priceCents: 15_990,
  description: null,
  imageUrl: null,
  images: [],
  isNew: false,
  isBestseller: false,
  isFeatured: false,
  stock: 5,
  available: 5,
  options: [],
  variants: [],
  rating: null,
  engraving: { enabled: true, priceCents: 2_500, maxChars: 12, extraDays: 3 },
  createdAt: '2026-11-18T10:10:05.758Z',
};

let container: HTMLDivElement;
let root: Root;
const button = (name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent!.includes(name))!;
const checkbox = () => container.querySelector<HTMLInputElement>('[data-testid="engraving-option"] input[type="checkbox"]')!;
const textInput = () => container.querySelector<HTMLInputElement>('[data-testid="engraving-option"] input:not([type="checkbox"])');
function type(value: string) {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(textInput(), value);
    textInput()!.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

beforeAll(() => setRuntimeConfig({ apiUrl: 'http://127.0.0.1:3000' }));
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  useCartStore.setState({ items: [] });
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('the Gravação option', () => {
  it('shows its price and production days, and no option on a product without engraving', () => {
    act(() => root.render(<ProductDetails product={{ ...pendant, engraving: { ...pendant.engraving!, enabled: false } }} />));
    expect(container.querySelector('[data-testid="engraving-option"]')).toBeNull();
    act(() => root.render(<ProductDetails product={pendant} />));
    const option = container.querySelector('[data-testid="engraving-option"]')!.textContent;
    expect(option).toContain('Gravação personalizada (+ R$\u00a025,00)');
    expect(option).toContain('+3 dias úteis de produção');
  });

  it('counts the characters, refuses a bad text in Portuguese and adds the engraved line to the cart', () => {
    act(() => root.render(<ProductDetails product={pendant} />));
    act(() => checkbox().click());
    type('Amor ♥');
    expect(container.textContent).toContain('6/12 caracteres');
    act(() => button('Adicionar ao carrinho').click());
    expect(container.textContent).toContain('Texto da gravação inválido');
    expect(useCartStore.getState().items).toEqual([]);
    type('  Ana   & Bia ');
    act(() => button('Adicionar ao carrinho').click());
    expect(useCartStore.getState().items).toEqual([
      { id: pendant.id, name: pendant.name, priceCents: 15_990, imageUrl: null, quantity: 1, engraving: { text: 'Ana & Bia', priceCents: 2_500, extraDays: 3 } },
    ]);
  });

  it('adds the piece without engraving while the option is off', () => {
    act(() => root.render(<ProductDetails product={pendant} />));
    act(() => button('Adicionar ao carrinho').click());
    expect(useCartStore.getState().items).toEqual([{ id: pendant.id, name: pendant.name, priceCents: 15_990, imageUrl: null, quantity: 1 }]);
  });
});
