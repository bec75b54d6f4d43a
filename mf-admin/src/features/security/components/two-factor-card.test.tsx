/**
 * The 2FA card through the form library: an empty password (setup) or password / code (turning
 * 2FA off) is one toast 'Campos obrigatórios' and sends nothing; filled, the setup sends the
 * password and shows the setup panel, and turning off sends the password and the code (upper
 * case, as the shared schema reads it), a wrong password keeping the dialog open.
 */
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { SecurityStatus, TwoFactorSetup } from '@prata/contracts';
import { setRuntimeConfig, toast } from '@prata/shared-ui/state';
import { flush, inputByLabel, render, type, type Rendered } from '@prata/shared-ui/testing';
import { TwoFactorCard } from './two-factor-card.tsx';

vi.mock('qrcode', () => ({ default: { toDataURL: vi.fn(async () => 'data:image/png;base64,AAAA') } }));

const setup: TwoFactorSetup = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Prata%20925:ana@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Prata%20925',
  recoveryCodes: ['AAAA1111', 'BBBB2222', 'CCCC3333', 'DDDD4444', 'EEEE5555', 'FFFF6666', 'GGGG7777', 'HHHH8888', 'JJJJ9999', 'KKKK0000'],
};

let view: Rendered;
let fetchMock: Mock;
/** The next answers of POST routes, by path. */
let answers: Record<string, { status: number; body: unknown }[]>;
let status: SecurityStatus;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const posts = (path: string) => fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith(path) && (init as RequestInit | undefined)?.method === 'POST');
const field = (label: string, within: HTMLElement = view.container) => inputByLabel(within, label);
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');

async function click(button: HTMLElement) {
  act(() => button.click());
  await flush();
}

/** Waits (up to 2 s) for `done`: the dialog's code is loaded lazily. */
async function until(done: () => boolean) {
  for (let tries = 0; tries < 100 && !done(); tries += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
}

function button(name: string, within: HTMLElement = document.body): HTMLElement {
  const found = [...within.querySelectorAll<HTMLElement>('button, [role="switch"]')].find((element) => (element.textContent ?? '').trim() === name || element.getAttribute('aria-label') === name);
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

beforeAll(() => setRuntimeConfig({ apiUrl: 'http://127.0.0.1:3000' }));
beforeEach(() => {
  answers = {};
  status = { twoFactorEnabled: false, lastLoginAt: null, loginAttempts: 0 };
  fetchMock = vi.fn(async (url: string) => {
    const path = new URL(url).pathname;
    if (path === '/api/security/status') return json(200, status);
    const next = answers[path]?.shift();
    return next ? json(next.status, next.body) : json(500, { error: 'unexpected', message: path });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  view.unmount();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function mount() {
  view = render(<TwoFactorCard />);
  await flush();
}

describe('TwoFactorCard: setting up', () => {
  it("says 'Campos obrigatórios' once for an empty password, then sends the password and shows the setup", async () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(undefined);
    await mount();
    await click(button('Ativar 2FA', view.container));
    expect(error).toHaveBeenCalledWith('Campos obrigatórios', { description: 'Informe a senha atual para ativar o 2FA.' });
    expect(field('Senha atual').hasAttribute('aria-invalid')).toBe(false);
    expect(posts('/api/security/2fa/setup')).toHaveLength(0);

    answers['/api/security/2fa/setup'] = [{ status: 200, body: setup }];
    type(field('Senha atual'), 'segredo-atual');
    await click(button('Ativar 2FA', view.container));
    expect(JSON.parse(String((posts('/api/security/2fa/setup')[0]![1] as RequestInit).body))).toEqual({ currentPassword: 'segredo-atual' });
    expect(view.container.querySelector('[data-testid="two-factor-setup"]')).not.toBeNull();
    expect(view.container.textContent).not.toContain('Confirme sua senha para configurar');
  });
});

describe('TwoFactorCard: turning it off', () => {
  it("asks for both fields, keeps the dialog on a wrong password, sends the code as the schema reads it", async () => {
    status = { ...status, twoFactorEnabled: true };
    const error = vi.spyOn(toast, 'error').mockReturnValue(undefined);
    const success = vi.spyOn(toast, 'success').mockReturnValue(undefined);
    await mount();
    await click(view.container.querySelector<HTMLElement>('[role="switch"]')!);
    await until(() => dialog() !== null);
    const off = dialog()!;
    expect(off).not.toBeNull();

    type(field('Senha atual', off), 'segredo');
    await click(button('Desativar 2FA', off));
    expect(error).toHaveBeenCalledWith('Campos obrigatórios', { description: 'Informe a senha atual e o código de verificação.' });
    expect(posts('/api/security/2fa/disable')).toHaveLength(0);

    answers['/api/security/2fa/disable'] = [
      { status: 401, body: { error: 'wrong_password', message: 'Senha atual incorreta' } },
      { status: 200, body: { message: 'ok' } },
    ];
    type(field('Código de verificação', off), 'abcd1234');
    await click(button('Desativar 2FA', off));
    expect(error).toHaveBeenCalledWith('Senha atual incorreta', { description: 'Verifique a senha e tente novamente.' });
    expect(dialog()).not.toBeNull();
    expect(JSON.parse(String((posts('/api/security/2fa/disable')[0]![1] as RequestInit).body))).toEqual({ currentPassword: 'segredo', code: 'ABCD1234' });

    await click(button('Desativar 2FA', dialog()!));
    expect(success).toHaveBeenCalledWith('2FA Desativado', { description: 'A autenticação de dois fatores foi desativada.' });
    expect(posts('/api/security/2fa/disable')).toHaveLength(2);
  });
});
