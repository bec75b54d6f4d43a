/**
 * The panels' sign-in steps (admin.md 2, 8): field messages from the contracts' schema
 * without calling the service; the 2FA challenge opens the code step and the code completes the
 * sign-in (then the code step closes); an expired challenge goes back to e-mail and password;
 * failures reach `onFailure` tagged with their step. Staff that must enrol 2FA get the
 * enrolment step: the new secret is fetched, the first code opens the session.
 */
import { act, createRef, useEffect, type RefObject } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@prata/contracts/auth';
import { render, type Rendered } from '../testing/render.tsx';
import { ApiRequestError } from '../state/api-client.ts';
import { setRuntimeConfig } from '../state/runtime-config.ts';
import { usePanelSignIn, type PanelSignIn } from './use-panel-sign-in.ts';
import { useSessionStore } from '../state/session-store.ts';

const user = { id: '6f56d857-6897-4856-b449-e5a7689ca2f0', email: 'ana@example.com', fullName: 'Ana' };
const session = { accessToken: 't', expiresInMs: 900_000, user, roles: ['admin'] };

let view: Rendered;
/** The hook's latest result (the harness publishes it after every render). */
const latestRef = createRef<PanelSignIn>();
let fetchMock: ReturnType<typeof vi.fn>;
let onSession: ReturnType<typeof vi.fn<(session: Session) => void>>;
let onFailure: ReturnType<typeof vi.fn<(error: unknown, step: 'password' | 'code' | 'enrolment') => void>>;

function Harness({ probeRef }: { probeRef: RefObject<PanelSignIn | null> }) {
  const value = usePanelSignIn({ onSession, onFailure });
  useEffect(() => {
    probeRef.current = value;
  });
  return null;
}

const form = new Proxy({} as PanelSignIn, { get: (_, key: keyof PanelSignIn) => latestRef.current![key] });

function answer(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}
const fill = (email: string, password: string) =>
  act(() => {
    form.setEmail(email);
    form.setPassword(password);
  });
const submit = () => act(() => form.submit({ preventDefault: () => undefined } as never));
const submitCode = (code: string) => act(() => form.submitCode(code));

beforeAll(() => setRuntimeConfig({ apiUrl: 'http://api.test' }));
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  onSession = vi.fn<(session: Session) => void>();
  onFailure = vi.fn<(error: unknown, step: 'password' | 'code' | 'enrolment') => void>();
  view = render(<Harness probeRef={latestRef} />);
});
afterEach(() => {
  view.unmount();
  vi.unstubAllGlobals();
  useSessionStore.getState().clear();
});

describe('usePanelSignIn', () => {
  it('gives field messages for a bad e-mail and an empty password without calling the service', async () => {
    fill('ana@', '');
    await submit();
    expect(form.errors.email).toBeTruthy();
    expect(form.errors.password).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fill('ana@example.com', 'segredo123');
    answer(200, { status: 'signed_in', ...session });
    await submit();
    expect(form.errors).toEqual({});
  });

  it('hands a direct sign-in to onSession', async () => {
    fill('ana@example.com', 'segredo123');
    answer(200, { status: 'signed_in', ...session });
    await submit();
    expect(onSession).toHaveBeenCalledWith(expect.objectContaining({ roles: ['admin'], user }));
    expect(form.busy).toBe(false);
    expect(form.challenge).toBeNull();
  });

  it('opens the code step on a 2FA challenge, completes with the code and closes the step', async () => {
    fill('ana@example.com', 'segredo123');
    answer(200, { status: 'totp_required', challengeToken: 'desafio' });
    await submit();
    expect(form.challenge).toBe('desafio');
    expect(onSession).not.toHaveBeenCalled();
    answer(200, session);
    await submitCode('123456');
    expect(JSON.parse(fetchMock.mock.calls[1]![1].body)).toEqual({ challengeToken: 'desafio', code: '123456' });
    expect(onSession).toHaveBeenCalledTimes(1);
    expect(form.challenge).toBeNull();
  });

  it('reports failures with their step, and goes back to step 1 when the challenge expired', async () => {
    fill('ana@example.com', 'errada');
    answer(401, { error: 'invalid_credentials', message: 'Email ou senha incorretos' });
    await submit();
    expect(onFailure).toHaveBeenLastCalledWith(expect.any(ApiRequestError), 'password');

    answer(200, { status: 'totp_required', challengeToken: 'desafio' });
    await submit();
    answer(400, { error: 'invalid_code', message: 'Código inválido' });
    await submitCode('000000');
    expect(onFailure).toHaveBeenLastCalledWith(expect.any(ApiRequestError), 'code');
    expect(form.challenge).toBe('desafio'); // a wrong code keeps the step open
    answer(400, { error: 'challenge_expired', message: 'Sessão de verificação expirada' });
    await submitCode('111111');
    expect(form.challenge).toBeNull();
    expect(onSession).not.toHaveBeenCalled();
  });

  it('enrols an authenticator when the service asks for it, then completes the sign-in with its first code', async () => {
    const setup = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Prata%20925:ana%40example.com?secret=JBSWY3DPEHPK3PXP', recoveryCodes: Array.from({ length: 10 }, (_, i) => `CODIGO0${i}`) };
    fill('ana@example.com', 'Prata-Equipe-2026');
    answer(200, { status: 'totp_enrolment_required', enrolmentToken: 'inscricao-0123456789' });
    answer(200, setup);
    await submit();
    expect(String(fetchMock.mock.calls[1]![0])).toMatch(/\/api\/auth\/sign-in\/totp-enrolment$/);
    expect(JSON.parse(fetchMock.mock.calls[1]![1].body)).toEqual({ enrolmentToken: 'inscricao-0123456789' });
    expect(form.enrolment).toEqual({ token: 'inscricao-0123456789', setup });
    expect(onSession).not.toHaveBeenCalled();

    answer(401, { error: 'invalid_code', message: 'Código de verificação inválido. Verifique o relógio do seu dispositivo.' });
    await act(() => form.submitEnrolmentCode('000000'));
    expect(onFailure).toHaveBeenLastCalledWith(expect.any(ApiRequestError), 'enrolment');
    expect(form.enrolment).not.toBeNull(); // a wrong code keeps the step open

    answer(200, session);
    await act(() => form.submitEnrolmentCode('123456'));
    expect(String(fetchMock.mock.calls[3]![0])).toMatch(/\/api\/auth\/sign-in\/totp-enrolment\/confirm$/);
    expect(JSON.parse(fetchMock.mock.calls[3]![1].body)).toEqual({ enrolmentToken: 'inscricao-0123456789', code: '123456' });
    expect(onSession).toHaveBeenCalledTimes(1);
    expect(form.enrolment).toBeNull();
  });

  it('goes back to step 1 when the enrolment token expired', async () => {
    fill('ana@example.com', 'Prata-Equipe-2026');
    answer(200, { status: 'totp_enrolment_required', enrolmentToken: 'inscricao-0123456789' });
    answer(401, { error: 'challenge_expired', message: 'Sessão de verificação expirada. Entre novamente.' });
    await submit();
    expect(onFailure).toHaveBeenLastCalledWith(expect.any(ApiRequestError), 'enrolment');
    expect(form.enrolment).toBeNull();
  });
});
