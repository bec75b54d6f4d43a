/** Product gallery rendered in a DOM: thumbnails named by alt text, arrow keys, zoom. */
import { act, type ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setRuntimeConfig } from '@prata/shared-ui';
import { render as renderInDom, type Rendered } from '@prata/shared-ui/testing';
import { ProductGallery, galleryKeyTarget } from './product-gallery.tsx';

const images = [
  { url: 'https://api.example/storage/product-images/products/a.jpg', alt: 'Anel de frente' },
  { url: 'https://api.example/storage/product-images/products/b.jpg', alt: 'Anel de lado' },
  { url: 'https://api.example/storage/product-images/products/c.jpg', alt: 'Anel na mão' },
];

let rendered: Rendered | undefined;
let container: HTMLDivElement;
const render = (ui: ReactNode) => {
  rendered = renderInDom(ui);
  container = rendered.container;
};

beforeAll(() => setRuntimeConfig({ apiUrl: 'http://127.0.0.1:3000' }));
afterEach(() => rendered?.unmount());

const thumbnails = () => [...container.querySelectorAll<HTMLButtonElement>('[role="group"] button')];
const mainButton = () => container.querySelector<HTMLButtonElement>('section > button')!;
const press = (element: HTMLElement, key: string) => act(() => void element.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true })));

describe('galleryKeyTarget', () => {
  it('moves with the arrows (wrapping) and jumps with Home/End', () => {
    expect(galleryKeyTarget('ArrowRight', 0, 3)).toBe(1);
    expect(galleryKeyTarget('ArrowDown', 2, 3)).toBe(0);
    expect(galleryKeyTarget('ArrowLeft', 0, 3)).toBe(2);
    expect(galleryKeyTarget('End', 0, 3)).toBe(2);
    expect(galleryKeyTarget('Home', 2, 3)).toBe(0);
    expect(galleryKeyTarget('Enter', 1, 3)).toBeNull();
  });
});

describe('ProductGallery', () => {
  it('names each thumbnail button by its alt text and keeps one tab stop', () => {
    render(<ProductGallery images={images} name="Anel Lua" />);
    expect(thumbnails().map((button) => button.querySelector('img')!.alt)).toEqual(['Anel de frente', 'Anel de lado', 'Anel na mão']);
    expect(thumbnails().map((button) => button.tabIndex)).toEqual([0, -1, -1]);
    expect(thumbnails()[0]!.getAttribute('aria-pressed')).toBe('true');
  });

  it('moves between thumbnails with the arrow keys, focusing and showing the image', () => {
    render(<ProductGallery images={images} name="Anel Lua" />);
    thumbnails()[0]!.focus();
    press(thumbnails()[0]!, 'ArrowRight');
    expect(document.activeElement).toBe(thumbnails()[1]);
    expect(thumbnails()[1]!.getAttribute('aria-pressed')).toBe('true');
    expect(thumbnails().map((button) => button.tabIndex)).toEqual([-1, 0, -1]);
    expect(mainButton().getAttribute('aria-label')).toBe('Ampliar imagem: Anel de lado');
    expect(mainButton().querySelector('img')!.alt).toBe('Anel de lado');
    press(thumbnails()[1]!, 'ArrowLeft');
    press(thumbnails()[0]!, 'ArrowLeft');
    expect(document.activeElement).toBe(thumbnails()[2]);
    press(thumbnails()[2]!, 'Home');
    expect(document.activeElement).toBe(thumbnails()[0]);
  });

  it('opens the image larger in a modal dialog from the main image, and closes it', () => {
    // jsdom has <dialog> without its modal methods: record the calls.
    const calls: string[] = [];
    HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
      calls.push('showModal');
      this.setAttribute('open', '');
    };
    HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
      calls.push('close');
      this.removeAttribute('open');
    };
    render(<ProductGallery images={images} name="Anel Lua" />);
    act(() => mainButton().click());
    const dialog = container.querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    expect(dialog.getAttribute('aria-label')).toBe('Anel Lua');
    expect(dialog.querySelector('img')!.alt).toBe('Anel de frente');
    act(() => dialog.querySelector<HTMLButtonElement>('button[aria-label="Fechar imagem ampliada"]')!.click());
    expect(calls).toEqual(['showModal', 'close']);
  });

  it('shows the fallback image with the name, without thumbnails, for a product without images', () => {
    render(<ProductGallery images={[]} name="Anel Lua" />);
    expect(mainButton().querySelector('img')!.getAttribute('src')).toBe('http://127.0.0.1:3000/storage/product-images/fallback.svg');
    expect(mainButton().querySelector('img')!.alt).toBe('Anel Lua');
    expect(thumbnails()).toEqual([]);
  });
});
