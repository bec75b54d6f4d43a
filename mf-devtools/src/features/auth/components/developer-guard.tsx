/**
 * Guard for /developer (admin.md 2): 'Verificando acesso...' while the session loads; no user ->
 * /developer-login; a non-developer sees Access Denied; a developer sees the content. The
 * service enforces the developer role on its routes anyway (403).
 */
import type { ReactNode } from 'react';
import { Navigate } from '@prata/shared-ui/router';
import { useSessionStore } from '@prata/shared-ui/state';
import { AccessDenied } from './access-denied.tsx';
import { CheckingAccess } from './checking-access.tsx';

export function DeveloperGuard({ children }: { children: ReactNode }) {
  const loading = useSessionStore((state) => state.loading);
  const signedIn = useSessionStore((state) => state.user !== null);
  const isDeveloper = useSessionStore((state) => state.isDeveloper);
  if (loading) return <CheckingAccess />;
  if (!signedIn) return <Navigate to="/developer-login" replace />;
  if (!isDeveloper) return <AccessDenied />;
  return children;
}
