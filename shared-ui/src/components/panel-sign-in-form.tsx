/**
 * The admin and developer panels' login form (admin.md 2, 8): e-mail and password (with
 * show/hide), a submit button that says 'Verificando...' while working, and for accounts with
 * 2FA the code step ('Sua conta usa autenticação de dois fatores.' + `SecondFactorForm`); for
 * staff that must enrol 2FA the enrolment step (`totp-enrolment-form.tsx`, a chunk of
 * its own loaded only then). The steps are `usePanelSignIn`; each panel passes its own name,
 * button, toasts and what to do with the session.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { Field, Input, PasswordInput } from './form.tsx';
import { SecondFactorForm } from './second-factor-form.tsx';
import { SkeletonText } from './feedback.tsx';
import { usePanelSignIn, type PanelSignInOptions } from '../lib/use-panel-sign-in.ts';
import styles from './panel-sign-in-form.module.css';

export interface PanelSignInFormProps extends PanelSignInOptions {
  /** Accessible name of the form (e.g. 'Login administrativo'). */
  label: string;
  /** Text of the submit button (e.g. 'Acessar Painel'). */
  submitLabel: string;
  /** Icon before the button text. */
  icon?: ReactNode;
  emailPlaceholder?: string;
}

const TotpEnrolmentForm = lazy(() => import('./totp-enrolment-form.tsx'));

export function PanelSignInForm({ label, submitLabel, icon, emailPlaceholder, onSession, onFailure }: PanelSignInFormProps) {
  const form = usePanelSignIn({ onSession, onFailure });

  if (form.enrolment) {
    return (
      <Suspense fallback={<SkeletonText lines={4} />}>
        <TotpEnrolmentForm setup={form.enrolment.setup} busy={form.busy} onSubmit={(code) => void form.submitEnrolmentCode(code)} onCancel={form.cancelEnrolment} />
      </Suspense>
    );
  }

  if (form.challenge) {
    return (
      <>
        <p className={styles.lead}>Sua conta usa autenticação de dois fatores.</p>
        <SecondFactorForm busy={form.busy} onSubmit={(code) => void form.submitCode(code)} onCancel={form.cancelChallenge} />
      </>
    );
  }

  return (
    <form className={styles.form} onSubmit={(event) => void form.submit(event)} noValidate aria-label={label}>
      <Field label="Email" error={form.errors.email}>
        {(control) => (
          <Input {...control} name="email" type="email" autoComplete="username" placeholder={emailPlaceholder} value={form.email} onChange={(event) => form.setEmail(event.target.value)} />
        )}
      </Field>
      <Field label="Senha" error={form.errors.password}>
        {(control) => <PasswordInput {...control} name="password" autoComplete="current-password" value={form.password} onChange={(event) => form.setPassword(event.target.value)} />}
      </Field>
      <Button type="submit" disabled={form.busy}>
        {icon}
        {form.busy ? 'Verificando...' : submitLabel}
      </Button>
    </form>
  );
}
