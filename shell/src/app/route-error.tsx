/** Unexpected render errors outside any remote show the generic error screen (storefront.md 2). */
import { useNavigate, useRouteError } from 'react-router-dom';
import { ErrorScreen } from '@prata/shared-ui';

export function RouteErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  console.error('[shell] unexpected error', error);
  return <ErrorScreen onRetry={() => navigate(0)} onHome={() => navigate('/')} />;
}
