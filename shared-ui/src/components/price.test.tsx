/** Price (storefront.md 9: prices in R$ with 2 decimals, pt-BR) rendered in a DOM. */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Price } from './price.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const render = (element: React.ReactElement) => act(() => root.render(element));

describe('Price', () => {
  it('shows integer cents as BRL, pt-BR', () => {
    render(<Price cents={14990} className="preco" />);
    const span = container.querySelector('span')!;
    expect(span.textContent).toBe('R$\u00a0149,90');
    expect(span.className).toBe('preco');
  });

  it('formats thousands and small amounts', () => {
    render(
      <>
        <Price cents={123456} />
        <Price cents={5} />
      </>,
    );
    expect([...container.querySelectorAll('span')].map((s) => s.textContent)).toEqual(['R$\u00a01.234,56', 'R$\u00a00,05']);
  });

  it('shows a former price struck through, read as "De ... por ..."', () => {
    render(<Price cents={14990} compareAtCents={19990} />);
    expect(container.querySelector('s')!.textContent).toBe('R$\u00a0199,90');
    expect(container.querySelector('s')!.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelector('.p9-visually-hidden')!.textContent).toBe('De R$\u00a0199,90 por R$\u00a0149,90');
  });

  it('ignores a former price that is not higher', () => {
    render(<Price cents={14990} compareAtCents={14990} />);
    expect(container.querySelector('s')).toBeNull();
    expect(container.textContent).toBe('R$\u00a0149,90');
  });
});
