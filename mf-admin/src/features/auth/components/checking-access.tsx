/** The guard's checking screen while the session is being restored (admin.md 2). */
import { PanelScreen, Spinner } from '@prata/shared-ui';
import styles from './auth.module.css';

export function CheckingAccess({ label = 'Verificando permissões...' }: { label?: string }) {
  return (
    <PanelScreen>
    <div className={styles.checking} data-testid="admin-checking">
      <Spinner label={label} />
      <p aria-hidden="true">{label}</p>
    </div>
    </PanelScreen>
  );
}
