/** `/developer-login` (admin.md 2, 8): the developer login card; a signed-in developer goes on to /developer. */
import { Terminal } from 'lucide-react';
import { Navigate, useNavigate } from '@prata/shared-ui/router';
import { Button, PanelLoginScreen } from '@prata/shared-ui';
import { useSessionStore } from '@prata/shared-ui/state';
import { CheckingAccess } from '../../features/auth/components/checking-access.tsx';
import { DeveloperLoginForm } from '../../features/auth/components/developer-login-form.tsx';

export function DeveloperLoginRoute() {
  const loading = useSessionStore((state) => state.loading);
  const isDeveloper = useSessionStore((state) => state.isDeveloper);
  const navigate = useNavigate();
  if (loading) return <CheckingAccess />;
  if (isDeveloper) return <Navigate to="/developer" replace />;
  return (
    <PanelLoginScreen
      titleId="developer-login-title"
      title="Developer Login"
      lead="Acesso ao dashboard de desenvolvimento. Apenas desenvolvedores autorizados."
      icon={Terminal}
      links={
        <Button variant="ghost" onClick={() => void navigate('/')}>
          Voltar à Loja
        </Button>
      }
    >
      <DeveloperLoginForm onGranted={() => void navigate('/developer', { replace: true })} />
    </PanelLoginScreen>
  );
}
