/** A read-only code (PIX copia e cola, boleto line) with a copy button. */
import { Copy } from 'lucide-react';
import { useId, useRef } from 'react';
import { Button, Input, Textarea } from '@prata/shared-ui';
import { toast } from '@prata/shared-ui/state';
import styles from './orders.module.css';

export interface CopyFieldProps {
  label: string;
  value: string;
  /** Text shown in the field (defaults to `value`); the copy is always `value`. */
  display?: string;
  buttonLabel: string;
  copiedMessage: string;
  multiline?: boolean;
  testId?: string;
}

export function CopyField({ label, value, display, buttonLabel, copiedMessage, multiline = false, testId }: CopyFieldProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(copiedMessage);
    } catch {
      (inputRef.current ?? textareaRef.current)?.select();
      toast.error('Não foi possível copiar', { description: 'Selecione o código e copie manualmente.' });
    }
  };
  return (
    <div className={styles.copy}>
      <label htmlFor={id} className={styles.copyLabel}>
        {label}
      </label>
      {multiline ? (
        <Textarea ref={textareaRef} id={id} className={styles.code} readOnly rows={4} value={display ?? value} data-testid={testId} onFocus={(event) => event.target.select()} />
      ) : (
        <Input ref={inputRef} id={id} className={styles.code} readOnly value={display ?? value} data-testid={testId} onFocus={(event) => event.target.select()} />
      )}
      <Button variant="outline" onClick={() => void copy()}>
        <Copy size={16} aria-hidden="true" /> {buttonLabel}
      </Button>
    </div>
  );
}
