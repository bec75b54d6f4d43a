/** Toaster: renders nothing (and loads no toast library) until the first toast, then shows it. */
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { render, type Rendered } from '../testing/render.tsx';
import { toast, Toaster } from './toaster.tsx';

let rendered: Rendered | undefined;
afterEach(() => rendered?.unmount());

/** Lets the lazy import and React's commits settle (until `done` or ~2 s). */
async function settle(done: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !done(); i += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
}

describe('Toaster', () => {
  it('mounts on the first toast and shows the toasts raised before and after it listens', async () => {
    rendered = render(<Toaster />);
    expect(rendered.container.innerHTML).toBe('');
    act(() => toast.success('Produto adicionado ao carrinho'));
    await settle(() => document.body.textContent!.includes('Produto adicionado ao carrinho'));
    expect(document.body.textContent).toContain('Produto adicionado ao carrinho');
    act(() => toast.error('Não foi possível salvar'));
    await settle(() => document.body.textContent!.includes('Não foi possível salvar'));
    expect(document.body.textContent).toContain('Não foi possível salvar');
  });
});
