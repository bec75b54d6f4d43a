/**
 * Account routes of the storefront (storefront.md 2): /auth (redirects home when already
 * signed in), /recuperar-senha, /reset-password.
 */
import { Navigate, useLocation, useNavigate, useSearchParams } from '@prata/shared-ui/router';
import { Spinner, useSessionStore } from '@prata/shared-ui';
import { AuthForm } from '../../features/auth/components/auth-form.tsx';
import { RecoverForm } from '../../features/auth/components/recover-form.tsx';
import { ResetForm } from '../../features/auth/components/reset-form.tsx';
import styles from './routes.module.css';

export function AuthRoute() {
  const [params] = useSearchParams();
  const user = useSessionStore((state) => state.user);
  const loading = useSessionStore((state) => state.loading);
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from ?? '/';
  if (loading) {
    return (
      <div className={styles.placeholder}>
        <Spinner />
      </div>
    );
  }
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
