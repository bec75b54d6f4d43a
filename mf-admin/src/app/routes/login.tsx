/**
 * `/admin/login` (admin.md 2, 8): the admin login card, 'Voltar à Loja' and 'Criar Nova Conta de
 * Administrador' (registration form in a modal). A signed-in admin is sent on at once to the page
 * they came from (location state `from`) or /admin; anyone else who signs in here is sent there
 * too, where the guard shows 'Acesso Negado'. `?confirmar=<token>` confirms an admin
 * registration e-mail on load. `?primeiro-acesso=<token>` (the owner setup link the service
 * prints while the store has no admin) opens the registration form for the owner.
 */
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from '@prata/shared-ui/router';
import { Alert, Button, Card, Dialog, PanelScreen, useSessionStore } from '@prata/shared-ui';
import { AdminRegistrationForm } from '../../features/accounts/components/admin-registration-form.tsx';
import { useRegistrationConfirmation } from '../../features/accounts/hooks/use-registration-confirmation.ts';
import { AdminLoginForm } from '../../features/auth/components/admin-login-form.tsx';
import { CheckingAccess } from '../../features/auth/components/checking-access.tsx';
import { redirectTarget } from '../../features/auth/utils/redirect-target.ts';
import styles from './routes.module.css';

export function LoginRoute() {
  const loading = useSessionStore((state) => state.loading);
  const email = useSessionStore((state) => state.user?.email ?? null);
  const isAdmin = useSessionStore((state) => state.isAdmin);
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const setupToken = params.get('primeiro-acesso') ?? undefined;
  const [registering, setRegistering] = useState(setupToken !== undefined);
  const target = redirectTarget(location.state);
  useRegistrationConfirmation();

  if (loading) return <CheckingAccess />;
  if (email && isAdmin) return <Navigate to={target} replace />;

  return (
    <PanelScreen>
    <section className={styles.loginScreen} aria-labelledby="admin-login-title">
      <Card padding="lg" className={styles.loginCard}>
        <div className={styles.loginHeader}>
          <ShieldCheck size={40} className={styles.loginIcon} aria-hidden="true" />
          <h1 id="admin-login-title">Painel Administrativo</h1>
          <p>Acesso restrito a administradores autorizados.</p>
        </div>
        {email ? (
          <Alert variant="info" className={styles.signedInNote}>
            Você está conectado como <strong>{email}</strong>, que não tem acesso administrativo. Entre com uma conta de administrador.
          </Alert>
        ) : null}
        <AdminLoginForm onSignedIn={(session) => !session.roles.includes('admin') && void navigate(target, { replace: true })} />
        <div className={styles.loginLinks}>
          <Button variant="outline" onClick={() => void navigate('/')}>
            Voltar à Loja
          </Button>
          <Button variant="ghost" onClick={() => setRegistering(true)}>
            Criar Nova Conta de Administrador
          </Button>
        </div>
      </Card>
      <Dialog open={registering} onClose={() => setRegistering(false)} title="Criar Nova Conta de Administrador" description="Preencha os dados do novo administrador. Enviaremos um email de confirmação.">
        <AdminRegistrationForm {...(setupToken ? { setupToken } : {})} />
      </Dialog>
    </section>
    </PanelScreen>
  );
}
