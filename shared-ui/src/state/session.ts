/**
 * Client side of sessions (storefront.md 4, 7): restore on start, sign in (with the
 * TOTP step), refresh automatically before the access token expires, sign out.
 *
 * - The refresh token is an httpOnly cookie the browser sends to `/api/auth/*`; it is never
 *   readable here. The access token stays in memory (session store).
 * - Refreshes are single-flight within a tab and serialised across tabs with the Web Locks
 *   API, so two tabs never present the same refresh token (which the service treats as theft).
 * - A user without a profile is signed out: `restoreSession` reports 'profile_missing'.
 */
import { messageSchema, sessionSchema, signInResultSchema, twoFactorSetupSchema, type Session, type SignInResult, type TwoFactorSetup } from '@prata/contracts/auth';
import { useSessionStore } from './session-store.ts';
import { ApiRequestError, apiRequest, setAccessTokenRefresher } from './api-client.ts';

/** Refresh this long before the access token expires, in ms. */
const REFRESH_MARGIN_MS = 60_000;
let timer: ReturnType<typeof setTimeout> | undefined;
let inflight: Promise<Session | null> | undefined;

/** Stores a session and schedules its refresh. */
export function applySession(session: Session): void {
  useSessionStore.getState().setSession({ user: session.user, accessToken: session.accessToken, roles: session.roles });
  clearTimeout(timer);
  timer = setTimeout(() => void refreshSession(), Math.max(5_000, session.expiresInMs - REFRESH_MARGIN_MS));
}

function clearSession(): void {
  clearTimeout(timer);
  useSessionStore.getState().clear();
}

async function withTabLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? locks.request('prata925:refresh', fn) : fn();
}

/**
 * Rotates the refresh token and stores the new session; null when there is no valid session
 * (the store is then signed out). @throws ApiRequestError 'profile_missing' (403).
 */
export function refreshSession(): Promise<Session | null> {
  inflight ??= withTabLock(async () => {
    try {
      const session = await apiRequest('/api/auth/refresh', sessionSchema, { method: 'POST', auth: false });
      applySession(session);
      return session;
    } catch (error) {
      if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) {
        clearSession();
        if (error.body?.error === 'profile_missing') throw error;
        return null;
      }
      throw error;
    }
  }).finally(() => {
    inflight = undefined;
  });
  return inflight;
}

/**
 * First session check of the page (the shell calls it once): restores the session from the
 * refresh cookie, so a reload keeps the user signed in. Never throws for "no session";
 * returns 'profile_missing' when the account has no profile (storefront.md 4).
 */
export async function restoreSession(): Promise<'signed_in' | 'signed_out' | 'profile_missing'> {
  try {
    return (await refreshSession()) ? 'signed_in' : 'signed_out';
  } catch (error) {
    clearSession();
    return error instanceof ApiRequestError && error.body?.error === 'profile_missing' ? 'profile_missing' : 'signed_out';
  }
}

/**
 * Signs in with e-mail and password. Admins/developers with 2FA get `totp_required`; staff that
 * must enrol 2FA and have none get `totp_enrolment_required`.
 */
export async function signIn(email: string, password: string): Promise<SignInResult> {
  const result = await apiRequest('/api/auth/sign-in', signInResultSchema, { method: 'POST', body: { email, password }, auth: false });
  if (result.status === 'signed_in') applySession(result);
  return result;
}

/** Second step with a TOTP or recovery code. */
export async function signInWithCode(challengeToken: string, code: string): Promise<Session> {
  const session = await apiRequest('/api/auth/sign-in/totp', sessionSchema, { method: 'POST', body: { challengeToken, code }, auth: false });
  applySession(session);
  return session;
}

/**
 * Sign-in enrolment, step 1: a new TOTP secret, its otpauth URL (for the QR code) and
 * 10 recovery codes for the token of `totp_enrolment_required`.
 * @throws ApiRequestError (401 `challenge_expired`, 429 while locked).
 */
export async function startTotpEnrolment(enrolmentToken: string): Promise<TwoFactorSetup> {
  return apiRequest('/api/auth/sign-in/totp-enrolment', twoFactorSetupSchema, { method: 'POST', body: { enrolmentToken }, auth: false });
}

/**
 * Sign-in enrolment, step 2: the authenticator's first 6-digit code turns 2FA on and opens the
 * session. @throws ApiRequestError (401 `invalid_code` / `challenge_expired`, 400 bad code).
 */
export async function confirmTotpEnrolment(enrolmentToken: string, code: string): Promise<Session> {
  const session = await apiRequest('/api/auth/sign-in/totp-enrolment/confirm', sessionSchema, { method: 'POST', body: { enrolmentToken, code }, auth: false });
  applySession(session);
  return session;
}

/** Signs out on the service (revokes the refresh token) and locally. */
export async function signOut(): Promise<void> {
  try {
    await apiRequest('/api/auth/sign-out', messageSchema, { method: 'POST', auth: false });
  } finally {
    clearSession();
  }
}

setAccessTokenRefresher(async () => (await refreshSession())?.accessToken ?? null);
