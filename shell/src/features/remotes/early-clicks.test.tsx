/**
 * Clicks before the page can answer them: the document's early script holds clicks on buttons
 * inside #root (not the button's own handlers: they run later), `becomeInteractive` stops the
 * holding and clicks each held button once; clicks outside #root and after are left alone.
 * Text typed into a server-rendered form before hydration reaches the hydrated form's state
 * before its held submit runs (a real React hydration of a controlled field).
 */
import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { EARLY_CLICKS_GLOBAL, EARLY_CLICKS_SCRIPT, becomeInteractive } from './early-clicks.ts';

let listeners: { type: string; listener: EventListener; capture: boolean }[] = [];

beforeEach(() => {
  document.body.innerHTML = '<div id="root"><button id="add">Adicionar</button><a id="link" href="#x">link</a></div><button id="outside">fora</button>';
  delete document.documentElement.dataset.interactive;
  // Keep track of the script's listener, to remove it after each test.
  const add = document.addEventListener.bind(document);
  vi.spyOn(document, 'addEventListener').mockImplementation((type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) => {
    listeners.push({ type, listener: listener as EventListener, capture: options === true });
    add(type, listener, options);
  });
  new Function(EARLY_CLICKS_SCRIPT)();
});
afterEach(() => {
  for (const { type, listener, capture } of listeners) document.removeEventListener(type, listener, capture);
  listeners = [];
  vi.restoreAllMocks();
});

it('holds an early click on a button in #root and replays it once when the page becomes interactive', () => {
  const add = document.getElementById('add')!;
  const handler = vi.fn();
  add.addEventListener('click', handler);
  add.click();
  add.click();
  expect(handler).not.toHaveBeenCalled();
  expect((window as unknown as Record<string, unknown[]>)[EARLY_CLICKS_GLOBAL]).toEqual([add]);

  becomeInteractive();
  expect(document.documentElement.dataset.interactive).toBe('true');
  expect(handler).toHaveBeenCalledTimes(1);
  add.click();
  expect(handler).toHaveBeenCalledTimes(2);
  becomeInteractive();
  expect(handler).toHaveBeenCalledTimes(2);
});

it('lets a click through to a button React already runs', () => {
  const add = document.getElementById('add')! as HTMLElement & Record<string, unknown>;
  add['__reactFiber$abc123'] = {};
  const handler = vi.fn();
  add.addEventListener('click', handler);
  add.click();
  expect(handler).toHaveBeenCalledTimes(1);
});

it('leaves clicks outside #root, and on links, alone', () => {
  const outside = vi.fn();
  const link = vi.fn();
  document.getElementById('outside')!.addEventListener('click', outside);
  document.getElementById('link')!.addEventListener('click', link);
  document.getElementById('outside')!.click();
  document.getElementById('link')!.click();
  expect(outside).toHaveBeenCalledTimes(1);
  expect(link).toHaveBeenCalledTimes(1);
});

/** A controlled field whose `onChange` changes what is typed, as the contact form strips script tags. */
function NameForm({ onSubmit }: { onSubmit: (name: string) => void }) {
  const [name, setName] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(name);
      }}
    >
      <input aria-label="Nome" value={name} onChange={(event) => setName(event.target.value.trim())} />
      <button type="submit">Enviar</button>
    </form>
  );
}

it('hands text typed before hydration to the hydrated form, then replays the held submit', async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const root = document.getElementById('root')!;
  root.innerHTML = renderToString(<NameForm onSubmit={() => undefined} />);
  const field = root.querySelector('input')!;
  field.value = '  Maria Silva  ';
  field.dispatchEvent(new Event('input', { bubbles: true }));
  root.querySelector('button')!.click();

  const submitted = vi.fn();
  const app = await act(async () => hydrateRoot(root, <NameForm onSubmit={submitted} />));
  expect(submitted).not.toHaveBeenCalled();
  await act(async () => becomeInteractive());
  expect(submitted).toHaveBeenCalledExactlyOnceWith('Maria Silva');
  expect(field.value).toBe('Maria Silva');
  await act(async () => app.unmount());
});

it('leaves a field typed into again after hydration to React', () => {
  const field = document.createElement('input');
  document.getElementById('root')!.append(field);
  field.value = 'Ma';
  field.dispatchEvent(new Event('input', { bubbles: true }));
  const changes = vi.fn();
  field.addEventListener('input', changes);
  field.value = 'Maria';
  becomeInteractive();
  expect(field.value).toBe('Maria');
  expect(changes).not.toHaveBeenCalled();
});
