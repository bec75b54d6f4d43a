/**
 * Admin login (admin.md 2, 8): email and password (show/hide), 'Acessar Painel' ('Verificando...'
 * while working). Accounts with 2FA get a second step for the code; staff that must
 * enrol 2FA enrol an authenticator, shown as a QR code, before the session. The steps are
 * shared-ui's `PanelSignInForm`; `onSignedIn` then gets the session.
 * Toasts: 'Login realizado' (admins), 'Erro no login' with the service's message, 'Erro inesperado'.
 */
import { LockKeyhole } from 'lucide-react';
import type { Session } from '@prata/contracts';
import { ApiRequestError, PanelSignInForm, toast } from '@prata/shared-ui';

/** The service refused (4xx, with its pt-BR message) vs. anything else (network, 5xx, bugs). */
function reportFailure(error: unknown) {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) toast.error('Erro no login', { description: error.message });
  else toast.error('Erro inesperado', { description: 'Tente novamente em alguns instantes' });
}

export interface AdminLoginFormProps {
  onSignedIn: (session: Session) => void;
}

export function AdminLoginForm({ onSignedIn }: AdminLoginFormProps) {
  return (
    <PanelSignInForm
      label="Login administrativo"
      submitLabel="Acessar Painel"
      icon={<LockKeyhole size={16} aria-hidden="true" />}
      emailPlaceholder="admin@exemplo.com"
      onSession={(session: Session) => {
        if (session.roles.includes('admin')) toast.success('Login realizado', { description: 'Bem-vindo ao painel administrativo!' });
        onSignedIn(session);
      }}
      onFailure={reportFailure}
    />
  );
}
