/**
 * The sign-in enrolment step of the admin and developer logins:
 * a staff account without 2FA must bind an authenticator before its first session. Shows the QR
 * code of the otpauth URL (qr-code-image.tsx, as the panel's 2FA card does), the secret to type
 * by hand, the 10 recovery codes (shown once) and the 6-digit code that confirms ('Verificar e Ativar', disabled until 6 digits). Texts follow the panel's 2FA
 * setup (admin.md 9).
 *
 * Page weight: shared-ui is loaded on every page, so `PanelSignInForm` loads this module (and the
 * QR library with it) as a separate chunk, only when a sign-in reaches the enrolment step.
 */
import { useState, type FormEvent } from 'react';
import { totpEnrolmentConfirmSchema, type TwoFactorSetup } from '@prata/contracts/auth';
import { Button } from './button.tsx';
import { Skeleton } from './feedback.tsx';
import { CodeField } from './code-field.tsx';
import { QR_WIDTH, QrCodeImage } from './qr-code-image.tsx';
import panelStyles from './panel-sign-in-form.module.css';
import codeStyles from './second-factor-form.module.css';
import styles from './totp-enrolment-form.module.css';

const codeSchema = totpEnrolmentConfirmSchema.shape.code;

export interface TotpEnrolmentFormProps {
  /** The new authenticator's setup; null while it is being fetched. */
  setup: TwoFactorSetup | null;
  busy: boolean;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}

export default function TotpEnrolmentForm({ setup, busy, onSubmit, onCancel }: TotpEnrolmentFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = codeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Código inválido');
      return;
    }
    setError(undefined);
    onSubmit(parsed.data);
  };

  return (
    <section className={panelStyles.form} aria-label="Configurar autenticação de dois fatores" data-testid="totp-enrolment">
      <p className={panelStyles.lead}>Administradores e desenvolvedores precisam da autenticação de dois fatores. Configure seu aplicativo autenticador para continuar.</p>
      {setup === null ? (
        <Skeleton style={{ width: QR_WIDTH, height: QR_WIDTH }} />
      ) : (
        <ol className={styles.steps}>
          <li>
            <h3>Escaneie o QR Code</h3>
            <p>Use um aplicativo autenticador (Google Authenticator, Microsoft Authenticator, Authy...).</p>
            <QrCodeImage value={setup.otpauthUrl} alt="QR Code para configurar o aplicativo autenticador" />
            <p>Ou digite a chave secreta manualmente:</p>
            <code data-testid="totp-enrolment-secret">
              {setup.secret}
            </code>
          </li>
          <li>
            <h3>Guarde os códigos de recuperação</h3>
            <p>Cada código pode ser usado uma única vez para entrar se você perder acesso ao aplicativo. Eles não serão exibidos novamente.</p>
            <ul className={styles.recovery} aria-label="Códigos de recuperação">
              {setup.recoveryCodes.map((recoveryCode) => (
                <li key={recoveryCode}>
                  <code>{recoveryCode}</code>
                </li>
              ))}
            </ul>
          </li>
          <li>
            <h3>Confirme o código</h3>
            <form className={codeStyles.form} onSubmit={submit} noValidate aria-label="Confirmar ativação do 2FA">
              <CodeField kind="totp" hint="Digite o código de 6 dígitos do seu aplicativo autenticador." value={code} onValueChange={setCode} error={error} />
              <Button type="submit" disabled={busy || code.length !== 6}>
                {busy ? 'Verificando...' : 'Verificar e Ativar'}
              </Button>
            </form>
          </li>
        </ol>
      )}
      <Button variant="ghost" onClick={onCancel} disabled={busy}>
        Voltar
      </Button>
    </section>
  );
}
