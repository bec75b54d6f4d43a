/** The 6-digit verification code input (admin.md 5): digits only, at most 6. */
import { Field, Input } from '@prata/shared-ui';
import { sanitizeTwoFactorCode } from '../utils/two-factor-code.ts';
import styles from './security.module.css';

export function TwoFactorCodeInput({ value, onChange, disabled }: { value: string; onChange: (code: string) => void; disabled?: boolean }) {
  return (
    <Field label="Código de verificação" hint="Digite o código de 6 dígitos exibido no aplicativo autenticador.">
      {(control) => (
        <Input
          {...control}
          className={`${control.className} ${styles.code}`}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          placeholder="000000"
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(sanitizeTwoFactorCode(event.target.value))}
        />
      )}
    </Field>
  );
}
