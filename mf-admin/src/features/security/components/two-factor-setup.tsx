/**
 * Two-factor setup in progress (admin.md 2, 4, 9): shared-ui's enrolment steps (the QR code of the
 * otpauth URL, the secret, the 10 recovery codes and the 6-digit code that confirms the setup,
 * 'Verificar e Ativar', disabled until 6 digits), with a copy button beside the secret
 * (indicator for 2 s) and 'Cancelar' beside the confirm button.
 */
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { TOTP_DIGITS, type TwoFactorSetup as Setup } from '@prata/contracts';
import { Button, CodeField } from '@prata/shared-ui';
import { toast } from '@prata/shared-ui/state';
import { TotpEnrolmentSteps } from '@prata/shared-ui/totp-enrolment';
import { isCompleteTwoFactorCode } from '../utils/two-factor-code.ts';
import styles from './security.module.css';

/** How long the copy button shows 'Copiado!' (admin.md 9). */
export const COPY_INDICATOR_MS = 2000;

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
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(setup.secret);
      setCopied(true);
    } catch {
      toast.error('Erro', { description: 'Não foi possível copiar para a área de transferência.' });
    }
  };

  return (
    <div className={styles.setup} data-testid="two-factor-setup">
      <TotpEnrolmentSteps
        setup={setup}
        testIdPrefix="two-factor"
        onSubmit={onVerify}
        secretAction={
          <Button variant="outline" size="sm" onClick={() => void copy()} aria-label={copied ? 'Chave secreta copiada' : 'Copiar chave secreta'}>
            {copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
            {copied ? 'Copiado!' : 'Copiar'}
          </Button>
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
