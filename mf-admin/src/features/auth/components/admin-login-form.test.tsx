/**
 * Admin login form (admin.md 2, 8): 'Login realizado' for an admin, 'Erro no login'
 * with the service's message, 'Erro inesperado' otherwise, and the 2FA code step.
 */
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig, toast, useSessionStore } from '@prata/shared-ui';
import { flush, inputByLabel, render, type, type Rendered } from '@prata/shared-ui/testing';
import { AdminLoginForm } from './admin-login-form.tsx';

let view: Rendered;
let fetchMock: ReturnType<typeof vi.fn>;
let onSignedIn: ReturnType<typeof vi.fn<(session: unknown) => void>>;

const user = { id: '6f56d857-6897-4856-b449-e5a7689ca2f0', email: 'ana@example.com', fullName: 'Ana' };

function answer(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}
const submit = async () => {
  act(() => view.container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
  await flush();
};

beforeAll(() => setRuntimeConfig({ apiUrl: 'http://127.0.0.1:3000' }));
beforeEach(() => {
  fetchMock = vi.fn();
  onSignedIn = vi.fn<(session: unknown) => void>();
  vi.stubGlobal('fetch', fetchMock);
  useSessionStore.getState().clear();
  view = render(<AdminLoginForm onSignedIn={onSignedIn} />);
  type(inputByLabel(view.container, 'Email'), 'ana@example.com');
  type(inputByLabel(view.container, 'Senha'), 'segredo123');
});
afterEach(() => {
  view.unmount();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useSessionStore.getState().clear();
});

describe('AdminLoginForm', () => {
  it("signs an admin in with 'Login realizado'", async () => {
    const success = vi.spyOn(toast, 'success').mockReturnValue(undefined);
    answer(200, { status: 'signed_in', accessToken: 't', expiresInMs: 900_000, user, roles: ['admin'] });
    await submit();
    expect(useSessionStore.getState().isAdmin).toBe(true);
    expect(success).toHaveBeenCalledWith('Login realizado', { description: 'Bem-vindo ao painel administrativo!' });
    expect(onSignedIn).toHaveBeenCalledTimes(1);
  });

  it("shows the service's message under 'Erro no login', anything else as 'Erro inesperado'", async () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(undefined);
    answer(401, { error: 'invalid_credentials', message: 'Email ou senha incorretos' });
    await submit();
    expect(error).toHaveBeenLastCalledWith('Erro no login', { description: 'Email ou senha incorretos' });
    for (const failure of [() => Promise.reject(new TypeError('network')), () => Promise.resolve(new Response('{}', { status: 500 }))]) {
      fetchMock.mockImplementationOnce(failure);
      await submit();
      expect(error).toHaveBeenLastCalledWith('Erro inesperado', { description: 'Tente novamente em alguns instantes' });
    }
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('asks for the 2FA code (digits or a recovery code) and completes the sign-in with it', async () => {
    answer(200, { status: 'totp_required', challengeToken: 'challenge' });
    await submit();
    const code = inputByLabel(view.container, 'Código de verificação');
    type(code, '12');
    await submit();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    type(code, 'abcd-1234');
    expect(code.value).toBe('ABCD1234');
    answer(200, { accessToken: 't', expiresInMs: 900_000, user, roles: ['admin'] });
    await submit();
    expect(JSON.parse(fetchMock.mock.calls[1]![1].body)).toEqual({ challengeToken: 'challenge', code: 'ABCD1234' });
    expect(onSignedIn).toHaveBeenCalledTimes(1);
  });
});
