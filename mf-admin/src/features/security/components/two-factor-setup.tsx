/**
 * Two-factor setup in progress (admin.md 2, 4, 9): the QR code of the otpauth URL, the secret
 * with a copy button (indicator for 2 s), the 10 recovery codes and the 6-digit code that
 * confirms the setup ('Verificar e Ativar', disabled until 6 digits).
 */
import { Check, Copy } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import type { TwoFactorSetup as Setup } from '@prata/contracts';
import { Button, CodeField, toast } from '@prata/shared-ui';
import { isCompleteTwoFactorCode } from '../utils/two-factor-code.ts';
import { QrCodeImage } from '@prata/shared-ui/qr-code';
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onVerify();
  };

  return (
    <div className={styles.setup} data-testid="two-factor-setup">
      <ol className={styles.steps}>
        <li>
          <h3>Escaneie o QR Code</h3>
          <p>Use um aplicativo autenticador (Google Authenticator, Microsoft Authenticator, Authy...).</p>
          <div className={styles.qr}>
            <QrCodeImage value={setup.otpauthUrl} alt="QR Code para configurar o aplicativo autenticador" />
          </div>
          <p>Ou digite a chave secreta manualmente:</p>
          <div className={styles.secret}>
            <code data-testid="two-factor-secret">{setup.secret}</code>
            <Button variant="outline" size="sm" onClick={() => void copy()} aria-label={copied ? 'Chave secreta copiada' : 'Copiar chave secreta'}>
              {copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
              {copied ? 'Copiado!' : 'Copiar'}
            </Button>
          </div>
        </li>
        <li>
          <h3>Guarde os códigos de recuperação</h3>
          <p>Cada código pode ser usado uma única vez para entrar se você perder acesso ao aplicativo. Eles não serão exibidos novamente.</p>
          <ul className={styles.recovery} aria-label="Códigos de recuperação" data-testid="two-factor-recovery-codes">
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
            <CodeField
              kind="totp"
              hint="Digite o código de 6 dígitos exibido no aplicativo autenticador."
              pattern="[0-9]{6}"
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
          </form>
        </li>
      </ol>
    </div>
  );
}
