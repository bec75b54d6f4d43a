/**
 * Sign-in of the admin and developer panels (admin.md 2, 8): the state and steps both
 * panels' login forms share, each form keeping its own texts and toasts.
 *
 * Step 1 validates e-mail and password with the contracts' `signInSchema` (field messages in
 * `errors`) and calls `signIn`; an account with 2FA answers with a challenge (`challenge` is set
 * and the form shows the code step). Step 2 sends the TOTP or recovery code with
 * `signInWithCode`; an expired challenge returns to step 1. A completed sign-in hands the session
 * to `onSession` and leaves the code step. Failures go to `onFailure` with the step they came from.
 *
 * Staff that must enrol 2FA and have none get the enrolment step
 * instead of the code step: `enrolment` holds the token and, once fetched with
 * `startTotpEnrolment`, the new secret (QR code), and `submitEnrolmentCode` confirms the
 * authenticator's first code, which opens the session. An expired token returns to step 1.
 */
import { useState, type FormEvent } from 'react';
import { signInSchema, type Session, type TwoFactorSetup } from '@prata/contracts/auth';
import { ApiRequestError, confirmTotpEnrolment, signIn, signInWithCode, startTotpEnrolment } from '@prata/shared-ui/state';

export type PanelSignInField = 'email' | 'password';

export interface PanelSignInOptions {
  /** Called with the new session (its roles decide what the panel does next). */
  onSession: (session: Session) => void | Promise<void>;
  /** Called when a step fails: the service's refusal (`ApiRequestError`) or anything else. */
  onFailure: (error: unknown, step: 'password' | 'code' | 'enrolment') => void;
}

/** The sign-in enrolment step: its token and, once fetched, the new authenticator's setup. */
export interface PanelEnrolment {
  token: string;
  setup: TwoFactorSetup | null;
}

export interface PanelSignIn {
  email: string;
  setEmail: (email: string) => void;
  password: string;
  setPassword: (password: string) => void;
  /** Validation messages of step 1, by field. */
  errors: Partial<Record<PanelSignInField, string>>;
  /** True while a step is waiting for the service. */
  busy: boolean;
  /** The 2FA challenge token while the code step is shown, else null. */
  challenge: string | null;
  /** Leaves the code step (back to e-mail and password). */
  cancelChallenge: () => void;
  /** Step 1: the form's submit handler. */
  submit: (event: FormEvent) => Promise<void>;
  /** Step 2: the code the user typed (TOTP or recovery code). */
  submitCode: (code: string) => Promise<void>;
  /** The enrolment step while it is shown (staff without 2FA), else null. */
  enrolment: PanelEnrolment | null;
  /** Enrolment: the new authenticator's first 6-digit code. */
  submitEnrolmentCode: (code: string) => Promise<void>;
  /** Leaves the enrolment step (back to e-mail and password). */
  cancelEnrolment: () => void;
}

export function usePanelSignIn({ onSession, onFailure }: PanelSignInOptions): PanelSignIn {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<PanelSignIn['errors']>({});
  const [challenge, setChallenge] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [enrolment, setEnrolment] = useState<PanelEnrolment | null>(null);

  const complete = async (session: Session) => {
    await onSession(session);
    setChallenge(null);
    setEnrolment(null);
  };

  const expired = (error: unknown) => error instanceof ApiRequestError && error.body?.error === 'challenge_expired';

  const beginEnrolment = async (token: string) => {
    setEnrolment({ token, setup: null });
    try {
      const setup = await startTotpEnrolment(token);
      setEnrolment({ token, setup });
    } catch (error) {
      onFailure(error, 'enrolment');
      setEnrolment(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = signInSchema.safeParse({ email, password });
    if (!parsed.success) {
      const next: PanelSignIn['errors'] = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as PanelSignInField] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const result = await signIn(parsed.data.email, parsed.data.password);
      if (result.status === 'totp_required') setChallenge(result.challengeToken);
      else if (result.status === 'totp_enrolment_required') await beginEnrolment(result.enrolmentToken);
      else await complete(result);
    } catch (error) {
      onFailure(error, 'password');
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (code: string) => {
    if (!challenge) return;
    setBusy(true);
    try {
      await complete(await signInWithCode(challenge, code));
    } catch (error) {
      onFailure(error, 'code');
      if (expired(error)) setChallenge(null);
    } finally {
      setBusy(false);
    }
  };

  const submitEnrolmentCode = async (code: string) => {
    if (!enrolment) return;
    setBusy(true);
    try {
      await complete(await confirmTotpEnrolment(enrolment.token, code));
    } catch (error) {
      onFailure(error, 'enrolment');
      if (expired(error)) setEnrolment(null);
    } finally {
      setBusy(false);
    }
  };

  return {
    email,
    setEmail,
    password,
    setPassword,
    errors,
    busy,
    challenge,
    cancelChallenge: () => setChallenge(null),
    submit,
    submitCode,
    enrolment,
    submitEnrolmentCode,
    cancelEnrolment: () => setEnrolment(null),
  };
}
