/**
 * Clicks before the page can answer them: the document's early script holds clicks on buttons
 * inside #root (not the button's own handlers: they run later), `becomeInteractive` stops the
 * holding and clicks each held button once; clicks outside #root and after are left alone.
 */
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
