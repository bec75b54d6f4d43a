/**
 * Developer login (admin.md 2, 8): a non-developer is signed out and told 'Acesso Negado'; a
 * developer gets 'Acesso Concedido'; wrong credentials and unexpected failures get their toasts;
 * a 2FA account passes the code step.
 */
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig, toast, useSessionStore } from '@prata/shared-ui/state';
import { flush, inputByLabel, render, type, type Rendered } from '@prata/shared-ui/testing';
import { DeveloperLoginForm } from './developer-login-form.tsx';

let view: Rendered;
let fetchMock: ReturnType<typeof vi.fn>;
let onGranted: ReturnType<typeof vi.fn<() => void>>;

const user = { id: '6f56d857-6897-4856-b449-e5a7689ca2f0', email: 'dev@example.com', fullName: 'Dev' };
const session = (roles: string[]) => ({ status: 'signed_in', accessToken: 'token', expiresInMs: 900_000, user, roles });

function answer(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

async function signInWith(email: string, password: string) {
  type(inputByLabel(view.container, 'Email'), email);
  type(inputByLabel(view.container, 'Senha'), password);
  act(() => view.container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
  await flush();
}

beforeAll(() => setRuntimeConfig({ apiUrl: 'http://127.0.0.1:3000' }));
beforeEach(() => {
  fetchMock = vi.fn();
  onGranted = vi.fn<() => void>();
  vi.stubGlobal('fetch', fetchMock);
  useSessionStore.getState().clear();
  view = render(<DeveloperLoginForm onGranted={onGranted} />);
});
afterEach(() => {
  view.unmount();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useSessionStore.getState().clear();
});

describe('DeveloperLoginForm', () => {
  it("signs a non-developer out again and says 'Acesso Negado'", async () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(undefined);
    answer(200, session(['admin']));
    answer(200, { message: 'Você foi desconectado com sucesso.' });
    await signInWith('ana@example.com', 'segredo123');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['http://127.0.0.1:3000/api/auth/sign-in', 'http://127.0.0.1:3000/api/auth/sign-out']);
    expect(useSessionStore.getState().user).toBeNull();
    expect(error).toHaveBeenCalledWith('Acesso Negado', { description: 'Você não tem permissão de desenvolvedor.' });
    expect(onGranted).not.toHaveBeenCalled();
  });

  it("lets a developer in with 'Acesso Concedido'", async () => {
    const success = vi.spyOn(toast, 'success').mockReturnValue(undefined);
    answer(200, session(['admin', 'developer']));
    await signInWith('dev@example.com', 'segredo123');
    expect(useSessionStore.getState().isDeveloper).toBe(true);
    expect(success).toHaveBeenCalledWith('Acesso Concedido', expect.anything());
    expect(onGranted).toHaveBeenCalledTimes(1);
  });

  it("answers wrong credentials with 'Erro no Login' and a network failure with the generic message", async () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(undefined);
    answer(401, { error: 'invalid_credentials', message: 'Email ou senha incorretos' });
    await signInWith('dev@example.com', 'errada');
    expect(error).toHaveBeenLastCalledWith('Erro no Login', { description: 'Credenciais inválidas ou você não tem permissão de desenvolvedor.' });
    fetchMock.mockRejectedValueOnce(new TypeError('network'));
    act(() => view.container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
    await flush();
    expect(error).toHaveBeenLastCalledWith('Erro', { description: 'Não foi possível fazer login. Tente novamente.' });
  });

  it('asks for the code when the account has 2FA and completes with it', async () => {
    answer(200, { status: 'totp_required', challengeToken: 'challenge' });
    await signInWith('dev@example.com', 'segredo123');
    const code = inputByLabel(view.container, 'Código de verificação');
    type(code, '123456');
    answer(200, { accessToken: 'token', expiresInMs: 900_000, user, roles: ['admin', 'developer'] });
    act(() => view.container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
    await flush();
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('http://127.0.0.1:3000/api/auth/sign-in/totp');
    expect(JSON.parse(init.body)).toEqual({ challengeToken: 'challenge', code: '123456' });
    expect(onGranted).toHaveBeenCalledTimes(1);
  });
});
