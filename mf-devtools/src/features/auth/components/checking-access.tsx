/** The developer guard's checking screen (admin.md 2: 'Verificando acesso...'). */
import { PanelScreen, Spinner } from '@prata/shared-ui';
import styles from './auth.module.css';

export function CheckingAccess() {
  return (
    <PanelScreen>
    <div className={styles.checking} data-testid="developer-checking">
      <Spinner label="Verificando acesso..." />
      <p aria-hidden="true">Verificando acesso...</p>
    </div>
    </PanelScreen>
  );
}
