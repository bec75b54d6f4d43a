/**
 * Admin guard (admin.md 2): a checking screen while the session loads; anonymous users go to
 * /admin/login (with `from`, so the login returns here); signed-in non-admins see 'Acesso
 * Negado'. The service enforces the roles anyway (403): this is the user experience.
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from '@prata/shared-ui/router';
import { useSessionStore } from '@prata/shared-ui/state';
import { AccessDenied } from './access-denied.tsx';
import { CheckingAccess } from './checking-access.tsx';

export function AdminGuard({ children }: { children: ReactNode }) {
  const loading = useSessionStore((state) => state.loading);
  const signedIn = useSessionStore((state) => state.user !== null);
  const isAdmin = useSessionStore((state) => state.isAdmin);
  const location = useLocation();
  if (loading) return <CheckingAccess />;
  if (!signedIn) return <Navigate to="/admin/login" replace state={{ from: location.pathname + location.search }} />;
  if (!isAdmin) return <AccessDenied />;
  return children;
}
