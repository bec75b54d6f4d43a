/**
 * Developer login (admin.md 2, 8): email and password; accounts with 2FA pass the code step, and
 * staff that must enrol 2FA enrol an authenticator first (the steps are shared-ui's
 * `PanelSignInForm`).
 * After sign-in the session's roles must include developer; otherwise the user is signed out and
 * told 'Acesso Negado' (Você não tem permissão de desenvolvedor.). Success: 'Acesso Concedido'
 * and `onGranted`. Wrong credentials: 'Erro no Login' (Credenciais inválidas ou você não tem
 * permissão de desenvolvedor.); anything unexpected: 'Não foi possível fazer login. Tente novamente.'.
 */
import { Code2 } from 'lucide-react';
import type { Session } from '@prata/contracts';
import { ApiRequestError, PanelSignInForm, signOut, toast } from '@prata/shared-ui';

const BAD_CREDENTIALS = 'Credenciais inválidas ou você não tem permissão de desenvolvedor.';
const GENERIC = 'Não foi possível fazer login. Tente novamente.';

/** `afterPassword`: the failure came from the code or enrolment step (its own message is shown). */
function reportFailure(error: unknown, afterPassword: boolean) {
  if (!(error instanceof ApiRequestError) || error.status === 0 || error.status >= 500) {
    toast.error('Erro', { description: GENERIC });
  } else if (!afterPassword && (error.status === 400 || error.status === 401)) {
    toast.error('Erro no Login', { description: BAD_CREDENTIALS });
  } else {
    toast.error('Erro no Login', { description: error.message });
  }
}

export function DeveloperLoginForm({ onGranted }: { onGranted: () => void }) {
  return (
    <PanelSignInForm
      label="Login de desenvolvedor"
      submitLabel="Entrar"
      icon={<Code2 size={16} aria-hidden="true" />}
      onSession={async (session: Session) => {
        if (!session.roles.includes('developer')) {
          await signOut().catch(() => undefined);
          toast.error('Acesso Negado', { description: 'Você não tem permissão de desenvolvedor.' });
          return;
        }
        toast.success('Acesso Concedido', { description: 'Bem-vindo ao dashboard de desenvolvimento.' });
        onGranted();
      }}
      onFailure={(error, step) => reportFailure(error, step !== 'password')}
    />
  );
}
