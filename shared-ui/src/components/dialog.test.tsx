/** Dialog (Radix): labelled and described, focus moves in and returns, Escape and the close button close it. */
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Dialog } from './dialog.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let closes = 0;

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <Dialog
        open={open}
        onClose={() => {
          closes += 1;
          setOpen(false);
        }}
        title="Alterar Senha"
        description="Escolha uma nova senha."
      >
        <input aria-label="Nova senha" data-autofocus />
      </Dialog>
    </>
  );
}

/** Lets the lazily loaded implementation arrive and React settle. */
async function settle() {
  await act(async () => {
    for (let i = 0; i < 10; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  });
}

const trigger = () => [...container.querySelectorAll('button')].find((b) => b.textContent === 'Abrir')!;

beforeEach(() => {
  closes = 0;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root.render(<Harness />));
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('Dialog', () => {
  it('is a labelled, described modal that focuses the marked control', async () => {
    trigger().focus();
    await act(async () => trigger().click());
    await settle();
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(dialog).not.toBeNull();
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).toBe('Alterar Senha');
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)!.textContent).toBe('Escolha uma nova senha.');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Nova senha');
  });

  it('closes with Escape and with the close button, and gives the focus back', async () => {
    trigger().focus();
    await act(async () => trigger().click());
    await settle();
    await act(async () => {
      document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(closes).toBe(1);
    await settle();
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(document.activeElement).toBe(trigger());

    await act(async () => trigger().click());
    await settle();
    await act(async () => document.querySelector<HTMLButtonElement>('button[aria-label="Fechar"]')!.click());
    expect(closes).toBe(2);
  });
});
