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

/**
 * Lets the lazily loaded implementation arrive and React settle: polls (up to 3 s) until
 * `ready` holds, so a loaded machine does not make the test flaky.
 */
async function settle(ready: () => boolean = () => true) {
  for (let waited = 0; waited < 3000; waited += 20) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    if (waited >= 100 && ready()) return;
  }
}
const dialogFocused = () => document.activeElement?.getAttribute('aria-label') === 'Nova senha';

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
    await settle(dialogFocused);
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(dialog).not.toBeNull();
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).toBe('Alterar Senha');
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)!.textContent).toBe('Escolha uma nova senha.');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Nova senha');
  });

  it('closes with Escape and with the close button, and gives the focus back', async () => {
    trigger().focus();
    await act(async () => trigger().click());
    await settle(dialogFocused);
    await act(async () => {
      document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(closes).toBe(1);
    await settle(() => document.querySelector('[role="dialog"]') === null && document.activeElement === trigger());
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(document.activeElement).toBe(trigger());

    await act(async () => trigger().click());
    await settle(() => document.querySelector('button[aria-label="Fechar"]') !== null);
    await act(async () => document.querySelector<HTMLButtonElement>('button[aria-label="Fechar"]')!.click());
    expect(closes).toBe(2);
  });
});
