/**
 * A button that copies `text` to the clipboard and says 'Copiado!' for {@link COPY_INDICATOR_MS}
 * (admin.md 9), or a toast when the browser refuses. `label` names what it copies for screen
 * readers ('Copiar chave secreta'), `copiedLabel` what it says once copied.
 */
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@prata/shared-ui';
import { toast } from '@prata/shared-ui/state';

/** How long the copy button shows 'Copiado!' (admin.md 9). */
export const COPY_INDICATOR_MS = 2000;

export interface CopyButtonProps {
  text: string;
  label: string;
  copiedLabel: string;
}

export function CopyButton({ text, label, copiedLabel }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      toast.error('Erro', { description: 'Não foi possível copiar para a área de transferência.' });
    }
  };

  return (
    <Button variant="outline" size="sm" onClick={() => void copy()} aria-label={copied ? copiedLabel : label}>
      {copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
      {copied ? 'Copiado!' : 'Copiar'}
    </Button>
  );
}
