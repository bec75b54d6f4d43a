/** 'Acesso Negado' card for a signed-in user without the admin role (admin.md 2). */
import { ShieldX } from 'lucide-react';
import { useNavigate } from '@prata/shared-ui/router';
import { Button, Card, PanelScreen } from '@prata/shared-ui';
import styles from './auth.module.css';

export function AccessDenied() {
  const navigate = useNavigate();
  return (
    <PanelScreen>
    <section className={styles.screen} aria-labelledby="admin-access-denied">
      <Card padding="lg" className={styles.card} data-testid="admin-access-denied">
        <ShieldX size={40} className={styles.deniedIcon} aria-hidden="true" />
        <h1 id="admin-access-denied">Acesso Negado</h1>
        <p>Você não tem permissão para acessar o painel administrativo.</p>
        <p className={styles.muted}>Esta área é restrita a administradores autorizados.</p>
        <Button onClick={() => void navigate('/')}>Voltar à Loja</Button>
      </Card>
    </section>
    </PanelScreen>
  );
}
