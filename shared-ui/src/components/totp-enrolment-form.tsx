/**
 * Binding an authenticator app (admin.md 9): `TotpEnrolmentSteps` is the three steps both
 * enrolment screens show, the sign-in's enrolment step (the default export, for staff without 2FA
 * before their first session) and the panel's 2FA setup (mf-admin, `@prata/shared-ui/totp-enrolment`):
 * the QR code of the otpauth URL, the secret to type by hand, the 10 recovery codes (shown once)
 * and the 6-digit code that confirms ('Verificar e Ativar', disabled until 6 digits).
 *
 * Page weight: the QR library comes with this module, so it is not in shared-ui's index:
 * `PanelSignInForm` loads it as a separate chunk, only when a sign-in reaches the enrolment step.
 */
import type { FormEvent, ReactNode } from 'react';
import { TOTP_DIGITS, totpEnrolmentConfirmSchema, type TwoFactorSetup } from '@prata/contracts/auth';
import { Button } from './button.tsx';
import { Skeleton } from './feedback.tsx';
import { CodeField, useCodeEntry } from './code-field.tsx';
import { QR_WIDTH, QrCodeImage } from './qr-code-image.tsx';
import panelStyles from './panel-sign-in-form.module.css';
import styles from './totp-enrolment-form.module.css';

export interface TotpEnrolmentStepsProps {
  /** The new authenticator's secret, otpauth URL and recovery codes. */
  setup: TwoFactorSetup;
  /** Prefix of the secret's and the recovery list's test ids (`<prefix>-secret`, `<prefix>-recovery-codes`). */
  testIdPrefix: string;
  /** Beside the secret, e.g. a copy button. */
  secretAction?: ReactNode;
  /** Handles the confirm form's submit (the browser's default is already prevented). */
  onSubmit: () => void;
  /** The confirm form's content: the code field and its buttons. */
  children: ReactNode;
}

/** The three enrolment steps: scan (or type) the secret, keep the recovery codes, confirm a code. */
export function TotpEnrolmentSteps({ setup, testIdPrefix, secretAction, onSubmit, children }: TotpEnrolmentStepsProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <ol className={styles.steps}>
      <li>
        <h3>Escaneie o QR Code</h3>
        <p>Use um aplicativo autenticador (Google Authenticator, Microsoft Authenticator, Authy...).</p>
        <div className={styles.qr}>
          <QrCodeImage value={setup.otpauthUrl} alt="QR Code para configurar o aplicativo autenticador" />
        </div>
        <p>Ou digite a chave secreta manualmente:</p>
        <div className={styles.secret}>
          <code data-testid={`${testIdPrefix}-secret`}>{setup.secret}</code>
          {secretAction}
        </div>
      </li>
      <li>
        <h3>Guarde os códigos de recuperação</h3>
        <p>Cada código pode ser usado uma única vez para entrar se você perder acesso ao aplicativo. Eles não serão exibidos novamente.</p>
        <ul className={styles.recovery} aria-label="Códigos de recuperação" data-testid={`${testIdPrefix}-recovery-codes`}>
          {setup.recoveryCodes.map((recoveryCode) => (
            <li key={recoveryCode}>
              <code>{recoveryCode}</code>
            </li>
          ))}
        </ul>
      </li>
      <li>
        <h3>Confirme o código</h3>
        <form className={styles.verify} onSubmit={submit} noValidate aria-label="Confirmar ativação do 2FA">
          {children}
        </form>
      </li>
    </ol>
  );
}

const codeSchema = totpEnrolmentConfirmSchema.shape.code;

export interface TotpEnrolmentFormProps {
  /** The new authenticator's setup; null while it is being fetched. */
  setup: TwoFactorSetup | null;
  busy: boolean;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}

/** The sign-in's enrolment step: a staff account without 2FA binds an authenticator before its first session. */
export default function TotpEnrolmentForm({ setup, busy, onSubmit, onCancel }: TotpEnrolmentFormProps) {
  const entry = useCodeEntry(codeSchema, onSubmit);

  return (
    <section className={panelStyles.form} aria-label="Configurar autenticação de dois fatores" data-testid="totp-enrolment">
      <p className={panelStyles.lead}>Administradores e desenvolvedores precisam da autenticação de dois fatores. Configure seu aplicativo autenticador para continuar.</p>
      {setup === null ? (
        <Skeleton style={{ width: QR_WIDTH, height: QR_WIDTH }} />
      ) : (
        <TotpEnrolmentSteps setup={setup} testIdPrefix="totp-enrolment" onSubmit={entry.submit}>
          <CodeField kind="totp" hint="Digite o código de 6 dígitos do seu aplicativo autenticador." value={entry.code} onValueChange={entry.setCode} error={entry.error} />
          <Button type="submit" disabled={busy || entry.code.length !== TOTP_DIGITS}>
            {busy ? 'Verificando...' : 'Verificar e Ativar'}
          </Button>
        </TotpEnrolmentSteps>
      )}
      <Button variant="ghost" onClick={onCancel} disabled={busy}>
        Voltar
      </Button>
    </section>
  );
}
