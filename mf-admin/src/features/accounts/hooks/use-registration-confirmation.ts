/**
 * Handles the admin registration confirmation link (`/admin/login?confirmar=<token>`): posts the
 * token once on load, shows the service's answer in a toast and drops the parameter from the URL.
 */
import { useEffect } from 'react';
import { useLocation, useSearchParams } from '@prata/shared-ui/router';
import { useConfirmAdminRegistration } from '../api/confirm-admin-registration.ts';

/** Tokens already sent from this page (StrictMode and re-mounts must not send one twice). */
const handled = new Set<string>();

export function useRegistrationConfirmation(): void {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const token = params.get('confirmar');
  const { mutate } = useConfirmAdminRegistration();

  useEffect(() => {
    if (!token || handled.has(token)) return;
    handled.add(token);
    mutate(token);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('confirmar');
        return next;
      },
      { replace: true, state: location.state },
    );
  }, [token, mutate, setParams, location.state]);
}
