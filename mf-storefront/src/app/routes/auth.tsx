/**
 * Account routes of the storefront (storefront.md 2): /auth (redirects home when already
 * signed in), /recuperar-senha, /reset-password.
 *
 * /auth shows its form while the session is still being restored (the server never knows it, the
 * browser learns it from the refresh cookie after hydration): a placeholder there was replaced by
 * the taller form on every visit, moving the footer (a layout shift of 0.11 on a desktop). A
 * shopper who turns out to be signed in is sent on once the session is known.
 */
import { Navigate, useLocation, useNavigate, useSearchParams } from '@prata/shared-ui/router';
import { useSessionStore } from '@prata/shared-ui/state';
import { AuthForm } from '../../features/auth/components/auth-form.tsx';
import { RecoverForm } from '../../features/auth/components/recover-form.tsx';
import { ResetForm } from '../../features/auth/components/reset-form.tsx';

export function AuthRoute() {
  const [params] = useSearchParams();
  const user = useSessionStore((state) => state.user);
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from ?? '/';
  if (user) return <Navigate to={from} replace />;
  return (
    <div className="p9-container">
      <AuthForm onSignedIn={() => navigate(from, { replace: true })} confirmToken={params.get('confirmar')} emailChangeToken={params.get('novo-email')} />
    </div>
  );
}

export function RecoverPasswordRoute() {
  return (
    <div className="p9-container">
      <RecoverForm />
    </div>
  );
}

export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <div className="p9-container">
      <ResetForm token={params.get('token')} onDone={() => navigate('/auth')} />
    </div>
  );
}
