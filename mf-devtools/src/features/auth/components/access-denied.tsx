/** Access Denied card of the developer area (admin.md 6 developer denial text). */
import { ShieldX } from 'lucide-react';
import { useNavigate } from '@prata/shared-ui/router';
import { Button, Card, PanelScreen } from '@prata/shared-ui';
import styles from './auth.module.css';

export function AccessDenied() {
  const navigate = useNavigate();
  return (
    <PanelScreen>
    <section className={styles.screen} aria-labelledby="developer-access-denied">
      <Card padding="lg" className={`${styles.card} ${styles.centered}`} data-testid="developer-access-denied">
        <ShieldX size={40} className={styles.deniedIcon} aria-hidden="true" />
        <h1 id="developer-access-denied">Acesso Negado</h1>
        <p>Você não tem privilégios de desenvolvedor para acessar esta área.</p>
        <p className={styles.muted}>Apenas usuários com função de desenvolvedor podem acessar o dashboard de desenvolvimento.</p>
        <Button onClick={() => void navigate('/')}>Voltar à Loja</Button>
      </Card>
    </section>
    </PanelScreen>
  );
}
