/**
 * Activity log (admin.md 2 "Activity logs"; 3 admin_logs): the newest 100 rows with date/time,
 * action, details and IP. Filters, CSV export and the summary come with a later issue.
 * Load failure: 'Não foi possível carregar os logs de atividade.'.
 */
import { useEffect } from 'react';
import { Alert, Button, Skeleton, Table, formatDateTime, toast } from '@prata/shared-ui';
import { useAdminLogs } from '../api/get-admin-logs.ts';
import styles from './logs.module.css';

const LOAD_FAILURE = 'Não foi possível carregar os logs de atividade.';

const ACTION_LABELS: Record<string, string> = {
  login: 'Login',
  login_failed: 'Falha de login',
  logout: 'Logout',
  signup: 'Cadastro',
  email_confirmed: 'Email confirmado',
  email_change_requested: 'Troca de email solicitada',
  email_changed: 'Email alterado',
  password_changed: 'Senha alterada',
  password_reset: 'Senha redefinida',
  profile_updated: 'Perfil atualizado',
  '2fa_enabled': '2FA ativado',
  '2fa_disabled': '2FA desativado',
  role_granted: 'Permissão concedida',
  developer_setup: 'Acesso de desenvolvedor concedido',
  admin_registration_created: 'Registro de administrador criado',
  admin_registration_confirmed: 'Registro de administrador confirmado',
  admin_registration_rejected: 'Registro de administrador recusado',
  refresh_token_reuse: 'Reuso de sessão bloqueado',
};

function describe(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(' · ');
}

export function ActivityLogList() {
  const { data, isPending, isError, refetch } = useAdminLogs();

  useEffect(() => {
    if (isError) toast.error('Erro', { description: LOAD_FAILURE });
  }, [isError]);

  if (isPending) {
    return (
      <div role="status" aria-busy="true" className={styles.loading}>
        <span className="p9-visually-hidden">Carregando atividades...</span>
        {[0, 1, 2, 3, 4, 5].map((row) => (
          <Skeleton key={row} height={36} />
        ))}
      </div>
    );
  }
  if (isError) {
    return (
      <div>
        <Alert variant="danger" className={styles.error}>{LOAD_FAILURE}</Alert>
        <Button variant="outline" size="sm" onClick={() => void refetch()}>
          Tentar novamente
        </Button>
      </div>
    );
  }
  if (data.length === 0) return <p className={styles.muted}>Nenhuma atividade registrada.</p>;
  return (
    <Table caption="Atividades recentes" hideCaption>
        <thead>
          <tr>
            <th scope="col">Data/Hora</th>
            <th scope="col">Ação</th>
            <th scope="col">Detalhes</th>
            <th scope="col">IP</th>
          </tr>
        </thead>
        <tbody>
          {data.map((row) => (
            <tr key={row.id}>
              <td>
                <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
              </td>
              <td>{ACTION_LABELS[row.action] ?? row.action}</td>
              <td className={styles.details}>{describe(row.details) || '—'}</td>
              <td>{row.ipAddress ?? '—'}</td>
            </tr>
          ))}
        </tbody>
    </Table>
  );
}
