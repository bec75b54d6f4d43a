/**
 * The cookie banner in a server-rendered document: every document carries its first layer, `hidden`
 * (a cached document is the same for every shopper), and the banner's CSS shows it once the
 * pre-paint script marked the document (no choice in the cookie). Hydration takes the same markup
 * over without a mismatch, then shows it (no choice) or removes it (a choice); its buttons clicked
 * before hydration are held by the early-clicks script and clicked again once the page is
 * interactive (a real React hydration).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_COOKIE } from '@prata/contracts/consent';
import { setRuntimeConfig, useConsentStore } from '@prata/shared-ui/state';
import { EARLY_CLICKS_SCRIPT, becomeInteractive } from '../features/remotes/early-clicks.ts';
import { ConsentBanner } from '../features/consent/consent-banner.tsx';
import { CONSENT_MARKER_SCRIPT, CONSENT_NEEDED_ATTRIBUTE } from '../features/consent/consent-marker.ts';

const tree = () => (
  <MemoryRouter>
    <ConsentBanner />
  </MemoryRouter>
);

let listeners: { type: string; listener: EventListener }[] = [];
let app: Root | undefined;
let posted: unknown[];

// The settings layer's chunk, loaded once up front: its later loads resolve inside React's `act`.
beforeAll(() => import('../features/consent/consent-settings.tsx'));

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  setRuntimeConfig({ apiUrl: 'http://api.test' });
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      posted.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ ...JSON.parse(String(init.body)), decidedAt: '2026-12-04T12:00:00.000Z' }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  delete document.documentElement.dataset.interactive;
  // The document's scripts add capturing listeners on the document: kept to be removed after each test.
  const add = document.addEventListener.bind(document);
  vi.spyOn(document, 'addEventListener').mockImplementation((type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) => {
    if (options === true) listeners.push({ type, listener: listener as EventListener });
    add(type, listener, options);
  });
});

afterEach(async () => {
  if (app) await act(async () => app!.unmount());
  app = undefined;
  for (const { type, listener } of listeners) document.removeEventListener(type, listener, true);
  listeners = [];
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  document.documentElement.removeAttribute(CONSENT_NEEDED_ATTRIBUTE);
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
  useConsentStore.getState().reload();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A server-rendered document: the pre-paint scripts run at its top, then `#root` holds the server's markup. */
function serverDocument(): HTMLElement {
  new Function(CONSENT_MARKER_SCRIPT + EARLY_CLICKS_SCRIPT)();
  document.body.innerHTML = `<div id="root">${renderToString(tree())}</div>`;
  return document.getElementById('root')!;
}

const banner = () => document.querySelector<HTMLElement>('[data-testid="consent-banner"]');
const button = (label: string) => [...banner()!.querySelectorAll('button')].find((candidate) => candidate.textContent === label)!;

/** Hydrates `#root` as the browser does; resolves to the recoverable errors React reported (a mismatch is one). */
async function hydrate(root: HTMLElement): Promise<unknown[]> {
  const errors: unknown[] = [];
  app = await act(async () => hydrateRoot(root, tree(), { onRecoverableError: (error) => errors.push(error) }));
  return errors;
}

describe('the banner in a server-rendered document', () => {
  it('is in the markup with its first layer, hidden, for every shopper (a choice in the cookie changes nothing)', () => {
    const first = renderToString(tree());
    useConsentStore.getState().choose({ analytics: true, marketing: false });
    expect(renderToString(tree())).toBe(first);
    const section = new DOMParser().parseFromString(first, 'text/html').querySelector('section')!;
    expect(section.dataset.testid).toBe('consent-banner');
    expect(section.hidden).toBe(true);
    expect(section.querySelector('h2')!.textContent).toBe('Cookies e privacidade');
    expect([...section.querySelectorAll('button')].map((candidate) => candidate.textContent)).toEqual(['Aceitar', 'Rejeitar', 'Configurar']);
    expect(section.querySelector('a')!.getAttribute('href')).toBe('/politica-privacidade');
  });

  it('is shown by its CSS only once the document is marked (the pre-paint script\'s answer)', () => {
    document.body.innerHTML = renderToString(tree());
    // The banner's styles as built: its module's class for `.banner`.
    const css = readFileSync(path.join(import.meta.dirname, '../features/consent/consent-banner.module.css'), 'utf8').replaceAll('.banner', `.${banner()!.className}`);
    const style = document.createElement('style');
    style.textContent = `[hidden] { display: none; } ${css}`;
    document.head.append(style);
    expect(getComputedStyle(banner()!).display).toBe('none');
    document.documentElement.setAttribute(CONSENT_NEEDED_ATTRIBUTE, '');
    // As the browser parses it after the script ran (happy-dom keeps a computed style once read).
    document.body.innerHTML = renderToString(tree());
    expect(getComputedStyle(banner()!).display).toBe('block');
    expect(getComputedStyle(banner()!).position).toBe('fixed');
  });

  it('without a choice: the script marks the document, hydration keeps the same nodes, shows it, and a held Aceitar is replayed', async () => {
    const root = serverDocument();
    expect(document.documentElement.hasAttribute(CONSENT_NEEDED_ATTRIBUTE)).toBe(true);
    const accept = button('Aceitar');
    const handler = vi.fn();
    accept.addEventListener('click', handler);
    accept.click(); // before hydration: held
    expect(handler).not.toHaveBeenCalled();

    expect(await hydrate(root)).toEqual([]);
    expect(banner()).not.toBeNull();
    expect(button('Aceitar')).toBe(accept);
    expect(banner()!.hidden).toBe(false);
    expect(posted).toEqual([]);

    await act(async () => becomeInteractive());
    expect(handler).toHaveBeenCalledTimes(1);
    expect(useConsentStore.getState().consent).toMatchObject({ analytics: true, marketing: true });
    expect(document.cookie).toMatch(/prata_consent=v1\.11\.\d+/);
    await vi.waitFor(() => expect(posted).toEqual([{ analytics: true, marketing: true }]));
    expect(banner()).toBeNull();
    expect(document.documentElement.hasAttribute(CONSENT_NEEDED_ATTRIBUTE)).toBe(false);
  });

  it('a held Configurar opens the settings layer once the page is interactive', async () => {
    const root = serverDocument();
    button('Configurar').click();
    expect(await hydrate(root)).toEqual([]);
    await act(async () => becomeInteractive());
    // The settings layer's chunk: each try lets React apply what arrived.
    await vi.waitFor(
      async () => {
        await act(async () => undefined);
        expect(banner()!.querySelector('form')).not.toBeNull();
      },
      { timeout: 10_000 },
    );
    expect(banner()!.querySelectorAll('input[type="checkbox"]:not([disabled])')).toHaveLength(2);
  });

  it('with a choice: the document is not marked, and hydration removes the banner without a mismatch', async () => {
    document.cookie = `${CONSENT_COOKIE}=v1.00.1796000000; Path=/`;
    useConsentStore.getState().reload();
    const root = serverDocument();
    expect(document.documentElement.hasAttribute(CONSENT_NEEDED_ATTRIBUTE)).toBe(false);
    expect(banner()!.hidden).toBe(true);
    expect(await hydrate(root)).toEqual([]);
    expect(banner()).toBeNull();
  });
});
