/**
 * Two-factor setup in progress (admin.md 2, 4, 9): shared-ui's enrolment steps (the QR code of the
 * otpauth URL, the secret, the 10 recovery codes and the 6-digit code that confirms the setup,
 * 'Verificar e Ativar', disabled until 6 digits), with a copy button beside the secret
 * (indicator for 2 s) and 'Cancelar' beside the confirm button.
 */
import { TOTP_DIGITS, type TwoFactorSetup as Setup } from '@prata/contracts';
import { Button, CodeField } from '@prata/shared-ui';
import { TotpEnrolmentSteps } from '@prata/shared-ui/totp-enrolment';
import { CopyButton } from '../../../components/copy-button.tsx';
import { isCompleteTwoFactorCode } from '../utils/two-factor-code.ts';
import styles from './security.module.css';

export interface TwoFactorSetupProps {
  setup: Setup;
  code: string;
  onCodeChange: (code: string) => void;
  onVerify: () => void;
  onCancel: () => void;
  verifying: boolean;
}

/** The setup panel; the parent owns the code and verifies it (`onVerify`). */
export function TwoFactorSetupPanel({ setup, code, onCodeChange, onVerify, onCancel, verifying }: TwoFactorSetupProps) {
  return (
    <div className={styles.setup} data-testid="two-factor-setup">
      <TotpEnrolmentSteps
        setup={setup}
        testIdPrefix="two-factor"
        onSubmit={onVerify}
        secretAction={
          <CopyButton text={setup.secret} label="Copiar chave secreta" copiedLabel="Chave secreta copiada" />
        }
      >
        <CodeField
          kind="totp"
          hint="Digite o código de 6 dígitos exibido no aplicativo autenticador."
          pattern={`[0-9]{${TOTP_DIGITS}}`}
          placeholder="000000"
          value={code}
          onValueChange={onCodeChange}
          disabled={verifying}
        />
        <div className={styles.buttons}>
          <Button type="submit" disabled={verifying || !isCompleteTwoFactorCode(code)}>
            {verifying ? 'Verificando...' : 'Verificar e Ativar'}
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={verifying}>
            Cancelar
          </Button>
        </div>
      </TotpEnrolmentSteps>
    </div>
  );
}
