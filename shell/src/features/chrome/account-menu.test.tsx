/**
 * Account menu (storefront.md 2 header, 9 logout): signed out it offers Entrar; signed in it
 * greets with the e-mail and 'Sessão ativa', shows Developer Dashboard only to developers and
 * Admin Panel only to admins, and Sair signs out with 'Logout realizado' then goes to / after
 * 500 ms. The menu is a real menu button: Escape closes it and gives the focus back.
 */
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig, toast, useSessionStore } from '@prata/shared-ui/state';
import { flush, render, type Rendered } from '@prata/shared-ui/testing';
import { AccountMenu, LOGOUT_REDIRECT_MS } from './account-menu.tsx';

let view: Rendered;

function signInAs(roles: ('admin' | 'developer')[]) {
  useSessionStore.getState().setSession({ user: { id: 'u', email: 'maria@example.com', fullName: 'Maria' }, accessToken: 't', roles });
}

async function renderMenu() {
  view = render(
    <MemoryRouter>
      <AccountMenu />
    </MemoryRouter>,
  );
  await flush();
  // The Radix menu is its own chunk: wait until it replaced the look-alike placeholder button.
  if (useSessionStore.getState().user) await vi.waitFor(() => expect(trigger().hasAttribute('data-state')).toBe(true));
}

const trigger = () => view.container.querySelector<HTMLButtonElement>('button[aria-label="Conta de maria@example.com"]')!;
const menu = () => document.querySelector<HTMLElement>('[data-testid="account-menu"]');
const items = () => [...(menu()?.querySelectorAll('[role="menuitem"]') ?? [])].map((item) => item.textContent);

async function open() {
  act(() => {
    trigger().focus();
    trigger().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  });
  await flush();
}

beforeEach(() => setRuntimeConfig({ apiUrl: 'http://api.test' }));
afterEach(() => {
  view.unmount();
  useSessionStore.getState().clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('AccountMenu', () => {
  it('offers Entrar to a signed-out shopper', async () => {
    useSessionStore.getState().clear();
    await renderMenu();
    expect(view.container.querySelector('a[href="/auth"]')!.getAttribute('aria-label')).toBe('Entrar');
    expect(view.container.querySelector('button')).toBeNull();
  });

  it('greets a customer with the e-mail and the active session, with Minha conta, Meus pedidos and Sair', async () => {
    signInAs([]);
    await renderMenu();
    expect(trigger().getAttribute('aria-haspopup')).toBe('menu');
    expect(menu()).toBeNull();
    await open();
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    expect(menu()!.getAttribute('role')).toBe('menu');
    expect(menu()!.textContent).toContain('Olá, maria@example.com');
    expect(menu()!.textContent).toContain('Sessão ativa');
    expect(items()).toEqual(['Minha conta', 'Meus pedidos', 'Sair']);
    expect(menu()!.querySelector('a[href="/minha-conta"]')!.textContent).toBe('Minha conta');
    expect(menu()!.querySelector('a[href="/minha-conta/pedidos"]')!.textContent).toBe('Meus pedidos');
  });

  it('shows Admin Panel to an admin and Developer Dashboard to a developer, as links', async () => {
    signInAs(['admin', 'developer']);
    await renderMenu();
    await open();
    expect(items()).toEqual(['Developer Dashboard', 'Admin Panel', 'Minha conta', 'Meus pedidos', 'Sair']);
    expect(menu()!.querySelector('a[href="/admin"]')!.textContent).toBe('Admin Panel');
    expect(menu()!.querySelector('a[href="/developer"]')!.textContent).toBe('Developer Dashboard');
  });

  it('shows Admin Panel but not Developer Dashboard to an admin only', async () => {
    signInAs(['admin']);
    await renderMenu();
    await open();
    expect(items()).toEqual(['Admin Panel', 'Minha conta', 'Meus pedidos', 'Sair']);
  });

  it('closes on Escape and gives the focus back to the button', async () => {
    signInAs([]);
    await renderMenu();
    await open();
    const focused = document.activeElement as HTMLElement;
    expect(menu()!.contains(focused)).toBe(true);
    act(() => {
      focused.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    await flush();
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(trigger());
  });

  it("signs out with Sair: 'Logout realizado', the session cleared, then / after 500 ms", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: 'ok' }), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    const success = vi.spyOn(toast, 'success').mockReturnValue(undefined);
    const timeout = vi.spyOn(window, 'setTimeout');
    signInAs([]);
    await renderMenu();
    await open();
    const sair = [...menu()!.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((item) => item.textContent === 'Sair')!;
    act(() => sair.click());
    await flush();
    expect(fetch).toHaveBeenCalledWith('http://api.test/api/auth/sign-out', expect.objectContaining({ method: 'POST' }));
    expect(success).toHaveBeenCalledWith('Logout realizado', { description: 'Você foi desconectado com sucesso.' });
    expect(useSessionStore.getState().user).toBeNull();
    expect(timeout).toHaveBeenCalledWith(expect.any(Function), LOGOUT_REDIRECT_MS);
  });
});
