/**
 * The cookie banner (ANPD cookie guide): shown on the first visit with 'Aceitar', 'Rejeitar' and
 * 'Configurar' on its first layer; every category off in the settings until turned on; each choice
 * stored in the cookie and logged (`POST /api/consent`); gone once chosen; reopened from any
 * `data-consent-settings` element (the footer's 'Preferências de cookies'); `onChoice` hears each choice.
 */
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig, useConsentStore } from '@prata/shared-ui/state';
import { flush, render, type Rendered } from '@prata/shared-ui/testing';
import { ConsentBanner } from './consent-banner.tsx';

let view: Rendered;
let posted: unknown[];

beforeEach(() => {
  setRuntimeConfig({ apiUrl: 'http://api.test' });
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (String(url).endsWith('/api/consent')) posted.push(JSON.parse(String(init.body)));
      const body = JSON.parse(String(init.body ?? '{}')) as object;
      return new Response(JSON.stringify({ analytics: false, marketing: false, ...body, decidedAt: '2026-12-04T12:00:00.000Z' }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  view?.unmount();
  document.body.innerHTML = '';
  for (const name of ['prata_consent', 'prata_client']) document.cookie = `${name}=; Max-Age=0; Path=/`;
  useConsentStore.getState().reload();
  vi.unstubAllGlobals();
});

let heard: unknown[] = [];

async function show() {
  heard = [];
  view = render(
    <MemoryRouter>
      <ConsentBanner onChoice={(choice) => heard.push(choice)} />
    </MemoryRouter>,
  );
  await flush();
}

const banner = () => document.querySelector<HTMLElement>('[data-testid="consent-banner"]');
const buttons = () => [...(banner()?.querySelectorAll('button') ?? [])].map((button) => button.textContent);
/** Waits for the banner's lazy layers. */
const shownBanner = () =>
  vi.waitFor(
    async () => {
      await flush();
      expect(banner()).not.toBeNull();
    },
    { timeout: 10_000 },
  );
const click = async (label: string) => {
  await shownBanner();
  const button = [...banner()!.querySelectorAll('button')].find((candidate) => candidate.textContent === label)!;
  act(() => button.click());
  await flush();
};
const boxes = () => [...banner()!.querySelectorAll<HTMLInputElement>('input[type="checkbox"]:not([disabled])')];

describe('ConsentBanner', () => {
  it("shows on the first visit with 'Aceitar', 'Rejeitar' and 'Configurar', and nothing stored yet", async () => {
    await show();
    await shownBanner();
    expect(banner()!.querySelector('h2')!.textContent).toBe('Cookies e privacidade');
    expect(buttons()).toEqual(['Aceitar', 'Rejeitar', 'Configurar']);
    expect(document.cookie).not.toContain('prata_consent');
    expect(posted).toEqual([]);
  });

  it('Aceitar turns every category on, stores and logs the choice, and closes', async () => {
    await show();
    await click('Aceitar');
    expect(useConsentStore.getState().consent).toMatchObject({ analytics: true, marketing: true });
    expect(document.cookie).toMatch(/prata_consent=v1\.11\.\d+/);
    expect(posted).toEqual([{ analytics: true, marketing: true }]);
    expect(banner()).toBeNull();
  });

  it('Rejeitar turns every category off, logs it and tells the page', async () => {
    await show();
    await click('Rejeitar');
    expect(document.cookie).toMatch(/prata_consent=v1\.00\.\d+/);
    expect(heard).toEqual([{ analytics: false, marketing: false }]);
    expect(posted).toEqual([{ analytics: false, marketing: false }]);
    expect(banner()).toBeNull();
  });

  it('Configurar lists the categories, each off by default, and saves only what was turned on', async () => {
    await show();
    await click('Configurar');
    expect(boxes().map((box) => [box.name, box.checked])).toEqual([
      ['analytics', false],
      ['marketing', false],
    ]);
    act(() => boxes()[0]!.click());
    await click('Salvar preferências');
    expect(useConsentStore.getState().consent).toMatchObject({ analytics: true, marketing: false });
    expect(posted).toEqual([{ analytics: true, marketing: false }]);
  });

  it("stays hidden once a choice exists, and 'Preferências de cookies' reopens the settings with that choice", async () => {
    useConsentStore.getState().choose({ analytics: false, marketing: true });
    await show();
    expect(banner()).toBeNull();
    const link = document.createElement('button');
    link.setAttribute('data-consent-settings', '');
    link.textContent = 'Preferências de cookies';
    document.body.append(link);
    act(() => link.click());
    await flush();
    await shownBanner();
    expect(boxes().map((box) => [box.name, box.checked])).toEqual([
      ['analytics', false],
      ['marketing', true],
    ]);
    act(() => boxes()[1]!.click());
    await click('Salvar preferências');
    expect(useConsentStore.getState().consent).toMatchObject({ analytics: false, marketing: false });
    expect(posted).toEqual([{ analytics: false, marketing: false }]);
    expect(banner()).toBeNull();
  });
});
