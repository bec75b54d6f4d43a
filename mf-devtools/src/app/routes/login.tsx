/** `/developer-login` (admin.md 2, 8): the developer login card; a signed-in developer goes on to /developer. */
import { Terminal } from 'lucide-react';
import { Navigate, useNavigate } from '@prata/shared-ui/router';
import { Button, Card, PanelScreen, useSessionStore } from '@prata/shared-ui';
import { CheckingAccess } from '../../features/auth/components/checking-access.tsx';
import { DeveloperLoginForm } from '../../features/auth/components/developer-login-form.tsx';
import styles from './routes.module.css';

export function DeveloperLoginRoute() {
  const loading = useSessionStore((state) => state.loading);
  const isDeveloper = useSessionStore((state) => state.isDeveloper);
  const navigate = useNavigate();
  if (loading) return <CheckingAccess />;
  if (isDeveloper) return <Navigate to="/developer" replace />;
  return (
    <PanelScreen>
    <section className={styles.screen} aria-labelledby="developer-login-title">
      <Card padding="lg" className={styles.card}>
        <div className={styles.cardHeader}>
          <Terminal size={40} className={styles.icon} aria-hidden="true" />
          <h1 id="developer-login-title">Developer Login</h1>
          <p>Acesso ao dashboard de desenvolvimento. Apenas desenvolvedores autorizados.</p>
        </div>
        <DeveloperLoginForm onGranted={() => void navigate('/developer', { replace: true })} />
        <div className={styles.links}>
          <Button variant="ghost" onClick={() => void navigate('/')}>
            Voltar à Loja
          </Button>
        </div>
      </Card>
    </section>
    </PanelScreen>
  );
}
