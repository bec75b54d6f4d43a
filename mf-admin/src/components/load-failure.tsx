/**
 * What a panel list shows when its data cannot be loaded (admin.md 8 load-failure texts): the
 * toast (title / description) once when it appears, the message in an alert, and 'Tentar novamente'.
 */
import { useEffect } from 'react';
import { Alert, Button } from '@prata/shared-ui';
import { toast } from '@prata/shared-ui/state';
import styles from './admin-components.module.css';

export interface LoadFailureProps {
  /** The alert's text. */
  message: string;
  /** Toast title and description (e.g. 'Erro' / message, or 'Erro ao carregar produtos' alone). */
  toastTitle: string;
  toastDescription?: string;
  onRetry: () => void;
}

export function LoadFailure({ message, toastTitle, toastDescription, onRetry }: LoadFailureProps) {
  useEffect(() => {
    toast.error(toastTitle, toastDescription ? { description: toastDescription } : undefined);
  }, [toastTitle, toastDescription]);
  return (
    <div className={styles.failure}>
      <Alert variant="danger">{message}</Alert>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Tentar novamente
      </Button>
    </div>
  );
}
